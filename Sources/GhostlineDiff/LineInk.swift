/// The input and output of `TextGeometry`: a line's band from layout, and where its ink was found.

/// The band of the canvas a line of text owns, from layout, in **points** (y down from the canvas top).
/// Ink is only looked for inside it, so neighbouring lines and labels don't leak into the measurement.
public struct LineBand: Hashable, Sendable {
    /// The label the line belongs to, carried through to the result for the report.
    public var id: String
    /// 0 for the label's first line.
    public var lineIndex: Int
    public var top: Double
    public var bottom: Double
    public var left: Double
    public var right: Double

    public init(id: String, lineIndex: Int, top: Double, bottom: Double, left: Double, right: Double) {
        self.id = id; self.lineIndex = lineIndex
        self.top = top; self.bottom = bottom; self.left = left; self.right = right
    }
}

/// Where the ink of one line is, in **points** in the image's coordinate space (y down). Edges are pixel
/// boundaries divided by the scale; the baseline and x-height line may fall between pixel boundaries (see
/// `TextGeometry` for the sub-pixel step).
public struct LineInk: Hashable, Sendable {
    public var id: String
    public var lineIndex: Int
    /// Top edge of the topmost row with ink (ascenders, capitals, accents).
    public var inkTop: Double
    /// Bottom edge of the lowest row with ink (descenders, if the line has any).
    public var inkBottom: Double
    public var inkLeft: Double
    public var inkRight: Double
    /// The bottom of the non-descending glyphs: where the text sits.
    public var baseline: Double
    /// The top of the line's dense body: the x-height line for mixed-case text, the cap-height line for text
    /// in capitals or figures only. Compare it between design and render, not with a font metric (which one it
    /// is depends on the text).
    public var xHeightLine: Double
    /// Sum of the ink coverage in the band, in square pixels (≈ how many pixels of solid ink).
    public var inkArea: Double

    public init(id: String, lineIndex: Int, inkTop: Double, inkBottom: Double, inkLeft: Double, inkRight: Double,
                baseline: Double, xHeightLine: Double, inkArea: Double) {
        self.id = id; self.lineIndex = lineIndex
        self.inkTop = inkTop; self.inkBottom = inkBottom; self.inkLeft = inkLeft; self.inkRight = inkRight
        self.baseline = baseline; self.xHeightLine = xHeightLine; self.inkArea = inkArea
    }
}
