import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// A file of Chromium layout cases recorded with `scripts/browser/browser-typography.py`'s page (by it,
/// `browser-trak.py` and `browser-breaking.py`): each case one text in one font at a width, with the Ghostline style
/// keys it sets (`scene` in its cases file) and Chromium's lines at @1x, @2x and @3x. The suites that hold the css
/// model to those recordings share this: the case as a hermetic one-label scene, and every way Ghostline's layout of it
/// differs. The trak and breaking cases, whose keys are layout values' own, are held on layout values in
/// GhostlineLayoutTests (`ChromiumLabelCases`); these go through the scene format because their keys (weights on
/// variable fonts, variations, optical sizing, percent units) are the scene format's mapping.
struct ChromiumCases: Sendable {
    struct Line: Decodable, Sendable { let start: Int; let end: Int; let left: Double?; let right: Double?; let baseline: Double }
    struct AtScale: Decodable, Sendable { let height: Double; let lines: [Line] }
    struct Style: Decodable, Sendable { let font: String; let size: Double }
    struct Case: Decodable, Sendable {
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
    struct Fixture: Decodable, Sendable {
        let chromium: String
        let cases: [Case]
    }

    static let root = Paths.root.path
    static let session = GhostlineSession()

    let fixture: Fixture
    /// The `scene` object of each case as written in the cases file, as JSON (which is YAML) without its braces.
    let sceneKeys: [String: String]

    /// The recording `Fixtures/browser/<recorded>` of the cases in `Fixtures/browser/<cases>`.
    init(recorded: String, cases: String) {
        let url = URL(fileURLWithPath: Self.root + "/Fixtures/browser/" + recorded)
        fixture = try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        let list = try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.root + "/Fixtures/browser/" + cases)))
            as! [[String: Any]]
        var keys: [String: String] = [:]
        for c in list {
            let data = try! JSONSerialization.data(withJSONObject: c["scene"] ?? [String: Any](), options: [.sortedKeys])
            keys[c["id"] as! String] = String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
        sceneKeys = keys
    }

    func `case`(_ id: String) throws -> Case { try #require(fixture.cases.first { $0.id == id }) }

    /// The case as a one-label scene at `scale` in `model`, hermetic: only the case's font directory is visible.
    func yaml(_ c: Case, scale: Int, model: String = "css") throws -> String {
        let font = c.style.font.hasPrefix("/") ? c.style.font : Self.root + "/" + c.style.font
        let keys = try #require(sceneKeys[c.id])
        var style = "\"font\": \"F\", \"size\": \(c.style.size)" + (keys.isEmpty ? "" : ", ") + keys
        if let lineHeight = c.lineHeight { style += ", \"lineHeight\": \(lineHeight)" }
        let text = String(decoding: try JSONEncoder().encode(c.text), as: UTF8.self)
        return """
        model: \(model)
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

    /// The layout JSON of a YAML scene's label `t`.
    static func label(_ yaml: String, name: String) throws -> [String: Any] {
        let loader = session.loader
        let scene = try loader.resolve(try loader.describe(text: yaml, path: root + "/\(name).yaml"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(session.layout(scene).json.utf8)) as? [String: Any])
        return try #require((json["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "t" })
    }

    /// How case `c` laid out in `model` at `scale` differs from Chromium: whether the line breaks differ, and every
    /// problem in one sentence (none: it agrees). Agreeing means the same breaks, every baseline within half a device
    /// pixel, every line's start and end within one, the block as tall within half, and the text Chromium shows.
    /// `vertical: false` looks at breaks and line ends only.
    func differences(_ c: Case, scale: Int, model: String = "css", vertical: Bool = true) throws -> (breaks: Bool, problems: [String]) {
        let expected = try #require(c.scales[String(scale)])
        let label = try Self.label(try yaml(c, scale: scale, model: model), name: c.id)
        let frame = try #require(label["frame"] as? [String: Double])
        let lines = try #require(label["lines"] as? [[String: Any]])
        var problems: [String] = []
        if let shown = c.shown {
            // Line texts are what is displayed; offsets stay in the source (checked against Chromium's DOM offsets
            // just below), so ß → SS changes the text and not the line breaks.
            let displayed = lines.map { $0["text"] as! String }.joined()
            if displayed.filter({ !$0.isWhitespace }) != shown.filter({ !$0.isWhitespace }) {
                problems.append("shows \(displayed), Chromium \(shown)")
            }
        }
        let ours = lines.map { [$0["start"] as! Int, $0["end"] as! Int] }
        guard ours == expected.lines.map({ [$0.start, $0.end] }) else { return (true, problems + ["line breaks differ: \(ours)"]) }
        let halfPixel = 0.5 / Double(scale), pixel = 1 / Double(scale)
        for (line, reference) in zip(lines, expected.lines) {
            let baseline = (line["baseline"] as! Double) - frame["y"]!
            if vertical, abs(baseline - reference.baseline) > halfPixel {
                problems.append("line \(reference.start): baseline \(baseline) vs Chromium \(reference.baseline)")
            }
            let start = (line["x"] as! Double) - frame["x"]!
            if let left = reference.left, abs(start - left) > pixel {
                problems.append("line \(reference.start): left edge \(start) vs Chromium \(left)")
            }
            let end = start + (line["width"] as! Double)
            if let right = reference.right, abs(end - right) > pixel {
                problems.append("line \(reference.start): right edge \(end) vs Chromium \(right)")
            }
        }
        if vertical, abs(frame["height"]! - expected.height) > halfPixel {
            problems.append("height \(frame["height"]!) vs Chromium \(expected.height)")
        }
        return (false, problems)
    }

    /// Case `c` at each of its scales, expected to agree with Chromium; the scales in `knownBreakDifferences` may
    /// break lines differently instead (and must: a listed difference that went away fails too).
    func expectAgreement(_ c: Case, knownBreakDifferences: Bool = false) throws {
        var differed = false
        for key in c.scales.keys.sorted() {
            let (breaks, problems) = try differences(c, scale: Int(key)!)
            if knownBreakDifferences, breaks { differed = true; continue }
            #expect(problems.isEmpty, "\(c.id) @\(key)x: \(problems.joined(separator: "; "))")
        }
        if knownBreakDifferences { #expect(differed, "\(c.id) now agrees with Chromium: drop it from the known differences") }
    }
}
