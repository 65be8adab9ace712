import CTextAnalysis
import GhostlineShaping

/// The first stage of the label pipeline: everything about the text that does not depend on fonts or widths,
/// found in one pass over it (converted once to the UTF-16 ICU reads). Like parley's `analysis`, it knows
/// nothing of glyphs; the later stages only read it.
///
/// - bidi embedding levels per scalar (ICU `ubidi`, UAX #9), and each paragraph's base level;
/// - the script of every scalar, with Common and Inherited characters (spaces, digits, punctuation, combining
///   marks) resolved to the script around them, so "Hindi: हिन्दी" is shaped as a Latin run and a Devanagari run;
/// - UAX #14 line-break opportunities (ICU, tailored by the paragraph's language and strictness);
/// - grapheme-cluster boundaries (ICU), which fallback and character breaking never split.
public struct TextAnalysis: Sendable {
    /// The analysed text; every array below has one entry per scalar, or is indexed by scalar offset.
    public let scalars: [Unicode.Scalar]
    /// Bidi embedding level of each scalar: even = left-to-right, odd = right-to-left.
    public let levels: [UInt8]
    /// The base level (0 or 1) of the paragraph each scalar belongs to.
    public let paragraphLevels: [UInt8]
    /// ISO 15924 tag of each scalar's resolved script (`Latn`, `Deva`, `Zyyy` when nothing decides).
    public let scripts: [String]
    /// Where lines may or must end, ascending, after offset 0 (none for an empty text): UAX #14's
    /// opportunities adjusted for `white-space` and `word-break`, with soft hyphens dropped under `hyphens: none` and
    /// dictionary hyphenation points added when asked for.
    public let breaks: [BreakOpportunity]
    /// Grapheme boundaries after offset 0, ascending, ending with `scalars.count`.
    public let graphemes: [Int]
    /// The base level an empty text would have (it has no characters to decide it).
    let baseLevelWhenEmpty: UInt8

    /// What the analysis needs to know about the paragraph.
    public struct Options: Sendable {
        /// The paragraph's base direction; `natural` takes it from the first strong character of each paragraph.
        public var direction: WritingDirection = .natural
        /// Base direction for `natural` paragraphs without a strong character (the layout direction).
        public var fallbackDirection: TextDirectionFallback = .leftToRight
        /// BCP 47 language of the paragraph: the ICU locale its line breaking is tailored for (with `strictness`
        /// as the locale's `lb` keyword). Hyphenation has its own ``hyphenationLanguage``.
        public var language: String?
        /// Whose refinements of UAX #14 apply: ICU's as they are (uikit model) or Chromium's (css model).
        public var profile: BreakOpportunities.Profile = .icu
        /// CSS `line-break` (css model); nil leaves ICU's default for the language. `anywhere` makes every grapheme
        /// boundary an opportunity.
        public var strictness: LineBreakStrictness?
        /// CSS `white-space` and `word-break` (css model): extra or fewer break opportunities.
        public var whiteSpace: WhiteSpace = .preWrap
        /// CSS `word-break` (css model).
        public var wordBreak: WordBreak = .normal
        /// Add dictionary hyphenation points for this language (and keep soft hyphens); nil = none.
        public var hyphenationLanguage: String?
        /// Whose dictionaries `hyphenationLanguage` is looked up in; nil: no dictionary points.
        public var hyphenator: Hyphenator?
        /// CSS `hyphens: none`: soft hyphens are no break opportunities either.
        public var ignoresSoftHyphens = false
        /// Options for a paragraph that takes its direction from its text in a left-to-right layout, with ICU's
        /// rules and no CSS adjustments: the uikit model's defaults.
        public init() {}
    }

    /// A paragraph direction to fall back on, for `natural` paragraphs with no strong character.
    public enum TextDirectionFallback: Sendable { case leftToRight, rightToLeft }

