import GhostlineLayout

/// `background:` as written: a fill with rounded corners and an optional border inside the frame.
public struct BackgroundDescription: Sendable {
    /// The fill.
    public var color: SceneColor
    /// Corner radius in points; 0 by default.
    public var cornerRadius: Double
    /// `border:`: a band inside the frame's edge on every side (`{ width, color }`) or on the sides named; nil for
    /// none.
    public var border: BorderDescription?
    /// Where it was written, for errors about its colours.
    public var mark: SourceMark?

    /// Creates a background: a fill, square corners and no border unless given.
    public init(color: SceneColor, cornerRadius: Double = 0, border: BorderDescription? = nil,
                mark: SourceMark? = nil) {
        self.color = color; self.cornerRadius = cornerRadius; self.border = border; self.mark = mark
    }
}


/// `border:` as written: `{ width, color }` for the same band on all four sides, or `{ top: { width, color }, … }`
/// for the sides named (a cell's top hairline, a tab bar's top edge). Leading and trailing follow the layout
/// direction, as padding's do.
public struct BorderDescription: Sendable {
    /// One side's band.
    public struct Side: Sendable {
        /// Its width in points, 0 to 1000.
        public var width: Double
        /// Its colour.
        public var color: SceneColor
        public init(width: Double, color: SceneColor) { self.width = width; self.color = color }
    }
    /// The band along the top edge; nil for none.
    public var top: Side?
    /// The band along the leading edge; nil for none.
    public var leading: Side?
    /// The band along the bottom edge; nil for none.
    public var bottom: Side?
    /// The band along the trailing edge; nil for none.
    public var trailing: Side?

    /// The same band on all four sides (`border: { width, color }`).
    public init(width: Double, color: SceneColor) {
        let side = Side(width: width, color: color)
        top = side; leading = side; bottom = side; trailing = side
    }

    /// The same side on all four sides.
    public init(all side: Side) { top = side; leading = side; bottom = side; trailing = side }

    /// Bands on the sides given (`border: { top: { width, color } }`).
    public init(top: Side? = nil, leading: Side? = nil, bottom: Side? = nil, trailing: Side? = nil) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    /// The side keys of the per-side form, in the order the docs list them.
    public static let sideKeys = ["top", "leading", "bottom", "trailing"]
}
