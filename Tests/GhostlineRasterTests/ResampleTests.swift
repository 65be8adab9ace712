@testable import GhostlineRaster
import Testing

/// `GlyphRasterizer.resample` scales colour-emoji strikes with per-axis tables and, when growing them, separably
/// (each source row across, then rows down). These tests hold both paths to the definition they replaced: each
/// target pixel's area-weighted sum over the source pixels it covers, worked out pixel by pixel. Shrinking gives its
/// bytes exactly; growing sums in another order, so a channel may round one step apart, and rarely.
@Suite("Emoji strike resampling")
struct ResampleTests {
    /// The definition, per target pixel (the code before the tables).
    static func reference(_ source: [UInt8], width: Int, height: Int, factor: Double, left: Double, top: Double) -> [UInt8] {
        let originX = left.rounded(.down), originY = top.rounded(.up)
        let outWidth = Int((left + Double(width) * factor - originX).rounded(.up))
        let outHeight = Int((originY - (top - Double(height) * factor)).rounded(.up))
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        for y in 0..<outHeight {
            let sy0 = (Double(y) - (originY - top)) / factor, sy1 = sy0 + 1 / factor
            for x in 0..<outWidth {
                let sx0 = (Double(x) - (left - originX)) / factor, sx1 = sx0 + 1 / factor
                var sum = (0.0, 0.0, 0.0, 0.0)
                var row = max(0, Int(sy0.rounded(.down)))
                while row < height && Double(row) < sy1 {
                    let wy = min(sy1, Double(row + 1)) - max(sy0, Double(row))
                    var column = max(0, Int(sx0.rounded(.down)))
                    while column < width && Double(column) < sx1 {
                        let w = wy * (min(sx1, Double(column + 1)) - max(sx0, Double(column)))
                        if w > 0 {
                            let i = (row * width + column) * 4
                            sum.0 += Double(source[i]) * w; sum.1 += Double(source[i + 1]) * w
                            sum.2 += Double(source[i + 2]) * w; sum.3 += Double(source[i + 3]) * w
                        }
                        column += 1
                    }
                    row += 1
                }
                let area = factor * factor
                func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v * area).rounded()))) }
                let o = (y * outWidth + x) * 4
                out[o] = byte(sum.0); out[o + 1] = byte(sum.1); out[o + 2] = byte(sum.2); out[o + 3] = byte(sum.3)
            }
        }
        return out
    }

    @Test(arguments: [0.2, 0.4, 0.75, 0.999, 1.0, 1.001, 1.3, 2.5, 7.35, 14.7])
    func bothPathsMatchTheDefinition(factor: Double) {
        var state: UInt64 = 99
        let width = 19, height = 17
        let source: [UInt8] = (0..<width * height * 4).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        for (left, top) in [(0.0, 0.0), (3.25, -7.5), (-2.6, 11.1), (0.999, 0.001)] {
            let bitmap = GlyphRasterizer.resample(source, width: width, height: height, factor: factor, left: left, top: top)
            let expected = Self.reference(source, width: width, height: height, factor: factor, left: left, top: top)
            guard let color = bitmap.color, color.count == expected.count else {
                Issue.record("factor \(factor): \(bitmap.color?.count ?? -1) bytes, the definition \(expected.count)")
                continue
            }
            let apart = zip(color, expected).filter { $0 != $1 }
            if factor < 1 {
                #expect(apart.isEmpty, "factor \(factor), left \(left), top \(top): \(apart.count) bytes differ")
            } else {
                #expect(apart.allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "factor \(factor): a channel more than one step apart")
                #expect(apart.count * 200 <= expected.count, "factor \(factor): \(apart.count) of \(expected.count) bytes differ")
            }
        }
    }
}
