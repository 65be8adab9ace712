import GhostlineGeometry
import Testing

/// Points to pixels and back: the conversions docs/typography.md's rules are written in (R2: a one-line label is
/// `ceil(lh × s) ÷ s` tall), and rounding to the nearest pixel with halves away from zero, as C's `round` does. The
/// expected numbers are that arithmetic done by hand at @1x, @2x and @3x.
@Suite("Scale: points and pixels")
struct ScaleTests {
    /// A line 20.287109375 pt tall (a font's ascender plus descender at 17 pt) ceiled to the pixel grid: 21, 20.5
    /// and 61/3 pt.
    @Test(arguments: [(1, 21.0), (2, 20.5), (3, 61.0 / 3)])
    func labelHeightsCeilToThePixelGrid(factor: Int, expected: Double) {
        let scale = Scale(factor)
        #expect(scale.ceilToPixel(20.287109375) == expected)
        #expect(scale.ceilPixels(20.287109375) == Int((expected * Double(factor)).rounded()))
    }

    /// Font-unit arithmetic lands a hair above an exact pixel (8 pt is 24.000000000000004 px at @3x when summed from
    /// em fractions); it must stay 8 pt, not become 8⅓.
    @Test func aHairAboveAPixelIsThatPixel() {
        let hair = 8.000000000000002
        #expect(hair * 3 > 24)
        #expect(Scale.x3.ceilToPixel(hair) == 8)
        #expect(Scale.x3.ceilPixels(hair) == 24)
        #expect(Scale.x3.floorToPixel(8 - 1e-12) == 8)
    }

    /// Half a pixel rounds away from zero in both directions, as C's `round` (UIKit's origin rounding) does.
    @Test func halvesRoundAwayFromZero() {
        #expect(Scale.x2.roundToPixel(0.25) == 0.5)
        #expect(Scale.x2.roundToPixel(-0.25) == -0.5)
        #expect(Scale.x3.roundPixels(0.5 / 3) == 1)
        #expect(Scale.x3.roundPixels(-0.5 / 3) == -1)
        #expect(Scale.x1.roundPixels(2.4999) == 2)
    }

    @Test func conversionsAreInverse() {
        for factor in 1...3 {
            let scale = Scale(factor)
            #expect(scale.points(fromPixels: scale.pixels(fromPoints: 12.5)) == 12.5)
            #expect(scale.pixels(fromPoints: 1) == Double(factor))
            #expect(scale.description == "@\(factor)x")
        }
    }
}

@Suite("Rectangles and insets")
struct RectTests {
    @Test func edgesAndMiddles() {
        let rect = Rect(x: 16, y: 44, width: 343, height: 20.5)
        #expect(rect.maxX == 359 && rect.maxY == 64.5)
        #expect(rect.midX == 187.5 && rect.midY == 54.25)
        #expect(rect.offsetBy(dx: -16, dy: 1) == Rect(x: 0, y: 45, width: 343, height: 20.5))
    }

    @Test func insetsSumTheirSides() {
        let insets = EdgeInsets(top: 12, leading: 16, bottom: 8, trailing: 20)
        #expect(insets.horizontal == 36 && insets.vertical == 20)
        #expect(EdgeInsets(all: 4) == EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4))
        #expect(EdgeInsets.zero.horizontal == 0)
    }
}
