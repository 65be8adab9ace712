import GhostlineGeometry

/// A shape drawn behind an element's frame: a fill with rounded corners and an optional border inside the frame,
/// as `UIView.backgroundColor` with `layer.cornerRadius` and `layer.borderWidth` (drawn inside the bounds), or CSS
/// `background` with `border-radius` and a border in the border box. Layout only carries it to the element; the
/// renderer paints it.
public struct Background: Sendable, Hashable {
    /// The fill, resolved by the renderer.
    public var paint: PaintID
    /// Corner radius in points, capped at half the shorter side when drawn.
    public var cornerRadius: Double
    /// The border drawn inside the frame, over the fill; nil for none.
    public var border: Border?

    /// Creates a background; square corners and no border unless given.
    public init(paint: PaintID, cornerRadius: Double = 0, border: Border? = nil) {
        self.paint = paint; self.cornerRadius = cornerRadius; self.border = border
    }
}

/// A border: on each side that has one, a band `width` points wide inside the frame's edge, following its rounded
/// corners. Each side has its own width and colour (a cell's top hairline is one side); where two sides of different
/// colours meet, the corner is split on the line from the outer corner to the inner one, as CSS draws it. It never
/// changes a size: like a CALayer's border, and a design tool's inside stroke, it is drawn over the frame.
public struct Border: Sendable, Hashable {
    /// One side's band.
    public struct Side: Sendable, Hashable {
        /// The band's width in points.
        public var width: Double
        /// Its colour, resolved by the renderer.
        public var paint: PaintID
        public init(width: Double, paint: PaintID) { self.width = width; self.paint = paint }
    }
    /// The band along the top edge; nil for none.
    public var top: Side?
    /// The band along the leading edge (the left one left to right, the right one right to left); nil for none.
    public var leading: Side?
    /// The band along the bottom edge; nil for none.
    public var bottom: Side?
    /// The band along the trailing edge; nil for none.
    public var trailing: Side?

    /// The same band on all four sides.
    public init(width: Double, paint: PaintID) {
        let side = Side(width: width, paint: paint)
        top = side; leading = side; bottom = side; trailing = side
    }

    /// A band on the sides given, none on the others.
    public init(top: Side? = nil, leading: Side? = nil, bottom: Side? = nil, trailing: Side? = nil) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    /// The side when all four are the same band, else nil: a uniform border is drawn (and written) as one.
    public var uniform: Side? {
        guard let top, leading == top, bottom == top, trailing == top else { return nil }
        return top
    }

    /// The widest side's width (0 for none): how far in from the frame content is clear of every band.
    public var widest: Double { [top, leading, bottom, trailing].compactMap { $0?.width }.max() ?? 0 }
}

/// Where an overlay puts a child smaller than itself (SwiftUI's `Alignment`).
public enum OverlayAlignment: String, Sendable, Codable, CaseIterable {
    case center, top, bottom, leading, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing

    /// 0 (leading), ½ or 1 (trailing) across, and 0 (top), ½ or 1 (bottom) down.
    var fractions: (x: Double, y: Double) {
        switch self {
        case .center: return (0.5, 0.5)
        case .top: return (0.5, 0)
        case .bottom: return (0.5, 1)
        case .leading: return (0, 0.5)
        case .trailing: return (1, 0.5)
        case .topLeading: return (0, 0)
        case .topTrailing: return (1, 0)
        case .bottomLeading: return (0, 1)
        case .bottomTrailing: return (1, 1)
        }
    }
}

/// Children laid in one frame, each aligned in it and drawn in order, the later over the earlier (SwiftUI's
/// `ZStack`). Its size is its largest child's (children without a width of their own, such as a box without one,
/// take the overlay's), within its own size constraints.
public struct OverlayNode: Sendable {
    /// The overlay's id; nil gets a generated one (`overlay1`, …).
    public var id: String?
    /// Where children smaller than the overlay go.
    public var alignment: OverlayAlignment
    /// Required size constraints; none by default.
    public var size: SizeConstraints = .none
    /// Drawn behind the overlay's frame, before its children.
    public var background: Background?
    /// Its share of the stack's leftover room or shortfall, and its own cross-axis alignment; the stack decides
    /// by default.
    public var flex = FlexOptions()
    /// In a `stack: absolute`, where its frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// The design document's object id it was imported from, carried into the layout JSON; nil when none.
    public var sourceID: String?
    /// The children, in drawing order.
    public var children: [LayoutNode]

    public init(id: String? = nil, alignment: OverlayAlignment = .center, children: [LayoutNode]) {
        self.id = id; self.alignment = alignment; self.children = children
    }
}

extension LabelLayout {
    /// This layout inside `padding`: the frame grows by the insets, and lines and anchors move in by the top and
    /// the left inset (leading is the right edge right to left).
    func padded(_ padding: EdgeInsets, rightToLeft: Bool) -> LabelLayout {
        var copy = shifted(dx: rightToLeft ? padding.trailing : padding.leading, dy: padding.top)
        copy.size.width += padding.horizontal
        copy.size.height += padding.vertical
        copy.intrinsicWidth += padding.horizontal
        return copy
    }
}
