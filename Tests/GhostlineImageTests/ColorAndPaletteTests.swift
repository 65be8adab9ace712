import GhostlineGeometry
import GhostlineImage
import Testing

/// The colour syntax the scene format and the layout JSON share (`#RRGGBB`, `#RRGGBBAA`), and the palette that
/// turns layout's opaque `PaintID`s back into paint.
@Suite("Colours and the palette")
struct ColorAndPaletteTests {
    @Test func hexReadsBothForms() {
        #expect(Color(hex: "#0A84FF") == Color(red: 0x0A, green: 0x84, blue: 0xFF))
        #expect(Color(hex: "#0a84ff80") == Color(red: 0x0A, green: 0x84, blue: 0xFF, alpha: 0x80))
    }

    /// A colour without `#` (which YAML would read as a comment when written `#…` unquoted, and which a typo may
    /// produce), or with the wrong number of digits, is no colour.
    @Test(arguments: ["0A84FF", "#0A84F", "#0A84FFF", "#0A84FG", "#", "", "#+A84FF"])
    func malformedHexIsRefused(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test func hexStringWritesWhatItReads() {
        for text in ["#000000", "#FFFFFF", "#0A84FF", "#0A84FF80", "#00000000"] {
            #expect(Color(hex: text)?.hexString == text)
        }
        #expect(Color.clear.hexString == "#00000000")
        #expect(Color(red: 1, green: 2, blue: 3).description == "#010203")
    }

    @Test func paletteGivesOneIDPerColour() {
        var palette = Palette()
        let blue = palette.add(Color(red: 0, green: 122, blue: 255))
        #expect(palette.add(Color(red: 0, green: 122, blue: 255)) == blue)
        #expect(palette.add(.black) == .default)
        #expect(palette.color(blue) == Color(red: 0, green: 122, blue: 255))
        #expect(palette.paints.count == 2)
    }

    @Test func imagesAreNeverMergedAndUnknownIDsAreBlack() {
        var palette = Palette()
        let image = RGBAImage(width: 2, height: 1, fill: .white)
        let first = palette.add(image), second = palette.add(image)
        #expect(first != second)
        #expect(palette.image(second) == image)
        #expect(palette.image(.default) == nil)
        #expect(palette.color(first) == .black)
        #expect(palette.color(PaintID(99)) == .black)
    }

    @Test func imagesStoreRowsTopDown() {
        var image = RGBAImage(width: 3, height: 2, fill: .clear)
        image.pixels[(1 * 3 + 2) * 4 ..< (1 * 3 + 2) * 4 + 4] = [10, 20, 30, 255]
        #expect(image[2, 1] == Color(red: 10, green: 20, blue: 30))
        #expect(image[0, 0] == .clear)
        #expect(image.pixels.count == 3 * 2 * 4)
    }

    /// Counted by hand: one channel of one pixel is a differing pixel; a size change differs everywhere.
    @Test func differingPixelsCountsEveryChannelAndEveryPixelOfAnotherSize() {
        let white = RGBAImage(width: 3, height: 2, fill: .white)
        var changed = white
        changed.pixels[(1 * 3 + 1) * 4 + 2] = 254        // blue of (1, 1)
        changed.pixels[0 * 4 + 3] = 0                     // alpha of (0, 0)
        #expect(white.differingPixels(from: white) == 0)
        #expect(changed.differingPixels(from: white) == 2)
        #expect(white.differingPixels(from: changed) == 2)
        #expect(white.differingPixels(from: RGBAImage(width: 2, height: 4, fill: .white)) == 8)
        #expect(RGBAImage(width: 0, height: 0).differingPixels(from: RGBAImage(width: 0, height: 1)) == 1)
    }
}
