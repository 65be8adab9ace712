import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// `baselineRelative` (StackNode), UIStackView's isBaselineRelativeArrangement: "the vertical space between views
/// are measured from the last baseline of a text-based view, to the first baseline of the view below it. Top and
/// bottom views are also positioned so that their closest baseline is the specified distance away from the stack
/// view's edge" (the distance being the stack's padding, its layout margins).
///
/// @3x: Inter SemiBold 28 pt is 34 pt tall with its baseline 27 below its top; Inter 17 pt is 62 / 3 tall with
/// its baseline 49 / 3 = 16.333 below its top (R2, R3; see UIKitRuleTests and SceneLayoutTests).
@Suite("Baseline-relative vertical stacks")
struct BaselineRelativeTests {
    static let title = TextStyle(font: TestFonts.interSemiBold, pointSize: 28)
    static let body = TextStyle(font: TestFonts.inter, pointSize: 17)

    /// The article: a title and two body labels, padding 28 above and 12 below, spacing 24; `second` replaces the
    /// middle label.
    static func article(width: Double = 300, baselineRelative: Bool = true, middle: LayoutNode? = nil) -> SceneLayout {
        var root = Layouts.stack(padding: EdgeInsets(top: 28, bottom: 12), spacing: 24, children: [
            Layouts.label("title", "Title", title),
            middle ?? Layouts.label("first", "First line of the article", body),
            Layouts.label("second", "Second", body),
        ])
        root.baselineRelative = baselineRelative
        return Layouts.layout(root, width: width)
    }

    /// The title's baseline sits 28 below the top (frame top 28 − 27 = 1); each next first baseline is 24 below
    /// the previous last baseline: 52 (top 52 − 16.333 = 35.667) and 76 (top 59.667); the stack ends 12 below
    /// the last baseline: 88.
    @Test func spacingRunsFromBaselineToBaseline() throws {
        let layout = Self.article()
        func element(_ id: String) -> LayoutElement { layout.element(id)! }
        #expect(element("title").frame.y == 1)
        #expect(element("title").canvasLines[0].baseline == 28)
        #expect(element("first").canvasLines[0].baseline == 52)
        #expect(abs(element("first").frame.y - 107.0 / 3) < 1e-9)
        #expect(element("second").canvasLines[0].baseline == 76)
        #expect(layout.height == 88)
        // Frame to frame (the default), the same spacing puts the second label's top 24 below the first's bottom:
        // title 28…62, first 86…106.667, second 130.667.
        let framed = Self.article(baselineRelative: false)
        #expect(abs(framed.element("second")!.frame.y - 392.0 / 3) < 1e-9)
    }

    /// A label that wraps is measured from its last baseline: at 120 pt "First line of the article" takes two
    /// lines (pitch round(20.574 × 3) / 3 = 62 / 3), so its last baseline is 52 + 20.667 = 72.667 and the next
    /// first baseline 72.667 + 24 = 96.667.
    @Test func aWrappedLabelIsMeasuredFromItsLastBaseline() throws {
        let layout = Self.article(width: 120)
        let first = layout.element("first")!
        #expect(first.canvasLines.count == 2)
        let lastBaseline: Double = 52 + 62.0 / 3
        #expect(abs(first.canvasLines[1].baseline - lastBaseline) < 1e-9)
        let second = layout.element("second")!
        let nextBaseline: Double = lastBaseline + 24
        #expect(abs(second.canvasLines[0].baseline - nextBaseline) < 1e-9)
    }

    /// A view without text has its baselines at its bottom (UIView's baseline anchors): a 10 pt box after the
    /// title ends 24 below the title's baseline, at 52 (top 42).
    @Test func viewsWithoutTextUseTheirBottom() throws {
        let layout = Self.article(middle: Layouts.box("box", height: 10))
        #expect(layout.element("box")!.frame.y == 42)
    }
}
