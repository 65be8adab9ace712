import Foundation
import GhostlineTestSupport
import Testing

/// Every input under Tests/FuzzRegressions/ (see its README), replayed through the CLI in a child process, so that
/// a crash fails this test rather than the whole test run.
@Suite struct FuzzRegressionTests {
    static let folder = Paths.root.appendingPathComponent("Tests/FuzzRegressions")
    static let reference = Paths.root.appendingPathComponent("Tests/GhostlinePNGTests/Fixtures/formats/reference.png").path

    struct Finding: Sendable, CustomTestStringConvertible {
        let target: String
        let path: String
        var name: String { URL(fileURLWithPath: path).lastPathComponent }
        /// An unfixed finding: expected to fail until its fix lands.
        var isOpen: Bool { name.hasPrefix("open-") }
        var testDescription: String { "\(target)/\(name)" }

        /// The CLI command that reads the input the way the fuzz target did.
        var arguments: [String] {
            switch target {
            // png: through the harness, whose png target also decodes with the fast path and with libpng alone and
            // stops on any difference (what the CLI alone would not notice).
            case "png": return ["png", path]
            case "jpeg", "webp": return ["diff", path, FuzzRegressionTests.reference]
            case "font": return ["metrics", path, "--size", "17"]
            case "layout-json": return ["diff", FuzzRegressionTests.reference, FuzzRegressionTests.reference, "--layout", path]
            case "text": return ["text", path]   // no CLI reads text with a style from bytes: the harness replays it
            // sketch, figma: through the harness, which also loads every scene the import writes
            case "sketch", "figma": return [target, path]
            default: return ["layout", path]   // scene
            }
        }
    }

    static let findings: [Finding] = {
        let manager = FileManager.default
        let targets = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        return targets.sorted().flatMap { target -> [Finding] in
            let directory = folder.appendingPathComponent(target).path
            let files = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
            return files.sorted().map { Finding(target: target, path: directory + "/" + $0) }
        }
    }()

    /// The folder is not silently empty: the replay below has something to replay.
    @Test func everyFindingIsListedInTheREADME() throws {
        #expect(!Self.findings.isEmpty)
        let readme = try String(contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
        for finding in Self.findings { #expect(readme.contains(finding.testDescription), "\(finding)") }
    }

    @Test(arguments: findings)
    func findingEndsWithAnExitStatusAndOneLine(_ finding: Finding) throws {
        let result = ["text", "png", "sketch", "figma"].contains(finding.target) ? try runFuzzHarness(finding.arguments) : try runCLI(finding.arguments)
        let check = {
            #expect([0, 1, 2].contains(result.status), "\(finding): exit status \(result.status)")
            #expect(result.stderr.split(separator: "\n").count <= 1, "\(finding): \(result.stderr)")
        }
        if finding.isOpen {
            withKnownIssue("unfixed fuzz finding \(finding); see Tests/FuzzRegressions/README.md") { check() }
        } else {
            check()
        }
    }
}

/// Runs the fuzz harness (`ghostline-fuzz TARGET FILE`, built beside `ghostline` for the test run) in a child process,
/// for at most 30 seconds.
func runFuzzHarness(_ arguments: [String]) throws -> CLIResult {
    let process = Process()
    process.executableURL = Paths.executable.deletingLastPathComponent().appendingPathComponent("ghostline-fuzz")
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // A finding that hangs again must fail the test, not hang the suite: stopped after 30 s, its status is a signal.
    // (A thread of its own: the test's own thread blocks reading the pipes below.)
    let pid = process.processIdentifier
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        if finished.wait(timeout: .now() + 30) == .timedOut { kill(pid, SIGKILL) }
    }
    defer { finished.signal() }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                     stderr: String(decoding: stderr, as: UTF8.self))
}
