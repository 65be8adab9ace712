import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `ghostline fonts SCENE [--json]`: what the demo card's styles resolve to in a hermetic font set, as text and
/// as JSON, and bad input as one line with exit 2.
@Suite("Command line: fonts")
struct FontsCommandTests {
    static let inter = "/usr/share/fonts/opentype/inter"
    static let hermetic = ["--no-system-fonts", "--font-dir", inter]

    @Test func theTextNamesEachStyleHowItWasFoundAndTheFile() throws {
        let result = try runCLI(["fonts", Paths.demoScene] + Self.hermetic)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.components(separatedBy: "\n")
        #expect(lines.prefix(2) == ["fonts of \(Paths.demoScene)", "font set: only \(Self.inter) (system fonts off)"])
        let title = try #require(lines.firstIndex(of: "style title"))
        #expect(lines[title + 1] == "  asked for  Inter-SemiBold, weight 400, upright")
        #expect(lines[title + 2] == "  found as   the PostScript name Inter-SemiBold through fontconfig")
        #expect(lines[title + 3] == "  file       \(Self.inter)/Inter-SemiBold.otf, face 0")
        let body = try #require(lines.firstIndex(of: "style body"))
        #expect(body > title)
        #expect(lines[body + 2] == "  found as   the family Inter through fontconfig")
        #expect(lines[body + 3] == "  file       \(Self.inter)/Inter-Regular.otf, face 0")
    }

    @Test func theJSONParsesAndItsHashIsSha256sums() throws {
        let result = try runCLIBytes(["fonts", Paths.demoScene, "--json"] + Self.hermetic)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue(parsing: Array(result.stdout))
        #expect(json["fontSet"]?["directories"]?.arrayValue?.compactMap(\.stringValue) == [Self.inter])
        let fonts = try #require(json["fonts"]?.arrayValue)
        #expect(fonts.compactMap { $0["subject"]?["name"]?.stringValue } == ["title", "body"])
        #expect(fonts.compactMap { $0["source"]?["kind"]?.stringValue } == ["postScriptName", "family"])
        let file = try #require(fonts.first?["font"]?["file"]?.stringValue)
        #expect(fonts.first?["font"]?["sha256"]?.stringValue == (try sha256sum(file)))
        #expect(json["unusedStyles"]?.arrayValue?.isEmpty == true)
    }

    /// A scene whose font directory is missing, and one whose `fonts:` file is not a font: one line naming the file
    /// and the place, exit 2, nothing on stdout.
    @Test(arguments: [("fontDirectories: [no-such-fonts/]\n", "font directory"),
                      ("fonts: { Brand: broken.ttf }\n", "broken.ttf")])
    func badFontsAreOneLineAndExit2(_ top: String, _ named: String) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a font".utf8).write(to: directory.appendingPathComponent("broken.ttf"))
        let scene = directory.appendingPathComponent("scene.yaml").path
        try (top + "canvas: { width: 100 }\nstyles: { s: { font: Brand, size: 17 } }\n"
             + "root: { children: [ { label: { text: a, style: s } } ] }\n").write(toFile: scene, atomically: true, encoding: .utf8)
        let result = try runCLI(["fonts", scene])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("ghostline: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(scene) && result.stderr.contains(named), "\(result.stderr)")
    }
}
