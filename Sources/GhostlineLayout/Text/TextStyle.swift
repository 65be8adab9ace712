import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping

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

/// Character-level attributes of a run of text (NSAttributedString's font, kern, baselineOffset, underline,
/// strikethrough and foreground colour; CSS's font, letter-spacing, vertical-align, text-decoration and color).
public struct TextStyle: Sendable {
    /// The font the run asks for. Characters it lacks go to the fallback cascade (``FontFallback``), so the glyphs
    /// drawn may come from other fonts.
    public var font: Font
    /// The font size in points (UIFont's `pointSize`; CSS `font-size`, whose CSS pixels are points here).
    public var pointSize: Double
    /// Tracking in points after every cluster.
    public var letterSpacing: Double
    /// Whether the font's kerning applies (on by default, as in UIKit and browsers).
    public var kerning: Bool
    /// Whether standard ligatures apply (on by default, as in UIKit and browsers).
    public var ligatures: Bool
    /// Raises the glyphs by this many points (negative lowers them), as NSAttributedString's `.baselineOffset`
    /// and CSS `vertical-align: <length>`; the line grows to hold them.
    public var baselineOffset: Double
    /// The run's underline (`.underlineStyle`, `text-decoration: underline`), nil for none. The line's position
    /// and thickness come from the drawing font's `post` table (``TextDecoration``); the style scales and repeats it.
    public var underline: TextDecorationStyle?
    /// The run's strikethrough (`.strikethroughStyle`, `text-decoration: line-through`), nil for none, at the
    /// position and thickness of the drawing font's `OS/2` table.
    public var strikethrough: TextDecorationStyle?
    /// How the run's letters are cased when drawn (``TextCase``), in the run's ``language``.
    public var textCase: TextCase = .none
    /// Whether adjacent fullwidth CJK punctuation is set closer where the model does so (``TextSpacingTrim``).
    public var textSpacingTrim: TextSpacingTrim = .normal
    /// BCP 47 language, for language-specific glyph forms and font fallback.
    public var language: String?
    /// The colour, resolved by the renderer.
    public var paint: PaintID
    /// The face the scene asked for, when ``font`` is only the nearest face of a family that lacks it (`Inter` at
    /// weight 450 drawn with Inter Medium): the layout JSON says so beside the font. nil when the font is the face
    /// asked for.
    public var requestedFace: RequestedFace?
    /// What the style asks of a variable font (weight on `wght`, optical size, explicit axes). ``font`` is already
    /// that instance; fallback applies the same request to a variable fallback font, so a character drawn from
    /// another font keeps the weight and optical size of the text around it.
    public var variations: FontVariationRequest = .none
    /// OpenType features set by the style (CSS `font-feature-settings`), laid over the defaults and over
    /// ``kerning`` and ``ligatures``: an explicit `liga` or `kern` here wins.
    public var features: [ShapingFeature] = []

    /// Creates a style with UIKit's defaults for everything but the font and size: no tracking, kerning and ligatures
    /// on, no baseline offset or decorations, no language, the palette's first paint.
    public init(font: Font, pointSize: Double, letterSpacing: Double = 0, kerning: Bool = true, ligatures: Bool = true,
                baselineOffset: Double = 0, underline: TextDecorationStyle? = nil, strikethrough: TextDecorationStyle? = nil,
                language: String? = nil,
                paint: PaintID = .default) {
        self.font = font; self.pointSize = pointSize; self.letterSpacing = letterSpacing; self.kerning = kerning
        self.ligatures = ligatures; self.baselineOffset = baselineOffset; self.underline = underline
        self.strikethrough = strikethrough; self.language = language; self.paint = paint
    }
}

/// A face a scene asked for by family, weight and slant, kept beside the font that stands in for it.
public struct RequestedFace: Hashable, Sendable {
    /// The family name asked for.
    public var name: String
    /// The weight asked for (100–900 and between).
    public var weight: Int
    /// Whether an italic face was asked for.
    public var italic: Bool

    public init(name: String, weight: Int, italic: Bool) { self.name = name; self.weight = weight; self.italic = italic }
}

/// Horizontal placement of each line inside the label. `natural` follows the paragraph's direction: left in a
/// left-to-right paragraph, right in a right-to-left one.
public enum TextAlignment: String, Sendable, Codable, CaseIterable {
    /// `natural`, `left`, `center` and `right` as NSTextAlignment. `justified` stretches the spaces of every line
    /// but the last of each paragraph (and a truncated last line) to the full width; those lines are placed as
    /// `natural`.
    case natural, left, center, right, justified
}

/// What happens to text that does not fit (NSLineBreakMode).
public enum LineBreakMode: String, Sendable, Codable, CaseIterable {
    /// Every mode wraps at word boundaries except `charWrap`, which breaks between any two grapheme clusters. The
    /// modes differ in what happens when the text has more lines than `numberOfLines`: `truncateTail`, `truncateHead`
    /// and `truncateMiddle` put "…" at the end, start or middle of the last line shown (which then holds the rest of
    /// its paragraph); `wordWrap`, `charWrap` and `clip` just drop the lines that do not fit.
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
    /// Breaks only where the line-break rules allow (UAX #14, tailored by the language).
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
    /// Left to right whatever the text (NSWritingDirection.leftToRight, CSS `direction: ltr`).
    case leftToRight
    /// Right to left whatever the text (NSWritingDirection.rightToLeft, CSS `direction: rtl`).
    case rightToLeft
}

