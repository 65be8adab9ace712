import Foundation
import GhostlineImage
@testable import GhostlinePNG
import Testing

/// Colour-managed exports (issue 30, item 4): files that declare a colour space are converted to sRGB.
///
/// The fixtures (Fixtures/color, written by scripts/fixtures/make-icc-fixtures.py) hold 16 known colours. The expected
/// sRGB values are computed here from published matrices and curves, never from Little CMS or Ghostline:
/// - sRGB's curve and its XYZ to linear sRGB matrix: IEC 61966-2-1, in the exact rational form of CSS Color 4's
///   sample code (§ "Sample code for colour conversions", `XYZ_to_lin_sRGB`);
/// - Display P3 to XYZ: CSS Color 4's `lin_P3_to_XYZ` (SMPTE EG 432-1 primaries, D65, sRGB's curve);
/// - Adobe RGB (1998) to XYZ: Bruce Lindbloom's published RGB/XYZ matrix for Adobe RGB (1998), D65, with the
///   gamma 563/256 of Adobe's "Adobe RGB (1998) Color Image Encoding", 4.3.1.2.
@Suite struct ColorProfileTests {
    static func color(_ name: String) -> String { Fixtures.path("color/" + name) }

    /// The colours every fixture holds, in pixel order (RGBA), as scripts/fixtures/make-icc-fixtures.py writes them.
    static let colors: [[Int]] = [
        [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 128], [0, 0, 0, 255], [128, 128, 128, 255],
        [200, 100, 50, 255], [10, 20, 30, 255], [255, 255, 0, 255], [0, 255, 255, 0], [255, 0, 255, 255],
        [64, 128, 192, 255], [250, 240, 230, 255], [30, 60, 90, 255], [100, 200, 150, 77], [5, 5, 5, 255],
    ]
    static let grays = [0, 1, 5, 10, 20, 40, 64, 90, 128, 150, 180, 200, 220, 240, 250, 255]

    // MARK: Independent colour maths

    static func srgbDecode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func srgbEncode(_ l: Double) -> Double {
        let l = min(max(l, 0), 1)
        return l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
    }
    static let xyzToLinearSRGB: [[Double]] = [
        [12831 / 3959, -329 / 214, -1974 / 3959],
        [-851781 / 878810, 1648619 / 878810, 36519 / 878810],
        [705 / 12673, -2585 / 12673, 705 / 667],
    ]
    static let linearP3ToXYZ: [[Double]] = [
        [608311 / 1250200, 189793 / 714400, 198249 / 1000160],
        [35783 / 156275, 247089 / 357200, 198249 / 2500400],
        [0, 32229 / 714400, 5220557 / 5000800],
    ]
    static let linearAdobeRGBToXYZ: [[Double]] = [
        [0.5767309, 0.1855540, 0.1881852],
        [0.2973769, 0.6273491, 0.0752741],
        [0.0270343, 0.0706872, 0.9911085],
    ]

