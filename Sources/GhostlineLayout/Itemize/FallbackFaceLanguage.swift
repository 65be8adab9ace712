import CTextAnalysis

/// When Chromium draws a system fallback family's real face instead of its first face with synthetic bold.
///
/// Blink's system fallback ignores weight and slant (``SystemFontFallback``), so a bold label whose characters
/// fall back is drawn in the family's regular face, thickened. Measured in Chromium 156 on Debian 12 (issue 34,
/// `browser-fallback-faces.py`'s `lang` cases): with a content language written in the character's script —
/// `hi`, `mr`, `ne` for Devanagari — Chromium draws Noto Sans Devanagari **Bold** for a weight of 600 or more, with
/// Bold's advances (9% wider), and synthesizes only the slant the family lacks. Without a language, or with one
/// of another script (`en`, `ja`), it keeps the first face and synthesizes bold.
///
/// The same measurement found no such change for Hebrew (`he`), Thai (`th`) or Arabic (`ar`, `fa`), whose Noto
/// families have Bold faces with wider advances too: the rule is not "any script", so it is kept to the scripts
/// measured to follow it (``realFaceScripts``). Where in Blink the weight re-enters was not found in its source;
/// the measurements are the evidence.
enum FallbackFaceLanguage {
    /// ISO 15924 scripts for which a matching content language was measured to select the real face.
    static let realFaceScripts: Set<String> = ["Deva"]

    /// True when the style's `language` makes Chromium draw the fallback family's face nearest the style for
    /// `scalars` (one grapheme cluster): the language's likely script is the cluster's, and is one of
    /// ``realFaceScripts``.
    static func drawsRealFace(language: String?, scalars: [Unicode.Scalar]) -> Bool {
        guard let language, !language.isEmpty, let script = script(of: scalars), realFaceScripts.contains(script) else {
            return false
        }
        return likelyScript(of: language) == script
    }

    /// The script `language` is most likely written in, by ICU's likely subtags (`hi` → `Deva`, `mr-IN` → `Deva`,
    /// `en` → `Latn`); an explicit script subtag wins (`sa-Latn` → `Latn`).
    static func likelyScript(of language: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 5)
        guard gl_likely_script(language.replacingOccurrences(of: "_", with: "-"), &buffer) == 1 else { return nil }
        return String(decoding: buffer.prefix(4).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The script of the cluster's first character that has one of its own (Common and Inherited characters —
    /// a danda, a virama's neighbours' marks — say nothing); nil when none has.
    static func script(of scalars: [Unicode.Scalar]) -> String? {
        for scalar in scalars {
            let code = gl_script_code(scalar.value)
            guard code > 1 else { continue }
            var buffer = [CChar](repeating: 0, count: 5)
            gl_script_tag(code, &buffer)
            return String(decoding: buffer.prefix(4).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }
}
