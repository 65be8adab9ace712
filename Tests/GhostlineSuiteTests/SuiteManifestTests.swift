import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// A suite manifest is read like a scene: every key checked, errors as one line with line:column, key path and
/// the fix, exit 2, and nothing written.
@Suite("Suite manifest")
struct SuiteManifestTests {
    /// Runs `ghostline suite` on a manifest text in a fixture with two cards, asking for every output.
    func runManifest(_ manifest: String, extra: [String] = []) throws -> (CLIResult, SuiteFixture) {
        let fixture = try SuiteFixture.make(count: 2, manifest: manifest)
        let result = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("suite.json"),
                                 "--junit", fixture.path("junit.xml"), "--html", fixture.path("html")] + extra)
        return (result, fixture)
    }

    func expectManifestError(_ result: CLIResult, _ fixture: SuiteFixture, place: String, contains: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line on stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("ghostline: \(fixture.path("ghostline.yaml")):\(place)"), "\(result.stderr)",
                sourceLocation: sourceLocation)
        #expect(result.stderr.contains(contains), "\(result.stderr)", sourceLocation: sourceLocation)
        for output in ["suite.json", "junit.xml", "html"] {
            #expect(!fixture.exists(output), "\(output) was written for a bad manifest", sourceLocation: sourceLocation)
        }
    }

    @Test func aMisspeltKeyNamesItsLineColumnKeyPathAndTheFix() throws {
        let (result, fixture) = try runManifest("""
        entries:
          - scene: scenes/card0.yaml
            design: designs/card0@2x.png
          - scene: scenes/card1.yaml
            desing: designs/card1@2x.png
        """)
        defer { fixture.remove() }
        expectManifestError(result, fixture, place: "5:5: entries[1].desing: unknown key `desing`", contains: "allowed here: name, scene, document, artboard, design, reference")
    }

    @Test func aYAMLSyntaxErrorHasItsPlace() throws {
        let (result, fixture) = try runManifest("entries:\n  - scene: scenes/card0.yaml\n    design: [designs/card0@2x.png\n")
        defer { fixture.remove() }
        #expect(result.status == 2)
        #expect(result.stderr.contains("ghostline.yaml:4:1: YAML syntax error"), "\(result.stderr)")
    }

    @Test func anEntryNeedsADesignOrAReferenceButNotBoth() throws {
        let (missing, fixture) = try runManifest("entries:\n  - scene: scenes/card0.yaml\n")
        defer { fixture.remove() }
        expectManifestError(missing, fixture, place: "2:5: entries[0]: missing `design:` or `reference:`", contains: "add `design:")
        try fixture.write("ghostline.yaml", "entries:\n  - { scene: scenes/card0.yaml, design: d@2x.png, reference: r@2x.png }\n")
        let both = try runCLI(["suite", fixture.path("ghostline.yaml")])
        expectManifestError(both, fixture, place: "2:62: entries[0].reference: an entry has either", contains: "not both")
    }

    @Test func aGlobThatMatchesNothingIsAnErrorAtItsKey() throws {
        let (result, fixture) = try runManifest("entries:\n  - scene: scenes/*.yml\n    design: designs/{name}@2x.png\n")
        defer { fixture.remove() }
        expectManifestError(result, fixture, place: "2:12: entries[0].scene: the glob `scenes/*.yml` matches no file", contains: "check the pattern")
    }

    @Test func pathsMustTellEveryCheckOfAnEntryApart() throws {
        let (glob, fixture) = try runManifest("entries:\n  - scene: scenes/*.yaml\n    design: designs/card0@2x.png\n")
        defer { fixture.remove() }
        expectManifestError(glob, fixture, place: "3:13: entries[0].design: the glob", contains: "put {name}")
        try fixture.write("ghostline.yaml", "defaults: { contentSize: [Large, AX3] }\nentries:\n  - { scene: scenes/card0.yaml, design: designs/card0@2x.png }\n")
        let sizes = try runCLI(["suite", fixture.path("ghostline.yaml")])
        expectManifestError(sizes, fixture, place: "3:41: entries[0].design: the entry checks 2 content sizes (Large, AX3)", contains: "put {contentSize}")
        // Placeholders in block style (inside `{ … }` braces are YAML's own: a flow mapping needs the path quoted).
        try fixture.write("ghostline.yaml", "entries:\n  - scene: scenes/card0.yaml\n    design: designs/card0.{model}@2x.png\n")
        let unset = try runCLI(["suite", fixture.path("ghostline.yaml")])
        expectManifestError(unset, fixture, place: "3:13: entries[0].design: `{model}` has no value", contains: "set `model:`")
        try fixture.write("ghostline.yaml", "entries:\n  - { scene: scenes/card0.yaml, design: \"designs/{size}@2x.png\" }\n")
        let unknown = try runCLI(["suite", fixture.path("ghostline.yaml")])
        expectManifestError(unknown, fixture, place: "2:41: entries[0].design: unknown placeholder `{size}`", contains: "{contentSize}")
    }

    @Test func twoChecksWithOneIdAreRefused() throws {
        let (result, fixture) = try runManifest("""
        entries:
          - { scene: scenes/card0.yaml, design: designs/card0@2x.png }
          - { scene: scenes/card0.yaml, design: designs/card1@2x.png }
        """)
        defer { fixture.remove() }
        expectManifestError(result, fixture, place: "3:5: entries[1]: the check `card0` is already made by entries[0]", contains: "own `name:`")
    }

    @Test func valuesAreCheckedLikeSceneValues() throws {
        let (result, fixture) = try runManifest("defaults: { tolerance: 2 }\nentries:\n  - { scene: scenes/card0.yaml, design: designs/card0@2x.png }\n")
        defer { fixture.remove() }
        expectManifestError(result, fixture, place: "1:24: defaults.tolerance: 2.0 is out of range", contains: "from 0.0 to 1.0")
        try fixture.write("ghostline.yaml", "entries:\n  - { scene: scenes/card0.yaml, design: d.png, contentSize: [AX3, ax3] }\n")
        let repeated = try runCLI(["suite", fixture.path("ghostline.yaml")])
        expectManifestError(repeated, fixture, place: "2:67: entries[0].contentSize[1]: this content size is listed twice", contains: "list each once")
    }

    @Test func badFlagsAreUsageErrorsWithExit2() throws {
        let fixture = try SuiteFixture.make(count: 1)
        defer { fixture.remove() }
        for (flags, message) in [(["--shard", "5/4"], "--shard 5/4: K must be from 1 to N"), (["--shard", "2"], "--shard 2: write K/N"),
                                 (["--jobs", "0"], "--jobs 0: use 1 to 256")] {
            let result = try runCLI(["suite", fixture.root.path] + flags)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("ghostline: \(message)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let nothing = try runCLI(["suite", fixture.path("nowhere")])
        #expect(nothing.status == 2 && nothing.stderr.contains("no such manifest or directory"))
    }

    /// Globs, models and content sizes expand in the manifest's order, each check with its own id and paths.
    @Test func entriesExpandInOrderWithTheirPlaceholdersFilledIn() throws {
        let fixture = try SuiteFixture.make(count: 3)
        defer { fixture.remove() }
        let text = """
        name: App
        defaults: { scale: 2, tolerance: 0.02 }
        entries:
          - scene: scenes/card[01].yaml
            design: designs/{name}.{contentSize}@{scale}x.png
            contentSize: [Large, AX3]
          - name: both-models
            scene: scenes/card2.yaml
            reference: references/{name}.{model}@2x.png
            model: [uikit, css]
            tolerance: 0.05
        """
        let manifest = try SuiteManifest.parse(text, path: fixture.path("ghostline.yaml"))
        let plan = try SuitePlan(manifest: manifest)
        #expect(plan.name == "App")
        #expect(plan.cases.map(\.id) == ["card0.Large", "card0.AX3", "card1.Large", "card1.AX3", "both-models.uikit", "both-models.css"])
        #expect(plan.cases.map(\.index) == Array(0..<6))
        #expect(plan.cases[1].target == .design(fixture.path("designs/card0.AX3@2x.png")))
        #expect(plan.cases[5].target == .reference(fixture.path("references/both-models.css@2x.png")))
        #expect(plan.cases[0].options.tolerance == 0.02 && plan.cases[4].options.tolerance == 0.05)
        #expect(plan.cases[4].model == .uikit && plan.cases[5].model == .css && plan.cases[1].contentSize == .AX3)
        // The digest changes with what is checked, not with how it is written.
        let respelled = try SuitePlan(manifest: try SuiteManifest.parse(text.replacingOccurrences(of: "name: App", with: "name: 'App'"),
                                                                         path: fixture.path("ghostline.yaml")))
        #expect(respelled.digest == plan.digest)
        let fewer = try SuitePlan(manifest: try SuiteManifest.parse(text.replacingOccurrences(of: "[Large, AX3]", with: "[AX3, Large]"),
                                                                     path: fixture.path("ghostline.yaml")))
        #expect(fewer.digest != plan.digest)
    }

    /// Without a manifest: scenes/NAME.yaml ↔ designs/NAME@Nx.png (and NAME.CATEGORY@Nx.png); a scene without a
    /// design is a check that fails with the file it looked for.
    @Test func aDirectoryWithoutAManifestFollowsTheConvention() throws {
        let fixture = try SuiteFixture.make(count: 2)
        defer { fixture.remove() }
        try FileManager.default.copyItem(atPath: fixture.path("designs/card0@2x.png"), toPath: fixture.path("designs/card0.AX3@2x.png"))
        try FileManager.default.removeItem(atPath: fixture.path("designs/card1@2x.png"))
        try SuiteFixture.sceneText(title: "Lonely").write(toFile: fixture.path("scenes/card1.yaml"), atomically: true, encoding: .utf8)
        let plan = try SuitePlan.load(fixture.root.path)
        #expect(plan.cases.map(\.id) == ["card0", "card0.AX3", "card1"])
        #expect(plan.cases[1].contentSize == .AX3)
        #expect(plan.cases[2].problem?.contains("expected \(fixture.path("designs/card1@3x.png"))") == true)
        let run = try runCLI(["suite", fixture.root.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("ERROR card1: no design export for"))
        #expect(run.stdout.contains("FAIL: suite"))
    }
}
