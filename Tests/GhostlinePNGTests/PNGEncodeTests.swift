import GhostlineImage
@testable import GhostlinePNG
import Testing

@Suite struct PNGEncodeTests {
    /// A reproducible pseudo-random image covering every byte value, including alpha 0 with non-zero colour
    /// (straight alpha must keep it) and partial alpha.
    static func noise(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var state = seed
        let bytes = (0..<width * height * 4).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    /// Chunk types in order, read straight from the bytes.
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    @Test func roundTripKeepsFormulaPixelsIncludingPartialAlpha() throws {
        let image = Formula.image { Formula.rgba($0, $1) }
        let alphas = Set(stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] })
        #expect(alphas.contains { $0 > 0 && $0 < 255 })   // partial alpha is really exercised
        #expect(try PNGCodec.decode(PNGCodec.encode(image)) == image)
    }

    @Test(arguments: [(1, 1, UInt64(1)), (37, 23, 2), (256, 3, 3), (2, 300, 4)])
    func roundTripKeepsEveryByte(_ width: Int, _ height: Int, _ seed: UInt64) throws {
        let image = Self.noise(width: width, height: height, seed: seed)
        #expect(try PNGCodec.decode(PNGCodec.encode(image)) == image)
    }

    @Test func transparentPixelsKeepTheirColour() throws {
        var image = RGBAImage(width: 3, height: 2, fill: .white)
        image[1, 0] = Color(red: 200, green: 100, blue: 50, alpha: 0)
        image[2, 1] = Color(red: 10, green: 20, blue: 30, alpha: 1)
        let decoded = try PNGCodec.decode(PNGCodec.encode(image))
        #expect(decoded[1, 0] == Color(red: 200, green: 100, blue: 50, alpha: 0))
        #expect(decoded[2, 1] == Color(red: 10, green: 20, blue: 30, alpha: 1))
    }

    @Test func encodingIsDeterministic() throws {
        let first = try PNGCodec.encode(Self.noise(width: 64, height: 48, seed: 7))
        let second = try PNGCodec.encode(Self.noise(width: 64, height: 48, seed: 7))
        #expect(first == second)
        let opaque = Formula.image { Formula.rgb($0, $1) }
        #expect(try PNGCodec.encode(opaque) == PNGCodec.encode(opaque))
    }

    @Test func outputIsPlainRGBA8WithOnlyCriticalChunks() throws {
        // Even an opaque gray image is written as RGBA 8 so the format never depends on the content.
        let png = try PNGCodec.encode(Formula.image { Formula.opaqueGray(Formula.gray($0, $1)) })
        #expect(Array(png.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        let types = Self.chunkTypes(png)
        #expect(types.first == "IHDR" && types.last == "IEND")
        #expect(Set(types) == ["IHDR", "IDAT", "IEND"], "\(types)")
        #expect(try PNGCodec.readHeader(png) == PNGHeader(width: 7, height: 5, bitDepth: 8, colorType: .rgba,
                                                         interlaced: false))
    }

    @Test func emptyImageCannotBeEncoded() {
        for image in [RGBAImage(width: 0, height: 0, pixels: []), RGBAImage(width: 3, height: 0, pixels: [])] {
            do {
                _ = try PNGCodec.encode(image)
                Issue.record("encoded an empty image")
            } catch {
                guard case .cannotEncode(let path, let detail) = error else {
                    Issue.record("expected .cannotEncode, got \(error)")
                    continue
                }
                #expect(path == "<memory>")
                #expect(detail.contains("at least 1×1"))
            }
        }
    }
}
