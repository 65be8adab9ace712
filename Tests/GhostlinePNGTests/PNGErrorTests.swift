import CPNGBridge
import GhostlineImage
@testable import GhostlinePNG
import Testing

@Suite struct PNGErrorTests {
    /// Calls `body` and returns the PNGError it throws, or records an issue if it returns normally.
    private func error(_ body: () throws(PNGError) -> some Any) -> PNGError? {
        do {
            _ = try body()
            Issue.record("expected a PNGError")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["corrupt-crc.png", "corrupt-zlib.png", "corrupt-ihdr.png"])
    func damagedFilesAreCorrupt(_ name: String) throws {
        let path = Fixtures.path(name)
        let thrown = try #require(error { () throws(PNGError) in try PNGCodec.read(contentsOf: path) })
        guard case .corrupt(let reported, let detail) = thrown else {
            Issue.record("\(name): expected .corrupt, got \(thrown)")
            return
        }
        #expect(reported == path)
        #expect(!detail.isEmpty)
        // libpng's own words, so the user sees which part of the file is damaged.
        let expectedWords = ["corrupt-crc.png": "IDAT: CRC error", "corrupt-zlib.png": "IDAT: incorrect header check",
                             "corrupt-ihdr.png": "Invalid IHDR data: Invalid color type/bit depth combination in IHDR"]
        #expect(detail == expectedWords[name])
    }

    @Test(arguments: ["truncated-idat.png", "truncated-no-iend.png", "truncated-signature.png"])
    func cutOffFilesAreTruncated(_ name: String) throws {
        let path = Fixtures.path(name)
        #expect(error { () throws(PNGError) in try PNGCodec.read(contentsOf: path) } == .truncated(path: path))
    }

    @Test func jpegIsNotPNG() throws {
        let path = Fixtures.path("jpeg-named-png.png")
        #expect(error { () throws(PNGError) in try PNGCodec.read(contentsOf: path) }
                == .notPNG(path: path, looksLike: "a JPEG image"))
    }

