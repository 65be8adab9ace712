/// Layout lengths are in **points**; raster lengths are in **pixels**. A `Scale` converts between them.
///
/// Points are plain `Double`s named for their unit (`widthPoints`, `baselinePoints`, …) in APIs where the two
/// could be confused; pixel quantities live in the raster and image modules as `Int` (whole pixels) or as
/// `Double` named `…Pixels`. Keeping the conversion in one place makes the pixel-rounding rules (R2–R4) easy to
/// find and to audit.

/// The number of device pixels per point: 1, 2 or 3 on iPhones.
public struct Scale: Hashable, Sendable, CustomStringConvertible {
    /// Pixels per point along each axis (1, 2 or 3 for an iPhone's `@1x`, `@2x`, `@3x`).
    public let factor: Int

    /// Creates a scale of `factor` pixels per point.
    ///
    /// Scales outside 1...3 make no sense for an iOS design export and are rejected by the scene and CLI
    /// layers before one of these is created; here only a factor below 1 traps.
    public init(_ factor: Int) {
        precondition(factor >= 1, "scale must be at least 1")
        self.factor = factor
    }

    /// `@1x`: one pixel per point.
    public static let x1 = Scale(1)
    /// `@2x`: two pixels per point.
    public static let x2 = Scale(2)
    /// `@3x`: three pixels per point, the scene format's default.
    public static let x3 = Scale(3)

    /// ``factor`` as a `Double`, for arithmetic with lengths in points.
    public var value: Double { Double(factor) }

    /// Converts a length in points to pixels, exactly (no rounding).
    public func pixels(fromPoints points: Double) -> Double { points * value }
    /// Converts a length in pixels to points, exactly (no rounding).
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

    /// The scale as an asset suffix: `@1x`, `@2x`, `@3x`.
    public var description: String { "@\(factor)x" }
}
