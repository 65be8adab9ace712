import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping

// What a laid-out line is made of: glyphs placed on it, runs of one font and style, decorations, and the line
// itself. Line assembly (this stage) builds them; placing and the label stage only read them.

/// A glyph placed on a line: `x` from the line's left edge, `y` the offset from the baseline (y up).
public struct PositionedGlyph: Hashable, Sendable {
    /// Glyph index in the drawing run's font (0 is .notdef, drawn as a box).
    public var glyph: UInt32
    /// Pen position in points from the line's left edge, HarfBuzz's x offset included.
    public var x: Double
    /// Offset from the baseline in points, y up (HarfBuzz's y offset, e.g. for a mark stacked above its base).
    public var y: Double
    /// The scalar (of the label's whole text) the glyph's cluster starts at.
    public var cluster: Int
}

/// An underline or strikethrough of a run: its top edge `offset` points below the baseline (negative = above)
/// and its thickness, both from the run's font (`post` and `OS/2`), and how it is drawn (``style``), worked out
/// into ``strokes`` and ``dashes`` so the raster and the layout JSON draw and report the same lines.
public struct TextDecoration: Hashable, Sendable {
    /// One horizontal band of a decoration: its top edge in points below the baseline (negative = above) and its
    /// thickness in points (drawn at least one pixel thick).
    public struct Stroke: Hashable, Sendable {
        public var offset: Double
        public var thickness: Double
    }

    /// Distance in points from the baseline to the font's decoration top edge: positive below the baseline (an
    /// underline), negative above it (a strikethrough).
    public var offset: Double
    /// The font's decoration thickness in points.
    public var thickness: Double
    /// Line weight, count, pattern and colour; `single` solid in the text colour by default.
    public var style: TextDecorationStyle = .single
    /// The bands drawn. An underline keeps its top edge where the font puts it and grows downwards (`thick` is
    /// one band of twice the thickness, `double` two bands with a thickness between); a strikethrough stays
    /// centred on the font's strikeout line.
    public var strokes: [Stroke] = []
    /// On and off lengths in points along each stroke, starting with ink (``TextDecorationStyle/dashes(thickness:)``
    /// of the stroke's thickness); empty = solid.
    public var dashes: [Double] = []
    /// True when every stroke's offset is a whole number of device pixels to add to the baseline's rounded pixel
    /// (Blink rounds the text box's top first, then places the line in it); false when the raster rounds the
    /// baseline plus the offset (the font's own lines).
    public var anchoredToBaselinePixel = false

    /// The decoration `style` of a font's line at `offset` and `thickness`; `centred` keeps a strikethrough's bands
    /// centred on the font's line.
    public init(offset: Double, thickness: Double, style: TextDecorationStyle = .single, centred: Bool = false) {
        self.offset = offset; self.thickness = thickness; self.style = style
        let t = thickness
        switch style.line {
        case .single: strokes = [Stroke(offset: offset, thickness: t)]
        case .thick: strokes = [Stroke(offset: centred ? offset - t / 2 : offset, thickness: 2 * t)]
        case .double:
            let top = centred ? offset - t : offset
            strokes = [Stroke(offset: top, thickness: t), Stroke(offset: top + 2 * t, thickness: t)]
        }
        dashes = style.dashes(thickness: strokes[0].thickness)
    }

    /// Blink's decoration (``DecorationPlacement/blink``): bands `thickness` device pixels thick whose tops are
    /// `tops` whole device pixels from the baseline's rounded pixel, stored in points (divided by `scale`).
    init(wholePixelTops tops: [Double], thickness: Double, scale: Double, style: TextDecorationStyle) {
        self.offset = tops[0] / scale; self.thickness = thickness / scale; self.style = style
        strokes = tops.map { Stroke(offset: $0 / scale, thickness: thickness / scale) }
        dashes = style.dashes(thickness: strokes[0].thickness)
        anchoredToBaselinePixel = true
    }
}

/// Glyphs of one font, size, style and direction on one line, in visual order: what the renderer draws in one
/// go and what the layout JSON lists per line.
public struct GlyphRun: Sendable {
    /// Scalars of the label's text it draws; an inserted ellipsis or hyphen has `start == end`.
    public var start: Int
    /// End (exclusive) of the scalars the run draws.
    public var end: Int
    /// Left edge from the line's left edge, and advance width, in points.
    public var x: Double
    /// The run's advance width in points, letter spacing and justification included.
    public var width: Double
    /// The font the glyphs come from: the style's own, or one the fallback cascade chose.
    public var font: Font
    /// The font size in points.
    public var pointSize: Double
    /// The run's direction from its bidi level; glyphs are in visual order either way.
    public var direction: TextDirection
    /// True when the cascade chose this font because the style's own font lacks the characters.
    public var isFallback: Bool
    /// Synthetic bold or italic the raster applies: a fallback face without the style's weight or slant, drawn as
    /// Blink draws it (``FontSynthesis``). Empty for the style's own font.
    public var synthesis: FontSynthesis
    /// The run's colour, from its style; the renderer resolves it.
    public var paint: PaintID
    /// Points the glyphs are raised above the line's baseline.
    public var baselineOffset: Double
    /// The underline to draw under the run, nil when the style has none.
    public var underline: TextDecoration?
    /// The line to draw through the run, nil when the style has none.
    public var strikethrough: TextDecoration?
    /// x from the line's left edge.
    public var glyphs: [PositionedGlyph]
    /// The OpenType features the run's style set (CSS `font-feature-settings`), for the layout JSON; empty when the
    /// style sets none.
    public var features: [ShapingFeature] = []
    /// Points the font's tracking table (`trak`) added after every cluster of the run, when the model applies it
    /// (``FontTracking``); 0 otherwise. Letter spacing is not included.
    public var tracking: Double = 0
}

/// One laid-out line of a label. Lengths in points, relative to the label's frame (y down from its top).
public struct LabelLine: Sendable {
    /// Scalar offsets of the label's text: `start..<end` tiles the text (trailing spaces and terminators
    /// included); `visibleEnd` ends the drawn part.
    public var start: Int
    /// End (exclusive) of the scalars the line holds, trailing spaces and its line terminator included.
    public var end: Int
    /// End (exclusive) of the scalars the line draws: ``end`` less the trailing white space and terminator.
    public var visibleEnd: Int
    /// Left edge of the line's first glyph, from the frame's left edge.
    public var x: Double
    /// Advance width of the drawn part.
    public var width: Double
    /// Baseline, from the frame's top.
    public var baseline: Double
    /// The runs in visual order, left to right.
    public var runs: [GlyphRun]
    /// The tallest ascender and deepest descender (> 0, below the baseline) among the fonts drawn on the line,
    /// in the model's metrics: where the line's ink can reach.
    public var ascent: Double
    /// See ``ascent``: the depth below the baseline, positive.
    public var descent: Double
    /// True when the line was cut short with an ellipsis (or clipped by `numberOfLines`).
    public var truncated: Bool
    /// The text the line shows, in logical order: its drawn scalars, with an ellipsis where truncation put one
    /// and the hyphen a soft hyphen shows at a break (trailing spaces and the newline left out).
    public var text: String = ""
    /// `start` and `end` in UTF-16 code units of the label's text, as NSRange counts (an emoji outside the Basic
    /// Multilingual Plane is two).
    public var utf16Start: Int = 0
    /// ``end`` in UTF-16 code units (see ``utf16Start``).
    public var utf16End: Int = 0

    /// Every glyph of the line, left to right, x from the line's left edge.
    public var glyphs: [PositionedGlyph] { runs.flatMap(\.glyphs) }
}
