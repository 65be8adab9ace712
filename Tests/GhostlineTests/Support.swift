import Foundation
import Ghostline
import GhostlineFonts
import GhostlineImage
import GhostlinePNG
import GhostlineRaster
import GhostlineScene

/// Paths of the package being tested.
enum Paths {
    /// The package root, found from this file's location (Tests/GhostlineTests/Support.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let demoScene = root.appendingPathComponent("Fixtures/demo/card.yaml").path
    static let snapshots = root.appendingPathComponent("Snapshots")

    /// The `ghostline` executable built beside the test bundle.
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ghostline")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("ghostline")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/ghostline")
    }

    /// A fresh directory for one test's outputs.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Renders a scene with caches of its own, so a test never passes only because another test warmed a cache.
func renderIsolated(_ path: String, overrides: SceneOverrides = SceneOverrides()) throws -> (SceneLayoutJSON: String, png: [UInt8], image: RGBAImage) {
    let renderer = SnapshotRenderer()
    let scene = try renderer.loadScene(path: path, overrides: overrides)
    let (layout, image) = try renderer.render(scene)
    return (LayoutJSON.encode(layout, palette: scene.palette), try PNGCodec.encode(image), image)
}

/// Runs the CLI and collects its exit status and output.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

func runCLI(_ arguments: [String]) throws -> CLIResult {
    let process = Process()
    process.executableURL = Paths.executable
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                     stderr: String(decoding: stderr, as: UTF8.self))
}

/// Runs the CLI with `input` on its standard input, in `directory`, keeping its standard output as bytes (a PNG
/// written to `-o -`). Both pipes are drained at once, so a large output cannot block the child.
func runCLIBytes(_ arguments: [String], input: Data? = nil, directory: URL? = nil) throws -> (status: Int32, stdout: Data, stderr: String) {
    let process = Process()
    process.executableURL = Paths.executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe(), inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
    try process.run()
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    if let input {
        group.enter()
        DispatchQueue.global().async {
            inPipe.fileHandleForWriting.write(input)
            try? inPipe.fileHandleForWriting.close()
            group.leave()
        }
    }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, stdout, String(decoding: errBox.data, as: UTF8.self))
}
