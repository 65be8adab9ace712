import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// Absolute stacks (`StackPositioning.absolute`: children at their own ``Placement``, as a design tool's frames),
/// in both models. (`source:` and the scene keys' errors stay with the scene format, in GhostlineSceneTests.)
@Suite("Absolute stacks")
struct AbsoluteStackTests {
    static let body = TextStyle(font: TestFonts.inter, pointSize: 17)
    static let title = TextStyle(font: TestFonts.interSemiBold, pointSize: 28)

    static func absolute(_ id: String? = nil, size: SizeConstraints = .none, placement: Placement? = nil,
                         children: [LayoutNode]) -> StackNode {
        var stack = Layouts.stack(id: id, size: size, children: children)
        stack.positioning = .absolute
        stack.placement = placement
        return stack
    }

    /// The screen: a title 343 wide at (16, 120), a note 120 wide at (16, 180), a 1 pt rule without a width at
    /// (0, 240) and a tag without a width at (300, 300), on a 375 pt canvas at @3x.
    static func screen(_ model: LayoutModel) -> SceneLayout {
        Layouts.layout(absolute("screen", children: [
            Layouts.label("title", "Settings", title, size: SizeConstraints(width: 343), placement: Placement(x: 16, y: 120)),
            Layouts.label("note", "Notifications are delivered quietly", body, size: SizeConstraints(width: 120),
                          placement: Placement(x: 16, y: 180)),
            Layouts.box("rule", height: 1, placement: Placement(x: 0, y: 240)),
            Layouts.label("tag", "Beta", body, placement: Placement(x: 300, y: 300)),
        ]), width: 375, model: model)
    }

    @Test(arguments: [LayoutModel.uikit, .css]) func childrenSitAtTheirPoints(model: LayoutModel) throws {
        let layout = Self.screen(model)
        let title = try #require(layout.element("title")?.frame), note = try #require(layout.element("note")?.frame)
        let rule = try #require(layout.element("rule")?.frame), tag = try #require(layout.element("tag")?.frame)
        #expect(title.x == 16 && title.y == 120 && title.width == 343)
        #expect(note.x == 16 && note.y == 180 && note.width == 120)
        // A box without a width reaches the stack's right edge; a label without one takes its own width.
        #expect(rule.x == 0 && rule.y == 240 && rule.width == 375 && rule.height == 1)
        #expect(tag.x == 300 && tag.y == 300 && tag.width < 75)
        // Without a height the stack holds its lowest child.
        let screen = try #require(layout.element("screen")?.frame)
        #expect(screen.width == 375 && abs(screen.height - (tag.y + tag.height)) < 1e-9)
        #expect(layout.height == screen.height)
    }

    /// A placed label is laid out as the same label in a stack of its width: the same lines, the same height.
    @Test(arguments: [LayoutModel.uikit, .css]) func aPlacedLabelKeepsItsOwnLayout(model: LayoutModel) throws {
        let placed = Self.screen(model)
        let stacked = Layouts.layout(Layouts.stack(children: [Layouts.label("note", "Notifications are delivered quietly", Self.body)]),
                                     width: 120, model: model)
        let a = try #require(placed.element("note")), b = try #require(stacked.element("note"))
        let starts = { (e: LayoutElement) in e.canvasLines.map(\.start) }
        #expect(starts(a).count > 1 && starts(a) == starts(b))
        #expect(a.frame.height == b.frame.height)
        #expect(abs(a.canvasLines[0].baseline - 180 - b.canvasLines[0].baseline) < 1e-9)
    }

    /// A label without a width is a design tool's auto-width text: one line however far it reaches; `maxWidth` wraps it.
    @Test(arguments: [LayoutModel.uikit, .css]) func aLabelWithoutAWidthNeverWrapsAtTheEdge(model: LayoutModel) throws {
        let text = "A sentence far longer than the room"
        let layout = Layouts.layout(Self.absolute(children: [
            Layouts.label("long", text, Self.body, placement: Placement(x: 150, y: 0)),
            Layouts.label("capped", text, Self.body, size: SizeConstraints(maxWidth: 50), placement: Placement(x: 150, y: 40)),
        ]), width: 200, height: 100, scale: .x2, model: model)
        let long = try #require(layout.element("long")), capped = try #require(layout.element("capped"))
        #expect(long.canvasLines.count == 1 && long.frame.width > 200)
        #expect(capped.canvasLines.count > 1 && capped.frame.width <= 50)
    }

    @Test func aFixedHeightAndANestedAbsoluteStack() throws {
        let s = TextStyle(font: TestFonts.inter, pointSize: 15)
        let layout = Layouts.layout(Layouts.stack(padding: EdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10), children: [
            Layouts.label("above", "Above", s),
            .stack(Self.absolute("card", size: SizeConstraints(height: 200), children: [
                .stack(Self.absolute("inner", placement: Placement(x: 20, y: 30), children: [
                    Layouts.label("deep", "Deep", s, placement: Placement(x: 5, y: 6)),
                ])),
            ])),
            Layouts.label("below", "Below", s),
        ]), width: 320, scale: .x2)
        let above = try #require(layout.element("above")?.frame), card = try #require(layout.element("card")?.frame)
        let deep = try #require(layout.element("deep")?.frame), below = try #require(layout.element("below")?.frame)
        #expect(card.x == 10 && card.y == above.y + above.height && card.width == 300 && card.height == 200)
        #expect(deep.x == 10 + 20 + 5 && deep.y == card.y + 30 + 6)
        #expect(below.y == card.y + 200)
    }
}
