import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// The typography rules of docs/typography.md (R1–R12), each proven with numbers worked out by hand from the font tables.
@Suite("UIKit typography rules R1–R8")
struct UIKitRuleTests {
    let inter17 = TestFonts.inter.metrics(pointSize: 17)

    func label(_ text: String, font: Font = TestFonts.inter, size: Double = 17, width: Double = 1000,
               lineHeight: Double? = nil, strategy: LineHeightStrategy = .padded, paragraph: ParagraphStyle = ParagraphStyle(),
               scale: Scale = .x3, model: LayoutModel = .uikit) -> LabelLayout {
        let style = TextStyle(font: font, pointSize: size)
        var paragraph = paragraph
        paragraph.lineHeight = lineHeight
        paragraph.lineHeightStrategy = strategy
        return LabelLayouter.layout(.init(text: text, style: style, paragraph: paragraph, model: model, scale: scale), width: width)
    }

    /// R1: lineHeight = ascender − descender = (2728 + 680) × 17 / 2816 = 57936 / 2816 = 20.5738636…
    @Test func r1LineHeightIsAscenderMinusDescender() {
        #expect(inter17.lineHeight == 3408.0 * 17 / 2816)
        #expect(abs(inter17.lineHeight - 20.573863636) < 1e-9)
        #expect(inter17.defaultBaselineDistance == inter17.lineHeight)  // leading 0 for Inter
    }

    /// R2: height = ceil(lineHeight × s) / s. 20.5739 × 3 = 61.72 → 62 px → 20.6667 pt; × 2 = 41.15 → 42 px →
    /// 21 pt; × 1 = 20.57 → 21 pt.
    @Test(arguments: [(1, 21.0), (2, 21.0), (3, 62.0 / 3)])
    func r2SingleLineHeightCeilsToPixels(scale: Int, expected: Double) {
        let layout = label("Hello", scale: Scale(scale))
        #expect(layout.size.height == expected)
        #expect(UIKitRounding.labelHeight(inter17, scale: Scale(scale)) == expected)
        #expect(layout.size.height != inter17.lineHeight)
    }

    /// R3: first baseline = (ceil(lineHeight × s) − ceil(−descender × s)) / s; −descender = 680 × 17 / 2816 = 4.1051.
    /// @3x: (62 − ceil(12.315) = 13) / 3 = 49/3; @2x: (42 − ceil(8.21) = 9) / 2 = 16.5; @1x: 21 − 5 = 16.
    @Test(arguments: [(1, 16.0), (2, 16.5), (3, 49.0 / 3)])
    func r3FirstBaselineGivesTheDescenderWholePixels(scale: Int, expected: Double) {
        let layout = label("Hello", scale: Scale(scale))
        #expect(layout.anchors.firstBaseline == expected)
        #expect(layout.lines[0].baseline == expected)
        // Always on the pixel grid.
        let pixels = expected * Double(scale)
        #expect(pixels == pixels.rounded())
    }

    /// R4: cap-height inset = (ceil(lh·s) − ceil(−d·s) − round(cap·s)) / s. Inter SemiBold 28 pt @3x:
    /// lh = 3408 × 28 / 2816 = 33.886 → 101.66 → 102; −d = 6.7614 → 20.28 → 21; cap = 2048 × 28 / 2816 = 20.3636
    /// → 61.09 → 61; (102 − 21 − 61) / 3 = 20/3 = 6.667 pt. The naive round(27.125 − 20.3636) = round(6.761) = 7
    /// is a third of a point off.
    @Test func r4CapHeightInsetPreciseAndNaive() {
        let m = TestFonts.interSemiBold.metrics(pointSize: 28)
        #expect(UIKitRounding.capHeightInset(m, scale: .x3) == 20.0 / 3)
        #expect(UIKitRounding.naiveCapHeightInset(m) == 7)
        let precise = label("Title", font: TestFonts.interSemiBold, size: 28)
        #expect(abs(precise.anchors.capHeight - 20.0 / 3) < 1e-12)
        let style = TextStyle(font: TestFonts.interSemiBold, pointSize: 28)
        let naive = LabelLayouter.layout(.init(text: "Title", style: style, capHeightRounding: .naive), width: 1000)
        #expect(naive.anchors.capHeight == 7)
    }

    /// R5: lineSpacing goes between lines only. Round metrics at 10 pt (lineHeight 10, leading 0), lineSpacing 3:
    /// one line is 10 pt tall (no spacing above or below); two lines are 10 + 3 + 10 = 23 pt; baselines 10 + 3 apart.
    @Test func r5LineSpacingOnlyBetweenLines() {
        var paragraph = ParagraphStyle()
        paragraph.lineSpacing = 3
        let font = TestFonts.roundMetrics(lineGap: 0)
        let one = label("One", font: font, size: 10, paragraph: paragraph)
        #expect(one.size.height == 10)
        #expect(one.anchors.firstBaseline == 8)   // (ceil(30) − ceil(6)) / 3 = 24/3
        let two = label("One\nTwo", font: font, size: 10, paragraph: paragraph)
        #expect(two.lines.count == 2)
        #expect(two.size.height == 23)
        #expect(two.lines[1].baseline - two.lines[0].baseline == 13)
    }

