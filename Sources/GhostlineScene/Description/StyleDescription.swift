import GhostlineFonts
import GhostlineImage
import GhostlineLayout
import GhostlineShaping

/// A text style as written: every key optional, so a run's inline style can inherit what it leaves out from
/// its label's style. Character keys become a `TextStyle`; paragraph keys (line height, spacing, alignment,
/// strategies) a `ParagraphStyle`, and in a label with runs they come from the label's own style, as
/// NSParagraphStyle applies to a whole paragraph.
public struct StyleDescription: Sendable {
    // Character keys
    /// A key of `fonts:`, an installed family (`Inter`) or PostScript name (`Inter-SemiBold`).
    public var font: String?
    /// The font size in points (1 to 1000 in a scene file). Not together with ``textStyle``, which gives the size.
    public var size: Double?
    /// A Dynamic Type text style: the size (and, unless ``weight`` is set, the weight) come from Apple's table for
    /// the scene's content size category. The line height comes from the table only in the css model or with
    /// `lineHeight: textStyle`, since UIKit never applies it.
    public var textStyle: DynamicTextStyle?
    /// A custom `size` (and `lineHeight`) that grows with this text style's Dynamic Type curve, as
    /// `UIFontMetrics(forTextStyle:).scaledFont(for:)` scales a brand font.
    public var scalesWith: DynamicTextStyle?
    /// UIFontMetrics's `maximumPointSize`: the scaled size never exceeds it.
    public var maximumPointSize: Double?
    /// The weight a family name is looked up at; regular by default, or the text style's. A `fonts:` name or a
    /// PostScript name is one file, which the weight does not change.
    public var weight: FontWeight?
    /// Whether a family name is looked up in its italic face; false by default. Like ``weight``, it does not change a
    /// `fonts:` name or a PostScript name.
    public var italic: Bool?
    /// Axis values for a variable font (CSS `font-variation-settings`), in the order written: they win over
    /// ``weight`` and optical sizing; axes the font lacks are ignored, values clamped to the font's range.
    public var variations: [VariationSetting]?
    /// Whether a variable font's `opsz` axis follows the size in points (`auto`, the default, as Apple platforms
    /// and CSS `font-optical-sizing: auto` do) or stays at the font's default (`none`).
    public var opticalSizing: OpticalSizing?
    /// OpenType features (CSS `font-feature-settings`): tag to value, in the order written, laid over the defaults
    /// and over ``kerning`` and ``ligatures`` (an explicit `kern` or `liga` wins).
    public var features: [ShapingFeature]?
    /// ``letterSpacing`` as a percentage of the font size (`"-2%"`, as Figma writes it); set instead of points.
    public var letterSpacingPercent: Double?
    /// ``lineHeight`` as a percentage of the font size (`"120%"`); set instead of points.
    public var lineHeightPercent: Double?
    /// The text colour, straight alpha; black by default.
    public var color: SceneColor?
    /// Points added after every grapheme cluster (UIKit's `kern` attribute, CSS `letter-spacing`); 0 by default.
    public var letterSpacing: Double?
    /// Whether the font's kerning applies; true by default.
    public var kerning: Bool?
    /// Whether the font's standard ligatures apply; true by default.
    public var ligatures: Bool?
    /// Points to raise the glyphs (negative lowers them); the line grows to hold them. 0 by default.
    public var baselineOffset: Double?
    /// The text's underline: `true`, or a style, pattern and colour (``DecorationDescription``); none by default.
    public var underline: DecorationDescription?
    /// The text's strikethrough, as ``underline``; none by default.
    public var strikethrough: DecorationDescription?
    /// How the letters are cased when drawn (`textCase: upper`), in the style's language; `none` by default.
    public var textCase: TextCase?
    /// Whether adjacent fullwidth CJK punctuation is set closer (`textSpacingTrim: spaceAll` keeps it fullwidth);
    /// css model only, `normal` (Chromium's default) by default.
    public var textSpacingTrim: TextSpacingTrim?
    /// BCP 47.
    public var language: String?

    // Paragraph keys
    /// A designed line height in points.
    public var lineHeight: Double?
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

    /// Where each key was written, for errors found when the style is resolved.
    public var marks: [String: SourceMark] = [:]
    /// Where the style itself was written, for errors about the style as a whole (no size, no font).
    public var mark: SourceMark?

    /// A style in one call, with the keys designs set most (the rest are properties).
    public init(font: String? = nil, size: Double? = nil, textStyle: DynamicTextStyle? = nil, weight: FontWeight? = nil,
                italic: Bool? = nil, lineHeight: Double? = nil, lineHeightStrategy: LineHeightStrategy? = nil,
                letterSpacing: Double? = nil, color: SceneColor? = nil, underline: DecorationDescription? = nil,
                strikethrough: DecorationDescription? = nil,
                baselineOffset: Double? = nil, alignment: TextAlignment? = nil, language: String? = nil) {
        self.font = font; self.size = size; self.textStyle = textStyle; self.weight = weight; self.italic = italic
        self.lineHeight = lineHeight; self.lineHeightStrategy = lineHeightStrategy; self.letterSpacing = letterSpacing
        self.color = color; self.underline = underline; self.strikethrough = strikethrough
        self.baselineOffset = baselineOffset; self.alignment = alignment; self.language = language
    }

