/// A point in layout space: points, y grows downward from the canvas top (UIKit view coordinates).
public struct Point: Hashable, Sendable, Codable {
    /// Horizontal position in points, growing rightward from the left edge of the containing coordinate space.
    public var x: Double
    /// Vertical position in points, growing downward from the top edge (not up from the baseline, as font tables
    /// measure).
    public var y: Double
    /// Creates a point from coordinates in points, y down.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin: the top-left corner of the canvas or container.
    public static let zero = Point(x: 0, y: 0)
}

/// A size in points.
public struct Size: Hashable, Sendable, Codable {
    /// Horizontal extent in points; never negative in a layout Ghostline produces.
    public var width: Double
    /// Vertical extent in points; never negative in a layout Ghostline produces.
    public var height: Double
    /// Creates a size from a width and a height in points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// A size with no width and no height.
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle in points, y down (UIKit's `CGRect` in a view).
public struct Rect: Hashable, Sendable, Codable {
    /// Left edge in points.
    public var x: Double
    /// Top edge in points, y down.
    public var y: Double
    /// Width in points, unrounded: a frame is snapped to the pixel grid by the layout rules that produce it, not here.
    public var width: Double
    /// Height in points, unrounded.
    public var height: Double

    /// Creates a rectangle from its top-left corner and its size, all in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The left edge, `x`.
    public var minX: Double { x }
    /// The top edge, `y` (the smallest y, since y grows downward).
    public var minY: Double { y }
    /// The right edge, `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge, `y + height`.
    public var maxY: Double { y + height }
    /// The horizontal centre, `x + width / 2`.
    public var midX: Double { x + width / 2 }
    /// The vertical centre, `y + height / 2`.
    public var midY: Double { y + height / 2 }

    /// The same rectangle moved by `dx` points right and `dy` points down; the size is unchanged.
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}

/// Insets in points, named as UIKit's `NSDirectionalEdgeInsets`: leading and trailing swap sides when a stack
/// lays out right to left.
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// Inset from the top edge, in points.
    public var top: Double
    /// Inset from the leading edge, in points: the left edge left to right, the right edge right to left.
    public var leading: Double
    /// Inset from the bottom edge, in points.
    public var bottom: Double
    /// Inset from the trailing edge, in points: the right edge left to right, the left edge right to left.
    public var trailing: Double

    /// Creates insets from four edges in points; an edge left out is 0.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// Creates insets with the same value, in points, on all four edges.
    public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }
    /// No insets.
    public static let zero = EdgeInsets()
    /// The insets along the horizontal axis together, `leading + trailing`: how much narrower the content is than the
    /// frame.
    public var horizontal: Double { leading + trailing }
    /// The insets along the vertical axis together, `top + bottom`: how much shorter the content is than the frame.
    public var vertical: Double { top + bottom }
}
