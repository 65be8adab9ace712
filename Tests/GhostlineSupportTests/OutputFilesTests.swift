import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// No output may destroy a file: not an input (whatever path names it), not another output of the same run; a
/// symbolic link is written through, as `cp` does.
@Suite("Outputs never lose a file")
struct OutputFilesTests {
    @Test func anInputIsNeverOverwrittenWhateverItsPath() throws {
        let directory = try Paths.temporaryDirectory()
        let input = directory.appendingPathComponent("scene.yaml").path
        try Data("original".utf8).write(to: URL(fileURLWithPath: input))
        let hardLink = directory.appendingPathComponent("other-name.yaml").path
        try FileManager.default.linkItem(atPath: input, toPath: hardLink)
        var files = OutputFiles(inputs: [input])
        #expect(throws: OutputError.self) { try files.stage("new", to: hardLink) }
        #expect(throws: OutputError.self) { try files.stage("new", to: directory.path + "/./scene.yaml") }
        files.discard()
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "original")
    }

    @Test func twoOutputsOnOnePathAreRefused() throws {
        let directory = try Paths.temporaryDirectory()
        var files = OutputFiles()
        try files.stage("a", to: directory.appendingPathComponent("out.json").path)
        #expect(throws: OutputError.self) { try files.stage("b", to: directory.path + "/sub/../out.json") }
        files.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aSymbolicLinkIsWrittenThrough() throws {
        let directory = try Paths.temporaryDirectory()
        let target = directory.appendingPathComponent("target.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let link = directory.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
        var files = OutputFiles()
        try files.stage("new", to: link)
        try files.commit()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.png")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        // A link to an input is the input.
        var guarded = OutputFiles(inputs: [target])
        #expect(throws: OutputError.self) { try guarded.stage("x", to: link) }
    }

    @Test func aPathWithANewlineStaysOneLine() throws {
        let error = OutputError.unwritable(path: "/tmp/a\nb.png", reason: "no room", fix: "free some")
        #expect(!error.description.contains("\n") && error.description.hasPrefix("\"/tmp/a\\nb.png\""))
    }

    /// `ghostline render s.yaml -o s.yaml` once replaced the scene with a PNG.
    @Test func renderingOverItsOwnSceneIsRefused() throws {
        let directory = try Paths.temporaryDirectory()
        let scene = directory.appendingPathComponent("s.yaml").path
        let text = "canvas: { width: 40, scale: 1 }\nroot:\n  children:\n    - box: { height: 10 }\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: scene))
        let result = try runCLI(["render", scene, "-o", scene])
        #expect(result.status == 2 && result.stderr.contains("it is the input"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == text)
        let twice = try runCLI(["render", scene, "-o", directory.path + "/x.png", "--layout", directory.path + "/x.png"])
        #expect(twice.status == 2 && !FileManager.default.fileExists(atPath: directory.path + "/x.png"))
    }

    /// A rename that fails at commit (here the second destination became a directory after it was staged) puts back
    /// what the first rename replaced: the old file keeps its bytes, and no temporary or backup file is left.
    @Test func aFailedRenamePutsBackWhatWasAlreadyReplaced() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("first.png").path
        let second = directory.appendingPathComponent("second.json").path
        try Data("old first".utf8).write(to: URL(fileURLWithPath: first))
        var files = OutputFiles()
        try files.stage(Array("new first".utf8), to: first)
        try files.stage(Array("new second".utf8), to: second)
        try FileManager.default.createDirectory(atPath: second + "/blocker", withIntermediateDirectories: true)
        #expect(throws: OutputError.self) { try files.commit() }
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "old first")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == ["first.png", "second.json"], "\(left)")
    }
}
