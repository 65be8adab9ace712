import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// `--shard K/N` splits a suite over CI machines and `suite merge` puts the parts back together: every check in
/// exactly one part, and the merged outputs equal those of one unsharded run.
@Suite("Suite shards and merge")
struct SuiteShardTests {
    /// A plan of `count` checks (nothing is opened to build it).
    func plan(count: Int) throws -> SuitePlan {
        let entries = (0..<count).map { i in
            SuiteManifestEntry(name: "check\(i)", scene: "scenes/s\(i).yaml", target: .design("designs/s\(i)@3x.png"))
        }
        return try SuitePlan(manifest: SuiteManifest(path: "ghostline.yaml", entries: entries))
    }

    @Test func everyPartitionCoversEveryCheckExactlyOnce() throws {
        for count in [0, 1, 2, 7, 50, 201] {
            let cases = try plan(count: count).cases
            // Uneven costs, some unknown, some tied.
            var seconds: [String: Double] = [:]
            for c in cases where c.index % 5 != 0 { seconds[c.id] = Double((c.index * 37) % 11) / 4 }
            for costs in [nil, SuiteCosts(seconds: seconds)] {
                for n in [1, 2, 3, 4, 8, 13] {
                    var seen: [Int] = []
                    for k in 1...n { seen += try SuiteShard(index: k, count: n).select(cases, costs: costs).map(\.index) }
                    #expect(seen.sorted() == Array(0..<count), "count \(count), \(n) shards, costs \(costs != nil)")
                }
            }
        }
    }

    @Test func partsByCountDifferByAtMostOneAndAreDeterministic() throws {
        let cases = try plan(count: 10).cases
        let parts = SuiteShard.partition(cases, count: 4)
        #expect(parts == [[0, 4, 8], [1, 5, 9], [2, 6], [3, 7]])
        #expect(SuiteShard.partition(cases, count: 4) == parts)
    }

    /// With recorded costs the parts are balanced by time, not by count: one slow check gets a part to itself.
    @Test func partsByRecordedCostBalanceTheTime() throws {
        let cases = try plan(count: 9).cases
        var seconds: [String: Double] = [:]
        for c in cases { seconds[c.id] = 1 }
        seconds["check4"] = 8
        let parts = SuiteShard.partition(cases, count: 2, costs: SuiteCosts(seconds: seconds))
        #expect(parts == [[4], [0, 1, 2, 3, 5, 6, 7, 8]])
        let loads = parts.map { $0.map { seconds[cases[$0].id]! }.reduce(0, +) }
        #expect(loads == [8, 8])
        // A check the report has not seen costs the median (1 s here).
        seconds["check8"] = nil
        let again = SuiteShard.partition(cases, count: 2, costs: SuiteCosts(seconds: seconds))
        #expect(again == parts)
    }

    /// Three shards, run as CI would run them (each with its own HTML directory holding its report), merged:
    /// the report (timings aside), the JUnit file, the index page and every review page equal one unsharded run's.
    @Test func mergingTheShardsEqualsOneUnshardedRun() throws {
        let fixture = try SuiteFixture.make(count: 7, failing: [2, 5], manifest: SuiteRunTests.manifest)
        defer { fixture.remove() }
        try fixture.write("scenes/card6.yaml", "canvas: { width: 0 }\n")   // a check that cannot run
        let manifest = fixture.path("ghostline.yaml")
        // Without the cache, so that each part checks what it lists (SuiteCacheTests merges cached parts).
        let whole = try runCLI(["suite", manifest, "--no-cache", "--report", fixture.path("whole.json"), "--junit", fixture.path("whole.xml"),
                                "--html", fixture.path("whole")])
        #expect(whole.status == 1)
        var reports: [String] = []
        for k in 1...3 {
            let out = fixture.path("out-\(k)")
            let shard = try runCLI(["suite", manifest, "--no-cache", "--shard", "\(k)/3", "--html", out, "--report", out + "/suite.json"])
            #expect(shard.status == 1 || shard.status == 0)
            // The summary's last line ends with the part, as the reference says (it stood after the suite's name).
            #expect(shard.stdout.hasSuffix(" (shard \(k)/3)\n"), "\(shard.stdout)")
            reports.append(out + "/suite.json")
        }
        let shardReport = try fixture.read("out-2/suite.json")
        #expect(shardReport.contains("\"shard\": { \"index\": 2, \"count\": 3 }"))
        let merge = try runCLI(["suite", "merge"] + reports.reversed() + ["--report", fixture.path("merged.json"),
                                "--junit", fixture.path("merged.xml"), "--html", fixture.path("merged")])
        #expect(merge.status == 1, "\(merge.stderr)")
        #expect(merge.stdout == whole.stdout)
        #expect(reportWithoutTimings(try fixture.read("merged.json")) == reportWithoutTimings(try fixture.read("whole.json")))
        #expect(try fixture.read("merged.xml") == (try fixture.read("whole.xml")))
        #expect(try fixture.read("merged/index.html") == (try fixture.read("whole/index.html")))
        for i in 0..<6 {
            #expect(try fixture.read("merged/entries/card\(i).html") == (try fixture.read("whole/entries/card\(i).html")))
            let thumb = "thumbs/card\(i).diff.png"
            #expect(FileManager.default.contents(atPath: fixture.path("merged/" + thumb)) == FileManager.default.contents(atPath: fixture.path("whole/" + thumb)))
        }
    }

