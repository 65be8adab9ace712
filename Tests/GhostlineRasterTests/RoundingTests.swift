@testable import GhostlineRaster
import Testing

/// `roundedHalfAway` replaces `Double.rounded()` where images are scaled; the bytes stay the same only if it
/// rounds exactly as the standard library does, halves and the values just beside them included.
@Suite("Rounding without libm")
struct RoundingTests {
    @Test func agreesWithTheStandardLibrary() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 254.5, 255.49999999999997, 0.49999999999999994,
                                -0.49999999999999994, 1e15 + 0.5, -(1e15 + 0.5), 4503599627370495.5]
        for whole in stride(from: -300.0, through: 300.0, by: 1) {
            for offset in [0.5, 0.5.nextUp, 0.5.nextDown, 0.25, 0.75, 0.999999] { values += [whole + offset, whole - offset] }
        }
        var state: UInt64 = 12345
        for _ in 0..<100_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            values.append(Double(Int64(bitPattern: state) >> 20) / 65536)
        }
        for value in values {
            #expect(roundedHalfAway(value) == value.rounded(), "\(value)")
        }
    }
}
