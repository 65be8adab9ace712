import Testing
@testable import GhostlineLayout

/// UIStackView.Distribution as arithmetic over lengths (StackDistributor), each case worked out by hand from
/// Apple's documentation of the distribution.
@Suite("Stack distributions (UIStackView.Distribution)")
struct StackDistributorTests {
    /// A view with an intrinsic length: UIKit's default priorities unless given.
    func view(_ natural: Double, hugging: Int = 250, resistance: Int = 750, wraps: Bool = false,
              min: Double = 0, max: Double = .infinity) -> ArrangedSpan {
        ArrangedSpan(natural: natural, minimum: min, maximum: max, hasIntrinsicLength: true, hugging: hugging,
                     compressionResistance: resistance, wraps: wraps)
    }
    func fixed(_ length: Double) -> ArrangedSpan { view(length, min: length, max: length) }
    func spacer(minLength: Double = 0) -> ArrangedSpan {
        ArrangedSpan(natural: minLength, minimum: minLength, maximum: .infinity, hasIntrinsicLength: false, hugging: 250,
                     compressionResistance: 750, wraps: false)
    }
    func lengths(_ spans: [ArrangedSpan], gaps: [Double], _ available: Double, _ d: StackDistribution = .fill) -> [Double] {
        StackDistributor.distribute(spans, gaps: gaps, available: available, d).lengths
    }

    /// fill, "stretches the views according to their hugging priority": 100 (hug 250) + 50 (fixed) + 60 (hug 251)
    /// + gaps 10 + 10 = 230 in 300 leaves 70, all to the lowest hugging: 100 + 70 = 170.
    @Test func fillStretchesTheLowestHuggingPriority() {
        #expect(lengths([view(100), fixed(50), view(60, hugging: 251)], gaps: [10, 10], 300) == [170, 50, 60])
    }

    /// fill with equal hugging: "the stack view resizes the arranged views based on their index": the first of
    /// the tied views takes the whole 40 (200 − 100 − 60), as a row of default labels on iOS stretches its first.
    @Test func fillBreaksAHuggingTieByIndex() {
        #expect(lengths([view(100), view(60)], gaps: [0], 200) == [140, 60])
    }

    /// A spacer has no intrinsic length, so no hugging constraint: it stretches before a label even at hugging 1
    /// (200 − 50 − 50 = 100 to the spacer).
    @Test func fillStretchesASpacerFirst() {
        #expect(lengths([view(50, hugging: 1), spacer(), view(50)], gaps: [0, 0], 200) == [50, 100, 50])
    }

    /// fill, "shrinks the views according to their compression resistance priority": 100 + 80 + gap 10 = 190 in
    /// 150 is 40 too long; the view at 749 gives all 40 (80 → 40), the one at 750 none.
    @Test func fillShrinksTheLowestCompressionResistance() {
        #expect(lengths([view(100), view(80, resistance: 749)], gaps: [10], 150) == [100, 40])
    }

    /// A compression tie is broken by index (200 + 120 in 200: the first gives 120, 200 → 80), except between
    /// labels that wrap, which shrink to one length L: (200 − L) + (120 − L) = 120 → L = 100.
    @Test func fillShrinksTiesByIndexAndWrappingLabelsEqually() {
        #expect(lengths([view(200), view(120)], gaps: [0], 200) == [80, 120])
        let wrapping = lengths([view(200, wraps: true), view(120, wraps: true)], gaps: [0], 200)
        #expect(abs(wrapping[0] - 100) < 1e-9 && abs(wrapping[1] - 100) < 1e-9)
    }

    /// A minimum is required: the view at 749 stops at its minimum 70 (80 − 10), and the rest of the 40 (30)
    /// comes from the next tier (100 → 70). A spacer at its minLength gives nothing.
    @Test func shrinkingStopsAtRequiredMinimums() {
        #expect(lengths([view(100), view(80, resistance: 749, min: 70)], gaps: [10], 150) == [70, 70])
        #expect(lengths([spacer(minLength: 8), view(100)], gaps: [0], 50) == [8, 42])
    }

    /// fillEqually: (300 − 2 × 15) / 3 = 90 each; a fixed 30 keeps its length and the others share the rest,
    /// (270 − 30) / 2 = 120.
    @Test func fillEquallySharesTheLength() {
        #expect(lengths([view(10), view(200), view(50)], gaps: [15, 15], 300, .fillEqually) == [90, 90, 90])
        #expect(lengths([view(10), fixed(30), view(50)], gaps: [15, 15], 300, .fillEqually) == [120, 30, 120])
    }

    /// fillProportionally: intrinsic 50 : 100 : 150 of 630 − 30 = 600 → 100, 200, 300.
    @Test func fillProportionallyKeepsTheIntrinsicProportions() {
        #expect(lengths([view(50), view(100), view(150)], gaps: [15, 15], 630, .fillProportionally) == [100, 200, 300])
    }

    /// equalSpacing: intrinsic 20, 40, 60 and minimum gaps 10 in 300 leave 300 − 120 − 20 = 160, 80 more per gap.
    @Test func equalSpacingSharesTheLeftoverBetweenTheGaps() {
        let result = StackDistributor.distribute([view(20), view(40), view(60)], gaps: [10, 10], available: 300, .equalSpacing)
        #expect(result.lengths == [20, 40, 60])
        #expect(result.extraGaps == [80, 80])
    }

    /// equalCentering: 20, 40, 60 in 300: the centres span 300 − 10 − 30 = 260, so they sit 130 apart; the gaps
    /// are 130 − (20 + 40) / 2 = 100 and 130 − (40 + 60) / 2 = 80 (10 minimum + 90 and + 70): centres 10, 140, 270.
    @Test func equalCenteringSpacesTheCentresEqually() {
        let result = StackDistributor.distribute([view(20), view(40), view(60)], gaps: [10, 10], available: 300, .equalCentering)
        #expect(result.extraGaps == [90, 70])
    }

    /// equalCentering keeps `spacing` "while maintaining the spacing property's distance": 160, 10, 10 in 260 would
    /// put centres (260 − 80 − 5) / 2 = 87.5 apart, but the first pair needs 85 + 10 = 95; it keeps 95 and the
    /// other pair takes the remaining 175 − 95 = 80 (gap 80 − 10 = 70, 60 over the minimum).
    @Test func equalCenteringKeepsTheMinimumSpacing() {
        let result = StackDistributor.distribute([view(160), view(10), view(10)], gaps: [10, 10], available: 260, .equalCentering)
        #expect(result.extraGaps == [0, 60])
    }

    /// Without a length to fill, a stack takes its fitting length: the intrinsic lengths and gaps (20 + 40 + 60 +
    /// 20 = 140); fillEqually every view at the longest (3 × 60 + 20 = 200); equalCentering the centres as far
    /// apart as the widest pair needs ((40 + 60) / 2 + 10 = 60): 10 + 30 + 2 × 60 = 160.
    @Test func fittingLengths() {
        let spans = [view(20), view(40), view(60)]
        #expect(StackDistributor.fittingLength(spans, gaps: [10, 10], .fill) == 140)
        #expect(StackDistributor.fittingLength(spans, gaps: [10, 10], .fillEqually) == 200)
        #expect(StackDistributor.fittingLength(spans, gaps: [10, 10], .equalCentering) == 160)
    }

    /// When every view has a fixed length the required constraints conflict; the length is left over, not
    /// forced onto a view that cannot take it.
    @Test func fixedViewsKeepTheirLengths() {
        #expect(lengths([fixed(88), fixed(28)], gaps: [8], 343) == [88, 28])
    }
}