/// Paragraph-level settings, as NSParagraphStyle names them (CSS: the block's properties). Lengths in points.
public struct ParagraphStyle: Sendable, Hashable {
    /// Horizontal alignment of each line in the label's width; `natural` by default, as NSParagraphStyle.
    public var alignment: TextAlignment = .natural
    /// How lines wrap and what happens to text beyond `numberOfLines`; `wordWrap` by default, as NSParagraphStyle
    /// (UILabel's own default is `truncateTail`, which a scene sets where it wants it).
    public var lineBreakMode: LineBreakMode = .wordWrap
    /// Maximum number of lines; 0 = unlimited (UILabel's `numberOfLines`).
    public var numberOfLines: Int = 0
    /// A designed line height in points (the design tool's "line height"); nil = the font's own.
    public var lineHeight: Double?
    /// How the uikit model meets ``lineHeight`` (R7, R8); `padded` by default, the one that lands baselines where a
    /// design tool puts them. The css model ignores it.
    public var lineHeightStrategy: LineHeightStrategy = .padded
    /// Added between lines of a paragraph only (R5), combined with positive leading as a minimum (R6).
    public var lineSpacing: Double = 0
    /// Points added after each paragraph that a newline ends, before the next one (uikit model; none after the last
    /// paragraph). The css model ignores it.
    public var paragraphSpacing: Double = 0
    /// Points added before each paragraph except the first (uikit model). Ghostline adds it at the same place as
    /// ``paragraphSpacing``, so the two sum between paragraphs. The css model ignores it.
    public var paragraphSpacingBefore: Double = 0
    /// The least height of each line fragment in points (uikit model; 0 = no minimum). Extra height goes above the
    /// glyphs (R8).
    public var minimumLineHeight: Double = 0
    /// The greatest height of each line fragment in points (uikit model; 0 = no maximum). The height a fragment loses
    /// comes off its top, so tall glyphs reach into the line above.
    public var maximumLineHeight: Double = 0
    /// Multiplies each line fragment's natural height before the minimum and maximum apply (uikit model; 0 or less =
    /// off). The extra goes above the glyphs, as in NSParagraphStyle.
    public var lineHeightMultiple: Double = 0
    /// The paragraph's base direction for bidi and `natural` alignment; `natural` by default (from the text).
    public var baseWritingDirection: WritingDirection = .natural
    /// BCP 47 language of the paragraph: tailors line breaking (ICU locale), as the CSS `lang` attribute does.
    public var language: String?
    /// CSS `line-break` (css model; nil = `auto`, which Chromium treats as `normal`). The uikit model breaks by
    /// ICU's default rules for the language.
    public var lineBreak: LineBreakStrictness?
    /// CSS `white-space`, `overflow-wrap` and `word-break` (css model). Ghostline's defaults are the design
    /// tools' (`pre-wrap`, `break-word`, `normal`); a browser page's own defaults are `normal`, `normal`, `normal`.
    public var whiteSpace: WhiteSpace = .preWrap
    /// CSS `overflow-wrap` (css model): whether a word wider than the line may be broken between letters.
    public var overflowWrap: OverflowWrap = .breakWord
    /// CSS `word-break` (css model): extra or fewer break opportunities inside words.
    public var wordBreak: WordBreak = .normal
    /// UIKit's `hyphenationFactor` (uikit model, 0…1): a line filled less than this share of its width may end
    /// inside a word, at a dictionary hyphenation point, with a hyphen. 0 = soft hyphens only.
    public var hyphenationFactor: Double = 0
    /// CSS `hyphens` (css model).
    public var hyphens: Hyphens = .manual
    /// Points from the leading edge to the start of each paragraph's first line (NSParagraphStyle
    /// `firstLineHeadIndent`; CSS `text-indent`, which indents only the block's first line: the model says which,
    /// ``LayoutModel/firstLineIndent``). 0 by default.
    public var firstLineHeadIndent: Double = 0
    /// Points from the leading edge to the start of every other line (NSParagraphStyle `headIndent`; CSS
    /// `padding-inline-start`, so a hanging indent is a larger ``headIndent`` than ``firstLineHeadIndent``).
    public var headIndent: Double = 0
    /// NSParagraphStyle `tailIndent`: negative = points in from the trailing edge, positive = the lines' end measured
    /// from the leading edge (the line width plus the head indent), 0 = the box's trailing edge.
    public var tailIndent: Double = 0
    /// Tab stops every this many points; nil = the model's default (uikit: NSParagraphStyle's 28 pt; css:
    /// `tab-size: 8`, eight spaces of the paragraph's font).
    public var tabInterval: Double?
    /// UILabel's autoshrink (`adjustsFontSizeToFitWidth`, `minimumScaleFactor`, tightening and baseline adjustment);
    /// off by default. The uikit model applies it (``LayoutModel/autoshrink``).
    public var autoshrink = Autoshrink()

    /// Creates NSParagraphStyle's defaults, with the design tools' CSS wrapping keys and the `padded` strategy.
    public init() {}
}
