import Foundation
import GhostlineTestSupport
import Testing

/// `--update` records references (snapshot entries) and renders (design entries), and never touches a file of a
/// check that passes unless `--update-all` asks; a design export is never written.
@Suite("Suite --update")
struct SuiteUpdateTests {
    static let manifest = """
    entries:
      - scene: scenes/*.yaml
        reference: references/{name}@2x.png
    """

    /// Device and inode: a file rewritten through a temporary file and a rename gets a new inode.
    func identity(_ path: String) throws -> [FileAttributeKey: Any] {
        try FileManager.default.attributesOfItem(atPath: path).filter { $0.key == .systemFileNumber || $0.key == .systemNumber }
    }
    func same(_ a: [FileAttributeKey: Any], _ b: [FileAttributeKey: Any]) -> Bool {
        a[.systemFileNumber] as? UInt64 == b[.systemFileNumber] as? UInt64 && a[.systemNumber] as? UInt64 == b[.systemNumber] as? UInt64
    }

    @Test func aMissingReferenceFailsWithHowToRecordItAndUpdateRecordsIt() throws {
        let fixture = try SuiteFixture.make(count: 2, manifest: Self.manifest)
        defer { fixture.remove() }
        let manifest = fixture.path("ghostline.yaml")
        let first = try runCLI(["suite", manifest])
        #expect(first.status == 1)
        #expect(first.stdout.contains("ERROR card0: no reference snapshot at \(fixture.path("references/card0@2x.png")); record it with `ghostline suite \(manifest) --update`, look at it, and commit it"),
                "\(first.stdout)")
        #expect(!fixture.exists("references"))

        let record = try runCLI(["suite", manifest, "--update", "--report", fixture.path("suite.json")])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        #expect(record.stdout.contains("UPDATED card1: wrote the reference \(fixture.path("references/card1@2x.png"))"))
        #expect(record.stdout.hasSuffix("PASS: suite \(fixture.root.lastPathComponent), 2 checks: 2 passed, 0 failed, 2 updated\n"))
        #expect(try fixture.read("suite.json").contains("\"updated\": \"reference\""))
        #expect(try runCLI(["suite", manifest]).status == 0)
    }

    @Test func updateRewritesOnlyWhatDiffersAndUpdateAllEverything() throws {
        let fixture = try SuiteFixture.make(count: 2, manifest: Self.manifest)
        defer { fixture.remove() }
        let manifest = fixture.path("ghostline.yaml")
        #expect(try runCLI(["suite", manifest, "--update"]).status == 0)
        let before = try (0..<2).map { try identity(fixture.path("references/card\($0)@2x.png")) }
        let bytes1 = FileManager.default.contents(atPath: fixture.path("references/card1@2x.png"))
        // card1 moves: without --update it fails; with it, its reference (only) is rewritten.
        try fixture.write("scenes/card1.yaml", SuiteFixture.sceneText(title: "Card 1", spacing: 16))
        #expect(try runCLI(["suite", manifest]).status == 1)
        let update = try runCLI(["suite", manifest, "--update"])
        #expect(update.status == 0)
        #expect(update.stdout.contains("UPDATED card1") && !update.stdout.contains("UPDATED card0"), "\(update.stdout)")
        #expect(same(try identity(fixture.path("references/card0@2x.png")), before[0]), "a passing reference was rewritten")
        #expect(!same(try identity(fixture.path("references/card1@2x.png")), before[1]))
        #expect(FileManager.default.contents(atPath: fixture.path("references/card1@2x.png")) != bytes1)
        #expect(try runCLI(["suite", manifest]).status == 0)

        let all = try runCLI(["suite", manifest, "--update-all"])
        #expect(all.status == 0 && all.stdout.contains("2 updated"), "\(all.stdout)")
        #expect(!same(try identity(fixture.path("references/card0@2x.png")), before[0]))
    }

    /// A design check's render goes to its `render:` path when the check differs or the file is missing; the
    /// design export itself is an input and is never written.
    @Test func designChecksRecordTheirRenderNeverTheDesign() throws {
        let fixture = try SuiteFixture.make(count: 2, failing: [1], manifest: """
        entries:
          - scene: scenes/*.yaml
            design: designs/{name}@2x.png
            render: renders/{name}@2x.png
        """)
        defer { fixture.remove() }
        let manifest = fixture.path("ghostline.yaml")
        let designs = try (0..<2).map { try identity(fixture.path("designs/card\($0)@2x.png")) }
        let first = try runCLI(["suite", manifest, "--update"])
        #expect(first.status == 1, "a design check that differs still fails: \(first.stdout)")
        #expect(fixture.exists("renders/card0@2x.png") && fixture.exists("renders/card1@2x.png"))
        let renders = try (0..<2).map { try identity(fixture.path("renders/card\($0)@2x.png")) }
        let second = try runCLI(["suite", manifest, "--update"])
        #expect(second.stdout.contains("UPDATED card1") && !second.stdout.contains("UPDATED card0"), "\(second.stdout)")
        #expect(same(try identity(fixture.path("renders/card0@2x.png")), renders[0]))
        #expect(!same(try identity(fixture.path("renders/card1@2x.png")), renders[1]))
        for i in 0..<2 { #expect(same(try identity(fixture.path("designs/card\(i)@2x.png")), designs[i])) }
    }
}
