import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// A manifest's `fontDirectories:` and `systemFonts:` pin the fonts of every check in the suite.
@Suite("Suite font sets")
struct SuiteFontSetTests {
    static func manifest(_ fontKeys: String) throws -> URL {
        let directory = try Paths.temporaryDirectory()
        let root = Paths.root.path
        try """
        \(fontKeys)
        entries:
          - { name: card, scene: \(root)/Fixtures/demo/card.yaml, design: \(root)/Fixtures/design/demo-card@3x.png }
        """.write(to: directory.appendingPathComponent("ghostline.yaml"), atomically: true, encoding: .utf8)
        return directory
    }

    func run(_ directory: URL) throws -> SuiteResult {
        let plan = try SuitePlan.load(directory.appendingPathComponent("ghostline.yaml").path)
        var runner = GhostlineSession().suite(plan)
        runner.jobs = 1
        return try runner.run()
    }

    @Test func theSuiteSeesOnlyTheManifestsDirectories() throws {
        let pinned = try Self.manifest("fontDirectories: [/usr/share/fonts/opentype/inter]\nsystemFonts: false")
        defer { try? FileManager.default.removeItem(at: pinned) }
        #expect(try run(pinned).passes)

        let wrong = try Self.manifest("fontDirectories: [/usr/share/fonts/truetype/dejavu]\nsystemFonts: false")
        defer { try? FileManager.default.removeItem(at: wrong) }
        let result = try run(wrong)
        #expect(!result.passes)
        #expect(result.entries.first?.error?.contains("is not in the font directories (/usr/share/fonts/truetype/dejavu)") == true,
                "\(result.entries.first?.error ?? "no error")")
    }

    @Test func aMissingDirectoryIsAManifestError() throws {
        let directory = try Self.manifest("fontDirectories: no-such-fonts")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("ghostline.yaml").path
        #expect {
            try SuitePlan.load(path)
        } throws: { error in
            "\(error)".hasPrefix("\(path):1:18: fontDirectories: font directory \(directory.appendingPathComponent("no-such-fonts").path) does not exist")
        }
    }
}
