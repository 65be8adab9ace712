import Foundation
import GhostlineImage
@testable import GhostlinePNG
import Testing

@Suite struct PNGWriteTests {
    let image = Formula.image { Formula.rgba($0, $1) }

    private func writeError(_ image: RGBAImage, to path: String, failBeforeRename: Bool = false) -> PNGError? {
        do {
            try PNGCodec.write(image, to: path, failBeforeRename: failBeforeRename)
            Issue.record("expected the write to \(path) to fail")
            return nil
        } catch {
            return error
        }
    }

    @Test func writeThenReadLeavesOnlyTheFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("out.png")
        try PNGCodec.write(image, to: path)
        #expect(try scratch.contents() == ["out.png"])
        #expect(try PNGCodec.read(contentsOf: path) == image)
        #expect(try Fixtures.bytesAt(path) == PNGCodec.encode(image))
    }

    @Test func writeReplacesAnExistingFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("out.png")
        try PNGCodec.write(RGBAImage(width: 2, height: 2, fill: .black), to: path)
        try PNGCodec.write(image, to: path)
        #expect(try PNGCodec.read(contentsOf: path) == image)
        #expect(try scratch.contents() == ["out.png"])
    }

    /// The temporary file goes next to the destination, so the split must get the directory right.
    @Test func pathsSplitIntoDirectoryAndName() {
        #expect(FileIO.split("out.png") == (".", "out.png"))
        #expect(FileIO.split("/out.png") == ("/", "out.png"))
        #expect(FileIO.split("a/b/out.png") == ("a/b", "out.png"))
    }

    @Test func missingDirectoryIsUnwritableAndLeavesNothing() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("missing/out.png")
        #expect(writeError(image, to: path) == .unwritable(path: path, reason: "No such file or directory"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try scratch.contents() == [])
    }

    @Test func failureBeforeRenameKeepsTheOldFileAndRemovesTheTemporary() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("out.png")
        let old = Array("previous contents".utf8)
        try Data(old).write(to: URL(fileURLWithPath: path))

        let thrown = writeError(image, to: path, failBeforeRename: true)
        guard case .unwritable(let reported, _) = thrown else {
            Issue.record("expected .unwritable, got \(String(describing: thrown))")
            return
        }
        #expect(reported == path)
        #expect(try Fixtures.bytesAt(path) == old)
        #expect(try scratch.contents() == ["out.png"])
    }

    @Test func failedEncodingKeepsTheOldFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("out.png")
        try PNGCodec.write(image, to: path)
        let before = try Fixtures.bytesAt(path)

        let thrown = writeError(RGBAImage(width: 0, height: 0, pixels: []), to: path)
        guard case .cannotEncode(let reported, _) = thrown else {
            Issue.record("expected .cannotEncode, got \(String(describing: thrown))")
            return
        }
        #expect(reported == path)
        #expect(try Fixtures.bytesAt(path) == before)
        #expect(try scratch.contents() == ["out.png"])
    }

    /// rename() cannot put a file over a directory: the error is reported, the temporary file removed, and
    /// the directory left alone.
    @Test func failedRenameRemovesTheTemporary() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("taken.png")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let thrown = writeError(image, to: path)
        guard case .unwritable(let reported, let reason) = thrown else {
            Issue.record("expected .unwritable, got \(String(describing: thrown))")
            return
        }
        #expect(reported == path)
        #expect(reason == "Is a directory")
        #expect(try scratch.contents() == ["taken.png"])
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func pathEndingInSlashIsUnwritable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path + "/"
        #expect(writeError(image, to: path)
                == .unwritable(path: path, reason: "the path names a directory, not a file"))
        #expect(try scratch.contents() == [])
    }

    /// Concurrent writers never share a temporary file: the result is one complete image, and nothing else.
    @Test func concurrentWritesLeaveOneCompleteFile() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("out.png")
        let images = (0..<8).map { PNGEncodeTests.noise(width: 31, height: 17, seed: UInt64($0)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for candidate in images {
                group.addTask { try PNGCodec.write(candidate, to: path) }
            }
            try await group.waitForAll()
        }
        #expect(images.contains(try PNGCodec.read(contentsOf: path)))
        #expect(try scratch.contents() == ["out.png"])
    }
}

extension Fixtures {
    static func bytesAt(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
