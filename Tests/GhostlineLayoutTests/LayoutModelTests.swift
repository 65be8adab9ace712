import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping
import Testing
@testable import GhostlineLayout

/// The layout model as a value: the two shipped models differ where their documentation says, a model is found
/// by its name, and a model built here from one of them changes layout exactly where its rules change.
@Suite("Layout models as values")
struct LayoutModelTests {
    /// Inter with its OS/2 typo metrics set to ascender 3520, descender −880, line gap 0 (1.25 em and −0.3125 em;
    /// at 16 pt: 20 and −5), while `hhea` keeps 2728 / −680 (15.5 and −3.8636 at 16 pt). Inter sets
    /// USE_TYPO_METRICS, so this is a font whose two sources disagree and that asks for the typo ones; no font
    /// installed on the test machines is one.
    static let typoInter: Font = {
        var bytes = [UInt8](FileManager.default.contents(atPath: TestFonts.interPath)!)
        func read(_ at: Int, _ count: Int) -> Int { bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) } }
        let tableCount = read(4, 2)
        let record = (0..<tableCount).map { 12 + 16 * $0 }.first { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) == "OS/2" }!
        let os2 = read(record + 8, 4)
        for (position, value) in [(68, Int16(3520)), (70, -880), (72, 0)] {
            let raw = UInt16(bitPattern: value)
            bytes[os2 + position] = UInt8(raw >> 8)
            bytes[os2 + position + 1] = UInt8(raw & 0xFF)
        }
        let path = NSTemporaryDirectory() + "ghostline-typo-inter-\(UUID().uuidString).otf"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return try! Font(path: path)
    }()

    func label(_ text: String, font: Font = TestFonts.inter, size: Double = 17, paragraph: ParagraphStyle = ParagraphStyle(),
               model: LayoutModel, scale: Scale = .x3, grid: Double? = nil) -> LabelLayout {
        LabelLayouter.layout(.init(text: text, style: TextStyle(font: font, pointSize: size), paragraph: paragraph,
                                   model: model, scale: scale, baselineGrid: grid), width: 1000)
    }

    /// Each property the two models disagree on, as `UIKitModel.swift` and `CSSModel.swift` document it.
    @Test func uikitAndCSSDifferWhereDocumented() {
        let uikit = LayoutModel.uikit, css = LayoutModel.css
        #expect(uikit.verticalMetrics == .hhea && css.verticalMetrics == .typoWhenFontAsks)
        #expect(uikit.lineStacking == .fontLineHeightRoundedToPixels && css.lineStacking == .halfLeading)
        #expect(uikit.snapsToBaselineGrid && !css.snapsToBaselineGrid)
        #expect(uikit.lineBreaking.opportunities == .icu && css.lineBreaking.opportunities == .chromium)
        #expect(uikit.lineBreaking.fit == .points && css.lineBreaking.fit == .deviceLayoutUnits)
        #expect(uikit.lineBreaking.trailingNewlineAddsLine && !css.lineBreaking.trailingNewlineAddsLine)
        #expect(uikit.lineBreaking.wrapping == .asTypedAlwaysWrapping && css.lineBreaking.wrapping == .cssTextProperties)
        #expect(uikit.lineBreaking.hyphenation == .fillFactor && css.lineBreaking.hyphenation == .cssHyphens)
        #expect(uikit.tabStops == .everyPoints(28) && css.tabStops == .everySpaces(8))
        #expect(uikit.ligaturesSurviveLetterSpacing && !css.ligaturesSurviveLetterSpacing)
        #expect(!uikit.trimsAdjacentFullwidthPunctuation && css.trimsAdjacentFullwidthPunctuation)
        #expect(!uikit.textStyleSuppliesLineHeight && css.textStyleSuppliesLineHeight)
        #expect(uikit.verticalMetrics(for: Self.typoInter) == .hhea && css.verticalMetrics(for: Self.typoInter) == .typo)
        // DejaVu Sans does not set USE_TYPO_METRICS: css reads its hhea too.
        let dejaVu = try! Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(!dejaVu.tables.useTypoMetrics && css.verticalMetrics(for: dejaVu) == .hhea)
    }

    /// Scenes, `--model` and layout JSON spell a model by its name; a name no listed model has is nil, and a model
    /// with a shipped model's name but other rules is not that model.
    @Test func aModelIsFoundByItsNameAndEncodedAsIt() throws {
        #expect(LayoutModel.allCases.map(\.name) == ["uikit", "css"])
        for model in LayoutModel.allCases {
            #expect(LayoutModel(rawValue: model.name) == model)
            let json = try JSONEncoder().encode([model])
            #expect(String(decoding: json, as: UTF8.self) == "[\"\(model.name)\"]")
            #expect(try JSONDecoder().decode([LayoutModel].self, from: json) == [model])
        }
        #expect(LayoutModel(rawValue: "flexbox") == nil)
        #expect(LayoutModel(rawValue: "CSS") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LayoutModel].self, from: Data("[\"flexbox\"]".utf8)) }
        var impostor = LayoutModel.uikit
        impostor.verticalMetrics = .typoWhenFontAsks
        #expect(impostor.name == "uikit" && impostor != .uikit && Set([impostor, .uikit]).count == 2)
    }

    /// A model refuses exactly the settings its rules never read, so none is silently ignored, with the wording
    /// scenes have always shown.
    @Test(arguments: LayoutModel.allCases)
    func refusedSettingsAreTheOnesItsRulesIgnore(model: LayoutModel) {
        let cssWrapping = ["lineBreak", "whiteSpace", "overflowWrap", "wordBreak"]
        let readsCSSWrapping = model.lineBreaking.wrapping == .cssTextProperties
        for key in cssWrapping { #expect((model.refusal(of: key) == nil) == readsCSSWrapping, "\(model.name): \(key)") }
        let readsHyphens = model.lineBreaking.hyphenation == .cssHyphens
        #expect((model.refusal(of: "hyphens") == nil) == readsHyphens)
        #expect((model.refusal(of: "hyphenationFactor") == nil) == !readsHyphens)
        #expect(model.refusal(of: "lineSpacing") == nil)
    }

    @Test func refusalsKeepTheirWording() {
        let whiteSpace = LayoutModel.uikit.refusal(of: "whiteSpace")
        #expect(whiteSpace?.problem == "`whiteSpace` is a CSS property and the uikit model has no such setting")
        #expect(whiteSpace?.fix == "remove it (UILabel wraps at words and breaks an overlong word between letters), or lay the scene out with `model: css`")
        let factor = LayoutModel.css.refusal(of: "hyphenationFactor")
        #expect(factor?.problem == "`hyphenationFactor` is UIKit's (NSParagraphStyle) and the css model has no such setting")
        #expect(factor?.fix == "use `hyphens: auto` in the css model, or lay the scene out with `model: uikit`")
    }

    /// A third model, uikit reading the typo metrics a font asks for: on the typo font at 16 pt @1x its label is
    /// R2's ceil(20 + 5) = 25 pt tall with R3's baseline 25 − ceil(5) = 20, where uikit's hhea gives 20 and
    /// 20 − ceil(3.8636) = 16. Everything else stays uikit's: it lays out exactly as uikit does a font whose
    /// metrics are those numbers, trailing empty line and the minMax line height's extra above the glyphs (R8)
    /// included, where css would drop the empty line.
    @Test func uikitWithTypoMetricsIsUIKitOnTheTypoNumbers() {
        var uikitTypo = LayoutModel.uikit
        uikitTypo.name = "uikit-typo"
        uikitTypo.verticalMetrics = .typoWhenFontAsks
        let one = label("Typo", font: Self.typoInter, size: 16, model: uikitTypo, scale: .x1)
        #expect(one.size.height == 25 && one.anchors.firstBaseline == 20)
        let plain = label("Typo", font: Self.typoInter, size: 16, model: .uikit, scale: .x1)
        #expect(plain.size.height == 20 && plain.anchors.firstBaseline == 16)

        var paragraph = ParagraphStyle()
        paragraph.lineHeight = 30
        paragraph.lineHeightStrategy = .minMax
        let text = "One\nTwo\n"
        let third = label(text, font: Self.typoInter, size: 16, paragraph: paragraph, model: uikitTypo)
        let overridden = try! Font(path: TestFonts.interPath,
                                   metricsOverride: FontMetricsOverride(ascender: 3520, descender: -880, lineGap: 0))
        let expected = label(text, font: overridden, size: 16, paragraph: paragraph, model: .uikit)
        #expect(third.lines.map(\.baseline) == expected.lines.map(\.baseline))
        #expect(third.size == expected.size && third.lines.count == 3)
        #expect(third.lines.map(\.baseline) != label(text, font: Self.typoInter, size: 16, paragraph: paragraph, model: .uikit).lines.map(\.baseline))
        #expect(label(text, font: Self.typoInter, size: 16, paragraph: paragraph, model: .css).lines.count == 2)
    }

    /// Grid snapping and tab stops follow the properties, not the model's name: css told to snap puts R9's
    /// baseline on the 4 pt grid (ceilToGrid(16.46875) = 20, bottom 20 + ceilToGrid(4.1051) = 28), as uikit does,
    /// where css ignores the grid; uikit with CSS tab stops puts "B" eight spaces in, as css does.
    @Test func gridSnappingAndTabStopsFollowTheProperties() {
        var snappingCSS = LayoutModel.css
        snappingCSS.name = "css-grid"
        snappingCSS.snapsToBaselineGrid = true
        let snapped = label("Grid", model: snappingCSS, grid: 4)
        #expect(snapped.anchors.firstBaseline == 20 && snapped.size.height == 28)
        #expect(label("Grid", model: .uikit, grid: 4).anchors.firstBaseline == 20)
        #expect(label("Grid", model: .css, grid: 4).anchors.firstBaseline == label("Grid", model: .css).anchors.firstBaseline)
        #expect(label("Grid", model: .css, grid: 4).anchors.firstBaseline != 20)

        var spacedTabs = LayoutModel.uikit
        spacedTabs.tabStops = .everySpaces(8)
        let space = Shaper.shape(" ", font: TestFonts.inter, pointSize: 17).totalAdvance
        let b = label("A\tB", model: spacedTabs).lines[0].glyphs.first { $0.cluster == 2 }!
        #expect(abs(b.x - 8 * space) < 1e-9)
        #expect(label("A\tB", model: .uikit).lines[0].glyphs.first { $0.cluster == 2 }!.x == 28)
    }
}
