import GhostlineLayout

/// The paragraph keys of a style as written, every one optional: what becomes a `ParagraphStyle` (line height,
/// spacing, indents, alignment, breaking). In a label with runs they come from the label's own style, as
/// NSParagraphStyle applies to a whole paragraph; a run's inline style may not set them.
public struct ParagraphStyleDescription: Sendable {
    /// A designed line height in points.
    public var lineHeight: Double?
    /// ``lineHeight`` as a percentage of the font size (`"120%"`); set instead of points.
    public var lineHeightPercent: Double?
    /// `lineHeight: textStyle`: the Dynamic Type table's line height for the style's `textStyle`, in either
    /// model (the css model uses it by default for text styles, as design kits do; UIKit never does).
    public var lineHeightFromTextStyle: Bool = false
    /// How the uikit model meets ``lineHeight`` (R7, R8); `padded` by default.
    public var lineHeightStrategy: LineHeightStrategy?
    /// Points between the lines of a paragraph (uikit only, R5, R6); 0 by default.
    public var lineSpacing: Double?
    /// Points added after a paragraph that a newline ends (uikit only); 0 by default.
    public var paragraphSpacing: Double?
    /// Points added before every paragraph but the first (uikit only); 0 by default.
    public var paragraphSpacingBefore: Double?
    /// The least height of each line in points (uikit only, R8; 0 = none).
    public var minimumLineHeight: Double?
    /// The greatest height of each line in points (uikit only, R8; 0 = none).
    public var maximumLineHeight: Double?
    /// A factor for each line's natural height (uikit only, R8; 0 = off).
    public var lineHeightMultiple: Double?
    /// Points from the leading edge to each paragraph's first line (NSParagraphStyle; css: `text-indent`, first
    /// line of the text only); 0 by default.
    public var firstLineHeadIndent: Double?
    /// Points from the leading edge to every other line; 0 by default.
    public var headIndent: Double?
    /// NSParagraphStyle's tail indent: negative = in from the trailing edge, positive = the lines' end from the
    /// leading edge; 0 (none) by default.
    public var tailIndent: Double?
    /// Horizontal alignment of the lines; `natural` by default. A label's own `alignment` overrides it.
    public var alignment: TextAlignment?
    // css only (the uikit model refuses them: UILabel has no such settings)
    /// CSS `line-break` for Japanese and Chinese; `auto` (as `normal`) by default.
    public var lineBreak: LineBreakStrictness?
    /// CSS `white-space`; `preWrap`, the design tools' behaviour, by default.
    public var whiteSpace: WhiteSpace?
    /// CSS `overflow-wrap`; `breakWord` by default.
    public var overflowWrap: OverflowWrap?
    /// CSS `word-break`; `normal` by default.
    public var wordBreak: WordBreak?
    /// CSS `hyphens`; `manual` (soft hyphens only) by default.
    public var hyphens: Hyphens?
    // uikit only
    /// UIKit's `hyphenationFactor`, 0 to 1 (the css model refuses it); 0, no dictionary hyphenation, by default.
    public var hyphenationFactor: Double?

    /// No key set.
    public init() {}

    /// The keys, which only a label's own style may set, in the order the README lists them.
    public static let keys = ["lineHeight", "lineHeightStrategy", "lineSpacing", "paragraphSpacing",
                              "paragraphSpacingBefore", "minimumLineHeight", "maximumLineHeight",
                              "lineHeightMultiple", "firstLineHeadIndent", "headIndent",
                              "tailIndent", "alignment", "lineBreak", "whiteSpace", "overflowWrap",
                              "wordBreak", "hyphens", "hyphenationFactor"]
    /// The keys with CSS's meaning only.
    public static let cssOnlyKeys = ["lineBreak", "whiteSpace", "overflowWrap", "wordBreak", "hyphens"]

    /// These keys with every one not set taken from `base`. Points, a percentage and `textStyle` are three ways of
    /// saying the line height: setting one replaces the others.
    public func inheriting(from base: ParagraphStyleDescription) -> ParagraphStyleDescription {
        var merged = self
        if lineHeight == nil && lineHeightPercent == nil {
            merged.lineHeight = base.lineHeight; merged.lineHeightPercent = base.lineHeightPercent
        }
        merged.lineHeightFromTextStyle = lineHeightFromTextStyle
            || (lineHeight == nil && lineHeightPercent == nil && base.lineHeightFromTextStyle)
        merged.lineHeightStrategy = lineHeightStrategy ?? base.lineHeightStrategy
        merged.lineSpacing = lineSpacing ?? base.lineSpacing
        merged.paragraphSpacing = paragraphSpacing ?? base.paragraphSpacing
        merged.paragraphSpacingBefore = paragraphSpacingBefore ?? base.paragraphSpacingBefore
        merged.minimumLineHeight = minimumLineHeight ?? base.minimumLineHeight
        merged.maximumLineHeight = maximumLineHeight ?? base.maximumLineHeight
        merged.lineHeightMultiple = lineHeightMultiple ?? base.lineHeightMultiple
        merged.firstLineHeadIndent = firstLineHeadIndent ?? base.firstLineHeadIndent
        merged.headIndent = headIndent ?? base.headIndent
        merged.tailIndent = tailIndent ?? base.tailIndent
        merged.alignment = alignment ?? base.alignment
        merged.lineBreak = lineBreak ?? base.lineBreak
        merged.whiteSpace = whiteSpace ?? base.whiteSpace
        merged.overflowWrap = overflowWrap ?? base.overflowWrap
        merged.wordBreak = wordBreak ?? base.wordBreak
        merged.hyphens = hyphens ?? base.hyphens
        merged.hyphenationFactor = hyphenationFactor ?? base.hyphenationFactor
        return merged
    }
}
