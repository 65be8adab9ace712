import GhostlineImage
@testable import GhostlinePNG
import Testing

/// EXIF orientation, applied by `ImageReader` to PNG (eXIf), JPEG (APP1) and WebP (EXIF chunk). Each fixture stores
/// the formula image turned so that its orientation turns it back, and Pillow's `exif_transpose` was checked to give
/// the formula image (scripts/fixtures/make-image-fixtures.py).
@Suite struct ImageOrientationTests {
    static let upright = Formula.image { Formula.rgb($0, $1) }

    struct Case: Sendable, CustomTestStringConvertible {
        let orientation: Int
        let ext: String
        var testDescription: String { "orient-\(orientation).\(ext)" }
    }

    static let cases = (1...8).flatMap { n in ["png", "webp", "jpg"].map { Case(orientation: n, ext: $0) } }

    @Test(arguments: cases)
    func orientationTurnsTheStoredImageUpright(_ case_: Case) throws {
        let read = try ImageReader.read(contentsOf: ImageReaderTests.formats(case_.testDescription))
        #expect(read.orientation.rawValue == case_.orientation)
        try #require(read.image.width == Formula.width && read.image.height == Formula.height)
        // PNG and lossless WebP are exact; the JPEG (quality 100, no subsampling) is within what Pillow's decode was.
        let tolerance = case_.ext == "jpg" ? 8 : 0
        #expect(ImageReaderTests.maxError(read.image, Self.upright) <= tolerance)
    }

    /// A wrong turn would not pass the JPEG tolerance above: every other orientation is far from upright.
    @Test func theFormulaImageTellsEveryOrientationApart() {
        let stored = Self.upright
        for orientation in ExifOrientation.allCases where orientation != .up && !orientation.swapsSides {
            #expect(ImageReaderTests.maxError(orientation.applied(to: stored), stored) > 50, "\(orientation)")
        }
        let swapped = ExifOrientation.allCases.filter(\.swapsSides).map { $0.applied(to: Formula.image(width: 5, height: 5) { Formula.rgb($0, $1) }) }
        #expect(Set(swapped.map(\.pixels)).count == 4)
    }

    @Test func bigEndianExifIsRead() throws {
        let read = try ImageReader.read(contentsOf: ImageReaderTests.formats("orient-6-big-endian.jpg"))
        #expect(read.orientation == .right)
        #expect(ImageReaderTests.maxError(read.image, Self.upright) <= 8)
    }

    /// A damaged EXIF block is metadata gone wrong, not a damaged image: it is ignored, as browsers do.
    @Test func damagedExifIsIgnored() throws {
        let read = try ImageReader.read(contentsOf: ImageReaderTests.formats("orient-damaged.jpg"))
        #expect(read.orientation == .up)
        #expect(read.image.width == Formula.height && read.image.height == Formula.width)
    }

    /// The PNG codec itself stays a codec: stored order, as PNGDecodeTests requires of rgba8-exif.png.
    @Test func pngCodecKeepsStoredOrder() throws {
        let stored = try PNGCodec.read(contentsOf: ImageReaderTests.formats("orient-6.png"))
        #expect(stored.width == Formula.height && stored.height == Formula.width)
    }

    @Test func exifParserRefusesWhatItCannotRead() {
        let cases: [[UInt8]] = [
            [],                                                     // nothing
            Array("II*\0".utf8),                                    // no IFD offset
            [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F],       // IFD far past the end
            [0x4D, 0x4D, 0x00, 0x2B, 0, 0, 0, 8, 0, 0],             // BigTIFF magic
            // One entry: Orientation as LONG instead of SHORT.
            [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 4, 0, 1, 0, 0, 0, 6, 0, 0, 0],
            // Orientation 9 does not exist.
            [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 9, 0, 0, 0],
        ]
        for bytes in cases { #expect(ExifOrientation.parse(tiff: bytes[...]) == nil, "\(bytes)") }
        let good: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0]
        #expect(ExifOrientation.parse(tiff: good[...]) == .left)
    }
}
