import Testing
import GhostlineFonts
@testable import GhostlineShaping

@Suite("Shaping with HarfBuzz")
struct ShaperTests {
    static let inter = try! Font(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
    static let dejavu = try! Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

    /// "AV" is a classic kerning pair: with kerning on, the pair is narrower than the sum of its glyphs.
    @Test func kerningChangesAdvances() {
        let kerned = Shaper.shape("AV", font: Self.inter, pointSize: 17)
        let plain = Shaper.shape("AV", font: Self.inter, pointSize: 17, options: ShapingOptions(kerning: false))
        #expect(kerned.totalAdvance < plain.totalAdvance)
        #expect(kerned.glyphs.map(\.glyph) == plain.glyphs.map(\.glyph))
    }

    /// Advances scale linearly with size (unhinted), so 34 pt is exactly twice 17 pt.
    @Test func advancesScaleLinearly() {
        let a = Shaper.shape("Hamburgefonstiv", font: Self.inter, pointSize: 17)
        let b = Shaper.shape("Hamburgefonstiv", font: Self.inter, pointSize: 34)
        #expect(abs(b.totalAdvance - 2 * a.totalAdvance) < 1e-9)
    }

    /// DejaVu Sans forms an `ffi` ligature: one glyph whose cluster is the first of the three source scalars.
    /// The text starts with "é" (one scalar, two UTF-8 bytes), so a byte-offset cluster would read 3, not 2.
    @Test func ligatureClusterMapsBackToThreeScalars() {
        let text = "é office"   // scalars: é,␠,o,f,f,i,c,e — "ffi" at scalars 3…5
        let shaped = Shaper.shape(text, font: Self.dejavu, pointSize: 17)
        #expect(shaped.glyphs.count == 6)  // é, space, o, ffi, c, e
        let ligature = shaped.glyphs[3]
        #expect(ligature.cluster == 3)
        #expect(shaped.glyphs[4].cluster == 6)   // "c" follows the three scalars of the ligature
        #expect(ligature.glyph != Self.dejavu.glyphIndex(for: "f"))
        // The ligature's whole advance belongs to the range 3..<6, none to 4 or 5 alone.
        #expect(shaped.advance(of: 3..<6) == ligature.advance)
        #expect(shaped.advance(of: 4..<6) == 0)
        let noLigatures = Shaper.shape(text, font: Self.dejavu, pointSize: 17, options: ShapingOptions(ligatures: false))
        #expect(noLigatures.glyphs.count == 8)
        #expect(noLigatures.glyphs.map(\.cluster) == [0, 1, 2, 3, 4, 5, 6, 7])
    }

    /// Letter spacing adds its points once per cluster: "office" has 4 clusters with the ligature (o, ffi, c, e).
    @Test func letterSpacingAddsPointsPerCluster() {
        let plain = Shaper.shape("office", font: Self.dejavu, pointSize: 17)
        let spaced = Shaper.shape("office", font: Self.dejavu, pointSize: 17, options: ShapingOptions(letterSpacing: 1.5))
        #expect(abs(spaced.totalAdvance - plain.totalAdvance - 4 * 1.5) < 1e-9)
        let negative = Shaper.shape("Hello", font: Self.inter, pointSize: 17, options: ShapingOptions(letterSpacing: -0.5))
        let plainHello = Shaper.shape("Hello", font: Self.inter, pointSize: 17)
        #expect(abs(plainHello.totalAdvance - negative.totalAdvance - 5 * 0.5) < 1e-9)
    }

    /// Glyph advances equal the font's hmtx advance × size / unitsPerEm: Inter's "H" advance is read with
    /// FreeType unscaled here and must match HarfBuzz's position (both independent parsers of the file).
    @Test func advanceIsDesignUnitsScaledToPoints() {
        let shaped = Shaper.shape("H", font: Self.inter, pointSize: 28)
        let units = Self.inter.unscaledAdvance(glyph: Self.inter.glyphIndex(for: "H"))
        #expect(shaped.glyphs[0].advance == Double(units) * 28 / 2816)
    }

    @Test func emptyTextShapesToNothing() {
        let shaped = Shaper.shape("", font: Self.inter, pointSize: 17)
        #expect(shaped.glyphs.isEmpty && shaped.totalAdvance == 0)
    }
}
