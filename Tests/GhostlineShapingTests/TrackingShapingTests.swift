import Foundation
import Testing
import GhostlineFonts
@testable import GhostlineShaping

/// How shaping meets a font's tracking table (`trak`, issue 23 item 7). The font is
/// scripts/fixtures/make-trak-font.py's flat probe: +100/1000 em at every size, with a STAT table, so any tracking
/// HarfBuzz applied on its own would show.
@Suite("Shaping a font with a tracking table")
struct TrackingShapingTests {
    static let flat = try! Font(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Fixtures/fonts/trak/GhostlineTrakFlat.otf")

    /// HarfBuzz applies `trak` itself only when told the size in points (`hb_font_set_ptem`; HarfBuzz 6.0.0's
    /// hb-aat-layout-trak-table.hh returns early when ptem is 0). Ghostline never tells it, so the advances are the
    /// `hmtx` ones (as FreeType reads them unscaled, 740 units for "H" as fontTools reads them too) and the layout
    /// model alone decides on tracking — in either model, nothing is applied by accident.
    @Test(arguments: [8.0, 12.0, 17.0, 40.0])
    func harfBuzzDoesNotTrackOnItsOwn(size: Double) {
        let shaped = Shaper.shape("HHHH", font: Self.flat, pointSize: size)
        let h = Double(Self.flat.unscaledAdvance(glyph: Self.flat.glyphIndex(for: "H")))
        #expect(h == 740)
        #expect(shaped.glyphs.map(\.advance) == Array(repeating: h * size / 1000, count: 4))
    }

    /// Tracking from the model goes after every cluster, like letter spacing, and adds to it; glyphs are not
    /// shifted (offsets stay 0: Core Text does not split tracking around a glyph).
    @Test func trackingAddsAfterEveryClusterOnTopOfLetterSpacing() {
        var options = ShapingOptions(letterSpacing: 0.5)
        options.tracking = 1.7
        let plain = Shaper.shape("HHHH", font: Self.flat, pointSize: 17)
        let tracked = Shaper.shape("HHHH", font: Self.flat, pointSize: 17, options: options)
        for (a, b) in zip(plain.glyphs, tracked.glyphs) {
            #expect(abs(b.advance - a.advance - 2.2) < 1e-12)
            #expect(b.offsetX == a.offsetX)
        }
    }
}
