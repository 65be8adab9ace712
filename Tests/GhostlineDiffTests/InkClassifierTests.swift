import GhostlineGeometry
import GhostlineImage
import Testing
@testable import GhostlineDiff

/// `TextGeometry.inkWindow` classifies pixels through a remembered table (`InkClassifier`) and steps over pairs of
/// background pixels. Both are shortcuts that must not change a single value: here every pixel of noisy images is
/// checked against a classifier that has never seen another pixel, so nothing can come from the table.
@Suite("Ink classification: the remembered table and the background skip change nothing")
struct InkClassifierTests {
    /// A deterministic generator (SplitMix64), so a failure names the same pixel on every run.
    struct SplitMix { var state: UInt64; mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    } }

    /// 5,000 distinct colours (five per table slot, so slots are overwritten all the time), background runs of
    /// odd and even lengths starting at odd and even columns, and some pixels equal to the background but for alpha.
    static func noisyImage(width: Int, height: Int, background: Color, seed: UInt64) -> RGBAImage {
        var random = SplitMix(state: seed)
        let palette = (0..<5000).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        var image = RGBAImage(width: width, height: height)
        let bg = [background.red, background.green, background.blue, background.alpha]
        var x = 0
        while x < width * height {
            let run = Int(random.next() % 7)
            switch random.next() % 3 {
            case 0:
                for i in x..<min(x + run, width * height) { image.pixels.replaceSubrange(i * 4..<i * 4 + 4, with: bg) }
            case 1:
                var p = palette[Int(random.next() % 5000)]
                if random.next() % 4 == 0 { p = background.packed & 0x00FF_FFFF | (p & 0xFF00_0000) }
                for i in x..<min(x + run, width * height) {
                    image.pixels.replaceSubrange(i * 4..<i * 4 + 4, with: [UInt8(p & 0xFF), UInt8(p >> 8 & 0xFF),
                                                                          UInt8(p >> 16 & 0xFF), UInt8(p >> 24)])
                }
            default:
                let p = palette[Int(random.next() % 5000)] | 0xFF00_0000
                for i in x..<min(x + run, width * height) {
                    image.pixels.replaceSubrange(i * 4..<i * 4 + 4, with: [UInt8(p & 0xFF), UInt8(p >> 8 & 0xFF),
                                                                          UInt8(p >> 16 & 0xFF), 255])
                }
            }
            x += max(run, 1)
        }
        return image
    }

    @Test("every pixel's coverage equals a fresh classification", arguments: [
        Color(red: 255, green: 255, blue: 255, alpha: 255), Color(red: 28, green: 28, blue: 30, alpha: 255),
        Color(red: 0, green: 0, blue: 0, alpha: 0),
    ])
    func windowMatchesFreshClassification(background: Color) throws {
        let image = Self.noisyImage(width: 301, height: 120, background: background, seed: UInt64(background.packed))
        let geometry = TextGeometry(scale: .x1, background: background)
        // An odd left edge and an odd width, so the pairs the skip reads straddle both ends.
        let region = LineBand(id: "noise", lineIndex: 0, top: 3, bottom: 117, left: 7, right: 298)
        let window = try #require(geometry.inkWindow(region, in: image))
        #expect(window.left == 7 && window.columns == 291 && window.top == 3 && window.rows == 114)
        var inkPixels = 0
        for y in 0..<window.rows {
            var rowInk: Float = 0, rowPixels = 0, first = -1, last = -1
            for x in 0..<window.columns {
                let i = ((window.top + y) * image.width + window.left + x) * 4
                let p = UInt32(image.pixels[i]) | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2]) << 16
                    | UInt32(image.pixels[i + 3]) << 24
                let expected = InkClassifier(geometry).coverage(p)
                let got = window.coverage[y * window.columns + x]
                guard got == expected else {
                    Issue.record("pixel (\(window.left + x), \(window.top + y)) = \(String(p, radix: 16)): \(got), fresh \(expected)")
                    return
                }
                if expected >= 0 {
                    rowInk += expected; rowPixels += 1
                    if first < 0 { first = x }
                    last = x
                }
            }
            #expect(window.rowInk[y] == rowInk && window.rowPixels[y] == rowPixels)
            #expect(window.rowFirstColumn[y] == first && window.rowLastColumn[y] == last)
            inkPixels += rowPixels
        }
        // The noise really mixes ink and not-ink, so both branches were exercised.
        #expect(inkPixels > 1000 && inkPixels < window.rows * window.columns - 1000)
    }

    /// A window made without its pixels keeps the same row sums, and a band narrower than it (which needs pixels)
    /// measures the same as with a full window or none.
    @Test func windowWithoutPixelsMeasuresTheSame() throws {
        let background = Color(red: 255, green: 255, blue: 255, alpha: 255)
        let image = Self.noisyImage(width: 240, height: 90, background: background, seed: 42)
        let geometry = TextGeometry(scale: .x1, background: background)
        let region = LineBand(id: "noise", lineIndex: 0, top: 2, bottom: 88, left: 5, right: 231)
        let full = try #require(geometry.inkWindow(region, in: image))
        let rows = try #require(geometry.inkWindow(region, in: image, keepingPixels: false))
        #expect(rows.coverage.isEmpty && full.coverage.count == full.rows * full.columns)
        #expect(rows.rowInk == full.rowInk && rows.rowPixels == full.rowPixels)
        #expect(rows.rowFirstColumn == full.rowFirstColumn && rows.rowLastColumn == full.rowLastColumn)
        for band in [region, LineBand(id: "narrow", lineIndex: 0, top: 10, bottom: 40, left: 30, right: 100)] {
            let alone = geometry.measure(band, in: image)
            #expect(geometry.measure(band, in: image, window: full) == alone)
            #expect(geometry.measure(band, in: image, window: rows) == alone)
        }
    }
}
