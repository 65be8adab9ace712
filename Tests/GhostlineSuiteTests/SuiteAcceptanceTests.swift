import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlinePNG
import Testing

/// Accepted deviations (issue 24): a design check that differs passes as ACCEPTED while the latest decision about it
/// in `ghostline-review.json` accepts its exact render and design, and fails again when either changes. The hashes
/// a decision must carry are taken with `sha256sum`, not with the code under test.
@Suite("Suite accepted deviations")
struct SuiteAcceptanceTests {
    static let manifest = """
    name: Cards
    entries:
      - scene: scenes/*.yaml
        design: designs/{name}@2x.png
        render: renders/{name}@2x.png
    """
    static let at = "2025-01-02T03:04:05Z"

    /// A decisions file written as the review app's schema says, by hand (not by `SuiteDecisions`).
    static func decisions(_ items: [(entry: String, kind: String, comment: String, render: String, design: String)]) -> String {
        let list = items.map { d in
            "{ \"entry\": \"\(d.entry)\", \"decision\": \"\(d.kind)\", \"by\": \"ann\", \"at\": \"\(at)\", \"comment\": \"\(d.comment)\", \"render\": \"\(d.render)\", \"design\": \"\(d.design)\" }"
        }
        return "{ \"schema\": \"ghostline-review-decisions/1\", \"decisions\": [ \(list.joined(separator: ", ")) ] }\n"
    }

    /// card1 differs from its design; `--update` writes its render, whose bytes the suite hashes as a decision's `render`.
    static func failingSuite() throws -> (SuiteFixture, render: String, design: String) {
        let fixture = try SuiteFixture.make(count: 2, failing: [1], manifest: manifest)
        let update = try runCLI(["suite", fixture.path("ghostline.yaml"), "--update"])
        #expect(update.status == 1, "\(update.stdout)")
        return (fixture, try sha256sum(fixture.path("renders/card1@2x.png")), try sha256sum(fixture.path("designs/card1@2x.png")))
    }

