import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping
import Testing
@testable import GhostlineLayout

/// Text on shapes: a label's padding (the frame hugs the text plus its insets, as a UIButton's content insets or
/// SwiftUI's `.padding()`), backgrounds carried to the elements, and overlays (SwiftUI's ZStack). Expected values
/// come from the same label laid out without padding, moved by the insets.
@Suite("Padding, backgrounds and overlays")
struct DecorationLayoutTests {
    static let style = TextStyle(font: TestFonts.inter, pointSize: 17)
    static let canvas = Canvas(width: 300, scale: .x3, background: .default)

    static func layout(_ root: StackNode, model: LayoutModel = .uikit, direction: TextDirection = .leftToRight) -> SceneLayout {
        var canvas = Self.canvas
        canvas.layoutDirection = direction
        return StackLayouter(model: model, scale: .x3).layout(.stack(root), canvas: canvas)
    }

    static func element(_ layout: SceneLayout, _ id: String) -> LayoutElement { layout.elements.first { $0.id == id }! }

    @Test(arguments: [LayoutModel.uikit, .css])
    func aPaddedLabelHugsItsTextPlusInsets(model: LayoutModel) {
        let insets = EdgeInsets(top: 14, leading: 20, bottom: 10, trailing: 16)
        var padded = LabelNode(id: "cta", text: "Get Started", style: Self.style)
        padded.padding = insets
        padded.background = Background(paint: .default, cornerRadius: 14)
        let plain = LabelNode(id: "plain", text: "Get Started", style: Self.style)
        let root = StackNode(alignment: .leading, children: [.label(plain), .label(padded)])
        let result = Self.layout(root, model: model)
        let a = Self.element(result, "plain"), b = Self.element(result, "cta")
        #expect(abs(b.frame.width - (a.frame.width + 36)) < 1e-9)
        #expect(abs(b.frame.height - (a.frame.height + 24)) < 1e-9)
        #expect(b.background == Background(paint: .default, cornerRadius: 14))
        let (la, lb) = (a.labelLayout!, b.labelLayout!)
        #expect(abs((lb.anchors.firstBaseline - la.anchors.firstBaseline) - 14) < 1e-9)
        let textOffsetB = b.canvasLines[0].x - b.frame.x
        let textOffsetA = a.canvasLines[0].x - a.frame.x
        #expect(abs(textOffsetB - textOffsetA - 20) < 1e-9)
    }

    /// Stretched to a fill stack's width, the text is laid out in the width less the insets: a long text wraps
    /// where the unpadded label at that narrower width wraps.
    @Test func aStretchedPaddedLabelWrapsInsideItsInsets() {
        let text = "A chat bubble is a label with a maximum width, padding and a rounded background."
        var bubble = LabelNode(id: "bubble", text: text, style: Self.style)
        bubble.paragraph.numberOfLines = 0
        bubble.padding = EdgeInsets(all: 12)
        var reference = LabelNode(id: "reference", text: text, style: Self.style)
        reference.paragraph.numberOfLines = 0
        reference.size = SizeConstraints(width: 300 - 24)
        let result = Self.layout(StackNode(children: [.label(bubble), .label(reference)]))
        let b = Self.element(result, "bubble").labelLayout!, r = Self.element(result, "reference").labelLayout!
        #expect(b.lines.map(\.start) == r.lines.map(\.start))
        #expect(abs(b.size.height - (r.size.height + 24)) < 1e-9)
    }

    /// Leading is the right edge right to left: the text moves in by the leading inset from the right.
    @Test func paddingFollowsTheLayoutDirection() {
        var label = LabelNode(id: "x", text: "Hi", style: Self.style)
        label.padding = EdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 5)
        let ltr = Self.element(Self.layout(StackNode(alignment: .leading, children: [.label(label)])), "x")
        let rtl = Self.element(Self.layout(StackNode(alignment: .leading, children: [.label(label)]), direction: .rightToLeft), "x")
        #expect(abs(ltr.canvasLines[0].x - ltr.frame.minX - 30) < 1e-9)
        #expect(abs(rtl.canvasLines[0].x - rtl.frame.minX - 5) < 1e-9)
    }

    /// An overlay is as large as its largest child; a smaller child sits where the alignment says; a box without a
    /// width takes the overlay's; the overlay's baselines are its label's.
    @Test func anOverlayLaysChildrenInOneFrame() {
        var overlay = OverlayNode(id: "badge", alignment: .topTrailing, children: [
            .box(BoxNode(id: "plate", width: 48, height: 40, paint: .default)),
            .label(LabelNode(id: "count", text: "3", style: Self.style)),
            .box(BoxNode(id: "bar", width: nil, height: 2, paint: .default)),
        ])
        overlay.background = Background(paint: .default, cornerRadius: 20)
        let neighbour = LabelNode(id: "name", text: "Inbox", style: Self.style)
        let row = StackNode(axis: .horizontal, spacing: 8, alignment: .firstBaseline, children: [.label(neighbour), .overlay(overlay)])
        let result = Self.layout(StackNode(alignment: .leading, children: [.stack(row)]))
        let frame = Self.element(result, "badge").frame
        let count = Self.element(result, "count"), bar = Self.element(result, "bar"), plate = Self.element(result, "plate")
        #expect(frame.width == 48 && frame.height == 40)
        #expect(plate.frame == frame)
        #expect(abs(count.frame.maxX - frame.maxX) < 1e-9 && abs(count.frame.minY - frame.minY) < 1e-9)
        #expect(bar.frame.width == 48 && abs(bar.frame.minX - frame.minX) < 1e-9)
        #expect(Self.element(result, "badge").background?.cornerRadius == 20)
        // Drawing order: the overlay, then its children in order.
        let ids = result.elements.map(\.id)
        #expect(ids.firstIndex(of: "badge")! < ids.firstIndex(of: "plate")! && ids.firstIndex(of: "plate")! < ids.firstIndex(of: "count")!)
        // Baseline alignment lines the overlay's text up with its neighbour's.
        let name = Self.element(result, "name")
        #expect(abs(name.canvasLines[0].baseline - count.canvasLines[0].baseline) < 1e-9)
    }

    @Test(arguments: OverlayAlignment.allCases)
    func everyAlignmentPlacesTheSmallChild(alignment: OverlayAlignment) {
        let overlay = OverlayNode(id: "o", alignment: alignment, children: [
            .box(BoxNode(id: "big", width: 90, height: 60, paint: .default)),
            .box(BoxNode(id: "small", width: 30, height: 20, paint: .default)),
        ])
        let result = Self.layout(StackNode(alignment: .leading, children: [.overlay(overlay)]))
        let small = Self.element(result, "small").frame
        // SwiftUI's alignments, spelled out here rather than read from the code under test: how far across (0
        // leading, ½, 1 trailing) and down (0 top, ½, 1 bottom) the small child sits in the 60 × 40 pt of room.
        let expected: [OverlayAlignment: (Double, Double)] = [
            .topLeading: (0, 0), .top: (0.5, 0), .topTrailing: (1, 0),
            .leading: (0, 0.5), .center: (0.5, 0.5), .trailing: (1, 0.5),
            .bottomLeading: (0, 1), .bottom: (0.5, 1), .bottomTrailing: (1, 1),
        ]
        let (fx, fy) = expected[alignment]!
        #expect(abs(small.minX - 60 * fx) < 1e-9 && abs(small.minY - 40 * fy) < 1e-9, "\(alignment)")
    }
}
