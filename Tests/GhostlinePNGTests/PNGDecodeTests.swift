import GhostlineImage
@testable import GhostlinePNG
import Testing

/// One good fixture: what its IHDR must say (so the file really is the flavour the test claims to cover) and
/// the RGBA8 value every pixel must decode to.
struct FixtureCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bitDepth: Int
    let colorType: PNGColorType
    let interlaced: Bool
    let pixel: @Sendable (Int, Int) -> [UInt8]

    var testDescription: String { name }
}

let goodFixtures: [FixtureCase] = [
    FixtureCase(name: "rgb8.png", bitDepth: 8, colorType: .rgb, interlaced: false) { Formula.rgb($0, $1) },
    FixtureCase(name: "rgba8.png", bitDepth: 8, colorType: .rgba, interlaced: false) { Formula.rgba($0, $1) },
    FixtureCase(name: "gray8.png", bitDepth: 8, colorType: .gray, interlaced: false) {
        Formula.opaqueGray(Formula.gray($0, $1))
    },
    FixtureCase(name: "graya8.png", bitDepth: 8, colorType: .grayAlpha, interlaced: false) {
        let g = Formula.gray($0, $1)
        return [g, g, g, Formula.rgba($0, $1)[3]]
    },
    FixtureCase(name: "gray1.png", bitDepth: 1, colorType: .gray, interlaced: false) {
        Formula.opaqueGray(Formula.scaledLevel($0, $1, bits: 1))
    },
    FixtureCase(name: "gray2.png", bitDepth: 2, colorType: .gray, interlaced: false) {
        Formula.opaqueGray(Formula.scaledLevel($0, $1, bits: 2))
    },
    FixtureCase(name: "gray4.png", bitDepth: 4, colorType: .gray, interlaced: false) {
        Formula.opaqueGray(Formula.scaledLevel($0, $1, bits: 4))
    },
    FixtureCase(name: "palette8-trns.png", bitDepth: 8, colorType: .palette, interlaced: false) {
        Formula.rgba($0, $1)
    },
    FixtureCase(name: "palette8.png", bitDepth: 8, colorType: .palette, interlaced: false) { Formula.rgb($0, $1) },
    FixtureCase(name: "palette4.png", bitDepth: 4, colorType: .palette, interlaced: false) {
        Formula.palette4[Formula.level($0, $1, bits: 4)]
    },
    // tRNS has 2 entries for a 4-entry palette: entries 2 and 3 must come out opaque.
    FixtureCase(name: "palette2-short-trns.png", bitDepth: 2, colorType: .palette, interlaced: false) {
        Formula.palette2[($0 + $1) % 4]
    },
    // An RGB colour key: only pixel (2, 1) has that colour, so only it becomes transparent (its RGB is kept).
    FixtureCase(name: "rgb8-trns.png", bitDepth: 8, colorType: .rgb, interlaced: false) {
        let rgb = Formula.rgb($0, $1)
        return Array(rgb.prefix(3)) == Formula.transparentKey ? Array(rgb.prefix(3)) + [0] : rgb
    },
    // 16-bit samples are v * 257, which scale to exactly v.
    FixtureCase(name: "rgb16.png", bitDepth: 16, colorType: .rgb, interlaced: false) { Formula.rgb($0, $1) },
    FixtureCase(name: "rgba16.png", bitDepth: 16, colorType: .rgba, interlaced: false) { Formula.rgba($0, $1) },
    FixtureCase(name: "gray16.png", bitDepth: 16, colorType: .gray, interlaced: false) {
        Formula.opaqueGray(Formula.gray($0, $1))
    },
    // Arbitrary 16-bit samples round to nearest: round(v * 255 / 65535).
    FixtureCase(name: "rgba16-rounding.png", bitDepth: 16, colorType: .rgba, interlaced: false) { x, y in
        (0..<4).map { Formula.round16(Formula.wide16(x, y, $0)) }
    },
    FixtureCase(name: "rgba8-adam7.png", bitDepth: 8, colorType: .rgba, interlaced: true) { Formula.rgba($0, $1) },
    FixtureCase(name: "palette8-trns-adam7.png", bitDepth: 8, colorType: .palette, interlaced: true) {
        Formula.rgba($0, $1)
    },
    FixtureCase(name: "gray2-adam7.png", bitDepth: 2, colorType: .gray, interlaced: true) {
        Formula.opaqueGray(Formula.scaledLevel($0, $1, bits: 2))
    },
    FixtureCase(name: "rgba16-adam7.png", bitDepth: 16, colorType: .rgba, interlaced: true) {
        Formula.rgba($0, $1)
    },
    // gAMA 1.0 and BT.2020 cHRM, an sRGB iCCP, and eXIf with orientation 6 (+ tEXt/zTXt): none may change pixels.
    FixtureCase(name: "rgb8-gama-chrm.png", bitDepth: 8, colorType: .rgb, interlaced: false) { Formula.rgb($0, $1) },
    FixtureCase(name: "rgba8-iccp.png", bitDepth: 8, colorType: .rgba, interlaced: false) { Formula.rgba($0, $1) },
    FixtureCase(name: "rgba8-exif.png", bitDepth: 8, colorType: .rgba, interlaced: false) { Formula.rgba($0, $1) },
]

@Suite struct PNGDecodeTests {
    @Test(arguments: goodFixtures)
    func fixtureDecodesToItsFormula(_ fixture: FixtureCase) throws {
        let path = Fixtures.path(fixture.name)
        let header = try PNGCodec.readHeader(contentsOf: path)
        #expect(header == PNGHeader(width: Formula.width, height: Formula.height, bitDepth: fixture.bitDepth,
                                    colorType: fixture.colorType, interlaced: fixture.interlaced))

        let image = try PNGCodec.read(contentsOf: path)
        try #require(image.width == Formula.width && image.height == Formula.height)
        var mismatches: [String] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let got = Array(image.pixels[i..<i + 4])
                let want = fixture.pixel(x, y)
                if got != want { mismatches.append("(\(x),\(y)) got \(got) want \(want)") }
            }
        }
        #expect(mismatches.isEmpty, "\(fixture.name): \(mismatches.prefix(5).joined(separator: "; "))")
    }

    @Test func memoryAndFileDecodingAgree() throws {
        let bytes = try Fixtures.bytes("rgba8-adam7.png")
        #expect(try PNGCodec.decode(bytes) == PNGCodec.read(contentsOf: Fixtures.path("rgba8-adam7.png")))
    }

    /// The rounding fixture is only worth having if truncation (v >> 8, png_set_strip_16) would fail it.
    @Test func roundingFixtureDistinguishesRoundingFromTruncation() {
        var differing = 0
        for y in 0..<Formula.height {
            for x in 0..<Formula.width {
                for c in 0..<4 {
                    let v = Formula.wide16(x, y, c)
                    if Formula.round16(v) != UInt8(v >> 8) { differing += 1 }
                }
            }
        }
        #expect(differing >= 20)
    }

    /// Exactly at the limit is allowed, and the whole row decodes.
    @Test func imageAtTheLimitDecodes() throws {
        let image = try PNGCodec.read(contentsOf: Fixtures.path("edge-16384x1.png"))
        #expect(image.width == PNGCodec.maximumSidePixels && image.height == 1)
        let wrong = (0..<image.width).filter { image.pixels[$0 * 4] != Formula.gray($0, 0) || image.pixels[$0 * 4 + 3] != 255 }
        #expect(wrong.isEmpty)
    }
}
