import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlinePNG
import Testing

/// Per-entry `maxDiffPixels` (an absolute count of differing pixels, beside the ratio `tolerance`) and `ignore:` by
/// label id (issue 24).
@Suite("Suite maxDiffPixels and ignore by label")
struct SuiteMaskAndCountTests {
    static func manifest(_ options: String) -> String {
        "name: Cards\nentries:\n  - scene: scenes/*.yaml\n    design: designs/{name}@2x.png\n" + options
    }

    /// How many pixels of card0 differ, as the review (not the code under test) counts them.
    static func differingPixels(_ fixture: SuiteFixture) throws -> Int {
        _ = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("count.json")])
        let report = try JSONValue(parsing: Array(try fixture.read("count.json").utf8))
        return try #require(report["entries"]?.arrayValue?.first?["review"]?["stats"]?["differingPixels"]?.intValue)
    }

    /// Exactly the count passes and one fewer fails; alone, the count replaces the 1% ratio (card0 differs by far
    /// more); with a ratio too, the check passes only within both. The title's colour changes after the design was
    /// made, so pixels differ and nothing moves (no baseline finding fails the check on its own).
    @Test func maxDiffPixelsIsAnAbsoluteCountAndBothLimitsApply() throws {
        let fixture = try SuiteFixture.make(count: 1, manifest: Self.manifest(""))
        defer { fixture.remove() }
        try fixture.write("scenes/card0.yaml", try fixture.read("scenes/card0.yaml").replacingOccurrences(of: "#111111", with: "#E01010"))
        let count = try Self.differingPixels(fixture)
        #expect(count > 100)
        try fixture.write("ghostline.yaml", Self.manifest("    maxDiffPixels: \(count)\n"))
        let exact = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(exact.status == 0, "\(exact.stdout)")
        try fixture.write("ghostline.yaml", Self.manifest("    maxDiffPixels: \(count - 1)\n"))
        let under = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(under.status == 1)
        #expect(under.stdout.contains("\(count) pixels differ (") && under.stdout.contains("; at most \(count - 1))"), "\(under.stdout)")
        try fixture.write("ghostline.yaml", "defaults: { maxDiffPixels: \(count), tolerance: 0.01 }\n" + Self.manifest(""))
        let both = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(both.status == 1, "the ratio still applies beside the count: \(both.stdout)")
        #expect(both.stdout.contains("at most \(count), tolerance 1.0%)"), "\(both.stdout)")
        try fixture.write("ghostline.yaml", "defaults: { maxDiffPixels: \(count), tolerance: 1 }\n" + Self.manifest(""))
        #expect(try runCLI(["suite", fixture.path("ghostline.yaml")]).status == 0)
    }

    @Test func maxDiffPixelsIsParsedPerEntryOverTheDefaults() throws {
        let manifest = try SuiteManifest.parse("defaults: { maxDiffPixels: 40 }\nentries:\n  - { scene: a.yaml, design: a.png }\n  - { scene: b.yaml, design: b.png, maxDiffPixels: 0 }\n", path: "ghostline.yaml")
        #expect(manifest.entries[0].options.over(manifest.defaults).maxDiffPixels == 40)
        #expect(manifest.entries[1].options.over(manifest.defaults).maxDiffPixels == 0)
        #expect(throws: SceneError.self) { try SuiteManifest.parse("entries: [ { scene: a.yaml, design: a.png, maxDiffPixels: -1 } ]\n", path: "ghostline.yaml") }
        #expect(throws: SceneError.self) { try SuiteManifest.parse("entries: [ { scene: a.yaml, design: a.png, maxDiffPixels: 0.5 } ]\n", path: "ghostline.yaml") }
    }

    /// `ignore:` takes label ids beside boxes; an entry's list replaces the defaults' whole (boxes and ids); an id
    /// listed twice is an error at its place.
    @Test func ignoreTakesLabelIdsBesideBoxes() throws {
        let text = """
        defaults: { ignore: [ clock ] }
        entries:
          - { scene: a.yaml, design: a.png }
          - { scene: b.yaml, design: b.png, ignore: [ title, { x: 0, y: 0, width: 10, height: 5 } ] }
          - { scene: c.yaml, design: c.png, ignore: [ { x: 0, y: 0, width: 10, height: 5 } ] }
        """
        let manifest = try SuiteManifest.parse(text, path: "ghostline.yaml")
        let first = manifest.entries[0].options.over(manifest.defaults)
        let second = manifest.entries[1].options.over(manifest.defaults)
        #expect(first.ignoreLabels == ["clock"] && (first.ignore ?? []).isEmpty)
        #expect(second.ignoreLabels == ["title"] && second.ignore?.count == 1 && second.ignore?.first?.width == 10)
        let third = manifest.entries[2].options.over(manifest.defaults)
        #expect((third.ignoreLabels ?? []).isEmpty && third.ignore?.count == 1, "boxes alone replace the defaults' label ids too")
        do {
            _ = try SuiteManifest.parse("entries: [ { scene: a.yaml, design: a.png, ignore: [ clock, clock ] } ]\n", path: "ghostline.yaml")
            Issue.record("a label listed twice was accepted")
        } catch {
            #expect(error.description.contains("the label `clock` is listed twice"), "\(error)")
        }
    }

    /// The design shows another title (a clock, a user name): ignoring the label `title` masks its frame, which is
    /// the frame `ghostline layout` reports for it, and the check passes; an unknown id fails the check with the
    /// entry, the id and the labels there are.
    @Test func ignoringALabelByIdMasksItsFrameInTheLayout() throws {
        let fixture = try SuiteFixture.make(count: 1, manifest: Self.manifest(""))
        defer { fixture.remove() }
        let renderer = GhostlineSession().renderer
        try fixture.write("other.yaml", SuiteFixture.sceneText(title: "Card 8"))
        let other = try renderer.render(try renderer.loadScene(path: fixture.path("other.yaml"))).image
        try Data(try PNGCodec.encode(other)).write(to: URL(fileURLWithPath: fixture.path("designs/card0@2x.png")))
        #expect(try runCLI(["suite", fixture.path("ghostline.yaml")]).status == 1)

        try fixture.write("ghostline.yaml", Self.manifest("    ignore: [ title ]\n"))
        let masked = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("suite.json")])
        #expect(masked.status == 0, "\(masked.stdout)")
        let layout = try JSONValue(parsing: Array(try runCLI(["layout", fixture.path("scenes/card0.yaml")]).stdout.utf8))
        let title = try #require(layout["elements"]?.arrayValue?.first { $0["id"]?.stringValue == "title" })
        let report = try JSONValue(parsing: Array(try fixture.read("suite.json").utf8))
        let ignored = try #require(report["entries"]?.arrayValue?.first?["review"]?["options"]?["ignore"]?.arrayValue)
        #expect(ignored.count == 1)
        for key in ["x", "y", "width", "height"] {
            #expect(ignored.first?[key]?.doubleValue == title["frame"]?[key]?.doubleValue, "\(key)")
        }

        try fixture.write("ghostline.yaml", Self.manifest("    ignore: [ clock ]\n"))
        let unknown = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(unknown.status == 1)
        #expect(unknown.stdout.hasPrefix("ERROR card0: ignore: no label `clock` in \(fixture.path("scenes/card0.yaml")) (entry card0); its labels: title, body; "), "\(unknown.stdout)")
    }
}