    @Test func anAcceptedDeviationPassesAndIsReportedAsAccepted() throws {
        let (fixture, render, design) = try Self.failingSuite()
        defer { fixture.remove() }
        try fixture.write("ghostline-review.json", Self.decisions([("card1", "accepted", "the looser spacing is intended", render, design)]))
        let result = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("suite.json"),
                                 "--junit", fixture.path("junit.xml"), "--html", fixture.path("html")])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "ACCEPTED card1: the looser spacing is intended\nPASS: suite Cards, 2 checks: 2 passed, 0 failed, 1 accepted\n")
        let report = try JSONValue(parsing: Array(try fixture.read("suite.json").utf8))
        let entries = try #require(report["entries"]?.arrayValue)
        #expect(entries[1]["verdict"]?.stringValue == "pass")
        #expect(entries[1]["accepted"]?["by"]?.stringValue == "ann")
        #expect(entries[1]["accepted"]?["at"]?.stringValue == Self.at)
        #expect(entries[1]["accepted"]?["comment"]?.stringValue == "the looser spacing is intended")
        #expect(entries[0]["accepted"] == nil)
        #expect(report["totals"]?["accepted"]?.intValue == 1 && report["totals"]?["passed"]?.intValue == 2)
        let junit = try fixture.read("junit.xml")
        #expect(junit.contains("<testcase name=\"card0\" classname=\"Cards\" file=\"\(fixture.path("scenes/card0.yaml"))\"/>"))
        let card1 = try #require(junit.components(separatedBy: "<testcase name=\"card1\"").last)
        #expect(!card1.contains("<failure") && card1.contains("<system-out>") && card1.contains("accepted: by ann at \(Self.at)"), "\(card1)")
        let index = try fixture.read("html/index.html")
        #expect(index.contains("<span class=\"verdict accepted\">ACCEPTED</span>"))
        #expect(index.contains("data-accepted=\"true\"") && index.contains("id=\"count-accepted\">1<"))
        // A merge reads the acceptance back from the report and says the same.
        let merged = try runCLI(["suite", "merge", fixture.path("suite.json")])
        #expect(merged.status == 0 && merged.stdout == result.stdout, "\(merged.stdout)\(merged.stderr)")
    }

    /// The render's bytes change (the scene moves again), then the design's: each time the check fails and says which
    /// changed since when. A later rejection also ends an acceptance: the latest decision counts.
    @Test func aChangedRenderOrDesignOrALaterRejectionEndsTheAcceptance() throws {
        let (fixture, render, design) = try Self.failingSuite()
        defer { fixture.remove() }
        try fixture.write("ghostline-review.json", Self.decisions([("card1", "accepted", "", render, design)]))
        let accepted = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(accepted.status == 0 && accepted.stdout.hasPrefix("ACCEPTED card1: accepted\n"), "\(accepted.stdout)")

        try fixture.write("ghostline-review.json", Self.decisions([("card1", "accepted", "", render, design),
                                                                    ("card1", "rejected", "fix it", render, design)]))
        let rejected = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(rejected.status == 1 && rejected.stdout.hasPrefix("FAIL  card1: "), "\(rejected.stdout)")

        try fixture.write("ghostline-review.json", Self.decisions([("card1", "accepted", "", render, design)]))
        let scene = try fixture.read("scenes/card1.yaml")
        try fixture.write("scenes/card1.yaml", scene.replacingOccurrences(of: "spacing: 16", with: "spacing: 17"))
        let moved = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(moved.status == 1)
        #expect(moved.stdout.hasPrefix("FAIL  card1: an acceptance lapsed: the render changed since \(Self.at); "), "\(moved.stdout)")

        try fixture.write("scenes/card1.yaml", scene)
        let renderer = GhostlineSession().renderer
        try fixture.write("other.yaml", SuiteFixture.sceneText(title: "Card 7"))
        let other = try renderer.render(try renderer.loadScene(path: fixture.path("other.yaml"))).image
        try Data(try PNGCodec.encode(other)).write(to: URL(fileURLWithPath: fixture.path("designs/card1@2x.png")))
        let redesigned = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("suite.json")])
        #expect(redesigned.status == 1)
        #expect(redesigned.stdout.hasPrefix("FAIL  card1: an acceptance lapsed: the design changed since \(Self.at); "), "\(redesigned.stdout)")
        let report = try JSONValue(parsing: Array(try fixture.read("suite.json").utf8))
        #expect(report["entries"]?.arrayValue?[1]["acceptanceLapsed"]?.stringValue == "the design changed since \(Self.at)")
    }

    /// `SuiteRunner.hashes(of:)`, which the review app records decisions with, gives the hashes `sha256sum` gives of
    /// the render `--update` wrote and of the design; a reference check's are its render's and its reference's, and
    /// one whose reference is missing has none.
    @Test func theHashesHelperGivesTheRenderAndDesignHashes() throws {
        let (fixture, render, design) = try Self.failingSuite()
        defer { fixture.remove() }
        let runner = GhostlineSession().suite(try SuitePlan.load(fixture.path("ghostline.yaml")))
        let designCheck = runner.plan.cases[1]
        #expect(try runner.hashes(of: designCheck) == SuiteHashes(render: render, design: design))
        var reference = designCheck
        reference.target = .reference(designCheck.target.path)
        #expect(try runner.hashes(of: reference) == SuiteHashes(render: render, design: design))
        reference.target = .reference(fixture.path("references/missing@2x.png"))
        #expect(throws: SuiteError.self) { try runner.hashes(of: reference) }
    }

    @Test func aDamagedDecisionsFileStopsTheSuiteWithOneLine() throws {
        let fixture = try SuiteFixture.make(count: 1, manifest: Self.manifest)
        defer { fixture.remove() }
        try fixture.write("ghostline-review.json", "{ \"schema\": \"something-else\" }")
        let result = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("suite.json")])
        #expect(result.status == 2)
        #expect(result.stderr == "ghostline: \(fixture.path("ghostline-review.json")): schema: is not ghostline-review-decisions/1; fix or remove the file (the review app writes it)\n", "\(result.stderr)")
        #expect(!fixture.exists("suite.json"))
    }
}
