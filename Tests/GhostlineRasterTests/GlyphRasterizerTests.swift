import GhostlineFonts
import GhostlineShaping
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

    /// Skia's fake-bold stroke (`kStdFakeBoldInterpKeys` {9, 36}, `kStdFakeBoldInterpValues` {1/24, 1/32}): a
    /// twenty-fourth of the size up to 9 px, a thirty-second from 36 px, the factor linear in between.
    @Test func syntheticBoldStrokeFollowsSkiasTable() {
        #expect(abs(FontSynthesis.strokeWidth(pixelsPerEm: 6) - 6.0 / 24) < 1e-12)
        #expect(abs(FontSynthesis.strokeWidth(pixelsPerEm: 9) - 9.0 / 24) < 1e-12)
        #expect(abs(FontSynthesis.strokeWidth(pixelsPerEm: 22.5) - 22.5 * (1.0 / 24 + 1.0 / 32) / 2) < 1e-12)
        #expect(abs(FontSynthesis.strokeWidth(pixelsPerEm: 36) - 36.0 / 32) < 1e-12)
        #expect(abs(FontSynthesis.strokeWidth(pixelsPerEm: 90) - 90.0 / 32) < 1e-12)
    }

    /// Synthetic bold thickens the outline by the stroke (90/32 = 2.8 px at 90 px an em: the ink grows by about that
    /// on both axes and holds more coverage); synthetic italic shears it by a quarter of the height, so the tall
    /// "l" leans right by about a quarter of its height and keeps its ink.
    @Test func synthesisChangesInkAsBlinkDraws() throws {
        let font = Self.inter
        let l = font.glyphIndex(for: "l")
        let plain = GlyphRasterizer.rasterize(font, glyph: l, pixelsPerEm: 90, subpixelOffset: 0)
        let bold = GlyphRasterizer.rasterize(font, glyph: l, pixelsPerEm: 90, subpixelOffset: 0, synthesis: .bold)
        let italic = GlyphRasterizer.rasterize(font, glyph: l, pixelsPerEm: 90, subpixelOffset: 0, synthesis: .italic)
        let stroke = FontSynthesis.strokeWidth(pixelsPerEm: 90)
        #expect(abs(Double(bold.width - plain.width) - stroke) <= 1, "\(plain.width) → \(bold.width)")
        #expect(abs(Double(bold.height - plain.height) - stroke) <= 1, "\(plain.height) → \(bold.height)")
        let ink = { (b: GlyphBitmap) in b.coverage.reduce(0) { $0 + Int($1) } }
        #expect(ink(bold) > ink(plain))
        let lean = Double(plain.height) * FontSynthesis.italicSkew
        #expect(abs(Double(italic.width - plain.width) - lean) <= 1.5, "\(plain.width) → \(italic.width)")
        #expect(abs(Double(ink(italic) - ink(plain))) < 0.02 * Double(ink(plain)))
    }
}

/// Colour emoji from a bitmap-only font (Debian's Noto Color Emoji: CBDT, no outlines). fontTools reads its
/// `head.unitsPerEm` 2048, hhea 1900/−500, one 109 ppem strike, and an advance of 2550 units for U+1F44D.
@Suite("Colour bitmap glyphs")
struct ColorGlyphTests {
    static let emoji = try! Font(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

    /// FreeType reports 0 units per em for a font without outlines; the `head` table has the real value.
    @Test func bitmapOnlyFontLoadsWithItsHeadTable() {
        let font = Self.emoji
        #expect(font.isBitmapOnly && font.colorStrikes == [109])
        #expect(font.tables.unitsPerEm == 2048)
        #expect(font.tables.hhea == VerticalMetricsUnits(ascender: 1900, descender: -500, lineGap: 0))
        // HarfBuzz positions its glyphs in those units: at 2048 pt the advance is the hmtx value itself.
        #expect(Shaper.shape("👍", font: font, pointSize: 2048).totalAdvance == 2550)
    }

    /// Drawn from the 109 ppem strike, scaled to the size: at 51 px an em the bitmap is about 51 × 136/109 wide
    /// (the strike's bitmaps are 136 × 128), premultiplied (no channel above alpha), and opaque in the middle.
    @Test func emojiGlyphIsAScaledColourBitmap() throws {
        let font = Self.emoji
        let bitmap = GlyphRasterizer.rasterize(font, glyph: font.glyphIndex(for: "👍"), pixelsPerEm: 51, subpixelOffset: 0)
        let rgba = try #require(bitmap.color)
        #expect(bitmap.coverage.isEmpty && rgba.count == bitmap.width * bitmap.height * 4)
        #expect(abs(bitmap.width - 64) <= 1 && abs(bitmap.height - 60) <= 1)
        var premultiplied = true
        for i in stride(from: 0, to: rgba.count, by: 4) where max(rgba[i], rgba[i + 1], rgba[i + 2]) > rgba[i + 3] { premultiplied = false }
        #expect(premultiplied)
        let centre = ((bitmap.height / 2) * bitmap.width + bitmap.width / 2) * 4
        #expect(rgba[centre + 3] == 255)
        // The same glyph twice gives the same bytes.
        #expect(GlyphRasterizer.rasterize(font, glyph: font.glyphIndex(for: "👍"), pixelsPerEm: 51, subpixelOffset: 0).color == rgba)
    }
}
