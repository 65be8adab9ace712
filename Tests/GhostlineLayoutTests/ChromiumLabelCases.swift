import Foundation
import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// A file of Chromium layout cases recorded with `scripts/browser/browser-typography.py`'s page (by
/// `browser-trak.py` and `browser-breaking.py`): each case one text in one font at a width, with the style keys it
/// sets (`scene` in its cases file) and Chromium's lines at @1x, @2x and @3x. The suites that hold the css model to
/// those recordings share this: the case as one label in a stack, built as layout values (a ``TextStyle`` and a
/// ``ParagraphStyle`` carrying the case's keys), hermetic (fallback sees only the case font's directory), and every
/// way Ghostline's layout of it differs. (GhostlineSceneTests' `ChromiumCases` does the same through the scene
/// format, for the typography cases whose keys are the scene format's own: weights, variations, percent units.)
struct ChromiumLabelCases: Sendable {
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
    /// The style keys of a case (its cases file's `scene`): the ones the trak and breaking cases set.
    struct Keys: Decodable, Sendable {
        var letterSpacing: Double?
        var language: String?
        var textSpacingTrim: String?
    }

    static let root = TestFonts.packageRoot

    let fixture: Fixture
    /// The `scene` object of each case as written in the cases file.
    let keys: [String: Keys]

    /// The recording `Fixtures/browser/<recorded>` of the cases in `Fixtures/browser/<cases>`.
    init(recorded: String, cases: String) {
        let url = URL(fileURLWithPath: Self.root + "/Fixtures/browser/" + recorded)
        fixture = try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
        let list = try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.root + "/Fixtures/browser/" + cases)))
            as! [[String: Any]]
        var keys: [String: Keys] = [:]
        for c in list {
            let scene = c["scene"] as? [String: Any] ?? [:]
            // A key this helper does not know would be silently dropped: refuse it instead.
            precondition(Set(scene.keys).isSubset(of: ["letterSpacing", "language", "textSpacingTrim"]), "\(cases): unknown key in \(scene.keys)")
            let data = try! JSONSerialization.data(withJSONObject: scene)
            keys[c["id"] as! String] = try! JSONDecoder().decode(Keys.self, from: data)
        }
        self.keys = keys
    }

    func `case`(_ id: String) throws -> Case { try #require(fixture.cases.first { $0.id == id }) }

    /// The case's label `t` laid out alone in a vertical stack its width wide, at `scale` in `model`. The style is
    /// what a style of the case's keys resolves to: the font file (face 0) at the size, the optical size following
    /// the size and the regular weight (`FontVariationRequest`), the case's letter spacing, language and trimming.
    func layout(_ c: Case, scale: Int, model: LayoutModel = .css, textSpacingTrim: TextSpacingTrim? = nil) throws -> LayoutElement {
        let path = c.style.font.hasPrefix("/") ? c.style.font : Self.root + "/" + c.style.font
        let keys = try #require(keys[c.id])
        let context = FontContext(fontSet: FontSet(directories: [(path as NSString).deletingLastPathComponent], systemFonts: false))
        var style = TextStyle(font: try context.library.font(path: path), pointSize: c.style.size, letterSpacing: keys.letterSpacing ?? 0,
                              language: keys.language)
        style.variations = FontVariationRequest(weight: 400, opticalSize: c.style.size)
        if let trim = textSpacingTrim ?? keys.textSpacingTrim.flatMap(TextSpacingTrim.init(rawValue:)) { style.textSpacingTrim = trim }
        var paragraph = ParagraphStyle()
        paragraph.lineHeight = c.lineHeight
        paragraph.language = keys.language
        if c.direction == "rtl" { paragraph.baseWritingDirection = .rightToLeft }
        let root = Layouts.stack(children: [.label(LabelNode(id: "t", text: c.text, style: style, paragraph: paragraph))])
        let canvas = Canvas(width: c.width, scale: Scale(scale), background: .default)
        let layout = StackLayouter(model: model, scale: Scale(scale), fallback: FontFallback(context: context)).layout(.stack(root), canvas: canvas)
        return try #require(layout.element("t"))
    }

    /// How case `c` laid out in `model` at `scale` differs from Chromium: whether the line breaks differ, and every
    /// problem in one sentence (none: it agrees). Agreeing means the same breaks, every baseline within half a device
    /// pixel, every line's start and end within one, the block as tall within half, and the text Chromium shows.
    /// `vertical: false` looks at breaks and line ends only.
    func differences(_ c: Case, scale: Int, model: LayoutModel = .css, vertical: Bool = true) throws -> (breaks: Bool, problems: [String]) {
        let expected = try #require(c.scales[String(scale)])
        let label = try layout(c, scale: scale, model: model)
        let frame = label.frame
        let lines = label.canvasLines
        var problems: [String] = []
        if let shown = c.shown {
            // Line texts are what is displayed; offsets stay in the source (checked against Chromium's DOM offsets
            // just below), so ß → SS changes the text and not the line breaks.
            let displayed = lines.map(\.text).joined()
            if displayed.filter({ !$0.isWhitespace }) != shown.filter({ !$0.isWhitespace }) {
                problems.append("shows \(displayed), Chromium \(shown)")
            }
        }
        let ours = lines.map { [$0.start, $0.end] }
        guard ours == expected.lines.map({ [$0.start, $0.end] }) else { return (true, problems + ["line breaks differ: \(ours)"]) }
        let halfPixel = 0.5 / Double(scale), pixel = 1 / Double(scale)
        for (line, reference) in zip(lines, expected.lines) {
            let baseline = line.baseline - frame.y
            if vertical, abs(baseline - reference.baseline) > halfPixel {
                problems.append("line \(reference.start): baseline \(baseline) vs Chromium \(reference.baseline)")
            }
            let start = line.x - frame.x
            if let left = reference.left, abs(start - left) > pixel {
                problems.append("line \(reference.start): left edge \(start) vs Chromium \(left)")
            }
            let end = start + line.width
            if let right = reference.right, abs(end - right) > pixel {
                problems.append("line \(reference.start): right edge \(end) vs Chromium \(right)")
            }
        }
        if vertical, abs(frame.height - expected.height) > halfPixel {
            problems.append("height \(frame.height) vs Chromium \(expected.height)")
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
