import GhostlineImage
import Testing
@testable import GhostlineDiff

/// Rows of an in-memory image, handed out like a PNG being decoded.
final class ImageRows: PixelRowSource {
    let image: RGBAImage
    var next = 0
    init(_ image: RGBAImage) { self.image = image }
    var width: Int { image.width }
    var height: Int { image.height }
    func read(rows count: Int, into buffer: UnsafeMutableRawPointer) throws {
        let bytes = count * width * 4
        image.pixels.withUnsafeBytes { source in
            buffer.copyMemory(from: source.baseAddress! + next * width * 4, byteCount: bytes)
        }
        next += count
    }
}

@Suite("Streaming diff equals the whole-image diff")
struct StreamingDiffTests {
    /// Text-like strokes with anti-aliased edges, and the same shifted by a pixel in some places, so regions,
    /// anti-aliasing (which looks two rows up and down) and background all meet block boundaries.
    static func pair(width: Int, height: Int) -> (RGBAImage, RGBAImage) {
        var a = RGBAImage(width: width, height: height, fill: .white)
        var b = a
        // Three black rows over one grey row (an anti-aliased edge), some strokes shifted by a pixel and some grey
        // pixels changed, so differences, anti-aliasing and regions all cross block boundaries.
        let grey = Color(red: 120, green: 120, blue: 120)
        for stroke in 0..<(height / 8) {
            let y = stroke * 8 + 1
            for x in 3..<(width - 3) where (x / 5 + stroke) % 3 != 0 {
                for dy in 0..<3 { a[x, y + dy] = .black }
                a[x, y + 3] = grey
                let shift = stroke % 4 == 0 ? 1 : 0
                for dy in 0..<3 { b[x, y + dy + shift] = .black }
                b[x, y + 3 + shift] = x % 7 == 0 ? Color(red: 140, green: 140, blue: 140) : grey
            }
        }
        return (a, b)
    }

    /// Blocky grey noise with small changes: countless anti-aliasing verdicts, each resting on neighbours two rows
    /// away, so a window that kept too few rows between blocks would change the counts.
    static func noisePair(width: Int, height: Int) -> (RGBAImage, RGBAImage) {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        let greys: [UInt8] = [0, 90, 170, 255]
        var a = RGBAImage(width: width, height: height, fill: .white)
        for y in 0..<height { for x in 0..<width {
            let g = greys[Int((UInt64(x / 2 &* 31 &+ y / 3 &* 17) &+ next() % 2) % 4)]
            a[x, y] = Color(red: g, green: g, blue: g)
        } }
        var b = a
        for _ in 0..<(width * height / 10) {
            let x = Int(next() % UInt64(width)), y = Int(next() % UInt64(height))
            let g = greys[Int(next() % 4)]
            b[x, y] = Color(red: g, green: g, blue: g)
        }
        return (a, b)
    }

    @Test(arguments: [5, 7, 13, 64, 1000])
    func noiseGivesTheSameResultsForEveryBlockSize(blockRows: Int) throws {
        let (a, b) = Self.noisePair(width: 53, height: 71)
        let options = DiffOptions(background: .white, makeDiffImage: false)
        let whole = try PixelDiff.compare(render: a, design: b, options: options)
        let streamed = try PixelDiff.compare(render: ImageRows(a), design: ImageRows(b), options: options, blockRows: blockRows)
        #expect(whole.antialiasedPixels > 0 && whole.differingPixels > 0)
        #expect(streamed.differingPixels == whole.differingPixels)
        #expect(streamed.antialiasedPixels == whole.antialiasedPixels)
        #expect(streamed.regions == whole.regions)
    }

    @Test(arguments: [5, 7, 13, 64, 1000])
    func sameResultsForEveryBlockSize(blockRows: Int) throws {
        let (a, b) = Self.pair(width: 61, height: 97)
        for options in [DiffOptions(background: .white, makeDiffImage: false),
                        DiffOptions(includeAA: true, regionGap: 0, makeDiffImage: false)] {
            let whole = try PixelDiff.compare(render: a, design: b, options: options)
            let streamed = try PixelDiff.compare(render: ImageRows(a), design: ImageRows(b), options: options,
                                                 blockRows: blockRows)
            #expect(whole.differingPixels > 0)
            if !options.includeAA { #expect(whole.antialiasedPixels > 0) }
            #expect(streamed.differingPixels == whole.differingPixels)
            #expect(streamed.antialiasedPixels == whole.antialiasedPixels)
            #expect(streamed.comparedPixels == whole.comparedPixels)
            #expect(streamed.maxDistance == whole.maxDistance)
            #expect(streamed.regions == whole.regions)
        }
    }

    @Test func sizeMismatchIsReported() {
        #expect(throws: DiffError.self) {
            _ = try PixelDiff.compare(render: ImageRows(RGBAImage(width: 3, height: 3)), design: ImageRows(RGBAImage(width: 3, height: 4)))
        }
    }
}
