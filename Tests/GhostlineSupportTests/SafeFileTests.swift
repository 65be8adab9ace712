import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `SafeFile` is the one reader behind scenes, style guides, design tokens, suite manifests and reports, layout JSON
/// and images: each caller words its own messages, these tests hold the checks they all share.
@Suite("SafeFile: one reader for every file a user names")
struct SafeFileTests {
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-safefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("Failures come in the order they are checked: missing, directory, not a file, too large, not UTF-8")
    func failuresInTheOrderTheyAreChecked() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let latin = directory.appendingPathComponent("latin.yaml").path
        try Data([0xFF, 0xFE, 0x41]).write(to: URL(fileURLWithPath: latin))
        #expect(throws: SafeFile.Failure.missing) { try SafeFile.text(of: directory.path + "/none", limit: 16) }
        #expect(throws: SafeFile.Failure.directory) { try SafeFile.text(of: directory.path, limit: 16) }
        #expect(throws: SafeFile.Failure.unreadable(.notRegularFile(kind: "a character device"))) {
            try SafeFile.contents(of: "/dev/zero", limit: 16)
        }
        #expect(throws: SafeFile.Failure.unreadable(.tooLarge(bytes: 3, limit: 2))) { try SafeFile.text(of: latin, limit: 2) }
        #expect(throws: SafeFile.Failure.notUTF8) { try SafeFile.text(of: latin, limit: 16) }
        #expect(try SafeFile.contents(of: latin, limit: 3) == [0xFF, 0xFE, 0x41])
    }

    @Test("A scene named through a symbolic link is read, as an image always was")
    func sceneThroughASymbolicLink() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("card.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Paths.demoScene)
        let session = GhostlineSession()
        let viaLink = session.layout(try session.scene(path: link)), direct = session.layout(try session.scene(path: Paths.demoScene))
        #expect(viaLink.json == direct.json)
    }
}