    /// Analyses `scalars` (bidi, scripts, breaks, graphemes) in one pass. Nothing throws: when ICU cannot run (no
    /// data), every level is the requested base level and breaks fall back to spaces and newlines.
    public init(_ scalars: [Unicode.Scalar], options: Options = Options()) {
        self.scalars = scalars
        switch options.direction {
        case .leftToRight: baseLevelWhenEmpty = 0
        case .rightToLeft: baseLevelWhenEmpty = 1
        case .natural: baseLevelWhenEmpty = options.fallbackDirection == .leftToRight ? 0 : 1
        }
        let text = UTF16Text(scalars)
        (levels, paragraphLevels) = Self.bidiLevels(text, count: scalars.count, options: options)
        scripts = Self.resolvedScripts(scalars)
        graphemes = BreakOpportunities.graphemes(text, count: scalars.count)
        var breaks: [BreakOpportunity]
        if options.strictness == .anywhere {
            // CSS `line-break: anywhere`: every grapheme boundary, hard breaks kept.
            let hard = BreakOpportunities.line(text, scalars: scalars, profile: options.profile, locale: "").filter(\.mandatory)
            var merged = Set(hard.map(\.offset))
            var result = hard
            for boundary in graphemes where !merged.contains(boundary) {
                merged.insert(boundary)
                result.append(BreakOpportunity(offset: boundary, mandatory: false))
            }
            breaks = result.sorted { $0.offset < $1.offset }
        } else {
            breaks = BreakOpportunities.line(text, scalars: scalars, profile: options.profile,
                                             locale: Self.icuLocale(options.language, options.strictness))
        }
        breaks = WhiteSpaceProcessing.adjust(breaks, scalars: scalars, graphemes: graphemes,
                                             whiteSpace: options.whiteSpace, wordBreak: options.wordBreak)
        if options.ignoresSoftHyphens {
            breaks = breaks.filter { $0.mandatory || $0.offset == 0 || scalars[$0.offset - 1] != "\u{AD}" }
        }
        if let language = options.hyphenationLanguage, let hyphenator = options.hyphenator {
            let existing = Set(breaks.map(\.offset))
            let points = hyphenator.opportunities(scalars, breaks: breaks, language: language)
                .filter { !existing.contains($0.offset) }
            if !points.isEmpty { breaks = (breaks + points).sorted { $0.offset < $1.offset } }
        }
        self.breaks = breaks
    }

    /// The direction of the paragraph holding scalar `offset` (the first paragraph's for an empty text).
    public func paragraphDirection(at offset: Int) -> TextDirection {
        guard !paragraphLevels.isEmpty else { return TextDirection(level: baseLevelWhenEmpty) }
        return TextDirection(level: paragraphLevels[min(max(offset, 0), paragraphLevels.count - 1)])
    }

    /// ICU's locale for line breaking: the language with CSS's strictness as the `lb` keyword.
    static func icuLocale(_ language: String?, _ strictness: LineBreakStrictness?) -> String {
        let base = (language ?? "").replacingOccurrences(of: "-", with: "_")
        switch strictness {
        case .loose: return base + "@lb=loose"
        case .normal, .auto: return base + "@lb=normal"
        case .strict: return base + "@lb=strict"
        case .anywhere, nil: return base
        }
    }


    private static func bidiLevels(_ text: UTF16Text, count: Int, options: Options) -> ([UInt8], [UInt8]) {
        guard count > 0 else { return ([], []) }
        let requested: UInt8
        switch options.direction {
        case .leftToRight: requested = 0
        case .rightToLeft: requested = 1
        case .natural: requested = options.fallbackDirection == .leftToRight ? 254 : 255
        }
        var unitLevels = [UInt8](repeating: 0, count: text.units.count)
        var unitParagraphLevels = [UInt8](repeating: 0, count: text.units.count)
        let status = text.units.withUnsafeBufferPointer { units in
            unitLevels.withUnsafeMutableBufferPointer { levels in
                unitParagraphLevels.withUnsafeMutableBufferPointer { paragraphs in
                    gl_bidi_levels(units.baseAddress, Int32(units.count), requested, levels.baseAddress, paragraphs.baseAddress)
                }
            }
        }
        guard status == 0 else {
            // ICU failed (no data): everything at the requested base level, which keeps left-to-right text right.
            let level: UInt8 = requested == 1 || requested == 255 ? 1 : 0
            return ([UInt8](repeating: level, count: count), [UInt8](repeating: level, count: count))
        }
        var levels = [UInt8](repeating: 0, count: count)
        var paragraphLevels = [UInt8](repeating: 0, count: count)
        for (unit, scalar) in text.scalarAtUnit.dropLast().enumerated() {
            levels[scalar] = unitLevels[unit]
            paragraphLevels[scalar] = unitParagraphLevels[unit]
        }
        return (levels, paragraphLevels)
    }

    /// Scripts with Common (0) and Inherited (1) resolved: such a character takes the script before it, or at
    /// the start of the text the first real script after it.
    private static func resolvedScripts(_ scalars: [Unicode.Scalar]) -> [String] {
        var codes = scalars.map { gl_script_code($0.value) }
        var previous: Int32?
        for index in codes.indices {
            let code = codes[index]
            if code > 1 {
                if previous == nil { for j in 0..<index { codes[j] = code } }
                previous = code
            } else if let previous {
                codes[index] = previous
            }
        }
        var tags: [Int32: String] = [:]
        return codes.map { code in
            if let tag = tags[code] { return tag }
            var buffer = [CChar](repeating: 0, count: 5)
            gl_script_tag(code, &buffer)
            let tag = String(decoding: buffer.prefix(4).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            tags[code] = tag
            return tag
        }
    }
}
