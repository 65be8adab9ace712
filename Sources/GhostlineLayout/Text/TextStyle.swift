import GhostlineFonts

/// Which layout rules place lines inside a label.
public enum LayoutModel: String, Sendable, Codable, CaseIterable {
    /// UIKit/TextKit: extra line height goes above the glyphs, lineSpacing between lines only, pixel rounding
    /// of label heights and baselines (rules R1–R12). Vertical metrics from `hhea`, as UIFont reads them.
    case uikit
    /// CSS (and Figma, Sketch): every line box is the designed line height with the font's content area
    /// centred in it (half-leading above and below).
    case css
}

/// How the uikit model meets a designed line height (R7, R8).
public enum LineHeightStrategy: String, Sendable, Codable, CaseIterable {
    /// Ignore the designed line height: the font's own line height (what a plain UILabel does).
    case none
    /// `lineSpacing = L − font.lineHeight` between lines only (R5, R7 first step).
    case lineSpacing
    /// `lineSpacing` plus half of it as outer padding above the first and below the last line (R7).
    case padded
    /// `minimumLineHeight = maximumLineHeight = L`; the extra sits above the glyphs (R8).
    case minMax
}

/// An opaque reference to how something is painted (a colour, an image). Layout carries it through untouched
/// and never looks inside, so it needs no pixels or colours: the renderer resolves it in its palette.
public struct PaintID: Hashable, Sendable, Codable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    /// The first entry of a palette: black text in scenes that name no colour.
    public static let `default` = PaintID(0)
}

/// Character-level attributes of a run of text (NSAttributedString's font, kern, baselineOffset, underline,
/// strikethrough and foreground colour; CSS's font, letter-spacing, vertical-align, text-decoration and color).
public struct TextStyle: Sendable {
    public var font: Font
    public var pointSize: Double
    /// Tracking in points after every cluster.
    public var letterSpacing: Double
    public var kerning: Bool
    public var ligatures: Bool
    /// Raises the glyphs by this many points (negative lowers them), as NSAttributedString's `.baselineOffset`
    /// and CSS `vertical-align: <length>`; the line grows to hold them.
    public var baselineOffset: Double
    public var underline: Bool
    public var strikethrough: Bool
    /// BCP 47 language, for language-specific glyph forms and font fallback.
    public var language: String?
    /// The colour, resolved by the renderer.
    public var paint: PaintID

    public init(font: Font, pointSize: Double, letterSpacing: Double = 0, kerning: Bool = true, ligatures: Bool = true,
                baselineOffset: Double = 0, underline: Bool = false, strikethrough: Bool = false, language: String? = nil,
                paint: PaintID = .default) {
        self.font = font; self.pointSize = pointSize; self.letterSpacing = letterSpacing; self.kerning = kerning
        self.ligatures = ligatures; self.baselineOffset = baselineOffset; self.underline = underline
        self.strikethrough = strikethrough; self.language = language; self.paint = paint
    }
}

/// Horizontal placement of each line inside the label. `natural` follows the paragraph's direction: left in a
/// left-to-right paragraph, right in a right-to-left one.
public enum TextAlignment: String, Sendable, Codable, CaseIterable {
    case natural, left, center, right, justified
}

/// What happens to text that does not fit (NSLineBreakMode).
public enum LineBreakMode: String, Sendable, Codable, CaseIterable {
    case wordWrap, charWrap, clip, truncateTail, truncateHead, truncateMiddle
}

/// CSS `white-space`: whether spaces and newlines are kept, and whether lines wrap.
public enum WhiteSpace: String, Sendable, Codable, CaseIterable {
    /// Spaces, tabs and newlines collapse to one space; lines wrap.
    case normal
    /// Collapse as `normal`; lines never wrap.
    case nowrap
    /// Everything kept; newlines break; lines never wrap.
    case pre
    /// Everything kept; newlines break; lines wrap, spaces at a line's end hang (design tools' default).
    case preWrap
    /// Spaces and tabs collapse, newlines break; lines wrap.
    case preLine
    /// As `preWrap`, but spaces take room and may wrap like letters: a line can break after any space.
    case breakSpaces

