import CZlibBridge
import Dispatch
import GhostlineImage
@testable import GhostlinePNG
import Testing

/// The streaming, segment-parallel encoder: its files are valid zlib streams (checked by zlib's own inflate, which
/// verifies the Adler-32 that Ghostline's decoder skips), and the bytes depend on the pixels alone — not on how the
/// rows were handed over, nor on how many threads compressed them.
@Suite struct PNGWriterTests {
    /// A page-like image: white rows, and rows of text-like noise, so segments compress very differently.
    static func page(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var image = PNGEncodeTests.noise(width: width, height: height, seed: seed)
        for y in 0..<height where y % 9 < 5 {
            for x in 0..<width { image[x, y] = .white }
        }
        return image
    }

    /// The image data of a PNG: every IDAT chunk's data joined, and how many IDAT chunks there were.
    static func imageData(_ png: [UInt8]) -> (data: [UInt8], chunks: Int) {
        var data: [UInt8] = [], chunks = 0, offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" {
                data += png[offset + 8..<offset + 8 + length]
                chunks += 1
            }
            offset += 12 + length
        }
        return (data, chunks)
    }

    func encode(_ image: RGBAImage, blocks: [Int], encoding: PNGEncoding = .standard) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = try PNGWriter(width: image.width, height: image.height, encoding: encoding) { bytes.append(contentsOf: $0) }
        var row = 0, index = 0
        try image.pixels.withUnsafeBytes { pixels in
            while row < image.height {
                let count = min(blocks[index % blocks.count], image.height - row)
                try writer.write(rows: pixels.baseAddress! + row * image.width * 4, count: count)
                row += count
                index += 1
            }
        }
        try writer.finish()
        return bytes
    }

    /// Wide enough for 4 rows a segment, tall enough for several batches of segments.
    @Test(arguments: [(1, 1), (3, 700), (16_000, 37), (1170, 300)], [PNGEncoding.standard, .fast])
    func theImageDataIsOneZlibStreamWithItsAdler32(_ size: (Int, Int), _ encoding: PNGEncoding) throws {
        let (width, height) = size
        let image = Self.page(width: width, height: height, seed: UInt64(width))
        let png = try PNGCodec.encode(image, encoding: encoding)
        let (data, chunks) = Self.imageData(png)
        let rowBytes = width * 4 + 1
        let segments = (height + max(1, PNGWriter.segmentBytes / rowBytes) - 1) / max(1, PNGWriter.segmentBytes / rowBytes)
        #expect(chunks == segments, "one IDAT chunk a segment")
        var inflated = [UInt8](repeating: 0, count: rowBytes * height + 1)
        let size = data.withUnsafeBufferPointer { input in
            inflated.withUnsafeMutableBufferPointer { gl_zlib_inflate(input.baseAddress, input.count, $0.baseAddress, $0.count) }
        }
        #expect(size == rowBytes * height, "zlib's inflate (which checks the Adler-32) reads the whole stream")
        #expect((0..<height).allSatisfy { inflated[$0 * rowBytes] == 2 }, "every row uses the Up filter")
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func theBytesDoNotDependOnHowTheRowsArrive() throws {
        let image = Self.page(width: 700, height: 900, seed: 5)   // 93 rows a segment, 10 segments
        let whole = try PNGCodec.encode(image)
        let fast = try PNGCodec.encode(image, encoding: .fast)
        for blocks in [[1], [7], [128], [93], [94, 3, 200], [900]] {
            #expect(try encode(image, blocks: blocks) == whole, "blocks of \(blocks), zlib")
            #expect(try encode(image, blocks: blocks, encoding: .fast) == fast, "blocks of \(blocks), ISA-L")
        }
    }

    @Test func encodingsOnSeveralThreadsAtOnceGiveTheSameBytes() throws {
        let image = Self.page(width: 900, height: 800, seed: 11)
        let reference = try PNGCodec.encode(image, encoding: .fast)
        final class Results: @unchecked Sendable { var values = [[UInt8]](repeating: [], count: 4) }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            results.values[index] = (try? PNGCodec.encode(image, encoding: .fast)) ?? []
        }
        #expect(results.values.allSatisfy { $0 == reference })
        #expect(try PNGCodec.decode(reference) == image)
    }

    /// Whatever the process did before (other images, other sizes, memory reused), the same pixels give the same
    /// bytes: neither engine may read state an earlier segment or an uninitialised buffer left behind.
    @Test(arguments: [PNGEncoding.standard, .fast])
    func earlierEncodingsDoNotChangeTheBytes(_ encoding: PNGEncoding) throws {
        let image = Self.page(width: 1125, height: 474, seed: 21)
        let first = try PNGCodec.encode(image, encoding: encoding)
        for (width, height, seed) in [(300, 2000, UInt64(1)), (2000, 300, 2), (1125, 474, 3), (64, 64, 4)] {
            _ = try PNGCodec.encode(PNGEncodeTests.noise(width: width, height: height, seed: seed), encoding: encoding)
            #expect(try PNGCodec.encode(image, encoding: encoding) == first)
        }
        #expect(try encode(image, blocks: [254, 256], encoding: encoding) == first)
    }

    @Test func theZlibHeaderIsValidForEveryLevel() {
        for encoding in (1...9).map({ PNGEncoding(engine: .zlib, level: $0) }) + (0...3).map({ PNGEncoding(engine: .isal, level: $0) }) {
            let header = PNGWriter.zlibHeader(encoding)
            #expect(header[0] == 0x78 && (Int(header[0]) << 8 | Int(header[1])) % 31 == 0 && header[1] & 0x20 == 0)
        }
    }

    @Test func aWriterGivenTooFewRowsRefusesToFinish() throws {
        let writer = try PNGWriter(width: 4, height: 3) { _ in }
        let row = [UInt8](repeating: 0, count: 16)
        try row.withUnsafeBytes { try writer.write(rows: $0.baseAddress!, count: 1) }
        #expect(throws: PNGError.self) { try writer.finish() }
    }

    @Test func aFailingSinkStopsTheWriter() throws {
        struct Full: Error {}
        let image = Self.page(width: 64, height: 64, seed: 3)
        var calls = 0
        #expect(throws: PNGError.self) {
            let writer = try PNGWriter(width: 64, height: 64, destination: "out.png") { _ throws(PNGError) in
                calls += 1
                if calls > 2 { throw .unwritable(path: "out.png", reason: "No space left on device") }
            }
            try image.pixels.withUnsafeBytes { try writer.write(rows: $0.baseAddress!, count: 64) }
            try writer.finish()
        }
    }
}
