import Foundation
import GhostlineImage
@testable import GhostlinePNG
import GhostlineSupport
import Testing

/// What `ImageReader` refuses, and the one thing it reads with a warning.
@Suite struct ImageReaderErrorTests {
    private func error(_ body: () throws(ImageError) -> some Any) -> ImageError? {
        do {
            _ = try body()
            Issue.record("expected an ImageError")
            return nil
        } catch {
            return error
        }
    }

    private func readError(_ name: String) -> ImageError? {
        let path = ImageReaderTests.formats(name)
        return error { () throws(ImageError) in try ImageReader.read(contentsOf: path) }
    }

    // MARK: Files that end early

    /// Issue 8 §3: complete image data without the end marker is read, as browsers and Pillow read it, with a warning.
    @Test(arguments: [("no-iend.png", "reference.png", ImageFormat.png), ("half-iend.png", "reference.png", .png),
                      ("no-eoi.jpg", "q90-420.jpg.pillow.png", .jpeg),
                      ("progressive-no-eoi.jpg", "q75-progressive.jpg.pillow.png", .jpeg)])
    func completeDataWithoutEndMarkerIsReadWithAWarning(_ name: String, _ expected: String, _ format: ImageFormat) throws {
        let path = ImageReaderTests.formats(name)
        let read = try ImageReader.read(contentsOf: path)
        #expect(read.warnings == [.missingEnd(path: path, format: format)])
        #expect(ImageReaderTests.maxError(read.image, try ImageReaderTests.png(expected)) <= 1)
        let line = read.warnings[0].description
        #expect(!line.contains("\n") && line.hasPrefix(path) && line.contains("re-export"))
    }

    /// The PNG codec's own read stays strict (it has no way to pass a warning on).
    @Test func pngCodecStillRefusesAMissingIEND() {
        let path = ImageReaderTests.formats("no-iend.png")
        #expect(throws: PNGError.truncated(path: path)) { try PNGCodec.read(contentsOf: path) }
    }

    @Test(arguments: [("cut-in-scan.jpg", ImageFormat.jpeg), ("cut-in-header.jpg", .jpeg),
                      ("progressive-cut-between-scans.jpg", .jpeg), ("cut.webp", .webp)])
    func cutOffFilesAreTruncated(_ name: String, _ format: ImageFormat) {
        #expect(readError(name) == .truncated(path: ImageReaderTests.formats(name), format: format))
    }

    @Test func cutOffPNGIsTruncated() {
        let path = Fixtures.path("truncated-idat.png")
        #expect(error { () throws(ImageError) in try ImageReader.read(contentsOf: path) } == .truncated(path: path, format: .png))
    }

    // MARK: Damaged and refused files

    @Test func damagedFilesAreCorruptInTheDecodersWords() {
        let jpeg = ImageReaderTests.formats("bad-precision.jpg")
        #expect(readError("bad-precision.jpg") == .corrupt(path: jpeg, format: .jpeg, detail: "Unsupported JPEG data precision 9"))
        guard case .corrupt(_, .webp, _)? = readError("bad-start-code.webp") else {
            Issue.record("bad-start-code.webp: expected .corrupt WebP")
            return
        }
    }

