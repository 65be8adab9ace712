import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping

/// A glyph placed on a line: `x` from the line's left edge, `y` the offset from the baseline (y up).
public struct PositionedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    public var x: Double
    public var y: Double
    /// The scalar (of the label's whole text) the glyph's cluster starts at.
    public var cluster: Int
}

/// An underline or strikethrough of a run: its top edge `offset` points below the baseline (negative = above)
/// and its thickness, both from the run's font (`post` and `OS/2`).
public struct TextDecoration: Hashable, Sendable {
    public var offset: Double
    public var thickness: Double
}

/// Glyphs of one font, size, style and direction on one line, in visual order: what the renderer draws in one
/// go and what the layout JSON lists per line.
public struct GlyphRun: Sendable {
    /// Scalars of the label's text it draws; an inserted ellipsis or hyphen has `start == end`.
    public var start: Int
    public var end: Int
    /// Left edge from the line's left edge, and advance width, in points.
    public var x: Double
    public var width: Double
    public var font: Font
    public var pointSize: Double
    public var direction: TextDirection
    /// True when the cascade chose this font because the style's own font lacks the characters.
    public var isFallback: Bool
    public var paint: PaintID
    /// Points the glyphs are raised above the line's baseline.
    public var baselineOffset: Double
    public var underline: TextDecoration?
    public var strikethrough: TextDecoration?
    /// x from the line's left edge.
    public var glyphs: [PositionedGlyph]
}

/// One laid-out line of a label. Lengths in points, relative to the label's frame (y down from its top).
public struct LabelLine: Sendable {
    /// Scalar offsets of the label's text: `start..<end` tiles the text (trailing spaces and terminators
    /// included); `visibleEnd` ends the drawn part.
    public var start: Int
    public var end: Int
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
    public var descent: Double
    /// True when the line was cut short with an ellipsis (or clipped by `numberOfLines`).
    public var truncated: Bool
    /// The text the line shows, in logical order: its drawn scalars, with an ellipsis where truncation put one
    /// and the hyphen a soft hyphen shows at a break (trailing spaces and the newline left out).
    public var text: String = ""
    /// `start` and `end` in UTF-16 code units of the label's text, as NSRange counts (an emoji outside the Basic
    /// Multilingual Plane is two).
    public var utf16Start: Int = 0
    public var utf16End: Int = 0

    /// Every glyph of the line, left to right, x from the line's left edge.
    public var glyphs: [PositionedGlyph] { runs.flatMap(\.glyphs) }
}

/// Where the anchors of a label sit, in points from its frame's top (used by stacks, gaps and debug overlays).
public struct LabelAnchors: Hashable, Sendable {
    public var firstBaseline: Double
    public var lastBaseline: Double
    /// Top of the capitals on the first line (R4).
    public var capHeight: Double
    /// Top and bottom of the x-height band on the first line.
    public var xHeightTop: Double
    public var xHeightBottom: Double
    public var xHeightCenter: Double { (xHeightTop + xHeightBottom) / 2 }
}

/// A label laid out at a width: its size, lines and anchors.
public struct LabelLayout: Sendable {
    public var size: Size
    public var lines: [LabelLine]
    public var anchors: LabelAnchors
    /// The label's own font at its size (the base style), in the model's metrics: R1–R12 start from it.
    public var metrics: FontMetrics
    /// The label's own (base style) font.
    public var font: Font
    /// The outer padding above the first line in the `padded` strategy (R7), 0 otherwise.
    public var paddingTop: Double
    /// The natural width of the longest line, rounded up to the pixel grid (a label's intrinsic width).
    public var intrinsicWidth: Double
    /// Characters no font of the cascade has a glyph for (each once, in order of appearance): they draw as
    /// .notdef boxes.
    public var missingScalars: [Unicode.Scalar] = []
    /// The direction of the label's first paragraph.
    public var direction: TextDirection = .leftToRight
    /// True when a line was truncated (UILabel's text did not fit in `numberOfLines`).
    public var truncated: Bool { lines.contains(where: \.truncated) }
}
