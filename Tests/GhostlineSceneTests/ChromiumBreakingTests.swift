import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// Chromium's own line-breaking rules and `text-spacing-trim` in the css model against a real browser.
/// `Fixtures/browser/chromium-breaking-layout.json` was recorded by `scripts/browser-breaking.py` from headless
/// Chromium (cases in `Fixtures/browser/breaking-cases.json`): the release URL of issue 23 (a break after
/// `ghostline-`) at three widths, a URL's query and path, hyphens before digits after letters and digits against
/// minus signs, `!`, `|`, `}` and `?` inside words, opening brackets, currency and percent signs, hyphens before
/// non-ASCII letters; and Japanese and Chinese text with adjacent fullwidth punctuation, lines ending on a full
/// stop or closing bracket and starting with an opening one, each with `textSpacingTrim: normal` (Chromium's
/// default) and `spaceAll` — each at @1x, @2x and @3x.
///
/// Each case goes through the whole scene pipeline as in ``ChromiumTypographyTests``: same line breaks, every
/// baseline within half a device pixel, every line's start and end within one, the block as tall within half.
@Suite("css model breaks lines and trims CJK punctuation as Chromium does")
struct ChromiumBreakingTests {
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
        let url = URL(fileURLWithPath: root + "/Fixtures/browser/chromium-breaking-layout.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()
    /// The `scene` object of each case as written in the cases file (JSON is YAML, so it goes into the style as it is).
    static let sceneKeys: [String: String] = {
        let url = URL(fileURLWithPath: root + "/Fixtures/browser/breaking-cases.json")
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

    /// UIKit never trims CJK punctuation: in the uikit model `textSpacingTrim` is accepted and changes nothing,
    /// while the same scene in the css model is laid out differently (the trimmed lines are shorter).
    @Test func onlyTheCSSModelTrims() throws {
        let c = try #require(Self.fixture.cases.first { $0.id == "ja-punct-200" })
        func json(_ model: String, _ trim: String) throws -> String {
            var yaml = try Self.yaml(c, scale: 1).replacingOccurrences(of: "model: css", with: "model: \(model)")
            yaml = yaml.replacingOccurrences(of: "\"textSpacingTrim\":\"normal\"", with: "\"textSpacingTrim\":\"\(trim)\"")
            #expect(yaml.contains("\"textSpacingTrim\":\"\(trim)\""))
            let loader = Self.session.loader
            return try Self.session.layout(loader.resolve(try loader.describe(text: yaml, path: Self.root + "/t.yaml"))).json
        }
        #expect(try json("uikit", "normal") == json("uikit", "spaceAll"))
        #expect(try json("css", "normal") != json("css", "spaceAll"))
    }

    @Test func fixtureCoversEveryRule() {
        let css = Self.fixture.cases.map(\.css).joined(separator: "; ")
        #expect(css.contains("text-spacing-trim: space-all") && css.contains("text-spacing-trim: normal"))
        // The key matters: somewhere Chromium breaks the same text differently with and without trimming.
        let byID = Dictionary(uniqueKeysWithValues: Self.fixture.cases.map { ($0.id, $0) })
        let differing = Self.fixture.cases.filter { c in
            guard let twin = byID[c.id.replacingOccurrences(of: "-spaceall", with: "")], twin.id != c.id else { return false }
            return twin.scales["1"]!.lines.map(\.end) != c.scales["1"]!.lines.map(\.end)
        }
        #expect(differing.count >= 2, "trimming changes no line break in the fixture")
        // The release URL breaks after `ghostline-` at one of its widths (UAX #14 forbids it).
        let url = Self.fixture.cases.filter { $0.id.hasPrefix("url-release") }
        #expect(url.contains { c in c.scales["1"]!.lines.contains { Array(c.text.unicodeScalars)[..<$0.end].map(String.init).joined().hasSuffix("ghostline-") } })
    }

    /// Cases Ghostline knowingly breaks differently. In `ja-punct-150` the first line `「かっこいい」とは、` is exactly
    /// 150 px wide and the next line starts with a `『` that `normal` trims after `、`: Chromium moves `は、` down at
    /// @1x and @3x (not @2x), and keeps it up from a width of 150.02 px, so it counts the line a fraction of a
    /// LayoutUnit wider than its glyphs when the break splits a trimmed pair. The same text with `spaceAll` fits.
    /// The likely cause: a break inside a trimmed pair is not safe, so Blink re-shapes the line's end and compares
    /// that width with the room strictly, without the LayoutUnit of slack other lines get, and its glyph advances
    /// are a hair over an em at some scales (every glyph box measures 15.015625 px at @1x). Not modelled yet.
    static let knownDifferences: Set<String> = ["ja-punct-150"]

    @Test(arguments: fixture.cases.map(\.id))
    func sameLinesAndBaselines(id: String) throws {
        let c = try #require(Self.fixture.cases.first { $0.id == id })
        var knownDiffered = false
        defer {
            // A known difference that went away must leave the list.
            if Self.knownDifferences.contains(id) { #expect(knownDiffered, "\(id) now agrees with Chromium: drop it from knownDifferences") }
        }
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
            if Self.knownDifferences.contains(id), ours != theirs { knownDiffered = true; continue }
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
