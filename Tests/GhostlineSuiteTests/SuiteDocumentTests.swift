import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// Manifest entries that name a design document and an artboard: the suite checks the scene `ghostline import`
/// makes of it, follows the document when it changes, and lints it on the index page.
@Suite("Suites over design documents")
struct SuiteDocumentTests {
    static let techUI = Paths.root.appendingPathComponent("Fixtures/designdocs/sketch-techui/TechUIdemo.sketch")

    static func suite(_ entries: String) throws -> URL {
        let root = try Paths.temporaryDirectory()
        try FileManager.default.copyItem(at: Self.techUI, to: root.appendingPathComponent("TechUIdemo.sketch"))
        try """
        name: Imported
        fontDirectories: [/usr/share/fonts/opentype/noto, /usr/share/fonts/opentype/inter]
        systemFonts: false
        entries:
        \(entries)
        """.write(to: root.appendingPathComponent("ghostline.yaml"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func anArtboardIsCheckedThroughItsImportedSceneAndLintedOnTheIndex() throws {
        let root = try Self.suite("  - { document: TechUIdemo.sketch, artboard: Info, reference: \"references/{name}@3x.png\" }")
        let manifest = root.appendingPathComponent("ghostline.yaml").path
        let plan = try SuitePlan.load(manifest)
        #expect(plan.cases.map(\.id) == ["info"])
        let scene = try #require(plan.cases.first?.scene)
        #expect(scene == root.appendingPathComponent(".ghostline/imported/techuidemo/info/info.yaml").path)
        #expect(try String(contentsOfFile: scene, encoding: .utf8).contains("source: \"E3F753D2-2483-4711-9C1E-6C83A95B7053\""))
        #expect(plan.documents == [root.appendingPathComponent("TechUIdemo.sketch").path])
        // An unchanged document leaves the imported scene as it was (its modification time too).
        let before = try FileManager.default.attributesOfItem(atPath: scene)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        _ = try SuitePlan.load(manifest)
        #expect(try FileManager.default.attributesOfItem(atPath: scene)[.modificationDate] as? Date == before)

        let update = try runCLI(["suite", manifest, "--update"])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        let html = root.appendingPathComponent("report").path
        let run = try runCLI(["suite", manifest, "--html", html])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let index = try String(contentsOfFile: html + "/index.html", encoding: .utf8)
        #expect(index.contains("<section id=\"design-lint\">") && index.contains("TechUIdemo.sketch</b>: 10 text layers"))
        #expect(index.contains("UILabel centres the text in its frame"))
    }

    @Test func documentEntryErrorsNameTheLineAndTheFix() throws {
        let missing = try Self.suite("  - { document: TechUIdemo.sketch, artboard: Nope, reference: r.png }")
        #expect(throws: SuiteError.self) { try SuitePlan.load(missing.appendingPathComponent("ghostline.yaml").path) }
        let result = try runCLI(["suite", missing.appendingPathComponent("ghostline.yaml").path])
        #expect(result.status == 2 && result.stderr.contains("no artboard `Nope`") && result.stderr.contains("`Info`"))
        #expect(result.stderr.contains("ghostline.yaml:5:"))
        let both = try Self.suite("  - { scene: a.yaml, document: TechUIdemo.sketch, artboard: Info, reference: r.png }")
        let bothResult = try runCLI(["suite", both.appendingPathComponent("ghostline.yaml").path])
        #expect(bothResult.status == 2 && bothResult.stderr.contains("not both"))
        let noArtboard = try Self.suite("  - { document: TechUIdemo.sketch, reference: r.png }")
        let noArtboardResult = try runCLI(["suite", noArtboard.appendingPathComponent("ghostline.yaml").path])
        #expect(noArtboardResult.status == 2 && noArtboardResult.stderr.contains("artboard"))
    }
}