    static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        m.map { row in zip(row, v).reduce(0) { $0 + $1.0 * $1.1 } }
    }

    /// An RGBA colour of a D65 RGB space (its curve and matrix) in 8-bit sRGB, alpha kept.
    static func toSRGB(_ rgba: [Int], decode: (Double) -> Double, toXYZ: [[Double]]) -> [Int] {
        let linear = rgba.prefix(3).map { decode(Double($0) / 255) }
        let srgb = multiply(xyzToLinearSRGB, multiply(toXYZ, linear))
        return srgb.map { Int((srgbEncode($0) * 255).rounded()) } + [rgba[3]]
    }

    static func pixels(_ image: RGBAImage) -> [[Int]] {
        stride(from: 0, to: image.pixels.count, by: 4).map { i in image.pixels[i..<i + 4].map(Int.init) }
    }

    /// The largest channel difference between `image` and `expected`, pixel by pixel.
    static func maxError(_ image: RGBAImage, _ expected: [[Int]]) -> Int {
        zip(pixels(image), expected).map { zip($0, $1).map { abs($0 - $1) }.max() ?? 0 }.max() ?? 0
    }

    // MARK: Conversions

    struct Converted: Sendable, CustomTestStringConvertible {
        let file: String
        let name: String
        let source: ColorProfile.Source
        let space: String
        var testDescription: String { file }
    }

    @Test(arguments: [
        Converted(file: "p3.png", name: "Display P3", source: .pngICCP, space: "p3"),
        Converted(file: "p3.webp", name: "Display P3", source: .webpICCP, space: "p3"),
        Converted(file: "adobe-rgb.png", name: "Adobe RGB (1998)", source: .pngICCP, space: "adobe"),
    ])
    func wideGamutExportConvertsToThePublishedSRGBValues(_ c: Converted) throws {
        let read = try ImageReader.read(contentsOf: Self.color(c.file))
        let expected = Self.colors.map { rgba in
            c.space == "p3" ? Self.toSRGB(rgba, decode: Self.srgbDecode, toXYZ: Self.linearP3ToXYZ)
                : Self.toSRGB(rgba, decode: { pow($0, 563 / 256) }, toXYZ: Self.linearAdobeRGBToXYZ)
        }
        #expect(read.colorProfile == ColorProfile(name: c.name, source: c.source, converted: true))
        #expect(Self.maxError(read.image, expected) <= 1, "\(Self.pixels(read.image)) vs \(expected)")
        // The conversion moved something: the expected values are not the file's bytes.
        #expect(Self.maxError(read.image, Self.colors) > 10)
        #expect(read.colorProfile?.description == "\(c.name) (\(c.source)), converted to sRGB")
    }

    /// PNG gAMA 1.0 (linear samples) alone builds a profile with sRGB's primaries: each channel is sRGB-encoded.
    /// With BT.709/D65 cHRM beside it the answer is the same, reached through the cHRM path.
    @Test(arguments: [("gamma-1.png", ColorProfile.Source.pngGamma), ("gamma-1-chrm.png", .pngGammaAndChromaticities)])
    func pngGammaChunkConvertsLinearSamplesToSRGB(_ file: String, _ source: ColorProfile.Source) throws {
        let read = try ImageReader.read(contentsOf: Self.color(file))
        let expected = Self.colors.map { rgba in
            rgba.prefix(3).map { Int((Self.srgbEncode(Double($0) / 255) * 255).rounded()) } + [rgba[3]]
        }
        #expect(read.colorProfile?.source == source)
        #expect(read.colorProfile?.converted == true)
        #expect(read.colorProfile?.name.hasPrefix("gamma 1.00") == true)
        #expect(Self.maxError(read.image, expected) <= 1, "\(Self.pixels(read.image)) vs \(expected)")
    }

    /// A grey PNG with a linear grey ICC profile: a grey profile on a grey image works, R = G = B stays so.
    @Test func grayProfileOnGrayImageConverts() throws {
        let read = try ImageReader.read(contentsOf: Self.color("gray-linear.png"))
        let expected = Self.grays.map { v in Array(repeating: Int((Self.srgbEncode(Double(v) / 255) * 255).rounded()), count: 3) + [255] }
        #expect(read.colorProfile == ColorProfile(name: "Linear Gray", source: .pngICCP, converted: true))
        #expect(Self.maxError(read.image, expected) <= 1, "\(Self.pixels(read.image))")
    }

    /// sRGB declared in any form keeps the bytes exactly, and says so.
    @Test(arguments: [
        ("srgb-chunk.png", "sRGB", ColorProfile.Source.pngSRGB),   // its gAMA 1.0 is overridden by the sRGB chunk
        ("srgb-iccp.png", "sRGB IEC61966-2.1", .pngICCP),
        ("gamma-45455.png", "sRGB (gAMA 1/2.2)", .pngGamma),     // PNG's stand-in for sRGB; see DeclaredColorSpace
    ])
    func srgbTaggedFileIsUnchanged(_ file: String, _ name: String, _ source: ColorProfile.Source) throws {
        let read = try ImageReader.read(contentsOf: Self.color(file))
        #expect(Self.pixels(read.image) == Self.colors)
        #expect(read.colorProfile == ColorProfile(name: name, source: source, converted: false))
        #expect(read.colorProfile?.description == "\(name) (\(source)), already sRGB")
    }

    @Test func fileWithoutColourInformationHasNoProfile() throws {
        let read = try ImageReader.read(contentsOf: Self.color("untagged.jpg"))
        #expect(read.colorProfile == nil)
    }

    /// JPEG with an Adobe RGB profile in APP2: its decoded samples (the same JPEG without the segment, decoded as is)
    /// converted with the published Adobe RGB matrix; split over three out-of-order segments it reads the same.
    @Test func jpegAPP2ProfileIsApplied() throws {
        let raw = try ImageReader.read(contentsOf: Self.color("untagged.jpg")).image
        let expected = Self.pixels(raw).map { Self.toSRGB($0, decode: { pow($0, 563 / 256) }, toXYZ: Self.linearAdobeRGBToXYZ) }
        let read = try ImageReader.read(contentsOf: Self.color("adobe-rgb.jpg"))
        #expect(read.colorProfile == ColorProfile(name: "Adobe RGB (1998)", source: .jpegAPP2, converted: true))
        #expect(Self.maxError(read.image, expected) <= 1)
        #expect(Self.maxError(read.image, Self.pixels(raw)) > 10)

        let split = try ImageReader.read(contentsOf: Self.color("adobe-rgb-3-segments.jpg"))
        #expect(split.colorProfile == read.colorProfile)
        #expect(split.image == read.image)
    }

    /// The streaming diff cannot convert, so it declines a PNG that needs converting and keeps sRGB ones.
    @Test func rowStreamDeclinesFilesThatNeedConverting() throws {
        func opens(_ file: String) throws -> Bool {
            let bytes = try ImageReader.checkedBytes(contentsOf: Self.color(file))
            return try PNGRowStream.open(bytes, source: file) != nil
        }
        #expect(try !opens("p3.png"))
        #expect(try !opens("gamma-1.png"))
        #expect(try !opens("hostile-cmyk.png"))
        #expect(try opens("srgb-chunk.png"))
        #expect(try opens("gamma-45455.png"))
        // What a streamed file declared is still there for its report.
        let streamed = try ImageReader.checkedBytes(contentsOf: Self.color("srgb-chunk.png"))
        #expect(ImageReader.streamedColorProfile(of: streamed) == ColorProfile(name: "sRGB", source: .pngSRGB, converted: false))
        #expect(ImageReader.streamedColorProfile(of: try ImageReader.checkedBytes(contentsOf: Self.color("p3.png"))) == nil)
    }

    // MARK: Hostile profiles

    struct Hostile: Sendable, CustomTestStringConvertible {
        let file: String
        let matches: @Sendable (ColorProfileProblem) -> Bool
        var testDescription: String { file }
    }

    @Test(arguments: [
        Hostile(file: "hostile-truncated.png") { if case .truncated = $0 { true } else { false } },
        Hostile(file: "hostile-short.png") { if case .truncated = $0 { true } else { false } },
        Hostile(file: "hostile-huge.png") { $0 == .tooLarge(limit: 4 << 20) },
        Hostile(file: "hostile-bad-zlib.png") { if case .badCompression = $0 { true } else { false } },
        Hostile(file: "hostile-cmyk.png") { if case .colorSpaceMismatch = $0 { true } else { false } },
        Hostile(file: "hostile-gray-on-rgb.png") { if case .colorSpaceMismatch = $0 { true } else { false } },
        Hostile(file: "hostile-link.png") { if case .wrongClass = $0 { true } else { false } },
        Hostile(file: "hostile-tag-table.png") { if case .damaged = $0 { true } else { false } },
        Hostile(file: "hostile-missing-segment.jpg") { if case .incompleteSegments = $0 { true } else { false } },
    ])
    func hostileProfileIsOneTypedLine(_ h: Hostile) throws {
        let path = Self.color(h.file)
        let error = #expect(throws: ImageError.self) { try ImageReader.read(contentsOf: path) }
        guard case .colorProfile(let errorPath, _, let problem)? = error else {
            Issue.record("\(h.file): \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(h.matches(problem), "\(h.file): \(problem)")
        let line = error?.description ?? ""
        #expect(!line.contains("\n") && line.hasPrefix(path) && line.contains("re-export it as sRGB"), "\(line)")
    }
}
