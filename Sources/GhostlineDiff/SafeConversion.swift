/// Conversions from floating point to integers that cannot trap.
///
/// `Int(_:)` and `UInt32(_:)` stop the process on NaN, on infinity and on a value outside the integer's range, and
/// the numbers reaching this module come from files (a layout JSON's frame of x = 1e19, a scene's ignore box).
/// Every such conversion in the diff goes through here: the value is clamped *in floating point* to the range
/// the caller can use, and only then converted.
enum SafeConversion {
    /// `value` rounded by `rule`, clamped to `range`; NaN gives `range.lowerBound`.
    @inline(__always)
    static func index(_ value: Double, _ rule: FloatingPointRoundingRule, clampedTo range: ClosedRange<Int>) -> Int {
        let rounded = value.rounded(rule)
        guard rounded > Double(range.lowerBound) else { return range.lowerBound }   // also NaN
        guard rounded < Double(range.upperBound) else { return range.upperBound }
        return Int(rounded)
    }

    /// A channel value rounded to the nearest byte, 0…255; NaN gives 0.
    @inline(__always)
    static func byte(_ value: Float) -> UInt32 {
        guard value > 0 else { return 0 }          // also NaN
        guard value < 255 else { return 255 }
        return UInt32(value.rounded())
    }
}