    @Test func cmykJPEGAndAnimatedWebPAreUnsupported() {
        #expect(readError("cmyk.jpg") == .unsupported(path: ImageReaderTests.formats("cmyk.jpg"), format: .jpeg,
                                                       detail: "it is a CMYK JPEG (print colours)"))
        #expect(readError("animated.webp") == .unsupported(path: ImageReaderTests.formats("animated.webp"), format: .webp,
                                                            detail: "it is an animated WebP; export a still frame"))
    }

    /// Sketch's TIFF and Figma's PDF and SVG exports are named, so the user knows to export PNG instead.
    @Test(arguments: [("sketch-export.tiff", "a TIFF image"), ("figma-export.pdf", "a PDF document"),
                      ("figma-export.svg", "an SVG image")])
    func otherExportFormatsAreNamed(_ name: String, _ looksLike: String) {
        let path = ImageReaderTests.formats(name)
        #expect(readError(name) == .notAnImage(path: path, looksLike: looksLike))
        #expect(readError(name)?.description == "\(path) is not a PNG, JPEG or WebP image (it looks like \(looksLike)); "
                + "export the design as PNG")
    }

    // MARK: Sizes

    @Test func oneOverTheLimitIsRefused() {
        #expect(readError("wide-16385x1.jpg")
                == .tooLarge(path: ImageReaderTests.formats("wide-16385x1.jpg"), width: 16385, height: 1, limit: 16384))
    }

    /// The header says 60000 × 60000 and no scan follows: only the size check can answer `.tooLarge`, and it does
    /// for bytes in memory (the decoder's own check) and for a file (the check on its first bytes).
    @Test func oversizeHeaderIsRefusedBeforeDecoding() throws {
        let path = ImageReaderTests.formats("huge-60000x60000.jpg")
        let expected = ImageError.tooLarge(path: path, width: 60000, height: 60000, limit: 16384)
        #expect(readError("huge-60000x60000.jpg") == expected)
        let bytes = try Fixtures.bytes("formats/huge-60000x60000.jpg")
        #expect(error { () throws(ImageError) in try ImageReader.decode(bytes, source: path) } == expected)
    }

    @Test func limitIsInclusiveForEveryFormat() throws {
        for name in ["q90-420.jpg", "lossless.webp", "reference.png"] {
            let bytes = try Fixtures.bytes("formats/" + name)   // 50 × 34
            #expect(error { () throws(ImageError) in try ImageReader.decode(bytes, source: name, maximumSide: 49) }
                    == .tooLarge(path: name, width: 50, height: 34, limit: 49))
            #expect(try ImageReader.decode(bytes, source: name, maximumSide: 50).image.width == 50)
        }
    }

    /// The header is checked on the file's first bytes; the rest of an oversize file is never read.
    @Test func oversizeFileIsRefusedAfterReadingOnlyItsHead() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("big.png")
        let head = try Fixtures.bytes("oversize-100000x100000.png")
        try Data(head + [UInt8](repeating: 0, count: 1 << 20)).write(to: URL(fileURLWithPath: path))
        let file = try SafeFile.Readable(path: path, limit: ImageReader.maximumFileBytes)
        #expect(throws: ImageError.tooLarge(path: path, width: 100_000, height: 100_000, limit: 16384)) {
            try ImageReader.bytes(of: file, maximumSide: 16384)
        }
        #expect(file.remaining == head.count + (1 << 20) - ImageReader.headerProbeBytes)
    }

    // MARK: Files that are not files (issue 11)

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func endlessDevicesAreRefusedWithoutReading(_ path: String) {
        let expected = ImageError.notAFile(path: path, kind: "a character device")
        #expect(error { () throws(ImageError) in try ImageReader.read(contentsOf: path) } == expected)
        #expect(expected.description == "cannot read \(path): it is a character device, not a regular file; "
                + "pass the path of an image file")
        // The PNG codec's read shares the check.
        #expect(throws: PNGError.unreadable(path: path, reason: "it is a character device, not a regular file")) {
            try PNGCodec.read(contentsOf: path)
        }
    }

    /// Opening a FIFO for reading waits for a writer; the reader must answer at once instead.
    @Test func fifoIsRefusedWithoutBlocking() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("design.png")
        try #require(mkfifo(path, 0o600) == 0)
        #expect(error { () throws(ImageError) in try ImageReader.read(contentsOf: path) }
                == .notAFile(path: path, kind: "a FIFO (named pipe)"))
    }

    @Test func directoryIsRefused() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        #expect(error { () throws(ImageError) in try ImageReader.read(contentsOf: scratch.path) }
                == .notAFile(path: scratch.path, kind: "a directory"))
    }

    /// A file over the byte cap is refused on its size alone (a sparse file: nothing is written or read).
    @Test func fileOverTheByteCapIsRefusedBeforeReading() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("huge.png")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        try #require(truncate(path, off_t(ImageReader.maximumFileBytes + 1)) == 0)
        let thrown = error { () throws(ImageError) in try ImageReader.read(contentsOf: path) }
        #expect(thrown == .fileTooLarge(path: path, bytes: ImageReader.maximumFileBytes + 1, limit: 256 << 20))
        #expect(thrown?.description == "\(path) is 256 MiB, over Ghostline's limit of 256 MiB for an image file; "
                + "export a smaller frame or at a lower scale")
    }

    @Test func missingFileIsUnreadable() {
        let path = "/nonexistent-ghostline-dir/design.jpg"
        #expect(error { () throws(ImageError) in try ImageReader.read(contentsOf: path) }
                == .unreadable(path: path, reason: "No such file or directory"))
    }

    // MARK: Descriptions

    @Test func descriptionsAreOneLineNameTheFileAndSayWhatToDo() {
        let cases: [(ImageError, String)] = [
            (.unreadable(path: "a.jpg", reason: "Permission denied"), "check the path"),
            (.notAFile(path: "a.jpg", kind: "a FIFO (named pipe)"), "pass the path of an image file"),
            (.fileTooLarge(path: "a.jpg", bytes: 300 << 20, limit: 256 << 20), "export a smaller frame"),
            (.notAnImage(path: "a.jpg", looksLike: nil), "export the design as PNG"),
            (.unsupported(path: "a.jpg", format: .jpeg, detail: "it is a CMYK JPEG"), "export it as an sRGB PNG"),
            (.corrupt(path: "a.jpg", format: .jpeg, detail: "Bogus marker length\nmore"), "re-export it"),
            (.truncated(path: "a.jpg", format: .jpeg), "copy or re-export it again"),
            (.tooLarge(path: "a.jpg", width: 20000, height: 1, limit: 16384), "16384 px a side"),
        ]
        for (error, advice) in cases {
            #expect(!error.description.contains("\n"), "\(error.description)")
            #expect(error.description.contains("a.jpg") && error.path == "a.jpg")
            #expect(error.description.contains(advice), "\(error.description)")
        }
        #expect(ImageError.corrupt(path: "a.jpg", format: .jpeg, detail: "x").description
                == "a.jpg is a damaged JPEG (libjpeg: x); re-export it")
    }
}
