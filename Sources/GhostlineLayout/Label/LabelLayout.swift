import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping

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
    /// ``missingScalars`` as code points (`U+1F600`, at least four hex digits): how the layout JSON and the review
    /// name them.
    public var missingCodePoints: [String] {
        missingScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
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

extension LabelLayouter {
    /// CSS's min-content width of a prepared label: its widest piece between two break opportunities, hanging
    /// spaces left out. `overflow-wrap: break-word` does not count (CSS Text 3: it is not considered for min-content
    /// sizes), nor do dictionary hyphenation points. A flex item in the css model shrinks no narrower than this
    /// (its automatic minimum, css-flexbox-1 §4.5).
    public static func minContentWidth(_ prepared: Prepared) -> Double {
        let paragraph = prepared.paragraph
        let scalars = paragraph.scalars
        var widest = 0.0, start = 0
        let ends = paragraph.analysis.breaks.filter { !$0.hyphenates }.map(\.offset) + [scalars.count]
        for end in ends where end > start {
            let visible = LineBreaker.trimmedEnd(scalars, start: start, end: end)
            if visible > start { widest = max(widest, paragraph.width(start, visible)) }
            start = end
        }
        return widest
    }
}
