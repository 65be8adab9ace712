import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// Underline and strikethrough geometry: what layout hands the raster for a run's decoration (each band's top below
/// the baseline and thickness, and the dash pattern), from the font's own line. Inter Regular's `post` table gives
/// an underline at −464 units, 192 units thick, in a 2816-unit em (read with fontTools). NSUnderlineStyle's
/// documented styles: `double` is two lines (t, a gap of t, t); patterns repeat in multiples of the line's
/// thickness, the lengths docs/scene-format.md documents (dash 3t/t). The drawn pixels are checked in
/// GhostlineSceneTests' `DecorationStyleTests`.
@Suite("Text decoration geometry")
struct TextDecorationTests {
    /// A double dashed underline of its own paint (a scene's `underline: { style: double, pattern: dash, color:
    /// "#FF0000" }`) on "a b" in Inter 44 pt, laid out in a stack 400 pt wide at @2x.
    @Test func aRunCarriesItsDecorationsStrokes() throws {
        let red = PaintID(2)
        let style = TextStyle(font: TestFonts.inter, pointSize: 44,
                              underline: TextDecorationStyle(line: .double, pattern: .dash, paint: red))
        let layout = Layouts.layout(Layouts.stack(children: [Layouts.label("t", "a b", style)]), width: 400, scale: .x2)
        let run = try #require(layout.element("t")?.labelLayout?.lines.first?.runs.first)
        let underline = try #require(run.underline)
        #expect(underline.style.line == .double && underline.style.pattern == .dash)
        #expect(underline.style.paint == red)
        // post: underlinePosition −464, thickness 192 of 2816 units at 44 pt.
        let t = 192.0 / 2816 * 44, top = 464.0 / 2816 * 44
        #expect(underline.strokes.count == 2)
        #expect(abs(underline.strokes[0].offset - top) < 1e-9 && abs(underline.strokes[1].offset - (top + 2 * t)) < 1e-9)
        #expect(underline.strokes.allSatisfy { abs($0.thickness - t) < 1e-9 })
        #expect(underline.dashes.map { $0 / t } .map { ($0 * 1e9).rounded() / 1e9 } == [3, 1])
        #expect(run.strikethrough == nil)
    }
}
