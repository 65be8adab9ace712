import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// Fonts with a tracking table (`trak`) in the css model against a real browser. `Fixtures/browser/
/// chromium-trak-layout.json` was recorded by `scripts/browser-trak.py` from headless Chromium 156 (cases in
/// `Fixtures/browser/trak-cases.json`): scripts/make-trak-font.py's fonts — the HIG font with `STAT` at 8 to 40 px
/// (below, at, between and above its table's sizes), the same table without `STAT`, a flat +100/1000 em probe,
/// and letter spacing on top — each at @1x, @2x and @3x. Chromium applies none of the tables, so the css model does
/// not either; the same comparison with the uikit model's tracking must fail, or the fixture could not tell.
///
/// As in ``ChromiumTypographyTests``: same line breaks, every baseline within half a device pixel, every line's
/// ends within one device pixel, and the block as tall within half a pixel.
@Suite("css model matches Chromium on fonts with tracking tables")
struct ChromiumTrakTests {
    struct Fixture: Decodable {
        struct Line: Decodable { let start: Int; let end: Int; let left: Double?; let right: Double?; let baseline: Double }
        struct AtScale: Decodable { let height: Double; let lines: [Line] }
        struct Style: Decodable { let font: String; let size: Double }
        struct Case: Decodable {
            let id: String, width: Double, lineHeight: Double?, style: Style, text: String, css: String
            /// The Ghostline style keys the case sets beyond font and size (only `letterSpacing` here), as in the
            /// cases file.
            let scene: [String: Double]
            let scales: [String: AtScale]
        }
        let chromium: String
        let cases: [Case]
    }

    static let root = Paths.root.path
    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: root + "/Fixtures/browser/chromium-trak-layout.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()
    static let session = GhostlineSession()

    /// The case as a one-label scene at `scale` in `model`, hermetic: only the case's font directory is visible.
    static func label(_ c: Fixture.Case, scale: Int, model: String) throws -> [String: Any] {
        let font = root + "/" + c.style.font
        var style = "font: F, size: \(c.style.size)"
        if let lineHeight = c.lineHeight { style += ", lineHeight: \(lineHeight)" }
        for (key, value) in c.scene.sorted(by: { $0.key < $1.key }) { style += ", \(key): \(value)" }
        let text = String(decoding: try JSONEncoder().encode(c.text), as: UTF8.self)
        let yaml = """
        model: \(model)
        systemFonts: false
        fontDirectories: ["\((font as NSString).deletingLastPathComponent)"]
        fonts: { F: "\(font)" }
        canvas: { width: \(c.width), scale: \(scale) }
        styles:
          s: { \(style) }
        root:
          stack: vertical
          children:
            - label: { id: t, text: \(text), style: s }
        """
        let loader = session.loader
        let scene = try loader.resolve(try loader.describe(text: yaml, path: root + "/\(c.id).yaml"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(session.layout(scene).json.utf8)) as? [String: Any])
        return try #require((json["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "t" })
    }

    /// Every way `label` differs from Chromium's lines at `scale`; empty when it agrees. `vertical: false` looks at
    /// line breaks and line ends only (where tracking shows).
    static func differences(_ label: [String: Any], _ expected: Fixture.AtScale, scale: Int, vertical: Bool = true) -> [String] {
        let frame = label["frame"] as! [String: Double]
        let lines = label["lines"] as! [[String: Any]]
        let ours = lines.map { [$0["start"] as! Int, $0["end"] as! Int] }
        guard ours == expected.lines.map({ [$0.start, $0.end] }) else { return ["line breaks \(ours)"] }
        var problems: [String] = []
        let halfPixel = 0.5 / Double(scale)
        for (line, reference) in zip(lines, expected.lines) {
            let baseline = (line["baseline"] as! Double) - frame["y"]!
            if vertical, abs(baseline - reference.baseline) > halfPixel { problems.append("line \(reference.start) baseline \(baseline) vs \(reference.baseline)") }
            let start = (line["x"] as! Double) - frame["x"]!
            if let left = reference.left, abs(start - left) > 1 / Double(scale) { problems.append("line \(reference.start) left \(start) vs \(left)") }
            let end = start + (line["width"] as! Double)
            if let right = reference.right, abs(end - right) > 1 / Double(scale) { problems.append("line \(reference.start) right \(end) vs \(right)") }
        }
        if vertical, abs(frame["height"]! - expected.height) > halfPixel { problems.append("height \(frame["height"]!) vs \(expected.height)") }
        return problems
    }

    @Test(arguments: fixture.cases.map(\.id))
    func cssModelMatchesChromium(id: String) throws {
        let c = try #require(Self.fixture.cases.first { $0.id == id })
        for (key, expected) in c.scales.sorted(by: { $0.key < $1.key }) {
            let problems = Self.differences(try Self.label(c, scale: Int(key)!, model: "css"), expected, scale: Int(key)!)
            #expect(problems.isEmpty, "\(id) @\(key)x: \(problems.joined(separator: "; "))")
        }
    }

    /// The fixture can tell tracking from none: laid out with the uikit model's tracking, every case whose font is
    /// tracked there (the HIG font away from 12 px, the flat probe) breaks or ends a line elsewhere than Chromium at
    /// some scale (vertical metrics, where the models differ anyway, are not looked at).
    @Test func trackedLayoutsDisagreeWithChromium() throws {
        for c in Self.fixture.cases where c.id.hasPrefix("flat") || (c.id.hasPrefix("hig") && c.style.size != 12) {
            let disagree = try c.scales.contains { key, expected in
                !Self.differences(try Self.label(c, scale: Int(key)!, model: "uikit"), expected, scale: Int(key)!,
                                  vertical: false).isEmpty
            }
            #expect(disagree, "\(c.id): the uikit model's tracking is invisible against this case")
        }
    }
}
