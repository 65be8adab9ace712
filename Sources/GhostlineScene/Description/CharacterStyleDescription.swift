import GhostlineFonts
import GhostlineLayout
import GhostlineShaping

/// The character keys of a style as written, every one optional: what becomes a `TextStyle` (font, size, tracking,
/// decorations, colour, language). A run's own style may set any of them; what it leaves out comes from its label's.
public struct CharacterStyleDescription: Sendable {
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
    /// BCP 47. A character key because a run may be in another language than its label (glyph forms, fallback,
    /// casing); the paragraph's language, for line breaking, is the label's own style's.
    public var language: String?

    /// No key set.
    public init() {}

    /// The keys, in the order the README lists them; a run's inline style may have only these.
    public static let keys = ["font", "size", "textStyle", "scalesWith", "maximumPointSize", "weight", "italic",
                              "variations", "opticalSizing", "color", "letterSpacing", "kerning", "ligatures",
                              "features", "baselineOffset", "underline", "strikethrough", "textCase", "textSpacingTrim",
                              "language"]

    /// These keys with every one not set taken from `base`. A run that sets `size` or `textStyle` replaces both
    /// (they are two ways of saying the size); a run's own `size` keeps scaling with the label's `scalesWith` curve
    /// (without the label's `maximumPointSize`) unless it names its own or a `textStyle`.
    public func inheriting(from base: CharacterStyleDescription) -> CharacterStyleDescription {
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
        return merged
    }
}
