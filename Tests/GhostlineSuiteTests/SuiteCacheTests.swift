import Foundation
import GhostlineTestSupport
import Ghostline
@testable import GhostlineSuite
import Testing

/// Issue 36: a suite re-checks only what changed. A check's result is reused while every file it read hashes the
/// same, and a run from the cache writes the same report, JUnit file and index as a run without it.
@Suite("Suite cache")
struct SuiteCacheTests {
    /// Cards whose title style comes from a shared style guide in `guided` of them; the rest define their own.
    static func fixture(count: Int, guided: Set<Int> = [], failing: Set<Int> = []) throws -> SuiteFixture {
        let fixture = try SuiteFixture.make(count: count, failing: failing, manifest: """
        name: Cached
        entries:
          - scene: scenes/*.yaml
            design: designs/{name}@2x.png
        """)
        try fixture.write("guide.yaml", """
        styles:
          title: { font: Inter-SemiBold, size: 20, lineHeight: 26, color: "#111111" }
        """)
        for i in guided {
            let scene = try fixture.read("scenes/card\(i).yaml")
            try fixture.write("scenes/card\(i).yaml", "include: ../guide.yaml\n" + scene.replacingOccurrences(
                of: "  title: { font: Inter-SemiBold, size: 20, lineHeight: 26, color: \"#111111\" }\n", with: ""))
        }
        return fixture
    }

    func run(_ fixture: SuiteFixture, cache: String?, jobs: Int = 2, html: Bool = false, shard: SuiteShard? = nil,
             version: String = "test") throws -> (result: SuiteResult, report: String) {
        var runner = GhostlineSession().suite(try SuitePlan.load(fixture.path("ghostline.yaml")))
        runner.jobs = jobs
        runner.shard = shard
        runner.version = version
        runner.cache = cache.map { SuiteCache(directory: $0) }
        let tag = UUID().uuidString
        runner.outputs = SuiteOutputPaths(report: fixture.path("report-\(tag).json"), junit: fixture.path("junit-\(tag).xml"),
                                          html: html ? fixture.path("html-\(tag)") : nil)
        let result = try runner.run()
        return (result, try fixture.read("report-\(tag).json"))
    }

