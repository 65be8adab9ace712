import Testing
import GhostlineFonts
@testable import GhostlineRaster

/// Glyphs are drawn at the font's instance, and the glyph cache keeps instances apart.
///
/// Expected stem widths from fontTools, independent of FreeType: `instancer.instantiateVariableFont` of Debian's
/// Inter-roman.var.ttf at wght 100 and 900, then the `l` glyph's recalculated bounds: xMin…xMax 272…336 (64 units)
/// and 140…692 (552 units) of 2816 units per em. At 352 px per em (2816 / 8) those are 8 and 69 px.
@Suite("Variable glyphs in the raster")
struct VariableGlyphTests {
    @Test func oneCacheDrawsEachInstanceOwnOutline() throws {
        let library = FontLibrary()
        let file = FontFile(path: "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf")
        let thin = try library.font(file, variations: FontVariationRequest(weight: 100))
        let black = try library.font(file, variations: FontVariationRequest(weight: 900))
        let glyph = thin.glyphIndex(for: "l")
        #expect(glyph == black.glyphIndex(for: "l"))
        let cache = GlyphCache()
        let pixelsPerEm = 2816.0 / 8
        for (font, stem) in [(thin, 8), (black, 69), (thin, 8)] {
            let bitmap = cache.bitmap(font: font, glyph: glyph, pixelsPerEm: pixelsPerEm, bin: 0)
            // Anti-aliased edges may add a column on each side.
            #expect(abs(bitmap.width - stem) <= 2, "wght \(font.weight): \(bitmap.width) px, fontTools \(stem)")
        }
    }
}
