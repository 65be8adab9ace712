import Foundation
import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// Real-world text in the css model against a real browser. `Fixtures/chromium-world-layout.json` was recorded
/// by `scripts/browser/browser-world-text.py` from headless Chromium (cases in `Fixtures/browser/world-cases.json`):
/// attributed runs with mixed fonts, sizes and baseline offsets, fallback to fonts the block's font lacks,
/// colour emoji, right-to-left and mixed paragraphs, Japanese, Chinese, Korean, Thai, Devanagari, combining
/// marks, soft hyphens, no-break spaces, tabs, U+FEFF, kerning across a character break — each at @1x, @2x and
/// @3x. Ghostline must break the same lines, put every baseline within half a device pixel of Chromium's,
/// and make the block as tall; lines of a right-to-left paragraph must end at the same right edge.
struct ChromiumWorldFixture: Decodable {
    struct Style: Decodable {
        let font: String?
        let size: Double?
        let letterSpacing: Double?
        let baselineOffset: Double?
        /// The block's CSS font-weight, where the case sets one: the font file's own weight, which decides the face
        /// a system fallback draws.
        let weight: Int?
    }
    struct Run: Decodable { let text: String; let style: Style? }
    struct Line: Decodable { let start: Int; let end: Int; let left: Double?; let right: Double?; let baseline: Double? }
    struct AtScale: Decodable { let height: Double; let lines: [Line] }
    struct Case: Decodable {
        let id: String
        let width: Double
        let lineHeight: Double?
        let style: Style
        let direction: String?
        let lang: String?
        let lineBreak: String?
        let whiteSpace: String?
        let overflowWrap: String?
        let wordBreak: String?
        let fallback: [String]?
        let text: String?
        let runs: [Run]?
        let scales: [String: AtScale]
    }
    let chromium: String
    let cases: [Case]

    static let shared: ChromiumWorldFixture = {
        let url = Bundle.module.url(forResource: "chromium-world-layout", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(ChromiumWorldFixture.self, from: Data(contentsOf: url))
    }()
}

@Suite("css model matches Chromium on real-world text")
struct ChromiumWorldTests {
    static let context = FontContext(fontSet: TestFonts.recordingMachine)
    static var fonts: FontLibrary { context.library }

    static func input(_ c: ChromiumWorldFixture.Case, scale: Scale) throws -> LabelLayouter.Input {
        let font = try fonts.font(path: c.style.font!)
        if let weight = c.style.weight { try #require(font.weight == weight, "\(c.id): the font's weight is \(font.weight)") }
        let base = TextStyle(font: font, pointSize: c.style.size!, letterSpacing: c.style.letterSpacing ?? 0, language: c.lang)
        let text: AttributedText
        if let runs = c.runs {
            text = AttributedText(base: base, pieces: try runs.map { run in
                guard let style = run.style else { return (run.text, nil) }
                var own = base
                if let font = style.font { own.font = try fonts.font(path: font) }
                if let size = style.size { own.pointSize = size }
                if let spacing = style.letterSpacing { own.letterSpacing = spacing }
                if let offset = style.baselineOffset { own.baselineOffset = offset }
                return (run.text, own)
            })
        } else {
            text = AttributedText(c.text!, style: base)
        }
        var paragraph = ParagraphStyle()
        paragraph.lineHeight = c.lineHeight
        paragraph.language = c.lang
        paragraph.lineBreak = c.lineBreak.flatMap(LineBreakStrictness.init(rawValue:))
        if let value = c.whiteSpace { paragraph.whiteSpace = try #require(WhiteSpace(rawValue: value)) }
        if let value = c.overflowWrap { paragraph.overflowWrap = try #require(OverflowWrap(rawValue: value)) }
        if let value = c.wordBreak { paragraph.wordBreak = try #require(WordBreak(rawValue: value)) }
        switch c.direction {
        case "rtl": paragraph.baseWritingDirection = .rightToLeft
        case "auto": paragraph.baseWritingDirection = .natural
        default: paragraph.baseWritingDirection = .leftToRight
        }
        let fallback = FontFallback(fonts: try (c.fallback ?? []).map { try fonts.font(path: $0) }, context: Self.context)
        return LabelLayouter.Input(text: text, paragraph: paragraph, model: .css, scale: scale, fallback: fallback)
    }

    @Test func fixtureCoversTheScripts() {
        let cases = ChromiumWorldFixture.shared.cases
        #expect(cases.count >= 80)
        for prefix in ["runs-", "fallback-", "emoji-", "rtl-", "cjk-", "thai-", "devanagari-", "soft-hyphen-", "tabs-"] {
            #expect(cases.contains { $0.id.hasPrefix(prefix) }, "no \(prefix) case")
        }
    }

    @Test(arguments: ChromiumWorldFixture.shared.cases.map(\.id))
    func sameLinesAndBaselines(id: String) throws {
        let c = try #require(ChromiumWorldFixture.shared.cases.first { $0.id == id })
        for (key, expected) in c.scales.sorted(by: { $0.key < $1.key }) {
            let scale = Scale(Int(key)!)
            let layout = LabelLayouter.layout(try Self.input(c, scale: scale), width: c.width)
            let ours = layout.lines.map { [$0.start, $0.end] }
            let theirs = expected.lines.map { [$0.start, $0.end] }
            #expect(ours == theirs, "\(id) @\(key)x: line breaks differ")
            guard ours == theirs else { continue }
            let halfPixel = 0.5 / scale.value
            for (line, reference) in zip(layout.lines, expected.lines) {
                if let baseline = reference.baseline {
                    #expect(abs(line.baseline - baseline) <= halfPixel,
                            "\(id) @\(key)x line \(reference.start): baseline \(line.baseline) vs Chromium \(baseline)")
                }
                // Where the line's drawn text ends (right-to-left lines hang from the right edge, so this also
                // checks their alignment): within one device pixel of Chromium's.
                if let right = reference.right, line.width > 0 {
                    #expect(abs(line.x + line.width - right) <= 1 / scale.value,
                            "\(id) @\(key)x line \(reference.start): right edge \(line.x + line.width) vs Chromium \(right)")
                }
            }
            #expect(abs(layout.size.height - expected.height) <= halfPixel,
                    "\(id) @\(key)x: height \(layout.size.height) vs Chromium \(expected.height)")
        }
    }
}
