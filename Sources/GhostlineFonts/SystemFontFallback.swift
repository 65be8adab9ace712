import CFontconfig
import Foundation

/// The last step of font fallback: the installed font fontconfig ranks first for a character, as Chromium on
/// Linux asks it (a pattern with the character set, the language, the weight and slant — no family — sorted
/// with `FcFontSort`, then the first font whose character set really covers the characters).
///
/// Answers are cached per question (per fallback, so per font context), so a paragraph of Japanese asks fontconfig once per distinct character at
/// most, and the same installed fonts always give the same answer.
public final class SystemFontFallback: @unchecked Sendable {
    /// What is asked: the characters of one grapheme cluster (ignorable ones left out), and the style.
    public struct Query: Hashable, Sendable {
        public var scalars: [UInt32]
        /// BCP 47 language (`ja`, `zh-Hans`, `ar`); fontconfig prefers fonts that declare it. nil = `en`.
        public var language: String?
        public var weight: Int
        public var italic: Bool
        /// Emoji presentation: ask for fontconfig's `emoji` family first, so a colour emoji font wins over the
        /// black-and-white symbol fonts that also cover the code point.
        public var emoji: Bool

        public init(scalars: [Unicode.Scalar], language: String?, weight: Int, italic: Bool, emoji: Bool) {
            self.scalars = scalars.map(\.value); self.language = language; self.weight = weight
            self.italic = italic; self.emoji = emoji
        }
    }

    private let lock = NSLock()
    private var answers: [Query: FontFile?] = [:]
    /// Whose configuration is asked: the fallback sees exactly the fonts its locator sees.
    private let locator: FontLocator

    /// A fallback that asks `locator`'s fontconfig configuration.
    public init(locator: FontLocator) { self.locator = locator }

    /// The font fontconfig picks for `query`, or nil when no installed font covers its characters.
    public func font(for query: Query) -> FontFile? {
        lock.lock()
        if let known = answers[query] { lock.unlock(); return known }
        lock.unlock()
        let answer = ask(query)
        lock.lock()
        answers[query] = answer
        lock.unlock()
        return answer
    }

    private func ask(_ query: Query) -> FontFile? {
        guard !query.scalars.isEmpty else { return nil }
        return locator.withConfig { config -> FontFile? in
            guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
            defer { FcPatternDestroy(pattern); FcCharSetDestroy(charset) }
            for scalar in query.scalars { FcCharSetAddChar(charset, scalar) }
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            if query.emoji { FcPatternAddString(pattern, FC_FAMILY, "emoji") }
            FcPatternAddString(pattern, FC_LANG, Self.fontconfigLanguage(query.language))
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(query.weight)))
            FcPatternAddInteger(pattern, FC_SLANT, query.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
            defer { FcFontSetDestroy(sorted) }
            guard let fonts = sorted.pointee.fonts else { return nil }
            var firstCovering: FontFile?
            for index in 0..<Int(sorted.pointee.nfont) {
                guard let candidate = fonts[index] else { continue }
                var set: OpaquePointer?
                guard FcPatternGetCharSet(candidate, FC_CHARSET, 0, &set) == FcResultMatch, let set,
                      query.scalars.allSatisfy({ FcCharSetHasChar(set, $0) != 0 }),
                      let file = FontLocator.fontFile(of: candidate) else { continue }
                // Emoji presentation takes the first colour font that covers the cluster, as the system's `emoji`
                // alias arranges; a font set without the system's configuration has no such alias, and would
                // otherwise take the first black-and-white symbol font.
                guard query.emoji, !Self.isColor(candidate) else { return file }
                if firstCovering == nil { firstCovering = file }
            }
            return firstCovering
        }
    }

    /// Whether fontconfig marks the font as a colour font (COLR, CBDT, sbix or SVG glyphs).
    static func isColor(_ pattern: OpaquePointer) -> Bool {
        var color: FcBool = FcFalse
        return FcPatternGetBool(pattern, FC_COLOR, 0, &color) == FcResultMatch && color == FcTrue
    }

    /// fontconfig names languages in lower case with a hyphen and knows scripts only through regions:
    /// `zh-Hans` → `zh-cn`, `zh-Hant` → `zh-tw`; everything else keeps its primary subtag and region.
    static func fontconfigLanguage(_ language: String?) -> String {
        guard let language, !language.isEmpty else { return "en" }
        let parts = language.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init)
        guard let primary = parts.first else { return "en" }
        if primary == "zh" {
            if parts.contains("hant") || parts.contains("tw") { return "zh-tw" }
            if parts.contains("hk") { return "zh-hk" }
            return "zh-cn"
        }
        if let region = parts.dropFirst().first(where: { $0.count == 2 }) { return "\(primary)-\(region)" }
        return primary
    }
}
