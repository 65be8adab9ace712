import CPNGBridge
import CZlibBridge
import Foundation
@testable import GhostlinePNG
import GhostlineImage
import Testing

/// The fast path for plain 8-bit RGB and RGBA files (`png_fast.c`, ISA-L's inflate and our own unfiltering) must give
/// exactly libpng's answer: the same pixels for every file it takes, and every other file left to libpng. Expected
/// values come from libpng (`gl_png_decode_rgba8_libpng`) and, for the generated files, from the pixels encoded.
@Suite struct PNGFastPathTests {
    /// What decoding gives: the image and whether IEND was missing, or the error's description.
    struct Outcome: Equatable, CustomStringConvertible {
        var image: RGBAImage?
        var missingEnd = false
        var error = ""
        var description: String { image.map { "\($0.width)x\($0.height), missingEnd \(missingEnd)" } ?? "error: \(error)" }
    }

    static func outcome(_ data: [UInt8], libpngOnly: Bool) -> Outcome {
        do {
            let (image, missingEnd) = try PNGCodec.decodeReportingMissingEnd(data, source: "<test>", maximumSide: 16384,
                                                                             libpngOnly: libpngOnly)
            return Outcome(image: image, missingEnd: missingEnd)
        } catch {
            return Outcome(error: "\(error)")
        }
    }

    /// Whether the fast path alone takes the file, and the pixels it gives.
    static func fast(_ data: [UInt8], width: Int, height: Int) -> [UInt8]? {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let taken = data.withUnsafeBufferPointer { bytes in
            pixels.withUnsafeMutableBufferPointer {
                gl_png_fast_decode_rgba8(bytes.baseAddress, bytes.count, UInt32(width), UInt32(height), $0.baseAddress, $0.count)
            }
        }
        return taken == 1 ? pixels : nil
    }

