import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// The typography keys of issue 23 in the css model against a real browser. `Fixtures/browser/
/// chromium-typography-layout.json` was recorded by `scripts/browser-typography.py` from headless Chromium (cases in
/// `Fixtures/browser/typography-cases.json`): a variable Inter at weights 400, 450, 700 and 850, explicit
/// `font-variation-settings` winning over `font-weight` and clamped to the axis range, an axis the font lacks,
/// `font-optical-sizing` auto and none on a font with an `opsz` axis (made by `scripts/make-opsz-font.py`),
/// `font-feature-settings` (`tnum`, `ss01`, `liga`, `kern`), letter spacing and line height in percent of the
/// size, `text-transform` (`textCase`, with `lang="de"` ß and `lang="tr"` dotted and dotless i, and `capitalize`),
/// and the paragraph indents as `text-indent` and inline padding (first-line, hanging, tail, a positive tail
/// indent, centred lines between indents, a preserved newline, right to left) — each at @1x, @2x and @3x.
///
/// Each case goes through the whole scene pipeline: its `scene` keys are written into a style exactly as the
/// recording script turned them into CSS, parsed, resolved (the instance opened), laid out, and read back from the
/// layout JSON. Ghostline must break the same lines, put every baseline within half a device pixel of Chromium's,
/// start and end every line within one device pixel, and make the block as tall (within half a pixel).
@Suite("css model matches Chromium on variable fonts, features and percent units")
struct ChromiumTypographyTests {
    struct Fixture: Decodable {
        struct Line: Decodable { let start: Int; let end: Int; let left: Double?; let right: Double?; let baseline: Double }
        struct AtScale: Decodable { let height: Double; let lines: [Line] }
        struct Style: Decodable { let font: String; let size: Double }
        struct Case: Decodable {
            let id: String
            let width: Double
            let lineHeight: Double?
            let style: Style
            let text: String
            let css: String
            let direction: String?
            /// What Chromium shows for a text case (`innerText` applies `text-transform`).
            let shown: String?
            let scales: [String: AtScale]
        }
        let chromium: String
        let cases: [Case]
    }

    static let root = Paths.root.path
    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: root + "/Fixtures/browser/chromium-typography-layout.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()
    /// The `scene` object of each case as written in the cases file (JSON is YAML, so it goes into the style as it is).
    static let sceneKeys: [String: String] = {
        let url = URL(fileURLWithPath: root + "/Fixtures/browser/typography-cases.json")
        let cases = try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [[String: Any]]
        var keys: [String: String] = [:]
        for c in cases {
            let data = try! JSONSerialization.data(withJSONObject: c["scene"]!, options: [.sortedKeys])
            keys[c["id"] as! String] = String(decoding: data, as: UTF8.self)
        }
        return keys
    }()
    static let session = GhostlineSession()

    static func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : root + "/" + path }

    /// The case as a one-label css scene at `scale`, hermetic: only the case's font directory is visible.
    static func yaml(_ c: Fixture.Case, scale: Int) throws -> String {
        let font = absolute(c.style.font)
        var style = try #require(sceneKeys[c.id]).dropFirst().dropLast()   // the keys without their braces
        style = "\"font\": \"F\", \"size\": \(c.style.size)" + (style.isEmpty ? "" : ", ") + style
        if let lineHeight = c.lineHeight { style += ", \"lineHeight\": \(lineHeight)" }
        let text = String(decoding: try JSONEncoder().encode(c.text), as: UTF8.self)
        return """
        model: css
        systemFonts: false
        fontDirectories: ["\((font as NSString).deletingLastPathComponent)"]
        fonts: { F: "\(font)" }
        canvas: { width: \(c.width), scale: \(scale) }
        styles:
          s: {\(style)}
        root:
          stack: vertical
          children:
            - label: { id: t, text: \(text), style: s\(c.direction == "rtl" ? ", baseWritingDirection: rightToLeft" : "") }
        """
    }

    @Test func fixtureCoversEveryKey() {
        let css = Self.fixture.cases.map(\.css).joined(separator: "; ")
        for property in ["font-weight: 450", "font-variation-settings", "font-optical-sizing: none", "font-feature-settings",
                         "letter-spacing: -0.02em", "line-height: 120%", "text-transform: uppercase",
                         "text-transform: lowercase", "text-transform: capitalize", "text-indent: 24px",
                         "text-indent: -20px", "padding-inline-end: 30px"] {
            #expect(css.contains(property), "no case sets \(property)")
        }
    }

    @Test(arguments: fixture.cases.map(\.id))
    func sameLinesAndBaselines(id: String) throws {
        let c = try #require(Self.fixture.cases.first { $0.id == id })
        for (key, expected) in c.scales.sorted(by: { $0.key < $1.key }) {
            let scale = Int(key)!
            let loader = Self.session.loader
            let scene = try loader.resolve(try loader.describe(text: try Self.yaml(c, scale: scale), path: Self.root + "/\(id).yaml"))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.session.layout(scene).json.utf8)) as? [String: Any])
            let label = try #require((json["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "t" })
            let frame = try #require(label["frame"] as? [String: Double])
            let lines = try #require(label["lines"] as? [[String: Any]])
            if let shown = c.shown {
                // Line texts are what is displayed; offsets stay in the source (checked against Chromium's DOM
                // offsets just below), so ß → SS changes the text and not the line breaks.
                let displayed = lines.map { $0["text"] as! String }.joined()
                #expect(displayed.filter { !$0.isWhitespace } == shown.filter { !$0.isWhitespace },
                        "\(id) @\(key)x: shows \(displayed), Chromium \(shown)")
            }
            let ours = lines.map { [$0["start"] as! Int, $0["end"] as! Int] }
            let theirs = expected.lines.map { [$0.start, $0.end] }
            #expect(ours == theirs, "\(id) @\(key)x: line breaks differ")
            guard ours == theirs else { continue }
            let halfPixel = 0.5 / Double(scale)
            for (line, reference) in zip(lines, expected.lines) {
                let baseline = (line["baseline"] as! Double) - frame["y"]!
                #expect(abs(baseline - reference.baseline) <= halfPixel,
                        "\(id) @\(key)x line \(reference.start): baseline \(baseline) vs Chromium \(reference.baseline)")
                if let left = reference.left {
                    let start = (line["x"] as! Double) - frame["x"]!
                    #expect(abs(start - left) <= 1 / Double(scale),
                            "\(id) @\(key)x line \(reference.start): left edge \(start) vs Chromium \(left)")
                }
                if let right = reference.right {
                    let end = (line["x"] as! Double) + (line["width"] as! Double) - frame["x"]!
                    #expect(abs(end - right) <= 1 / Double(scale),
                            "\(id) @\(key)x line \(reference.start): right edge \(end) vs Chromium \(right)")
                }
            }
            #expect(abs(frame["height"]! - expected.height) <= halfPixel,
                    "\(id) @\(key)x: height \(frame["height"]!) vs Chromium \(expected.height)")
        }
    }
}