    /// The keys a style may have, in the order the README lists them.
    public static let characterKeys = ["font", "size", "textStyle", "scalesWith", "maximumPointSize", "weight", "italic",
                                       "variations", "opticalSizing", "color", "letterSpacing", "kerning", "ligatures",
                                       "features", "baselineOffset", "underline", "strikethrough", "textCase", "textSpacingTrim",
                                       "language"]
    /// The paragraph keys, which only a label's own style may set.
    public static let paragraphKeys = ["lineHeight", "lineHeightStrategy", "lineSpacing", "paragraphSpacing",
                                       "paragraphSpacingBefore", "minimumLineHeight", "maximumLineHeight",
                                       "lineHeightMultiple", "firstLineHeadIndent", "headIndent",
                                       "tailIndent", "alignment", "lineBreak", "whiteSpace", "overflowWrap",
                                       "wordBreak", "hyphens", "hyphenationFactor"]
    /// Paragraph keys with CSS's meaning only.
    public static let cssOnlyKeys = ["lineBreak", "whiteSpace", "overflowWrap", "wordBreak", "hyphens"]
    /// Every key a style may have: ``characterKeys`` then ``paragraphKeys``.
    public static let keys = characterKeys + paragraphKeys

    /// This style with every key it does not set taken from `base`. A run that sets `size` or `textStyle`
    /// replaces both (they are two ways of saying the size); a run's own `size` keeps scaling with the label's
    /// `scalesWith` curve (without the label's `maximumPointSize`) unless it names its own or a `textStyle`.
    public func inheriting(from base: StyleDescription) -> StyleDescription {
        var merged = self
        merged.font = font ?? base.font
        if size == nil && textStyle == nil {
            merged.size = base.size; merged.textStyle = base.textStyle
            merged.scalesWith = scalesWith ?? base.scalesWith
            merged.maximumPointSize = maximumPointSize ?? base.maximumPointSize
        } else if textStyle == nil && scalesWith == nil {
            // The curve is the label's; its cap was for the label's own size, so the run has none.
            merged.scalesWith = base.scalesWith
        }
        merged.weight = weight ?? (textStyle == nil ? base.weight : nil)
        merged.italic = italic ?? base.italic
        merged.color = color ?? base.color
        // Points and a percentage are two ways of saying one length: a run that sets either replaces both.
        if letterSpacing == nil && letterSpacingPercent == nil {
            merged.letterSpacing = base.letterSpacing; merged.letterSpacingPercent = base.letterSpacingPercent
        }
        merged.variations = variations ?? base.variations
        merged.opticalSizing = opticalSizing ?? base.opticalSizing
        merged.features = features ?? base.features
        merged.kerning = kerning ?? base.kerning
        merged.ligatures = ligatures ?? base.ligatures
        merged.baselineOffset = baselineOffset ?? base.baselineOffset
        merged.underline = underline ?? base.underline
        merged.strikethrough = strikethrough ?? base.strikethrough
        merged.textCase = textCase ?? base.textCase
        merged.textSpacingTrim = textSpacingTrim ?? base.textSpacingTrim
        merged.language = language ?? base.language
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
        merged.marks = base.marks.merging(marks) { _, own in own }
        merged.mark = mark ?? base.mark
        return merged
    }
}

extension SceneDescription {
    /// True when some label's text changes with the content size category: its style (named or inline) or one
    /// of its runs' styles has a `textStyle` or `scalesWith`. Otherwise all 12 categories render alike.
    public var scalesWithContentSize: Bool {
        let named = Dictionary(styles.map { ($0.name, $0.style) }, uniquingKeysWith: { first, _ in first })
        func scales(_ reference: StyleReference?) -> Bool {
            let style: StyleDescription?
            switch reference {
            case .inline(let inline)?: style = inline
            case .named(let name, _)?: style = named[name]
            case nil: style = nil
            }
            return style?.textStyle != nil || style?.scalesWith != nil
        }
        func scales(_ children: [ElementDescription]) -> Bool {
            children.contains { child in
                switch child {
                case .label(let label):
                    if scales(label.style) { return true }
                    if case .runs(let runs) = label.text { return runs.contains { scales($0.style) } }
                    return false
                case .stack(let inner): return scales(inner.children)
                case .overlay(let overlay): return scales(overlay.children)
                default: return false
                }
            }
        }
        func scales(_ stack: StackDescription) -> Bool { scales(stack.children) }
        return scales(root)
    }
}
