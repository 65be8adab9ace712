import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `ghostline suite --prune [--delete]` (issue 24): what no check uses any more, in the reference folders only.
@Suite("Suite prune")
struct SuitePruneTests {
    static let manifest = """
    name: Cards
    entries:
      - scene: scenes/card0.yaml
        reference: references/card0@2x.png
      - scene: scenes/card1.yaml
        reference: linked/card1@2x.png
      - scene: scenes/card2.yaml
        design: references/card2-design@2x.png
    """

    static func decision(_ entry: String) -> String {
        "{ \"entry\": \"\(entry)\", \"decision\": \"accepted\", \"by\": \"ann\", \"at\": \"2025-01-02T03:04:05Z\", \"comment\": \"\", \"render\": \"aa\", \"design\": \"bb\" }"
    }

    /// A suite whose references were recorded, with stale files beside them and things that must never be pruned:
    /// a design export in a reference folder, a link in it to a file outside, a subfolder, a text file, and a
    /// reference folder that is a link to a folder outside the suite, holding a stale-looking PNG.
    static func make() throws -> (SuiteFixture, outside: URL) {
        let fixture = try SuiteFixture.make(count: 3, manifest: manifest)
        let fm = FileManager.default
        let outside = try Paths.temporaryDirectory()
        try Data("x".utf8).write(to: outside.appendingPathComponent("old@2x.png"))
        try fm.createSymbolicLink(atPath: fixture.path("linked"), withDestinationPath: outside.path)
        try fm.createDirectory(atPath: fixture.path("references/sub"), withIntermediateDirectories: true)
        let update = try runCLI(["suite", fixture.path("ghostline.yaml"), "--update"])
        #expect(update.status == 1, "card2's design is missing until it is copied: \(update.stdout)")
        try fm.copyItem(atPath: fixture.path("designs/card2@2x.png"), toPath: fixture.path("references/card2-design@2x.png"))
        try fm.copyItem(atPath: fixture.path("references/card0@2x.png"), toPath: fixture.path("references/old@2x.png"))
        try fm.copyItem(atPath: fixture.path("references/card0@2x.json"), toPath: fixture.path("references/old@2x.json"))
        try fm.copyItem(atPath: fixture.path("references/card0@2x.png"), toPath: fixture.path("references/sub/nested@2x.png"))
        try fixture.write("references/notes.txt", "keep")
        try fm.createSymbolicLink(atPath: fixture.path("references/link@2x.png"), withDestinationPath: outside.appendingPathComponent("old@2x.png").path)
        try fixture.write("ghostline-review.json", "{ \"schema\": \"ghostline-review-decisions/1\", \"decisions\": [ \(decision("gone")), \(decision("card2")) ] }\n")
        return (fixture, outside)
    }

    @Test func pruneListsWhatNoCheckUsesAndDeleteRemovesOnlyThat() throws {
        let (fixture, outside) = try Self.make()
        defer { fixture.remove(); try? FileManager.default.removeItem(at: outside) }
        let before = try String(contentsOfFile: fixture.path("ghostline-review.json"), encoding: .utf8)
        let listed = try runCLI(["suite", fixture.path("ghostline.yaml"), "--prune"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == """
        reference \(fixture.path("references/old@2x.png"))
        layout \(fixture.path("references/old@2x.json"))
        decision gone (accepted by ann at 2025-01-02T03:04:05Z)

        """, "\(listed.stdout)")
        #expect(fixture.exists("references/old@2x.png") && fixture.exists("references/old@2x.json"))
        #expect(try fixture.read("ghostline-review.json") == before, "listing writes nothing")

        let deleted = try runCLI(["suite", fixture.path("ghostline.yaml"), "--prune", "--delete"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout.split(separator: "\n").count == 3 && deleted.stdout.hasPrefix("removed reference "))
        #expect(!fixture.exists("references/old@2x.png") && !fixture.exists("references/old@2x.json"))
        for kept in ["references/card0@2x.png", "references/card0@2x.json", "references/card2-design@2x.png", "references/notes.txt",
                     "references/sub/nested@2x.png", "references/link@2x.png", "designs/card2@2x.png", "scenes/card0.yaml"] {
            #expect(fixture.exists(kept), "\(kept) was removed")
        }
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("old@2x.png").path))
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("card1@2x.png").path))
        let decisions = try JSONSerialization.jsonObject(with: Data(try fixture.read("ghostline-review.json").utf8)) as? [String: Any]
        let entries = (decisions?["decisions"] as? [[String: Any]])?.compactMap { $0["entry"] as? String }
        #expect(entries == ["card2"])
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: fixture.path("references"))).contains { $0.hasPrefix(".") })

        let again = try runCLI(["suite", fixture.path("ghostline.yaml"), "--prune"])
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)")
    }

    @Test func deleteWithoutPruneAndPruneWithARunFlagAreRefused() throws {
        let fixture = try SuiteFixture.make(count: 1, manifest: "entries: [ { scene: scenes/card0.yaml, design: designs/card0@2x.png } ]\n")
        defer { fixture.remove() }
        let delete = try runCLI(["suite", fixture.path("ghostline.yaml"), "--delete"])
        #expect(delete.status == 2 && delete.stderr.hasPrefix("ghostline: --delete: only with --prune"), "\(delete.stderr)")
        let update = try runCLI(["suite", fixture.path("ghostline.yaml"), "--prune", "--update"])
        #expect(update.status == 2 && update.stderr.hasPrefix("ghostline: --update: --prune runs no check"), "\(update.stderr)")
    }
}
