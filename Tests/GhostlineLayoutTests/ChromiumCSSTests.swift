import Foundation
import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// The css model against a real browser. `Fixtures/chromium-css-layout.json` was recorded by
/// `scripts/browser/browser-baselines.py` from headless Chromium with each case's font file pinned by @font-face
/// (64 cases: five fonts, sizes 11–40, tight/loose/fractional/normal line heights, widths 40–1200, letter
/// spacing, punctuation, URLs, newlines, overlong words), at device scale factors 1, 2 and 3. Ghostline must
/// break the same lines and put every baseline within half a device pixel of Chromium's.
struct ChromiumFixture: Decodable {
    struct Case: Decodable {
        struct Line: Decodable { let start: Int; let end: Int; let baseline: Double; let width: Double }
        struct AtScale: Decodable { let height: Double; let lines: [Line] }
        let id: String
        let font: String
        let size: Double
        let lineHeight: Double?
        let width: Double
        let letterSpacing: Double
        let text: String
        let scales: [String: AtScale]
    }
    let chromium: String
    let cases: [Case]

    static let shared: ChromiumFixture = {
        let url = Bundle.module.url(forResource: "chromium-css-layout", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(ChromiumFixture.self, from: Data(contentsOf: url))
    }()
}

@Suite("css model matches Chromium")
struct ChromiumCSSTests {
    static let fonts = FontLibrary()

    @Test func fixtureHasEnoughVariedCases() {
        let cases = ChromiumFixture.shared.cases
        #expect(cases.count >= 40)
        #expect(Set(cases.map(\.font)).count >= 4)
        #expect(cases.contains { $0.lineHeight == nil } && cases.contains { $0.letterSpacing != 0 })
    }

    @Test(arguments: ChromiumFixture.shared.cases.map(\.id))
    func sameLineBreaksAndBaselines(id: String) throws {
        let c = try #require(ChromiumFixture.shared.cases.first { $0.id == id })
        let font = try Self.fonts.font(path: c.font)
        for (key, expected) in c.scales.sorted(by: { $0.key < $1.key }) {
            let scale = Scale(Int(key)!)
            let style = TextStyle(font: font, pointSize: c.size, letterSpacing: c.letterSpacing)
            var paragraph = ParagraphStyle()
            paragraph.lineHeight = c.lineHeight
            let layout = LabelLayouter.layout(.init(text: c.text, style: style, paragraph: paragraph, model: .css, scale: scale),
                                              width: c.width)
            let ours = layout.lines.map { [$0.start, $0.end] }
            let theirs = expected.lines.map { [$0.start, $0.end] }
            #expect(ours == theirs, "\(id) @\(key)x: line breaks differ")
            guard ours == theirs else { continue }
            let halfPixel = 0.5 / scale.value
            for (line, reference) in zip(layout.lines, expected.lines) {
                #expect(abs(line.baseline - reference.baseline) <= halfPixel,
                        "\(id) @\(key)x line \(reference.start): baseline \(line.baseline) vs Chromium \(reference.baseline)")
            }
            #expect(abs(layout.size.height - expected.height) <= halfPixel, "\(id) @\(key)x: height")
        }
    }
}