    static func allFixturePNGs() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var found: [String] = []
        for folder in ["Tests", "Snapshots", "Fixtures"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".png") { found.append(root.appendingPathComponent(folder).appendingPathComponent(relative).path) }
            }
        }
        return found.sorted()
    }

    /// Every PNG in the repository (libpng's test-style fixtures of every colour type, depth and damage, pixelmatch's
    /// fixtures, the snapshots): decoding with the fast path on gives exactly what libpng alone gives.
    @Test func everyFileInTheRepositoryDecodesAsLibpngDecodesIt() throws {
        let files = try Self.allFixturePNGs()
        #expect(files.count > 40)
        var taken = 0
        for file in files {
            let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(Self.outcome(data, libpngOnly: false) == Self.outcome(data, libpngOnly: true), "\(file)")
            if let header = try? PNGCodec.readHeader(data, source: file), header.width * header.height < 1 << 24,
               Self.fast(data, width: header.width, height: header.height) != nil { taken += 1 }
        }
        // The snapshots and most design fixtures are plain RGBA: the fast path is not a dead branch.
        #expect(taken > 20, "the fast path took only \(taken) of \(files.count) files")
    }

    @Test func whichFixturesTheFastPathTakes() throws {
        func taken(_ name: String) throws -> Bool {
            let data = try Fixtures.bytes(name)
            let header = try PNGCodec.readHeader(data, source: name)
            return Self.fast(data, width: header.width, height: header.height) != nil
        }
        // Plain 8-bit RGB and RGBA, with ancillary chunks skipped as the libpng reader skips them.
        #expect(try taken("rgb8.png"))
        #expect(try taken("rgb8-gama-chrm.png"))
        #expect(try taken("rgba8-iccp.png"))
        #expect(try taken("rgba8-exif.png"))
        // Everything else is libpng's.
        for name in ["rgb8-trns.png", "rgba8-adam7.png", "rgb16.png", "rgba16.png", "gray8.png", "graya8.png", "palette8.png",
                     "corrupt-crc.png", "corrupt-zlib.png"] {
            #expect(try !taken(name), "\(name)")
        }
    }

    // MARK: Generated files: every filter, RGB and RGBA, the stream cut into IDATs of any size

    /// Noise with runs (so every filter has something to predict), opaque for RGB.
    static func pixels(width: Int, height: Int, channels: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let run = (x / 3 + y) % 4 == 0
                for c in 0..<channels { out.append(run ? UInt8(truncatingIfNeeded: x * 7 + y * 3 + c) : UInt8(truncatingIfNeeded: state >> (8 * UInt64(c) + 11))) }
            }
        }
        return out
    }

    /// PNG's filters, forwards (the spec's definitions; the decoder under test undoes them).
    static func filter(_ type: UInt8, row: [UInt8], above: [UInt8]?, bpp: Int) -> [UInt8] {
        let up = above ?? [UInt8](repeating: 0, count: row.count)
        return [type] + row.indices.map { i -> UInt8 in
            let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(up[i]), c = i >= bpp ? Int(up[i - bpp]) : 0
            let predictor: Int
            switch type {
            case 0: predictor = 0
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            default:
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            }
            return UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
        }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { gl_zlib_crc32(0, $0.baseAddress, $0.count) }
        return be(UInt32(data.count)) + body + be(crc)
    }

    /// A PNG of `pixels` with each row's filter from `filters`, its zlib stream cut into IDATs of `idatSize` bytes.
    static func png(width: Int, height: Int, channels: Int, pixels: [UInt8], filters: (Int) -> UInt8, idatSize: Int,
                    extraStream: [UInt8] = [], trailerKept: Int = 4) -> [UInt8] {
        let rowBytes = width * channels
        var raw: [UInt8] = []
        for y in 0..<height {
            let row = Array(pixels[y * rowBytes..<(y + 1) * rowBytes])
            let above = y == 0 ? nil : Array(pixels[(y - 1) * rowBytes..<y * rowBytes])
            raw += filter(filters(y), row: row, above: above, bpp: channels)
        }
        raw += extraStream
        var stream = [UInt8](repeating: 0, count: gl_zlib_deflate_bound(raw.count))
        let size = raw.withUnsafeBufferPointer { input in
            stream.withUnsafeMutableBufferPointer { gl_zlib_deflate(input.baseAddress, input.count, 6, $0.baseAddress, $0.count) }
        }
        stream.removeLast(stream.count - size + 4 - trailerKept)
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        file += chunk("IHDR", be(width) + be(height) + [8, channels == 4 ? 6 : 2, 0, 0, 0])
        file += chunk("tEXt", Array("Comment\u{0}made by the test".utf8))
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + idatSize)
            file += chunk("IDAT", Array(stream[offset..<end]))
            offset = end
        }
        return file + chunk("IEND", [])
    }

    static func expectedRGBA(_ pixels: [UInt8], channels: Int) -> [UInt8] {
        if channels == 4 { return pixels }
        var out: [UInt8] = []
        for start in stride(from: 0, to: pixels.count, by: 3) { out += [pixels[start], pixels[start + 1], pixels[start + 2], 255] }
        return out
    }

    @Test(arguments: [3, 4])
    func everyFilterOnEveryRow(channels: Int) throws {
        for (width, height) in [(1, 1), (1, 7), (5, 1), (13, 11), (301, 97)] {
            for idatSize in [1, 7, 8192, 1 << 20] {
                let pixels = Self.pixels(width: width, height: height, channels: channels, seed: UInt64(width * 31 + height))
                let file = Self.png(width: width, height: height, channels: channels, pixels: pixels,
                                    filters: { UInt8(($0 * 3 + width) % 5) }, idatSize: idatSize)
                let label = "\(width)x\(height), \(channels) channels, IDATs of \(idatSize) bytes"
                let decoded = try #require(Self.fast(file, width: width, height: height), "\(label): not taken")
                let expected = Self.expectedRGBA(pixels, channels: channels)
                #expect(decoded.indices.first { decoded[$0] != expected[$0] } == nil, "\(label): the first wrong byte")
                #expect(Self.outcome(file, libpngOnly: false) == Self.outcome(file, libpngOnly: true), "\(label)")
                #expect(try PNGCodec.decode(file).pixels == decoded, "\(label)")
            }
        }
    }

    /// Files that are almost plain: each is left to libpng, which decides (accepting some with its own warnings).
    @Test func nearMissesGoToLibpng() throws {
        let width = 13, height = 11
        let pixels = Self.pixels(width: width, height: height, channels: 4, seed: 7)
        let good = Self.png(width: width, height: height, channels: 4, pixels: pixels, filters: { UInt8($0 % 5) }, idatSize: 64)
        #expect(Self.fast(good, width: width, height: height) != nil)
        let iend = Self.chunk("IEND", [])
        var variants: [(String, [UInt8])] = [
            ("more image data than rows", Self.png(width: width, height: height, channels: 4, pixels: pixels,
                                                   filters: { UInt8($0 % 5) }, idatSize: 64, extraStream: [2, 0, 0, 0])),
            ("a filter type of 5", Self.png(width: width, height: height, channels: 4, pixels: pixels,
                                            filters: { $0 == 4 ? 5 : 0 }, idatSize: 64)),
            ("no IEND", Array(good.dropLast(iend.count))),
            // zlib reads the Adler-32 under libpng even when it does not check it: without it, libpng fails the file.
            ("no Adler-32 after the deflate data", Self.png(width: width, height: height, channels: 4, pixels: pixels,
                                                            filters: { UInt8($0 % 5) }, idatSize: 64, trailerKept: 0)),
            ("two bytes of the Adler-32", Self.png(width: width, height: height, channels: 4, pixels: pixels,
                                                   filters: { UInt8($0 % 5) }, idatSize: 64, trailerKept: 2)),
            ("cut inside the image data", Array(good.prefix(good.count / 2))),
            ("a critical chunk nobody knows, after the data", Array(good.dropLast(iend.count)) + Self.chunk("ZZZZ", [1]) + iend),
            ("an ancillary chunk after the data", Array(good.dropLast(iend.count)) + Self.chunk("zzzz", [1]) + iend),
        ]
        var crc = good
        crc[crc.count - iend.count - 1] ^= 0xFF  // the last IDAT's CRC
        variants.append(("a bad CRC on the last IDAT", crc))
        for (label, file) in variants {
            #expect(Self.outcome(file, libpngOnly: false) == Self.outcome(file, libpngOnly: true), "\(label)")
        }
        // The ones the fast path must leave alone; an ancillary chunk after the data it takes.
        for (label, file) in variants where label != "an ancillary chunk after the data" {
            #expect(Self.fast(file, width: width, height: height) == nil, "\(label): taken")
        }
        #expect(Self.fast(variants.last { $0.0 == "an ancillary chunk after the data" }!.1, width: width, height: height) != nil)
    }
}
