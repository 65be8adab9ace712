/// Layout lengths are in **points**; raster lengths are in **pixels**. A `Scale` converts between them.
///
/// Points are plain `Double`s named for their unit (`widthPoints`, `baselinePoints`, …) in APIs where the two
/// could be confused; pixel quantities live in the raster and image modules as `Int` (whole pixels) or as
/// `Double` named `…Pixels`. Keeping the conversion in one place makes the pixel-rounding rules (R2–R4) easy to
/// find and to audit.

/// The number of device pixels per point: 1, 2 or 3 on iPhones.
public struct Scale: Hashable, Sendable, CustomStringConvertible {
    public let factor: Int

    /// Scales outside 1...4 make no sense for an iOS design export and are rejected by the scene and CLI
    /// layers before one of these is created.
    public init(_ factor: Int) {
        precondition(factor >= 1, "scale must be at least 1")
        self.factor = factor
    }

    public static let x1 = Scale(1)
    public static let x2 = Scale(2)
    public static let x3 = Scale(3)

    public var value: Double { Double(factor) }

    public func pixels(fromPoints points: Double) -> Double { points * value }
    public func points(fromPixels pixels: Double) -> Double { pixels / value }

    /// `ceil(points × scale) / scale`: the smallest length on the pixel grid that holds `points` (UIKit's
    /// rounding for label heights, R2).
    public func ceilToPixel(_ points: Double) -> Double { (points * value - Self.epsilon).rounded(.up) / value }
    /// `floor(points × scale) / scale`.
    public func floorToPixel(_ points: Double) -> Double { (points * value + Self.epsilon).rounded(.down) / value }
    /// `round(points × scale) / scale`, halves away from zero as C's `round` does.
    public func roundToPixel(_ points: Double) -> Double { (points * value).rounded(.toNearestOrAwayFromZero) / value }

    /// Whole pixels that hold `points`: `ceil(points × scale)`.
    public func ceilPixels(_ points: Double) -> Int { Int((points * value - Self.epsilon).rounded(.up)) }
    /// `round(points × scale)` in whole pixels.
    public func roundPixels(_ points: Double) -> Int { Int((points * value).rounded(.toNearestOrAwayFromZero)) }

    /// Font-unit arithmetic in Double can land a hair above an exact pixel (e.g. 24.000000000000004 px); such a
    /// value must not be ceiled to the next pixel. One millionth of a pixel is far below anything visible.
    static let epsilon = 1e-6

    public var description: String { "@\(factor)x" }
}