    /// R6, with the notes' examples: leading −0.5 & lineSpacing 1.5 → 1.0; +0.5 & 1.5 → 1.5; +2 & 1.5 → 2.0.
    /// In a two-line label (round metrics, 10 pt) the baselines sit lineHeight (10) + that gap apart, placed on
    /// the @3x pixel grid: 11.5 pt = 34.5 px rounds to 35 px.
    @Test(arguments: [(-50, 1.0), (50, 1.5), (200, 2.0)])
    func r6PositiveLeadingIsAMinimumLineSpacing(lineGap: Int, expectedGap: Double) {
        let leading = Double(lineGap) / 100
        #expect(UIKitRounding.lineGap(leading: leading, lineSpacing: 1.5) == expectedGap)
        var paragraph = ParagraphStyle()
        paragraph.lineSpacing = 1.5
        let two = label("One\nTwo", font: TestFonts.roundMetrics(lineGap: lineGap), size: 10, paragraph: paragraph)
        #expect(abs(two.lines[1].baseline - two.lines[0].baseline - ((10 + expectedGap) * 3).rounded() / 3) < 1e-12)
    }

    /// R1/R6 without lineSpacing: a default label's baselines are lineHeight + leading apart (leading +1 here).
    @Test func defaultBaselineDistanceIncludesPositiveLeading() {
        let two = label("One\nTwo", font: TestFonts.roundMetrics(lineGap: 100), size: 10)
        #expect(two.lines[1].baseline - two.lines[0].baseline == 11)
    }

    /// R7: designed line height 24 on Inter 17 (lineHeight 20.5739): lineSpacing = 24 − 20.5739 = 3.4261, so
    /// baselines are exactly 24 apart; `padded` adds 3.4261 / 2 = 1.7131 above (rounded to 5 px = 1.6667 pt),
    /// so the first baseline is 1.6667 + 49/3 = 18.0; the frame is round((92.667 + 3.426) × 3) / 3 = 96.0 for four
    /// lines (text height 4 × 20.5739 + 3 × 3.4261 = 92.574 → 278 px).
    @Test func r7PaddedLabelMeetsTheDesignedLineHeight() {
        let text = "One\nTwo\nThree\nFour"
        let padded = label(text, lineHeight: 24, strategy: .padded)
        #expect(padded.lines.count == 4)
        for i in 1..<4 { #expect(abs(padded.lines[i].baseline - padded.lines[i - 1].baseline - 24) < 1e-9) }
        #expect(abs(padded.anchors.firstBaseline - 18.0) < 1e-9)
        #expect(padded.size.height == 96)
        let spacingOnly = label(text, lineHeight: 24, strategy: .lineSpacing)
        #expect(abs(spacingOnly.anchors.firstBaseline - 49.0 / 3) < 1e-9)       // still too high: no padding
        #expect(spacingOnly.size.height == 278.0 / 3)
        let none = label(text, lineHeight: 24, strategy: .none)
        // Too tight: the font's pitch, each baseline on the pixel grid (20.5739 × 3 = 61.72 → 62 px).
        #expect(abs(none.lines[1].baseline - none.lines[0].baseline - 62.0 / 3) < 1e-9)
    }

    /// R8: min = max line height = 24 puts the extra 24 − 20.5739 = 3.4261 *above* the glyphs of every line:
    /// first baseline = 3.4261 (10.28 px, placed at 10 px) + 49/3; pitch 24; height ceil(96 × 3) / 3 = 96.
    @Test func r8MinMaxLineHeightPutsExtraAboveTheGlyphs() {
        let layout = label("One\nTwo\nThree\nFour", lineHeight: 24, strategy: .minMax)
        let extra = 24 - inter17.lineHeight
        #expect(abs(layout.anchors.firstBaseline - ((extra * 3).rounded() / 3 + 49.0 / 3)) < 1e-9)
        #expect(abs(layout.lines[3].baseline - layout.lines[0].baseline - 72) < 1e-9)
        #expect(layout.size.height == 96)
        // The css model splits the extra half above, half below, in whole device pixels (Chromium's rounding):
        // @3x ascent round(49.41) = 49 px, descent round(12.32) = 12 px, line 72 px; above floor((72 − 61) / 2) = 5 px;
        // baseline (5 + 49) / 3 = 18 pt, where the unrounded half-leading would give 1.7131 + 16.46875 = 18.18.
        let css = label("One", lineHeight: 24, model: .css)
        #expect(css.anchors.firstBaseline == 18)
        #expect(css.size.height == 24)
    }

    /// The iOS system font's published metrics move a label: at 17 pt lineHeight 20.287109375 → 60.86 → 61 px
    /// (20.3333 pt); −descender 494 × 17 / 2048 = 4.1006 → 12.30 → 13 px; first baseline (61 − 13) / 3 = 16.0.
    /// Inter's own metrics give 62/3 and 49/3 (R2, R3 above).
    @Test func metricOverrideChangesLayout() throws {
        let standIn = try Font(path: TestFonts.interPath, metricsOverride: .iOSSystemFont)
        let overridden = label("Hello", font: standIn)
        #expect(overridden.size.height == 61.0 / 3)
        #expect(overridden.anchors.firstBaseline == 16.0)
        let plain = label("Hello")
        #expect(plain.size.height == 62.0 / 3)
        // Same glyphs, same advances: only vertical metrics changed.
        #expect(overridden.lines[0].width == plain.lines[0].width)
    }
}
