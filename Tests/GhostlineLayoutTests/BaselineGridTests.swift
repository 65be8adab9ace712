import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// Baseline grid rules R9 and R10, with Inter 17 pt (ascender 16.46875, −descender 4.1051, lineHeight 20.5739,
/// leading 0) and the round test metrics (10 pt: ascender 8, descender −2, leading = lineGap / 100).
@Suite("Baseline grid R9–R10")
struct BaselineGridTests {
    func label(_ text: String, font: Font = TestFonts.inter, size: Double = 17, grid: Double) -> LabelLayout {
        let style = TextStyle(font: font, pointSize: size)
        return LabelLayouter.layout(.init(text: text, style: style, baselineGrid: grid), width: 1000)
    }

    /// R9: first baseline = ceilToGrid(16.46875) = 20 on a 4 pt grid (24 on an 8 pt grid); bottom = baseline +
    /// ceilToGrid(4.1051) = 20 + 8 = 28 (24 + 8 = 32).
    @Test(arguments: [(4.0, 20.0, 28.0), (8.0, 24.0, 32.0)])
    func r9SingleLineSnapsBaselineAndBottom(grid: Double, baseline: Double, height: Double) {
        let layout = label("Grid", grid: grid)
        #expect(layout.anchors.firstBaseline == baseline)
        #expect(layout.size.height == height)
    }

    /// R10: d = 20.5739 → D = ceilToGrid(d) = 24 (4 pt grid); lineSpacing = 24 − 20.5739 = 3.4261. Three lines:
    /// baselines 20, 44, 68; bottom 68 + 8 = 76.
    @Test func r10MultiLineBaselineDistanceRoundsUpToTheGrid() {
        let layout = label("One\nTwo\nThree", grid: 4)
        #expect(layout.lines.map(\.baseline) == [20, 44, 68])
        #expect(layout.size.height == 76)
        let m = TestFonts.inter.metrics(pointSize: 17)
        #expect(abs(BaselineGridLineStack.lineSpacing(metrics: m, grid: 4) - (24 - m.lineHeight)) < 1e-12)
    }

    /// R10 with positive leading (+1 pt): d = 10 + 1 = 11 → D = 12; UIKit needs lineSpacing = 12 − 11 + 1 = 2,
    /// because R6 makes the gap max(leading, lineSpacing) = 2 and lineHeight + 2 = 12.
    @Test func r10PositiveLeadingIsAddedToTheLineSpacing() {
        let font = TestFonts.roundMetrics(lineGap: 100)
        let m = font.metrics(pointSize: 10)
        let spacing = BaselineGridLineStack.lineSpacing(metrics: m, grid: 4)
        #expect(spacing == 2)
        #expect(m.lineHeight + UIKitRounding.lineGap(leading: m.leading, lineSpacing: spacing) == 12)
        let layout = label("One\nTwo", font: font, size: 10, grid: 4)
        #expect(layout.lines.map(\.baseline) == [8, 20])
    }
}
