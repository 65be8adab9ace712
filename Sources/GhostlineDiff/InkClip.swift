import GhostlineGeometry

/// The shape a label's ink is looked for in: the inside of the fill the label sits on (its own background, the
/// button, bubble, field or cell that holds it), a rounded rectangle in **points**.
///
/// Why: a line's band reaches past the label (a whole line above and below, 2 pt to each side) so that text that
/// moved still lands in it. On a button, a chip or a text field that band crosses the shape's edges: anti-aliased
/// rows where the fill meets the page, rounded corners, a border. Those pixels are neither the fill nor the page,
/// so they read as ink, and a full-width edge row is the densest "text" row of all: the shape is measured instead
/// of its title. When the page has the text's colour (white text on a blue button on a white page) no colour
/// test can tell an edge from a glyph; where the pixel lies can. Pixels outside the clip are never ink.
public struct InkClip: Sendable, Hashable {
    /// The rounded rectangle's frame, in points.
    public var frame: Rect
    /// Its corner radius in points, at most half the shorter side (as drawn).
    public var cornerRadius: Double

    /// A clip of `frame` with rounded corners; the radius is capped at half the shorter side, as shapes are drawn.
    public init(frame: Rect, cornerRadius: Double = 0) {
        self.frame = frame
        self.cornerRadius = max(0, min(cornerRadius, min(frame.width, frame.height) / 2))
    }

    /// The clip moved `inset` points in from every edge, corners following (their radius shrinks by as much); nil
    /// when nothing is left.
    public func inset(by inset: Double) -> InkClip? {
        let width = frame.width - 2 * inset, height = frame.height - 2 * inset
        guard width > 0, height > 0, inset.isFinite else { return nil }
        return InkClip(frame: Rect(x: frame.x + inset, y: frame.y + inset, width: width, height: height),
                       cornerRadius: max(0, cornerRadius - inset))
    }

    /// The image columns of pixel row `row` whose centres lie inside the clip at `scale`, within `0..<limit`;
    /// empty when the row's centre is outside it.
    func columns(row: Int, scale: Scale, limit: Int) -> Range<Int> {
        let top = scale.pixels(fromPoints: frame.y), bottom = scale.pixels(fromPoints: frame.y + frame.height)
        let left = scale.pixels(fromPoints: frame.x), right = scale.pixels(fromPoints: frame.x + frame.width)
        let radius = scale.pixels(fromPoints: cornerRadius)
        let centre = Double(row) + 0.5
        guard centre >= top, centre <= bottom else { return 0..<0 }
        // How far into a corner's square the row lies, and so how much the arc takes from each end of the row.
        let into = centre < top + radius ? top + radius - centre : (centre > bottom - radius ? centre - (bottom - radius) : 0)
        let taken = into > 0 ? radius - (radius * radius - into * into).squareRoot() : 0
        // Pixel x's centre x + 0.5 must lie in [left + taken, right − taken].
        let first = SafeConversion.index(left + taken - 0.5, .up, clampedTo: 0...limit)
        let last = SafeConversion.index(right - taken - 0.5, .down, clampedTo: -1...limit - 1)
        return first <= last ? first..<last + 1 : 0..<0
    }
}
