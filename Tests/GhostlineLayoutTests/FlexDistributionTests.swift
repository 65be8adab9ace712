import Testing
@testable import GhostlineLayout

/// `grow` and `shrink` as arithmetic over lengths (StackDistributor), each case worked out by hand from CSS Flexible
/// Box Layout Level 1, §9.7 "Resolving Flexible Lengths": free space shared by flex-grow factors, a shortfall shared by
/// flex-shrink factors scaled by each item's flex base size, and items that hit a bound frozen there while the others
/// share what is left. Whole screens built with these keys are checked against Chromium in `ScreenTests`.
@Suite("Flexible lengths: grow and shrink")
struct FlexDistributionTests {
    func view(_ natural: Double, grow: Double? = nil, shrink: Double = 1, floor: Double = 0, max: Double = .infinity,
              hugging: Int = 250) -> ArrangedSpan {
        ArrangedSpan(natural: natural, minimum: 0, maximum: max, hasIntrinsicLength: true, hugging: hugging,
                     compressionResistance: 750, wraps: false, grow: grow, shrink: shrink, shrinkFloor: floor)
    }
    func spacer() -> ArrangedSpan {
        ArrangedSpan(natural: 0, minimum: 0, maximum: .infinity, hasIntrinsicLength: false, hugging: 250,
                     compressionResistance: 750, wraps: false)
    }
    func lengths(_ spans: [ArrangedSpan], _ available: Double, slack: StackSlack = .flexibleViewsOnly,
                 shrinking: StackShrink = .flexShrink) -> [Double] {
        StackDistributor.distribute(spans, gaps: Array(repeating: 0, count: max(0, spans.count - 1)), available: available,
                                    .fill, slack: slack, shrinking: shrinking).lengths
    }

    /// 100 + 50 in 300 leaves 150; grow 1 and 2 take 50 and 100.
    @Test func growSharesTheRoomByWeight() {
        #expect(lengths([view(100, grow: 1), view(50, grow: 2)], 300) == [150, 150])
    }

    /// 60 + 40 + 20 in 300 leaves 180 for weights 1, 2, 3 (30, 60, 90), but the third may grow only to 50 (+30):
    /// frozen there, it leaves 150 to weights 1 and 2 (50, 100).
    @Test func anItemAtItsMaximumLeavesTheRestToTheOthers() {
        #expect(lengths([view(60, grow: 1), view(40, grow: 2), view(20, grow: 3, max: 50)], 300) == [110, 140, 50])
    }

    /// A spacer is CSS's `flex: 1`: beside a label with grow 3 it takes a quarter of the 200 left.
    @Test func aSpacerGrowsAsWeightOne() {
        #expect(lengths([view(100, grow: 3), spacer()], 300) == [250, 50])
    }

    /// In the uikit model, children that grow take the room before hugging decides (a SwiftUI flexible frame):
    /// the second label grows, not the first that UIStackView's tie rule would pick.
    @Test func uikitGrowsTheGrowingViewBeforeHugging() {
        #expect(lengths([view(100), view(50, grow: 1)], 300, slack: .byHugging, shrinking: .byCompressionResistance) == [100, 200])
        #expect(lengths([view(100), view(50)], 300, slack: .byHugging, shrinking: .byCompressionResistance) == [250, 50])
    }

    /// In the uikit model, what a growing view cannot take (its maximum) goes by hugging, as before.
    @Test func uikitGivesWhatGrowingCannotTakeByHugging() {
        #expect(lengths([view(100), view(50, grow: 1, max: 80)], 300, slack: .byHugging, shrinking: .byCompressionResistance)
                == [220, 80])
    }

    /// 300 + 100 in 200: 200 short. Scaled factors 1 × 300 and 1 × 100 give 150 and 50: 150 and 50.
    @Test func shrinkIsWeightedByLength() {
        #expect(lengths([view(300), view(100)], 200) == [150, 50])
    }

    /// Shrink 2 on the second doubles its scaled factor: 300 and 200 share 200 as 120 and 80.
    @Test func shrinkFactorsWeighTheShortfall() {
        #expect(lengths([view(300), view(100, shrink: 2)], 200) == [180, 20])
    }

    /// Shrink 0 keeps its length; the first gives all 100.
    @Test func shrinkZeroNeverGivesWay() {
        #expect(lengths([view(150), view(150, shrink: 0)], 200) == [50, 150])
    }

    /// The first may give only 20 (floor 280, its longest word): frozen there, the second gives the other 180.
    @Test func anItemAtItsFloorLeavesTheShortfallToTheOthers() {
        #expect(lengths([view(300, floor: 280), view(300)], 400) == [280, 120])
    }

    /// Every item at its floor: the row overflows, no item goes below it.
    @Test func itemsAtTheirFloorsOverflow() {
        #expect(lengths([view(300, floor: 250), view(300, floor: 250)], 400) == [250, 250])
    }

    /// The uikit model squeezes by compression resistance: the lowest gives all of it.
    @Test func uikitShrinksByCompressionResistance() {
        var weak = view(300)
        weak.compressionResistance = 700
        #expect(lengths([weak, view(100)], 200, slack: .byHugging, shrinking: .byCompressionResistance) == [100, 100])
    }
}
