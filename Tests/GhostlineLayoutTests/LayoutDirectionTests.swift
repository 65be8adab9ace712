import GhostlineGeometry
import GhostlineShaping
import Testing
@testable import GhostlineLayout

/// Right-to-left layout and writing direction in stacks built as layout values.
@Suite("Layout direction and natural alignment in stacks")
struct LayoutDirectionTests {
    /// `Canvas.layoutDirection = .rightToLeft` mirrors a horizontal stack (the first child at the right) and
    /// makes `leading` the right edge of a vertical stack, as semanticContentAttribute does in UIKit.
    @Test func rightToLeftLayoutMirrorsStacks() throws {
        func layout(_ direction: TextDirection) -> SceneLayout {
            Layouts.layout(Layouts.stack(padding: EdgeInsets(leading: 10, trailing: 4), alignment: .leading, children: [
                .stack(Layouts.stack(.horizontal, spacing: 6, children: [
                    Layouts.box("first", width: 20, height: 10), Layouts.box("second", width: 30, height: 10),
                ])),
                Layouts.box("narrow", width: 50, height: 10),
            ]), width: 200, scale: .x1, direction: direction)
        }
        let rtl = layout(.rightToLeft)
        func frame(_ id: String) -> Rect { rtl.element(id)!.frame }
        #expect(frame("narrow").maxX == 190)                   // leading edge = right, inset by the leading padding
        #expect(frame("first").maxX == 190 && frame("second").maxX == 164)   // 190 − 20 − 6
        #expect(layout(.leftToRight).element("first")!.frame.minX == 10)
    }

    /// A right-to-left label is right-aligned (natural), its neutral-only sibling takes the layout's direction,
    /// and `baseWritingDirection` right to left puts even English against the right edge.
    @Test func naturalAlignmentFollowsTheParagraph() throws {
        let s = TextStyle(font: TestFonts.dejaVu, pointSize: 17)
        var forced = ParagraphStyle()
        forced.baseWritingDirection = .rightToLeft
        let layout = Layouts.layout(Layouts.stack(children: [
            Layouts.label("he", "שלום עולם", s), Layouts.label("en", "Hello", s), Layouts.label("forced", "Hello", s, paragraph: forced),
        ]), width: 300, scale: .x2)
        func line(_ id: String) -> LabelLine { layout.element(id)!.canvasLines[0] }
        #expect(abs(line("he").x + line("he").width - 300) < 1e-9)
        #expect(line("en").x == 0)
        #expect(abs(line("forced").x + line("forced").width - 300) < 1e-9)
    }
}

/// CSS's wrapping properties (ParagraphStyle's `whiteSpace` and `overflowWrap`): the css model's defaults are the
/// design tools' (pre-wrap, break-word); a web page's own defaults (normal, normal) make an overlong word overflow
/// instead of breaking. (That the uikit model refuses them is a scene-format error: GhostlineSceneTests.)
@Suite("css wrapping properties")
struct CSSWrappingTests {
    @Test func pageDefaultsLetAnOverlongWordOverflow() throws {
        func label(_ paragraph: ParagraphStyle) -> LabelLayout {
            Layouts.layout(Layouts.stack(children: [
                Layouts.label("a", "Pneumonoultramicroscopic words", TextStyle(font: TestFonts.inter, pointSize: 17), paragraph: paragraph),
            ]), width: 100, scale: .x1, model: .css).element("a")!.labelLayout!
        }
        var page = ParagraphStyle()
        page.whiteSpace = .normal
        page.overflowWrap = .normal
        let broken = label(ParagraphStyle())
        let whole = label(page)
        #expect(broken.lines.allSatisfy { $0.width <= 100.02 })        // broken between letters (within Chromium's 1/64 px)
        #expect(whole.lines[0].end == 25 && whole.lines[0].width > 100) // "Pneumonoultramicroscopic " overflows whole
    }
}
