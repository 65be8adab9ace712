import CFontconfig
import Foundation

/// The last step of font fallback: the installed font Chromium on Linux would take for a character.
///
/// Chromium's rule (`gfx::GetFallbackFontForChar`, read in Chromium's public source): per locale it asks fontconfig
/// once for *every* font, sorted for a pattern that says only the language and "scalable" — no family, no weight,
/// no slant, no characters — and keeps the scalable TrueType or CFF fonts it can read; a character then takes the
/// first font in that list whose character set has it. Weight and slant play no part in the choice: a bold label
/// falls back to the face ranked first (in practice the family's regular face) and Blink draws it with synthetic
/// bold, without changing its advances. Following that list, not a pattern of our own, is what makes the same
/// machine give Ghostline and the browser the same fallback font, so line breaks and widths agree.
///
/// The locale is the style's language, or `en-us` when it has none (Chromium's default locale); emoji presentation
/// asks with `und-zsye`, the language colour emoji fonts declare, as Chromium does.
///
/// The sorted list is made once per locale and kept (as Chromium keeps it), and answers are cached per question,
/// so a paragraph of Japanese asks fontconfig once at most and scans the list once per distinct character.
public final class SystemFontFallback: @unchecked Sendable {
    /// What is asked: the characters of one grapheme cluster (ignorable ones left out) and the locale.
    public struct Query: Hashable, Sendable {
        public var scalars: [UInt32]
        /// BCP 47 language (`ja`, `zh-Hans`, `ar`); fontconfig ranks fonts that declare it first. nil = `en-US`.
        public var language: String?
        /// Emoji presentation: the list for `und-zsye` is asked, which ranks colour emoji fonts first.
        public var emoji: Bool

        public init(scalars: [Unicode.Scalar], language: String?, emoji: Bool) {
            self.scalars = scalars.map(\.value); self.language = language; self.emoji = emoji
        }
    }

    /// A font the list offers: its file, its family, and whether fontconfig calls it bold (weight ≥ bold) or slanted,
    /// which decides synthetic bold and italic (``FontSynthesis``).
    public struct Choice: Hashable, Sendable {
        public var file: FontFile
        public var family: String
        /// The face's weight on the OpenType scale (fontconfig's, converted back).
        public var weight: Int
        public var isBold: Bool
        public var isItalic: Bool
    }

    /// One entry of a locale's list: what it offers and the character set it covers (owned by `fonts`).
    private struct Candidate {
        let choice: Choice
        let charset: OpaquePointer
    }

    /// A locale's sorted list and the fontconfig font set its character sets live in.
    private final class LocaleList {
        let fonts: UnsafeMutablePointer<FcFontSet>?
        let candidates: [Candidate]
        init(fonts: UnsafeMutablePointer<FcFontSet>?, candidates: [Candidate]) {
            self.fonts = fonts; self.candidates = candidates
        }
        deinit { if let fonts { FcFontSetDestroy(fonts) } }
    }

    private let lock = NSLock()
    private var answers: [Query: [Choice]] = [:]
    private var lists: [String: LocaleList] = [:]
    /// Whose configuration is asked: the fallback sees exactly the fonts its locator sees.
    private let locator: FontLocator

    /// A fallback that asks `locator`'s fontconfig configuration.
    public init(locator: FontLocator) { self.locator = locator }

    /// The font Chromium would pick for `query`, or nil when no font in the set covers its characters.
    public func font(for query: Query) -> Choice? { faces(for: query).first }

    /// Every face of the chosen font's family that covers the query's characters, the chosen face first and the
    /// rest in the list's order: what a model that draws real faces (not synthesized ones) chooses among.
    public func faces(for query: Query) -> [Choice] {
        lock.lock()
        defer { lock.unlock() }
        if let known = answers[query] { return known }
        let answer = ask(query)
        answers[query] = answer
        return answer
    }

    /// Called with `lock` held.
    private func ask(_ query: Query) -> [Choice] {
        guard !query.scalars.isEmpty else { return [] }
        let locale = query.emoji ? "und-zsye" : Self.fontconfigLanguage(query.language)
        let list: LocaleList
        if let known = lists[locale] {
            list = known
        } else {
            list = locator.withConfig { Self.sortedList(config: $0, locale: locale) }
                ?? LocaleList(fonts: nil, candidates: [])
            lists[locale] = list
        }
        let covering = list.candidates.filter { candidate in
            query.scalars.allSatisfy { FcCharSetHasChar(candidate.charset, $0) != 0 }
        }
        guard let first = covering.first else { return [] }
        return covering.map(\.choice).filter { $0.family == first.choice.family }
    }

    /// Every font of the configuration, sorted for a pattern of the locale and "scalable" only, untrimmed; then
    /// the entries Chromium keeps: scalable, readable, TrueType or CFF, with a character set.
    private static func sortedList(config: OpaquePointer, locale: String) -> LocaleList? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_LANG, locale)
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let sorted = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
        var candidates: [Candidate] = []
        if let fonts = sorted.pointee.fonts {
            for index in 0..<Int(sorted.pointee.nfont) {
                guard let font = fonts[index], isUsable(font), let file = FontLocator.fontFile(of: font) else { continue }
                var charset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
                var family: UnsafeMutablePointer<FcChar8>?
                let familyName = FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch && family != nil
                    ? String(cString: family!) : ""
                var weight: Int32 = FC_WEIGHT_REGULAR, slant: Int32 = FC_SLANT_ROMAN
                if FcPatternGetInteger(font, FC_WEIGHT, 0, &weight) != FcResultMatch { weight = FC_WEIGHT_REGULAR }
                if FcPatternGetInteger(font, FC_SLANT, 0, &slant) != FcResultMatch { slant = FC_SLANT_ROMAN }
                let choice = Choice(file: file, family: familyName, weight: Int(FcWeightToOpenType(weight)),
                                    isBold: weight >= FC_WEIGHT_BOLD, isItalic: slant != FC_SLANT_ROMAN)
                candidates.append(Candidate(choice: choice, charset: charset))
            }
        }
        return LocaleList(fonts: sorted, candidates: candidates)
    }

    /// Chromium's test for a fallback candidate: a scalable font in a format it draws (TrueType or CFF outlines),
    /// whose file can be read — no bitmap fonts, no Type 1.
    private static func isUsable(_ font: OpaquePointer) -> Bool {
        var scalable: FcBool = FcFalse
        guard FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == FcTrue else { return false }
        var format: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format else { return false }
        let name = String(cString: format)
        guard name == "TrueType" || name == "CFF" else { return false }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return false }
        return access(file, R_OK) == 0
    }

    /// fontconfig names languages in lower case with a hyphen and knows scripts only through regions:
    /// `zh-Hans` → `zh-cn`, `zh-Hant` → `zh-tw`; everything else keeps its primary subtag and region. No language
    /// is Chromium's default locale, `en-US`.
    static func fontconfigLanguage(_ language: String?) -> String {
        guard let language, !language.isEmpty else { return "en-us" }
        let parts = language.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init)
        guard let primary = parts.first else { return "en-us" }
        if primary == "zh" {
            if parts.contains("hant") || parts.contains("tw") { return "zh-tw" }
            if parts.contains("hk") { return "zh-hk" }
            return "zh-cn"
        }
        if let region = parts.dropFirst().first(where: { $0.count == 2 }) { return "\(primary)-\(region)" }
        return primary
    }
}
