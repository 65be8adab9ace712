import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping

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

/// Where the anchors of a label sit, in points from its frame's top (used by stacks, gaps and debug overlays).
public struct LabelAnchors: Hashable, Sendable {
    /// The first line's baseline, in points below the frame's top; on the pixel grid in the uikit model (R3).
    public var firstBaseline: Double
    /// The last line's baseline, in points below the frame's top; equal to ``firstBaseline`` for one line.
    public var lastBaseline: Double
    /// Top of the capitals on the first line (R4).
    public var capHeight: Double
    /// Top and bottom of the x-height band on the first line.
    public var xHeightTop: Double
    /// The bottom of the x-height band: the first baseline.
    public var xHeightBottom: Double
    /// The middle of the x-height band: what a stack aligned `xHeightCenter` centres on the other views (R12).
    public var xHeightCenter: Double { (xHeightTop + xHeightBottom) / 2 }
}

/// A label laid out at a width: its size, lines and anchors.
public struct LabelLayout: Sendable {
    /// The frame's size in points: the box width it was laid out at (the ``intrinsicWidth`` when unconstrained), and
    /// its height by the model's rules (R2, R7, R9 for the uikit model).
    public var size: Size
    /// The lines shown, top to bottom; at most `numberOfLines` of them, and one empty line for an empty text.
    public var lines: [LabelLine]
    /// Baselines, cap height and x-height band for stacks, gaps and debug overlays.
    public var anchors: LabelAnchors
    /// The label's own font at its size (the base style), in the model's metrics: R1–R12 start from it.
    public var metrics: FontMetrics
    /// The label's own (base style) font.
    public var font: Font
    /// The outer padding above the first line in the `padded` strategy (R7), 0 otherwise.
    public var paddingTop: Double
    /// The natural width of the longest line, rounded up to the pixel grid (a label's intrinsic width).
    public var intrinsicWidth: Double
    /// The face the label's style asked for when ``font`` only stands in for it (a family without that weight or
    /// slant); nil when the font is the face asked for.
    public var requestedFace: RequestedFace? = nil
    /// The OpenType features the label's own style set; empty when it sets none.
    public var features: [ShapingFeature] = []
    /// Characters no font of the cascade has a glyph for (each once, in order of appearance): they draw as
    /// .notdef boxes.
    public var missingScalars: [Unicode.Scalar] = []
    /// The direction of the label's first paragraph.
    public var direction: TextDirection = .leftToRight
    /// The share of every run's size the text is drawn at: below 1 when an autoshrinking label shrank its font to fit
    /// (``Autoshrink``), 1 otherwise. ``metrics``, the runs' sizes and the anchors are those of the drawn text.
    public var fontScale: Double = 1
    /// True when the label may shrink or tighten its text (``Autoshrink`` in a model that applies it), whether or not
    /// it had to: the layout JSON then gives ``fontScale`` and ``tightening``.
    public var autoshrinks: Bool = false
    /// Points taken off the spacing after every character when a single line was tightened instead of truncated
    /// (``Autoshrink/allowsDefaultTighteningForTruncation``); 0 otherwise.
    public var tightening: Double = 0
    /// True when a line was truncated (UILabel's text did not fit in `numberOfLines`).
    public var truncated: Bool { lines.contains(where: \.truncated) }
}
