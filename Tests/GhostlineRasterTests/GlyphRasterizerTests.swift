import GhostlineFonts
import Testing
@testable import GhostlineRaster

@Suite("Glyph rasterization")
struct GlyphRasterizerTests {
    static let inter = try! Font(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf")

    @Test func rasterizedGlyphHasInkWhereTheOutlineIs() throws {
        let font = Self.inter
        let bitmap = GlyphRasterizer.rasterize(font, glyph: font.glyphIndex(for: "H"), pixelsPerEm: 51, subpixelOffset: 0)
        // Inter's H is 2048/2816 em tall: 51 × 2048 / 2816 = 37.09 px; an unhinted raster spans 38 rows.
        #expect(bitmap.top == 38)
        #expect(bitmap.height == 38)
        #expect(bitmap.coverage.contains(255))
        #expect(bitmap.color == nil)
        let space = GlyphRasterizer.rasterize(font, glyph: font.glyphIndex(for: " "), pixelsPerEm: 51, subpixelOffset: 0)
        #expect(space.width == 0)
    }
}