    @Test func mergeRefusesAMissingARepeatedOrAForeignShard() throws {
        let fixture = try SuiteFixture.make(count: 4, manifest: SuiteRunTests.manifest)
        defer { fixture.remove() }
        let manifest = fixture.path("ghostline.yaml")
        for k in 1...2 { _ = try runCLI(["suite", manifest, "--shard", "\(k)/2", "--report", fixture.path("s\(k).json")]) }
        let missing = try runCLI(["suite", "merge", fixture.path("s1.json"), "--junit", fixture.path("j.xml")])
        #expect(missing.status == 2)
        #expect(missing.stderr == "ghostline: suite merge: 2 of the plan's 4 checks are in no report (plan positions 1, 3); pass every shard's report (--shard 1/N … N/N)\n")
        #expect(!fixture.exists("j.xml"))
        let twice = try runCLI(["suite", "merge", fixture.path("s1.json"), fixture.path("s1.json")])
        #expect(twice.status == 2 && twice.stderr.contains("entries[0]: the check `card0` is also in"), "\(twice.stderr)")
        // Another plan: one more scene.
        try fixture.write("scenes/card9.yaml", SuiteFixture.sceneText(title: "Nine"))
        _ = try runCLI(["suite", manifest, "--shard", "2/2", "--report", fixture.path("other.json")])
        let foreign = try runCLI(["suite", "merge", fixture.path("s1.json"), fixture.path("other.json")])
        #expect(foreign.status == 2 && foreign.stderr.contains("plan.digest: it is a report of another plan"), "\(foreign.stderr)")
        try fixture.write("bad.json", "{ \"schema\": \"ghostline-suite/1\", \"entries\": [")
        let broken = try runCLI(["suite", "merge", fixture.path("bad.json")])
        #expect(broken.status == 2 && broken.stderr.hasPrefix("ghostline: \(fixture.path("bad.json")):1:"), "\(broken.stderr)")
    }

    /// `--durations` reads an earlier report's seconds: the shards it makes still cover every check once.
    @Test func shardsBalancedByAnEarlierReportStillCoverThePlan() throws {
        let fixture = try SuiteFixture.make(count: 5, manifest: SuiteRunTests.manifest)
        defer { fixture.remove() }
        let manifest = fixture.path("ghostline.yaml")
        #expect(try runCLI(["suite", manifest, "--report", fixture.path("last.json")]).status == 0)
        var ids: [String] = []
        for k in 1...2 {
            #expect(try runCLI(["suite", manifest, "--shard", "\(k)/2", "--durations", fixture.path("last.json"),
                                "--report", fixture.path("p\(k).json")]).status == 0)
            ids += try SuiteReport.read(fixture.path("p\(k).json")).entries.map(\.entry.id)
        }
        #expect(ids.sorted() == ["card0", "card1", "card2", "card3", "card4"])
    }
}
