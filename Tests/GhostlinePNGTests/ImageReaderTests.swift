import GhostlineImage
@testable import GhostlinePNG
import Testing

/// JPEG and WebP read through `ImageReader`, compared with the same picture as PNG and with Pillow's own decode of
/// each file (scripts/fixtures/make-image-fixtures.py writes both). The expected pixels never come from Ghostline.
@Suite struct ImageReaderTests {
    static func formats(_ name: String) -> String { Fixtures.path("formats/" + name) }

    /// The lossless PNG a file was encoded from, or Pillow's decode of that file (read with the PNG codec, which
    /// PNGDecodeTests checks against formulas).
    static func png(_ name: String) throws -> RGBAImage {
        try PNGCodec.read(contentsOf: formats(name))
    }

    /// The largest difference of any channel of any pixel.
    static func maxError(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    struct Lossy: Sendable, CustomTestStringConvertible {
        let file: String
        let reference: String
        let format: ImageFormat
        var testDescription: String { file }
    }

    static let lossy: [Lossy] = [
        Lossy(file: "q90-420.jpg", reference: "reference.png", format: .jpeg),
        Lossy(file: "q90-444.jpg", reference: "reference.png", format: .jpeg),
        Lossy(file: "q75-progressive.jpg", reference: "reference.png", format: .jpeg),
        Lossy(file: "q90-gray.jpg", reference: "reference-gray.png", format: .jpeg),
        Lossy(file: "q90.webp", reference: "reference.png", format: .webp),
        Lossy(file: "q90-alpha.webp", reference: "reference-alpha.png", format: .webp),
    ]

    /// Within the file's quantisation error, measured by an independent decoder: at most one step from Pillow's decode
    /// of the same file on any channel, and no further from the lossless original than Pillow's decode is.
    @Test(arguments: lossy)
    func lossyFileMatchesPillowAndTheOriginal(_ case_: Lossy) throws {
        let read = try ImageReader.read(contentsOf: Self.formats(case_.file))
        #expect(read.format == case_.format)
        #expect(read.warnings.isEmpty)
        #expect(read.orientation == .up)
        let pillow = try Self.png(case_.file + ".pillow.png")
        let original = try Self.png(case_.reference)
        try #require(read.image.width == 50 && read.image.height == 34)
        #expect(Self.maxError(read.image, pillow) <= 1, "\(case_.file): \(Self.maxError(read.image, pillow)) from Pillow")
        let ours = Self.maxError(read.image, original), theirs = Self.maxError(pillow, original)
        #expect(ours <= theirs, "\(case_.file): \(ours) from the original, Pillow \(theirs)")
        // The original is far from a blank or shuffled image, so "no further than Pillow" is a real bound.
        #expect(Self.maxError(RGBAImage(width: 50, height: 34, fill: .white), original) > 2 * theirs)
    }

    @Test(arguments: [("lossless.webp", "reference.png"), ("lossless-alpha.webp", "reference-alpha.png")])
    func losslessWebPIsExact(_ file: String, _ reference: String) throws {
        let read = try ImageReader.read(contentsOf: Self.formats(file))
        #expect(read.format == .webp)
        #expect(read.image == (try Self.png(reference)))
    }

    /// Alpha is straight: fully transparent pixels keep their colour, as in the PNG.
    @Test func transparentPixelsOfLosslessWebPKeepTheirColour() throws {
        let image = try ImageReader.read(contentsOf: Self.formats("lossless-alpha.webp")).image
        let transparent = image[49, 0]
        #expect(transparent.alpha == 0)
        #expect(transparent.red == 40 + 3 * 49 && transparent.green == 60)
    }

    @Test func pngThroughTheReaderIsThePNGCodecsImage() throws {
        let path = Fixtures.path("rgba8-adam7.png")
        let read = try ImageReader.read(contentsOf: path)
        #expect(read.format == .png && read.warnings.isEmpty && read.orientation == .up)
        #expect(read.image == Formula.image { Formula.rgba($0, $1) })
    }

    @Test func memoryAndFileReadingAgree() throws {
        for name in ["q90-420.jpg", "q90-alpha.webp", "orient-6.png"] {
            let bytes = try Fixtures.bytes("formats/" + name)
            #expect(try ImageReader.decode(bytes, source: name) == ImageReader.read(contentsOf: Self.formats(name)))
        }
    }

    /// The same file decoded twice gives the same pixels (decoder settings are fixed, nothing depends on the run).
    @Test func decodingIsDeterministic() throws {
        for name in ["q75-progressive.jpg", "q90.webp"] {
            let bytes = try Fixtures.bytes("formats/" + name)
            #expect(try ImageReader.decode(bytes) == ImageReader.decode(bytes))
        }
    }
}