    /// Unchanged: every check is reused, and the report, JUnit file and index page are the bytes of a run without the
    /// cache (apart from each check's seconds), for any job count.
    @Test func anUnchangedRunReusesEveryCheckWithTheSameOutputs() throws {
        let fixture = try Self.fixture(count: 6, failing: [2])
        defer { fixture.remove() }
        let cache = fixture.path("cache")
        let plain = try run(fixture, cache: nil, html: true)
        #expect(plain.result.reused == nil)
        let first = try run(fixture, cache: cache, html: true)
        #expect(first.result.reused == 0)
        for jobs in [1, 2] {
            let again = try run(fixture, cache: cache, jobs: jobs, html: true)
            #expect(again.result.reused == 6, "jobs \(jobs)")
            #expect(reportWithoutTimings(again.report) == reportWithoutTimings(plain.report))
            #expect(again.result.entries.map(\.verdict) == plain.result.entries.map(\.verdict))
            #expect(again.result.summary.contains("(6 unchanged, 0 checked)"), "\(again.result.summary)")
        }
        // The JUnit files and index pages of all four runs: the same apart from timings.
        let junits = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0.hasPrefix("junit-") }
            .map { try withoutTimes(fixture.read($0)) }
        #expect(Set(junits).count == 1)
        let indexes = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0.hasPrefix("html-") }
            .map { try fixture.read($0 + "/index.html") }
        #expect(Set(indexes).count == 1)
        // Each reused check's page is the page a check makes.
        let pages = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0.hasPrefix("html-") }
            .map { try fixture.read($0 + "/entries/card2.html") }
        #expect(Set(pages).count == 1)
    }

    /// An edited scene re-checks its own entry; a style guide included by some scenes re-checks exactly those; a
    /// file only touched re-checks nothing.
    @Test func onlyTheChecksWhoseInputsChangedAreMade() throws {
        let fixture = try Self.fixture(count: 8, guided: [1, 4, 6])
        defer { fixture.remove() }
        let cache = fixture.path("cache")
        _ = try run(fixture, cache: cache)
        try fixture.write("scenes/card3.yaml", SuiteFixture.sceneText(title: "Card 3", spacing: 12))
        let edited = try run(fixture, cache: cache)
        #expect(edited.result.reused == 7)
        #expect(edited.result.entries.first { $0.id == "card3" }?.verdict == .fail)
        try fixture.write("guide.yaml", "styles:\n  title: { font: Inter-SemiBold, size: 21, lineHeight: 26, color: \"#111111\" }\n")
        let guide = try run(fixture, cache: cache)
        #expect(guide.result.reused == 5, "the three scenes that include the guide are checked again")
        #expect(Set(guide.result.entries.filter { $0.verdict == .fail }.map(\.id)) == ["card1", "card3", "card4", "card6"])
        // The same bytes written again (a checkout, an editor's save): nothing to check.
        let text = try fixture.read("scenes/card5.yaml")
        try FileManager.default.removeItem(atPath: fixture.path("scenes/card5.yaml"))
        try fixture.write("scenes/card5.yaml", text)
        #expect(try run(fixture, cache: cache).result.reused == 8)
        // A design export replaced: its check is made again.
        let design = try Data(contentsOf: URL(fileURLWithPath: fixture.path("designs/card0@2x.png")))
        try (design + Data([0])).write(to: URL(fileURLWithPath: fixture.path("designs/card0@2x.png")))
        #expect(try run(fixture, cache: cache).result.reused == 7)
    }

    /// A font file replaced by another version re-checks the checks that used it, and only those.
    @Test func aReplacedFontRechecksTheChecksThatUsedIt() throws {
        let fixture = try Self.fixture(count: 4)
        defer { fixture.remove() }
        let fonts = fixture.path("fonts")
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        for face in ["Inter-Regular.otf", "Inter-SemiBold.otf"] {
            try FileManager.default.copyItem(atPath: "/usr/share/fonts/opentype/inter/\(face)", toPath: "\(fonts)/\(face)")
        }
        try fixture.write("ghostline.yaml", """
        name: Cached
        fontDirectories: [fonts]
        systemFonts: false
        entries:
          - scene: scenes/*.yaml
            design: designs/{name}@2x.png
        """)
        // card0 and card1 have no title: they never use the SemiBold file.
        for i in [0, 1] {
            try fixture.write("scenes/card\(i).yaml", SuiteFixture.sceneText(title: "").replacingOccurrences(
                of: "    - label: { id: title, text: \"\", style: title }\n", with: ""))
        }
        let cache = fixture.path("cache")
        let first = try run(fixture, cache: cache)
        #expect(first.result.reused == 0)
        let semibold = first.result.entries.filter { $0.inputFiles.contains { $0.hasSuffix("Inter-SemiBold.otf") } }.map(\.id)
        #expect(Set(semibold) == ["card2", "card3"], "\(first.result.entries.map(\.inputFiles))")
        // Another version of the face: the same file with a byte more at its end, which no table reads.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(fonts)/Inter-SemiBold.otf"))
        try (bytes + Data([0])).write(to: URL(fileURLWithPath: "\(fonts)/Inter-SemiBold.otf"))
        let replaced = try run(fixture, cache: cache)
        #expect(replaced.result.reused == 2, "card0 and card1 are reused; card2 and card3 are checked again")
        // A font added where the session looks may change any match: everything is checked again.
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/opentype/inter/Inter-Bold.otf", toPath: "\(fonts)/Inter-Bold.otf")
        #expect(try run(fixture, cache: cache).result.reused == 0)
    }

    /// Another Ghostline (version or executable), or another decision about a check, is another key.
    @Test func theCodeAndTheDecisionsArePartOfTheKey() throws {
        let fixture = try Self.fixture(count: 3, failing: [1])
        defer { fixture.remove() }
        let cache = fixture.path("cache")
        _ = try run(fixture, cache: cache)
        #expect(try run(fixture, cache: cache).result.reused == 3)
        #expect(try run(fixture, cache: cache, version: "other").result.reused == 0)
        var decisions = SuiteDecisions()
        decisions.decisions.append(.init(entry: "card1", kind: .rejected, by: "ana", at: "2026-11-28T10:00:00Z",
                                         comment: "the spacing is wrong", render: "", design: ""))
        try decisions.write(to: SuiteDecisions.path(for: try SuitePlan.load(fixture.path("ghostline.yaml"))))
        #expect(try run(fixture, cache: cache).result.reused == 2)
    }

    /// A damaged, truncated, foreign or hostile record is never trusted: the check is made and the record rewritten.
    @Test func aDamagedRecordIsIgnoredAndRewritten() throws {
        let fixture = try Self.fixture(count: 4, failing: [3])
        defer { fixture.remove() }
        let cache = fixture.path("cache")
        let clean = try run(fixture, cache: cache)
        let store = SuiteCache(directory: cache)
        let files = store.recordFiles().map(\.path).sorted()
        #expect(files.count == 4)
        let original = try Data(contentsOf: URL(fileURLWithPath: files[0]))
        // Truncated; garbage; another record's bytes under this name; a blob whose digest lies.
        try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: files[0]))
        try Data("not a record\n".utf8).write(to: URL(fileURLWithPath: files[1]))
        try Data(contentsOf: URL(fileURLWithPath: files[3])).write(to: URL(fileURLWithPath: files[2]))
        var lying = try Data(contentsOf: URL(fileURLWithPath: files[3]))
        lying[lying.count - 1] ^= 0xFF
        try lying.write(to: URL(fileURLWithPath: files[3]))
        let again = try run(fixture, cache: cache)
        #expect(again.result.reused == 0 || again.result.reused == 1, "only an intact record may be reused")
        #expect(reportWithoutTimings(again.report) == reportWithoutTimings(clean.report))
        // Rewritten whole: the next run reuses all four.
        #expect(try run(fixture, cache: cache).result.reused == 4)
        for file in store.recordFiles().map(\.path) {
            let key = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            #expect(SuiteCache.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))), key: key) != nil)
        }
    }

    /// A FIFO or a link to a device where a record should be is not opened: the check is made and a record written
    /// in its place; a link in the cache's folders is never written through, and eviction never follows one.
    @Test func whatIsNotARecordIsNeverOpenedOrFollowed() throws {
        let fixture = try Self.fixture(count: 2)
        defer { fixture.remove() }
        let cache = fixture.path("cache")
        _ = try run(fixture, cache: cache)
        let files = SuiteCache(directory: cache).recordFiles().map(\.path).sorted()
        try FileManager.default.removeItem(atPath: files[0])
        #expect(mkfifo(files[0], 0o600) == 0)
        try FileManager.default.removeItem(atPath: files[1])
        try FileManager.default.createSymbolicLink(atPath: files[1], withDestinationPath: "/dev/zero")
        #expect(try run(fixture, cache: cache).result.reused == 0)
        #expect(try run(fixture, cache: cache).result.reused == 2, "both records rewritten as files")
        // The records' folder replaced by a link to a folder outside: nothing is written there, nothing removed.
        let outside = fixture.path("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try fixture.write("outside/keep.txt", "keep")
        try FileManager.default.removeItem(atPath: cache + "/v1")
        try FileManager.default.createSymbolicLink(atPath: cache + "/v1", withDestinationPath: outside)
        var tiny = SuiteCache(directory: cache, sizeLimit: 1)
        _ = try run(fixture, cache: cache)
        tiny.evict()
        tiny.sizeLimit = 1
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["keep.txt"])
    }

    /// A record that names a FIFO, a device or a huge file among its inputs costs a check, never a hang.
    @Test func aHostileRecordsInputsAreHashedSafely() throws {
        #expect(SuiteCacheRun.fileDigest("/dev/zero") == nil)
        let fifo = try Paths.temporaryDirectory().appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(SuiteCacheRun.fileDigest(fifo) == nil)
        #expect(SuiteCacheRun.fileDigest("/nonexistent/file") == nil)
    }

    /// Shards from one cache merge into the report of an unsharded run without it.
    @Test func cachedShardsMergeLikeAWholeRun() throws {
        let fixture = try Self.fixture(count: 5, failing: [0])
        defer { fixture.remove() }
        let cache = fixture.path("cache")
        let whole = try run(fixture, cache: nil)
        for round in 0..<2 {
            var reports: [String] = []
            for k in 1...2 {
                var runner = GhostlineSession().suite(try SuitePlan.load(fixture.path("ghostline.yaml")))
                runner.shard = try SuiteShard(index: k, count: 2)
                runner.cache = SuiteCache(directory: cache)
                runner.outputs = SuiteOutputPaths(report: fixture.path("shard-\(round)-\(k).json"))
                let result = try runner.run()
                #expect(result.reused == (round == 0 ? 0 : result.entries.count))
                reports.append(fixture.path("shard-\(round)-\(k).json"))
            }
            _ = try SuiteMerge.merge(reports, outputs: SuiteOutputPaths(report: fixture.path("merged-\(round).json")))
            #expect(reportWithoutTimings(try fixture.read("merged-\(round).json")) == reportWithoutTimings(whole.report))
        }
    }

    /// Two suite processes sharing one cache at once: both answer right, and every record left is whole.
    @Test func twoProcessesShareOneCache() throws {
        let fixture = try Self.fixture(count: 6, failing: [4])
        defer { fixture.remove() }
        let cache = fixture.path("cache")
        let group = DispatchGroup()
        final class Results: @unchecked Sendable { var list: [CLIResult] = []; let lock = NSLock() }
        let results = Results()
        for _ in 0..<2 {
            group.enter()
            DispatchQueue.global().async {
                let result = try? runCLI(["suite", fixture.path("ghostline.yaml"), "--cache", cache, "--jobs", "1"])
                results.lock.lock(); if let result { results.list.append(result) }; results.lock.unlock()
                group.leave()
            }
        }
        group.wait()
        #expect(results.list.count == 2)
        for result in results.list {
            #expect(result.status == 1 && result.stdout.contains("6 checks: 5 passed, 1 failed"), "\(result.stdout)")
        }
        let store = SuiteCache(directory: cache)
        for file in store.recordFiles().map(\.path) where file.hasSuffix(".record") {
            let key = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            #expect(SuiteCache.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))), key: key) != nil)
        }
        let again = try runCLI(["suite", fixture.path("ghostline.yaml"), "--cache", cache])
        #expect(again.stdout.contains("(6 unchanged, 0 checked)"), "\(again.stdout)")
    }

    /// The size bound: the least recently used records go first, and `--cache-info` says what is left.
    @Test func theLeastRecentlyUsedRecordsAreEvicted() throws {
        let fixture = try Self.fixture(count: 4)
        defer { fixture.remove() }
        let cache = fixture.path("cache")
        _ = try run(fixture, cache: cache)
        let store = SuiteCache(directory: cache)
        let sizes = store.recordFiles().map(\.size)
        #expect(sizes.count == 4)
        // Room for about two records: a run keeps the two it used last.
        var small = SuiteCache(directory: cache, sizeLimit: sizes.max()! * 2 + sizes.max()! / 2)
        small.evict()
        #expect(small.recordFiles().count <= 2 && small.recordFiles().count >= 1)
        small.sizeLimit = SuiteCache.defaultSizeLimit
        let info = small.info()
        #expect(info.records == small.recordFiles().count)
        #expect(info.lastRun?.checks == 4 && info.lastRun?.reused == 0)
        let cli = try runCLI(["suite", fixture.path("ghostline.yaml"), "--cache", cache, "--cache-info"])
        #expect(cli.status == 0 && cli.stdout.hasPrefix("cache: \(cache)\nrecords: \(info.records), "), "\(cli.stdout)")
        #expect(cli.stdout.contains("last run: 0 of 4 checks reused (0.0%)"), "\(cli.stdout)")
    }

    /// `cache:` in the manifest, relative to it; `--cache` wins; `--no-cache` keeps nothing.
    @Test func theManifestNamesTheCache() throws {
        let fixture = try Self.fixture(count: 2)
        defer { fixture.remove() }
        try fixture.write("ghostline.yaml", try fixture.read("ghostline.yaml").replacingOccurrences(of: "name: Cached\n",
                                                                                                   with: "name: Cached\ncache: .ghostline-cache\n"))
        #expect(try SuitePlan.load(fixture.path("ghostline.yaml")).cacheDirectory == fixture.path(".ghostline-cache"))
        _ = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(SuiteCache(directory: fixture.path(".ghostline-cache")).recordFiles().count == 2)
        let reused = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(reused.stdout.contains("(2 unchanged, 0 checked)"), "\(reused.stdout)")
        let none = try runCLI(["suite", fixture.path("ghostline.yaml"), "--no-cache"])
        #expect(none.status == 0 && !none.stdout.contains("unchanged"), "\(none.stdout)")
        let both = try runCLI(["suite", fixture.path("ghostline.yaml"), "--no-cache", "--cache", "x"])
        #expect(both.status == 2 && both.stderr.hasPrefix("ghostline: --no-cache: "), "\(both.stderr)")
    }

    func withoutTimes(_ text: String) -> String {
        text.replacingOccurrences(of: #"time="[0-9.]+""#, with: "", options: .regularExpression)
    }
}
