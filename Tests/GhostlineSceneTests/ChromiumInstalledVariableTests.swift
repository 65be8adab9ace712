import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// A variable font Chromium found by family name (`--chromium-fonts installed`): Debian's variable Inter set with
/// `weight` and with `variations: { wght }`, one line each, against the widths Chromium 156 drew
/// (`Fixtures/browser/chromium-installed-variable.json`, recorded by `scripts/browser/browser-installed-variable.py` at
/// @1x, @2x and @3x). Chromium draws the named instance nearest the weight (a tie goes to the lighter) and leaves
/// `font-variation-settings` unapplied; a web font (`@font-face`, the default) is drawn at the weight itself, which
/// `ChromiumTypographyTests` holds.
@Suite("Installed variable fonts as Chromium draws them")
struct ChromiumInstalledVariableTests {
    static let session = GhostlineSession()
    nonisolated(unsafe) static let fixture: [String: Any] = {
        let url = Paths.root.appendingPathComponent("Fixtures/browser/chromium-installed-variable.json")
        return try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }()
    nonisolated(unsafe) static let cases: [[String: Any]] = fixture["cases"] as! [[String: Any]]
    static let ids = cases.map { $0["id"] as! String }

    @Test(arguments: ids)
    func lineWidthsMatchChromium(id: String) throws {
        let testCase = try #require(Self.cases.first { $0["id"] as? String == id })
        let text = testCase["text"] as! String, size = testCase["size"] as! Double
        let scene = testCase["scene"] as! [String: Any]
        let key = scene["weight"].map { "weight: \($0)" } ?? "variations: { wght: \((scene["variations"] as! [String: Any])["wght"]!) }"
        let yaml = """
        model: css
        fontDirectories: [\(Self.fixture["fontDirectory"] as! String)]
        systemFonts: false
        canvas: { width: 1000 }
        root:
          children:
            - label: { id: line, text: "\(text)", style: { font: Inter, size: \(size), \(key) } }
        """
        for (scale, expected) in testCase["widthLU"] as! [String: Int] {
            let loader = Self.session.loader
            let description = try loader.describe(text: yaml, path: "/tmp/installed-vf.yaml")
            var overrides = SceneOverrides(scale: Scale(Int(scale)!))
            overrides.chromiumFonts = .installed
            let resolved = try loader.resolve(description, overrides: overrides)
            let layout = try JSONValue(parsing: Array(Self.session.render(resolved).layoutJSON.utf8))
            let label = try #require(layout["elements"]?.arrayValue?.first { $0["id"]?.stringValue == "line" })
            let width = try #require(label["lines"]?.arrayValue?.first?["width"]?.doubleValue)
            let ours = width * Double(scale)! * 64
            // The same instance draws the same advances, to 2 LayoutUnits over a line (1/32 device px: Chromium
            // rounds its glyph positions and the width to units). Another instance is 200 or more units away.
            #expect(abs(ours - Double(expected)) <= 2, "\(id) @\(scale)x: \(ours) LU vs Chromium \(expected)")
        }
    }
}
