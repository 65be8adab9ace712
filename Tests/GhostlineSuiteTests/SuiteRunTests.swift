import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `ghostline suite` end to end: a failing or broken check is contained, the outputs are the same bytes whatever
/// the job count, and they are written all or nothing.
@Suite("Suite run")
struct SuiteRunTests {
    static let manifest = """
    name: Cards
    entries:
      - scene: scenes/*.yaml
        design: designs/{name}@2x.png
    """

    @Test func aFailingCheckAndABrokenSceneDoNotStopTheOthers() throws {
        let fixture = try SuiteFixture.make(count: 5, failing: [1], manifest: Self.manifest)
        defer { fixture.remove() }
        // card3's scene names a style that does not exist; card4's design export is missing.
        try fixture.write("scenes/card3.yaml", SuiteFixture.sceneText(title: "Card 3").replacingOccurrences(of: "style: body", with: "style: bodyy"))
        try FileManager.default.removeItem(atPath: fixture.path("designs/card4@2x.png"))
        let result = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("suite.json"), "--jobs", "2"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Failures first, one line each, with the offset in points; then the counts.
        #expect(lines.count == 4, "\(result.stdout)")
        // The cause leads (issue 31): the scene's spacing, checked by rendering the scene with the design's.
        #expect(lines[0] == "FAIL  card1: body: the root stack's spacing is 16 pt; the design's is 8 pt. (first baseline 8.0 pt lower than the design); 80.05% of pixels differ (tolerance 1.0%)", "\(lines[0])")
        #expect(lines[1].hasPrefix("ERROR card3: \(fixture.path("scenes/card3.yaml")):"), "\(lines[1])")
        #expect(lines[1].contains("bodyy"))
        #expect(lines[2] == "ERROR card4: no design export at \(fixture.path("designs/card4@2x.png")); export it from the design tool, or fix the entry's path")
        #expect(lines[3] == "FAIL: suite Cards, 5 checks: 2 passed, 1 failed, 2 could not run")
        let report = try JSONValue(parsing: Array(try fixture.read("suite.json").utf8))
        let entries = try #require(report["entries"]?.arrayValue)
        #expect(entries.map { $0["verdict"]?.stringValue } == ["pass", "fail", "pass", "error", "error"])
        #expect(entries[1]["review"]?["schema"]?.stringValue == "ghostline-review/1")
        #expect(entries[3]["review"]?.isNull == true)
        #expect(report["totals"]?["failed"]?.intValue == 1 && report["totals"]?["errors"]?.intValue == 2)
    }

    /// Issue 31, item 7: the index page and the entry's page lead with the checked element cause, as the summary does.
    @Test func theIndexPageCarriesTheCheckedCause() throws {
        let fixture = try SuiteFixture.make(count: 2, failing: [1], manifest: Self.manifest)
        defer { fixture.remove() }
        let result = try runCLI(["suite", fixture.path("ghostline.yaml"), "--html", fixture.path("html")])
        #expect(result.status == 1)
        let index = try fixture.read("html/index.html")
        #expect(index.contains("spacing is 16 pt; the design"), "the index names no cause")
        // The other card passes: its row names none.
        #expect(index.components(separatedBy: "spacing is 16 pt").count == 2)
    }