    var collapsesSpaces: Bool { self == .normal || self == .nowrap || self == .preLine }
    var keepsNewlines: Bool { !(self == .normal || self == .nowrap) }
    var wraps: Bool { !(self == .nowrap || self == .pre) }
}

/// CSS `overflow-wrap`: may a word that does not fit on a line of its own be broken between letters?
public enum OverflowWrap: String, Sendable, Codable, CaseIterable {
    /// No: it overflows the box (a browser page's default).
    case normal
    /// Yes, when nothing else fits (design tools' default, and UILabel's).
    case breakWord
    /// Yes, as `breakWord` (the two differ only in min-content sizing, which Ghostline does not do).
    case anywhere
}

/// CSS `word-break`.
public enum WordBreak: String, Sendable, Codable, CaseIterable {
    case normal
    /// Lines may break between any two letters, as between ideographs.
    case breakAll
    /// No breaks inside words of ideographs, kana or Hangul: CJK text breaks at spaces and punctuation only.
    case keepAll
}

/// CSS `hyphens`.
public enum Hyphens: String, Sendable, Codable, CaseIterable {
    /// No hyphenation, not even at soft hyphens.
    case none
    /// Only at soft hyphens (U+00AD): the default.
    case manual
    /// Also at the dictionary's hyphenation points for the paragraph's language.
    case auto
}

/// A paragraph's base direction (NSWritingDirection; CSS `direction`, or `dir=auto` for `natural`).
public enum WritingDirection: String, Sendable, Codable, CaseIterable {
    /// From the paragraph's first strong character (UAX #9 rules P2–P3); without one, the layout direction.
    case natural
    case leftToRight
    case rightToLeft
}

/// Paragraph-level settings, as NSParagraphStyle names them (CSS: the block's properties). Lengths in points.
public struct ParagraphStyle: Sendable, Hashable {
    public var alignment: TextAlignment = .natural
    public var lineBreakMode: LineBreakMode = .wordWrap
    /// Maximum number of lines; 0 = unlimited (UILabel's `numberOfLines`).
    public var numberOfLines: Int = 0
    /// A designed line height in points (the design tool's "line height"); nil = the font's own.
    public var lineHeight: Double?
    public var lineHeightStrategy: LineHeightStrategy = .padded
    /// Added between lines of a paragraph only (R5), combined with positive leading as a minimum (R6).
    public var lineSpacing: Double = 0
    public var paragraphSpacing: Double = 0
    public var paragraphSpacingBefore: Double = 0
    public var minimumLineHeight: Double = 0
    public var maximumLineHeight: Double = 0
    public var lineHeightMultiple: Double = 0
    public var baseWritingDirection: WritingDirection = .natural
    /// BCP 47 language of the paragraph: tailors line breaking (ICU locale), as the CSS `lang` attribute does.
    public var language: String?
    /// CSS `line-break` (css model; nil = `auto`, which Chromium treats as `normal`). The uikit model breaks by
    /// ICU's default rules for the language.
    public var lineBreak: LineBreakStrictness?
    /// CSS `white-space`, `overflow-wrap` and `word-break` (css model). Ghostline's defaults are the design
    /// tools' (`pre-wrap`, `break-word`, `normal`); a browser page's own defaults are `normal`, `normal`, `normal`.
    public var whiteSpace: WhiteSpace = .preWrap
    public var overflowWrap: OverflowWrap = .breakWord
    public var wordBreak: WordBreak = .normal
    /// UIKit's `hyphenationFactor` (uikit model, 0…1): a line filled less than this share of its width may end
    /// inside a word, at a dictionary hyphenation point, with a hyphen. 0 = soft hyphens only.
    public var hyphenationFactor: Double = 0
    /// CSS `hyphens` (css model).
    public var hyphens: Hyphens = .manual
    /// Tab stops every this many points; nil = the model's default (uikit: NSParagraphStyle's 28 pt; css:
    /// `tab-size: 8`, eight spaces of the paragraph's font).
    public var tabInterval: Double?

    public init() {}
}