    @Test func emptyFileIsNotPNG() throws {
        let path = Fixtures.path("empty.png")
        #expect(error { () throws(PNGError) in try PNGCodec.read(contentsOf: path) }
                == .notPNG(path: path, looksLike: "an empty file"))
    }

    @Test func textIsNotPNGAndSaysSo() {
        let html = Array("<!DOCTYPE html><html><body>403 Forbidden</body></html>\n".utf8)
        #expect(error { () throws(PNGError) in try PNGCodec.decode(html) }
                == .notPNG(path: "<memory>", looksLike: "an HTML page"))
        #expect(error { () throws(PNGError) in try PNGCodec.decode([0x00, 0x01, 0x02, 0xFE, 0x03, 0x04, 0x05, 0x06, 0x07]) }
                == .notPNG(path: "<memory>", looksLike: nil))
    }

    @Test func missingFileIsUnreadable() {
        let path = "/nonexistent-ghostline-dir/design.png"
        #expect(error { () throws(PNGError) in try PNGCodec.read(contentsOf: path) }
                == .unreadable(path: path, reason: "No such file or directory"))
    }

    @Test func directoryIsUnreadable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        #expect(error { () throws(PNGError) in try PNGCodec.read(contentsOf: scratch.path) }
                == .unreadable(path: scratch.path, reason: "it is a directory"))
    }

    // MARK: Size limit

    @Test func oversizeHeaderIsRefused() throws {
        let path = Fixtures.path("oversize-100000x100000.png")
        // The header alone reads fine: no pixel memory is involved.
        let header = try PNGCodec.readHeader(contentsOf: path)
        #expect(header.width == 100_000 && header.height == 100_000)
        // Decoding is refused with the real size and the limit. Were 100000 × 100000 × 4 bytes (40 GB) allocated
        // first, this would trap; were rows decoded, the 64-byte IDAT would report .truncated/.corrupt instead.
        #expect(error { () throws(PNGError) in try PNGCodec.read(contentsOf: path) }
                == .tooLarge(path: path, width: 100_000, height: 100_000, limit: 16384))
    }

    /// These files are valid and would decode in a fraction of a millisecond; only the limit stops them.
    @Test(arguments: [("wide-16385x1.png", 16385, 1), ("tall-1x16385.png", 1, 16385)])
    func oneOverTheLimitIsRefused(_ name: String, _ width: Int, _ height: Int) throws {
        let path = Fixtures.path(name)
        #expect(PNGCodec.maximumSidePixels == 16384)
        #expect(error { () throws(PNGError) in try PNGCodec.read(contentsOf: path) }
                == .tooLarge(path: path, width: width, height: height, limit: 16384))
    }

    @Test func limitIsInclusive() throws {
        let bytes = try Fixtures.bytes("rgb8.png")   // 7 × 5
        #expect(error { () throws(PNGError) in try PNGCodec.decode(bytes, source: "rgb8.png", maximumSide: 6) }
                == .tooLarge(path: "rgb8.png", width: 7, height: 5, limit: 6))
        #expect(try PNGCodec.decode(bytes, source: "rgb8.png", maximumSide: 7).width == 7)
    }

    /// The C decoder checks the limit itself, before it touches the pixel buffer: hand it a 4-byte buffer and
    /// a 16385-px-wide image; if it decoded a row first it would write 65540 bytes into that buffer.
    @Test func bridgeRefusesOversizeBeforeWritingPixels() throws {
        let bytes = try Fixtures.bytes("wide-16385x1.png")
        var pixels = [UInt8](repeating: 0xAB, count: 4)
        var message = [CChar](repeating: 0x7F, count: Int(GL_PNG_ERROR_CAPACITY))
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                message.withUnsafeMutableBufferPointer { text in
                    gl_png_decode_rgba8(input.baseAddress, input.count, 16384, 16385, 1,
                                        output.baseAddress, output.count, text.baseAddress, text.count)
                }
            }
        }
        #expect(Int(status) == GL_PNG_TOO_LARGE)
        #expect(pixels == [0xAB, 0xAB, 0xAB, 0xAB])
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(text == "the image is 16385 x 1 px, over the limit of 16384 px a side")
    }

    /// A buffer that does not match IHDR is refused instead of overrun.
    @Test func bridgeRefusesMismatchedBuffer() throws {
        let bytes = try Fixtures.bytes("rgba8.png")   // 7 × 5
        var pixels = [UInt8](repeating: 0, count: 7 * 4 * 4)   // one row short
        var message = [CChar](repeating: 0, count: Int(GL_PNG_ERROR_CAPACITY))
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                message.withUnsafeMutableBufferPointer { text in
                    gl_png_decode_rgba8(input.baseAddress, input.count, 16384, 7, 5,
                                        output.baseAddress, output.count, text.baseAddress, text.count)
                }
            }
        }
        #expect(Int(status) == GL_PNG_BAD_ARGUMENT)
    }

    // MARK: Descriptions

    @Test func descriptionsAreOneLineAndSayWhatToDo() {
        let cases: [(PNGError, String)] = [
            (.notPNG(path: "a.png", looksLike: "a JPEG image"), "re-export the design as PNG"),
            (.notPNG(path: "a.png", looksLike: nil), "re-export the design as PNG"),
            (.corrupt(path: "a.png", detail: "IDAT: CRC error\nsecond line"), "re-export the design as PNG"),
            (.truncated(path: "a.png"), "copy or re-export it again"),
            (.tooLarge(path: "a.png", width: 20000, height: 10, limit: 16384), "16384 px a side"),
            (.unreadable(path: "a.png", reason: "Permission denied"), "check the path"),
            (.unwritable(path: "a.png", reason: "No such file or directory"), "directory exists"),
            (.cannotEncode(path: "a.png", detail: "the image is 0×0 px"), "0×0"),
        ]
        for (error, advice) in cases {
            let text = error.description
            #expect(!text.contains("\n"), "\(text)")
            #expect(text.contains("a.png"), "\(text)")
            #expect(text.contains(advice), "\(text)")
            #expect(error.path == "a.png")
        }
        #expect(PNGError.notPNG(path: "a.png", looksLike: "a JPEG image").description
                == "a.png is not a PNG file (it looks like a JPEG image); re-export the design as PNG")
        #expect(PNGError.tooLarge(path: "big.png", width: 100000, height: 100000, limit: 16384).description
                == "big.png is 100000×100000 px, over Ghostline's limit of 16384 px a side; "
                + "export a smaller frame or at a lower scale")
    }

    @Test func errorsNameTheMemoryLabelForBuffers() {
        #expect(error { () throws(PNGError) in try PNGCodec.decode([]) } == .notPNG(path: "<memory>", looksLike: "an empty file"))
        #expect(error { () throws(PNGError) in try PNGCodec.decode([], source: "frame 3") }?.path == "frame 3")
    }
}