    @Test func allPassingExitsZero() throws {
        let fixture = try SuiteFixture.make(count: 3, manifest: Self.manifest)
        defer { fixture.remove() }
        let result = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "PASS: suite Cards, 3 checks: 3 passed, 0 failed\n")
        // Not a terminal: no progress bar, and with nothing failing no plain lines either; just the timing.
        #expect(result.stderr.hasPrefix("suite: 3 checks in "))
    }

    /// The report (timings aside), the JUnit file and the index page are the same bytes with 1 and 3 workers. The
    /// first check is slow, so with 3 workers the checks finish in another order than the plan's.
    @Test func outputsDoNotDependOnTheNumberOfJobs() throws {
        let fixture = try SuiteFixture.make(count: 6, failing: [0, 4], slow: [0], manifest: Self.manifest)
        defer { fixture.remove() }
        var outputs: [[String]] = []
        for jobs in ["1", "3"] {
            // Without the cache: the second run would reuse the first's checks, and this is about the job count.
            let result = try runCLI(["suite", fixture.path("ghostline.yaml"), "--no-cache", "--jobs", jobs, "--report", fixture.path("r\(jobs).json"),
                                     "--junit", fixture.path("j\(jobs).xml"), "--html", fixture.path("h\(jobs)")])
            #expect(result.status == 1)
            outputs.append([reportWithoutTimings(try fixture.read("r\(jobs).json")), try fixture.read("j\(jobs).xml"),
                            try fixture.read("h\(jobs)/index.html"), try fixture.read("h\(jobs)/entries/card4.html"), result.stdout])
        }
        for (index, name) in ["report", "JUnit file", "index page", "review page", "summary"].enumerated() {
            let same = outputs[0][index] == outputs[1][index]   // not in #expect, which would print both pages
            #expect(same, "the \(name) differs between --jobs 1 and --jobs 3")
        }
        #expect(outputs[0][0].contains("\"verdict\": \"fail\""))
        // The report reads back to the same bytes (what merge relies on).
        let text = try fixture.read("r3.json")
        #expect(try JSONValue(parsing: Array(text.utf8)).serialized() + "\n" == text)
    }

    @Test func anUnwritableOutputStopsTheSuiteBeforeItRunsAndWritesNothing() throws {
        let fixture = try SuiteFixture.make(count: 2, manifest: Self.manifest)
        defer { fixture.remove() }
        let result = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("suite.json"),
                                 "--junit", fixture.path("missing/junit.xml"), "--html", fixture.path("html")])
        #expect(result.status == 2)
        #expect(result.stderr == "ghostline: \(fixture.path("missing/junit.xml")): cannot write (the directory \(fixture.path("missing")) does not exist); create it first (mkdir -p \(fixture.path("missing")))\n")
        #expect(!fixture.exists("suite.json") && !fixture.exists("html"))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "temporary files left behind: \(hidden)")
    }

    @Test func anOutputIsNeverAnInputNorAFolderOfSomeoneElsesFiles() throws {
        let fixture = try SuiteFixture.make(count: 2, manifest: Self.manifest)
        defer { fixture.remove() }
        let onDesign = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("designs/card0@2x.png")])
        #expect(onDesign.status == 2 && onDesign.stderr.contains("it is the input"), "\(onDesign.stderr)")
        let onDesigns = try runCLI(["suite", fixture.path("ghostline.yaml"), "--html", fixture.path("designs")])
        #expect(onDesigns.status == 2 && onDesigns.stderr.contains("it holds the input"), "\(onDesigns.stderr)")
        try FileManager.default.createDirectory(atPath: fixture.path("notes"), withIntermediateDirectories: true)
        try fixture.write("notes/todo.txt", "mine")
        let foreign = try runCLI(["suite", fixture.path("ghostline.yaml"), "--html", fixture.path("notes")])
        #expect(foreign.status == 2 && foreign.stderr.contains("it holds files that ghostline suite did not write"), "\(foreign.stderr)")
        #expect(try fixture.read("notes/todo.txt") == "mine")
        // A suite's own directory is replaced whole: a page of a check that no longer exists goes with it.
        #expect(try runCLI(["suite", fixture.path("ghostline.yaml"), "--html", fixture.path("html")]).status == 0)
        try fixture.write("html/entries/old.html", "stale")
        #expect(try runCLI(["suite", fixture.path("ghostline.yaml"), "--html", fixture.path("html"), "--report", fixture.path("html/suite.json")]).status == 0)
        #expect(!fixture.exists("html/entries/old.html"))
        #expect(fixture.exists("html/suite.json") && fixture.exists("html/entries/card1.html") && fixture.exists("html/thumbs/card1.diff.png"))
    }

    /// The library entry point: the same run without the CLI, its result in memory.
    @Test func theRunnerReportsEveryCheckInPlanOrder() throws {
        let fixture = try SuiteFixture.make(count: 4, failing: [2], manifest: Self.manifest)
        defer { fixture.remove() }
        var runner = GhostlineSession().suite(try SuitePlan.load(fixture.path("ghostline.yaml")))
        runner.jobs = 2
        let progress = ProgressRecorder()
        let result = try runner.run { progress.record($0) }
        #expect(result.entries.map(\.id) == ["card0", "card1", "card2", "card3"])
        #expect(result.entries.map(\.verdict) == [.pass, .pass, .fail, .pass])
        #expect(result.entries[2].findings.labels.map(\.id) == ["body"])
        #expect(abs((result.entries[2].findings.labels.first?.offset ?? 0) - 8) < 0.5)
        #expect(progress.done.sorted() == [1, 2, 3, 4])
        #expect(!result.passes && result.totals.failed == 1)
    }
}

final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var done: [Int] = []
    func record(_ p: SuiteProgress) { lock.lock(); done.append(p.done); lock.unlock() }
}

/// Progress goes to stderr: a bar redrawn in place on a terminal, plain lines in a log.
@Suite("Suite progress")
struct SuiteProgressTests {
    @Test func aLogGetsPlainLinesAndATerminalGetsABar() throws {
        let fixture = try SuiteFixture.make(count: 3, failing: [1], manifest: SuiteRunTests.manifest)
        defer { fixture.remove() }
        // A pipe: one line for the failure, no carriage returns or escape sequences.
        let piped = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(piped.stderr.contains("FAIL card1 ("))
        #expect(!piped.stderr.contains("\r") && !piped.stderr.contains("\u{1B}"))
        // A terminal (util-linux's `script` gives the command a pseudo-terminal): the bar, redrawn in place.
        let script = try #require(["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "util-linux's script(1) is needed to run the CLI on a pseudo-terminal")
        let command = "'\(Paths.executable.path)' suite '\(fixture.path("ghostline.yaml"))'"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("\r\u{1B}[2K"), "no bar redrawn in place: \(text.debugDescription)")
        #expect(text.contains("████████████████████████ 3/3 · 1 failed"), "\(text.debugDescription)")
        #expect(!text.contains("FAIL card1 ("), "a terminal gets the bar, not the log lines")
    }
}
