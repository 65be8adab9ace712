import Foundation
import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// The face system fallback draws, against Chromium. `Fixtures/chromium-fallback-faces.json` was recorded by
/// `scripts/browser/browser-fallback-faces.py`: Arabic, Devanagari, Thai, Hebrew, Japanese and symbols set in Inter at
/// regular, bold, italic and bold italic, each one unbroken line, measured in headless Chromium that saw only the
/// recording machine's font directories. Chromium takes the first font of fontconfig's list for the language
/// whatever the weight, and synthesizes bold, so a bold line is as wide as its regular twin less Inter Bold's
/// narrower space; a real bold fallback face would be wider. The `…-lang-…` cases set the content language: with
/// `hi` or `mr` Devanagari is drawn in Noto Sans Devanagari Bold (wider), with `en` it is not, and Hebrew with `he`
/// keeps the regular face (``FallbackFaceLanguage``).
struct ChromiumFallbackFixture: Decodable {
    struct Case: Decodable {
        let id: String; let text: String; let font: String; let weight: Int; let italic: Bool; let width: Double
        let lang: String?
    }
    let chromium: String
    let size: Double
    let cases: [Case]

    static let shared: ChromiumFallbackFixture = {
        let url = Bundle.module.url(forResource: "chromium-fallback-faces", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(ChromiumFallbackFixture.self, from: Data(contentsOf: url))
    }()
}

@Suite("System fallback faces as Chromium draws them")
struct ChromiumFallbackFaceTests {
    static let context = FontContext(fontSet: TestFonts.recordingMachine)

    static func layout(_ c: ChromiumFallbackFixture.Case, model: LayoutModel) throws -> LabelLayout {
        let font = try context.library.font(path: c.font)
        let text = AttributedText(c.text, style: TextStyle(font: font, pointSize: ChromiumFallbackFixture.shared.size,
                                                           language: c.lang))
        let input = LabelLayouter.Input(text: text, paragraph: ParagraphStyle(), model: model, scale: Scale(1),
                                        fallback: FontFallback(context: context))
        return LabelLayouter.layout(input, width: nil)
    }

    @Test(arguments: ChromiumFallbackFixture.shared.cases.map(\.id))
    func sameWidthAsChromium(id: String) throws {
        let c = try #require(ChromiumFallbackFixture.shared.cases.first { $0.id == id })
        let layout = try Self.layout(c, model: .css)
        try #require(layout.lines.count == 1)
        let line = layout.lines[0]
        // Chromium's width is snapped to its 1/64 px LayoutUnit.
        #expect(abs(line.width - c.width) <= 1.0 / 64 + 1e-9, "\(id): \(line.width) pt, Chromium \(c.width)")
        let fallbackRuns = line.runs.filter(\.isFallback)
        try #require(!fallbackRuns.isEmpty, "\(id): nothing fell back")
        for run in fallbackRuns {
            let wantsBold = c.weight >= 600 && run.font.weight < 700
            let wantsItalic = c.italic && !run.font.isItalic
            #expect(run.synthesis.contains(.bold) == wantsBold, "\(id): \(run.font.postScriptName) synthesis \(run.synthesis)")
            #expect(run.synthesis.contains(.italic) == wantsItalic, "\(id): \(run.font.postScriptName) synthesis \(run.synthesis)")
        }
    }

    /// A content language written in the character's script makes Chromium draw the family's real face nearest
    /// the weight (Bold from 600 up, as `hindi-600-lang-hi` shows), still synthesizing the italic it lacks; one of
    /// another script does not, nor does Hebrew's own (measured, issue 34).
    @Test func devanagariWithItsLanguageTakesTheRealBoldFace() throws {
        let expected: [String: Int] = ["hindi-bold-lang-hi": 700, "hindi-600-lang-hi": 700, "hindi-bold-lang-mr": 700,
                                       "hindi-bolditalic-lang-hi": 700, "hindi-regular-lang-hi": 400,
                                       "hindi-bold-lang-en": 400, "hindi-bold": 400, "hebrew-bold-lang-he": 400]
        for (id, weight) in expected.sorted(by: { $0.key < $1.key }) {
            let c = try #require(ChromiumFallbackFixture.shared.cases.first { $0.id == id }, "\(id) is not in the fixture")
            let runs = try Self.layout(c, model: .css).lines[0].runs.filter(\.isFallback)
            try #require(!runs.isEmpty, "\(id): nothing fell back")
            #expect(runs.allSatisfy { $0.font.weight == weight }, "\(id): \(runs.map(\.font.postScriptName))")
            #expect(runs.allSatisfy { $0.synthesis.contains(.italic) == c.italic }, "\(id): \(runs.map(\.synthesis))")
        }
    }

    /// The uikit model draws real faces (Core Text never synthesizes a fallback's bold): the same family Chromium
    /// chose, at the face nearest the weight. Noto Sans Arabic has a Bold face on the recording machine.
    @Test func uikitTakesTheFamilysRealBoldFace() throws {
        let bold = try #require(ChromiumFallbackFixture.shared.cases.first { $0.id == "arabic-bold" })
        let css = try Self.layout(bold, model: .css).lines[0].runs.filter(\.isFallback)
        let uikit = try Self.layout(bold, model: .uikit).lines[0].runs.filter(\.isFallback)
        let cssFont = try #require(css.first?.font), uikitFont = try #require(uikit.first?.font)
        #expect(cssFont.familyName == uikitFont.familyName)
        #expect(cssFont.weight == 400 && uikitFont.weight == 700, "\(cssFont.postScriptName) / \(uikitFont.postScriptName)")
        #expect(uikit.allSatisfy { $0.synthesis.isEmpty })
    }
}
