/// What the test targets share: the package's paths, the built `ghostline` binary, and running it.
import Foundation
import Ghostline
import GhostlineFonts
import GhostlineImage
import GhostlinePNG
import GhostlineRaster
import GhostlineScene

/// Paths of the package being tested.
public enum Paths {
    /// The package root, found from this file's location (Tests/GhostlineTestSupport/Support.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    public static let demoScene = root.appendingPathComponent("Fixtures/demo/card.yaml").path
    public static let snapshots = root.appendingPathComponent("Snapshots")

    /// The `ghostline` executable built beside the test bundle.
    public static var executable: URL {
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
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Renders a scene with caches of its own, so a test never passes only because another test warmed a cache.
public func renderIsolated(_ path: String, overrides: SceneOverrides = SceneOverrides()) throws -> (SceneLayoutJSON: String, png: [UInt8], image: RGBAImage) {
    let renderer = GhostlineSession().renderer
    let scene = try renderer.loadScene(path: path, overrides: overrides)
    let (layout, image) = try renderer.render(scene)
    return (LayoutJSON.encode(layout, palette: scene.palette), try PNGCodec.encode(image), image)
}

/// Runs the CLI and collects its exit status and output.
public struct CLIResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public init(status: Int32, stdout: String, stderr: String) { self.status = status; self.stdout = stdout; self.stderr = stderr }
}

/// The environment the CLI runs in under test: this process's, with no default suite cache
/// (`GHOSTLINE_SUITE_CACHE=off`), so what an earlier run left in the user's cache never changes a test's output. A
/// test of the cache names its folder (`--cache`, `cache:`).
public func cliEnvironment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    if environment["GHOSTLINE_SUITE_CACHE"] == nil { environment["GHOSTLINE_SUITE_CACHE"] = "off" }
    return environment
}

public func runCLI(_ arguments: [String]) throws -> CLIResult {
    let process = Process()
    process.executableURL = Paths.executable
    process.arguments = arguments
    process.environment = cliEnvironment()
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
public func runCLIBytes(_ arguments: [String], input: Data? = nil, directory: URL? = nil) throws -> (status: Int32, stdout: Data, stderr: String) {
    let process = Process()
    process.executableURL = Paths.executable
    process.arguments = arguments
    process.environment = cliEnvironment()
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

/// A small seeded generator (SplitMix64), so the random screens are the same on every run.
public struct SplitMix {
    public var state: UInt64
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

/// Headless Chromium, which the review and suite page tests drive (scripts/setup.sh --tests installs it).
public enum Browser {
    /// The first Chromium found, or nil.
    public static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs the browser and returns what it printed on standard output (`--dump-dom`); its stderr is dropped.
    public static func run(_ executable: String, _ arguments: [String]) throws -> String {
        try toolOutput(executable, arguments)
    }
}

/// Runs another program (a browser, curl, sha256sum) and returns what it printed on standard output; its stderr is
/// dropped.
public func toolOutput(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The error a scene's text is refused with (as if read from `/tmp/scene.yaml`), or nil when it parses: what every
/// scene-error test asks.
public func sceneError(_ yaml: String) -> SceneError? {
    do {
        _ = try SceneLoader(fonts: FontContext()).parse(yaml, path: "/tmp/scene.yaml")
        return nil
    } catch {
        return error
    }
}

/// Collects results from concurrent work.
public final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: [UInt8]] = [:]
    public init() {}
    public func set(_ index: Int, _ value: [UInt8]) { lock.lock(); values[index] = value; lock.unlock() }
    public func get(_ index: Int) -> [UInt8]? { lock.lock(); defer { lock.unlock() }; return values[index] }
}

/// The SHA-256 coreutils' `sha256sum` prints for a file: an independent tool's answer to check Ghostline's against.
public func sha256sum(_ path: String) throws -> String {
    String(try toolOutput("/usr/bin/sha256sum", [path]).prefix(64))
}
