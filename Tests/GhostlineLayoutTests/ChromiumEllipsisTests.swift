import Foundation
import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// "…" in the css model against Chromium's line truncator (``TruncationRule/blink``).
/// `Fixtures/browser/chromium-ellipsis-layout.json` was recorded by `scripts/browser/browser-decorations.py` from
/// headless Chromium 156 (cases in `Fixtures/browser/ellipsis-cases.json`, the five of issue 34's findings plus a cut
/// inside a word, DejaVu Sans on one line, and the product card's two-line title): `whiteSpace: nowrap` with
/// `text-overflow: ellipsis`, and `-webkit-line-clamp` 1 and 2 with `pre-wrap` and `normal`, at @1x, @2x and @3x.
/// Chromium keeps the space before "…" when it fits (nowrap, and the hanging space of a `pre-wrap` clamped line),
/// never refills a clamped line with the text after it, and shapes "…" in the block's font.
///
/// Each case is one label laid out at the case's width. The shown lines must start where Chromium's do, every
/// baseline within half a device pixel, every line's right end within one, the truncated line must show Chromium's
/// text, and its "…" must start within one device pixel of Chromium's.
@Suite("css model truncates lines as Chromium does")
struct ChromiumEllipsisTests {
    struct Line: Decodable, Sendable {
        let start: Int, baseline: Double, right: Double
        let ellipsisX: Double?, keptEnd: Int?, shown: String?
    }
    struct AtScale: Decodable, Sendable { let lines: [Line] }
    struct Style: Decodable, Sendable { let font: String; let size: Double }
    struct Scene: Decodable, Sendable {
        let whiteSpace: String?, numberOfLines: Int, lineBreakMode: String
    }
    struct Case: Decodable, Sendable {
        let id: String, width: Double, lineHeight: Double?, style: Style, scene: Scene, text: String
        let scales: [String: AtScale]
    }
    struct Fixture: Decodable, Sendable { let chromium: String; let cases: [Case] }

    static let fixture = try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: URL(
        fileURLWithPath: TestFonts.packageRoot + "/Fixtures/browser/chromium-ellipsis-layout.json")))

    static func layout(_ c: Case, scale: Int, model: LayoutModel) throws -> LabelLayout {
        var paragraph = ParagraphStyle()
        paragraph.lineHeight = c.lineHeight
        paragraph.numberOfLines = c.scene.numberOfLines
        paragraph.lineBreakMode = try #require(LineBreakMode(rawValue: c.scene.lineBreakMode))
        if let whiteSpace = c.scene.whiteSpace { paragraph.whiteSpace = try #require(WhiteSpace(rawValue: whiteSpace)) }
        let style = TextStyle(font: try Font(path: c.style.font), pointSize: c.style.size)
        let input = LabelLayouter.Input(text: c.text, style: style, paragraph: paragraph, model: model, scale: Scale(scale),
                                        fallback: Layouts.fallback)
        return LabelLayouter.layout(input, width: c.width)
    }

    /// Every way Ghostline's layout of `c` at `scale` in `model` differs from Chromium's.
    static func differences(_ c: Case, scale: Int, model: LayoutModel) throws -> [String] {
        let chromium = try #require(c.scales[String(scale)]).lines
        let lines = try layout(c, scale: scale, model: model).lines
        let pixel = 1 / Double(scale)
        guard lines.map(\.start) == chromium.map(\.start) else {
            return ["line starts \(lines.map(\.start)), Chromium \(chromium.map(\.start))"]
        }
        var problems: [String] = []
        for (n, (line, expected)) in zip(lines, chromium).enumerated() {
            if abs(line.baseline - expected.baseline) > pixel / 2 + 1e-9 {
                problems.append("line \(n): baseline \(line.baseline), Chromium \(expected.baseline)")
            }
            if abs(line.x + line.width - expected.right) > pixel + 1e-9 {
                problems.append("line \(n): right end \(line.x + line.width), Chromium \(expected.right)")
            }
            guard let shown = expected.shown, let ellipsisX = expected.ellipsisX else {
                if line.truncated { problems.append("line \(n) is truncated, Chromium's is not") }
                continue
            }
            if line.text != shown { problems.append("line \(n) shows \"\(line.text)\", Chromium \"\(shown)\"") }
            if let dots = line.runs.last(where: { $0.start == $0.end }) {
                if abs(line.x + dots.x - ellipsisX) > pixel + 1e-9 {
                    problems.append("line \(n): \"…\" at \(line.x + dots.x), Chromium \(ellipsisX)")
                }
            } else {
                problems.append("line \(n) has no \"…\"")
            }
        }
        return problems
    }

    static var ids: [String] { fixture.cases.map(\.id) }

    @Test(arguments: ids)
    func cssModelMatchesChromium(id: String) throws {
        let c = try #require(Self.fixture.cases.first { $0.id == id })
        for key in c.scales.keys.sorted() {
            let problems = try Self.differences(c, scale: Int(key)!, model: .css)
            #expect(problems.isEmpty, "\(id) @\(key)x: \(problems.joined(separator: "; "))")
        }
    }

    /// The fixture tells the rules apart: with UILabel's truncation (refill the last line, trim the space before
    /// "…", no "…" on a line that does not wrap) every case but the in-word cut and the product title differs at
    /// some scale.
    @Test func textKitTruncationDisagrees() throws {
        var textKit = LayoutModel.css
        textKit.truncation = .textKit
        for c in Self.fixture.cases where !["ellipsis-clamp1-prewrap-cut-in-word", "ellipsis-product-title-clamp2"].contains(c.id) {
            let differs = try c.scales.keys.contains { !(try Self.differences(c, scale: Int($0)!, model: textKit)).isEmpty }
            #expect(differs, "\(c.id): TextKit's truncation is invisible against this case")
        }
    }
}
