import GhostlineGeometry
import GhostlineImage
@testable import GhostlineRaster
import Testing
import GhostlineLayout
import GhostlineShaping

/// `Shapes.fillRoundedRect` fills the inside of a box as spans and works out coverage only at its edges. These tests
/// hold it to the definition: every pixel's coverage from its centre's distance to the rounded box.
@Suite("Rounded rectangles")
struct RoundedRectTests {
    /// The definition, pixel by pixel.
    static func reference(_ canvas: inout PixelCanvas, rect: Rect, radius: Double, scale: Scale, color: Color) {
        let s = scale.value
        let x0 = rect.minX * s, y0 = rect.minY * s, x1 = rect.maxX * s, y1 = rect.maxY * s
        let r = max(0, min(radius * s, (x1 - x0) / 2, (y1 - y0) / 2))
        let halfW = (x1 - x0) / 2, halfH = (y1 - y0) / 2, cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let px = abs(Double(x) + 0.5 - cx) - (halfW - r)
                let py = abs(Double(y) + 0.5 - cy) - (halfH - r)
                let outside = (max(px, 0) * max(px, 0) + max(py, 0) * max(py, 0)).squareRoot()
                let distance = outside + min(max(px, py), 0) - r
                let coverage = min(1, max(0, 0.5 - distance))
                canvas.blend(x: x, y: y, color: color, coverage: UInt8((coverage * 255).rounded()))
            }
        }
    }

    /// Boxes at fractional positions and sizes, with radii from none to a pill, opaque and translucent, partly off
    /// the canvas, at every scale, over a background that is not plain: byte for byte the definition's pixels.
    @Test(arguments: 0..<60)
    func boxesMatchTheDefinition(seed: Int) {
        var random = SeededDoubles(seed: seed, salt: 1)
        func next(_ range: ClosedRange<Double>) -> Double { random.next(range) }
        let scale = Scale([1, 2, 3][seed % 3])
        let rect = Rect(x: next(-10...40), y: next(-10...40), width: next(0...60), height: next(0...60))
        let radius = seed % 5 == 0 ? 0 : next(0...40)
        let color = Color(red: UInt8(next(0...255)), green: UInt8(next(0...255)), blue: UInt8(next(0...255)),
                          alpha: seed % 2 == 0 ? 255 : UInt8(next(1...254)))
        var fast = PixelCanvas(width: 150, height: 120, background: Color(red: 200, green: 10, blue: 90, alpha: 200))
        fast.blend(x: 3, y: 3, color: .white, coverage: 77)
        var slow = fast
        Shapes.fillRoundedRect(&fast, rect: rect, radius: radius, scale: scale, color: color)
        Self.reference(&slow, rect: rect, radius: radius, scale: scale, color: color)
        #expect(fast.takeImage() == slow.takeImage())
    }
}

/// Backgrounds behind elements: a fill with a border band inside the frame, drawn over the fill, as a CALayer's
/// border and a CSS border in the border box are.
@Suite("Backgrounds and borders")
struct BackgroundRenderTests {
    static func render(radius: Double, border: Double, fill: Color) -> RGBAImage {
        var palette = Palette()
        let page = palette.add(.white), fillPaint = palette.add(fill), line = palette.add(Color(red: 0, green: 0, blue: 255))
        var element = LayoutElement(id: "b", kind: .stack, frame: Rect(x: 10, y: 10, width: 100, height: 50), content: .stack)
        element.background = Background(paint: fillPaint, cornerRadius: radius, border: Border(width: border, paint: line))
        let layout = SceneLayout(canvas: Canvas(width: 120, height: 70, scale: .x1, background: page), height: 70, model: .uikit,
                                 elements: [element])
        return Renderer(glyphCache: GlyphCache()).render(layout, palette: palette)
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    @Test func theBorderIsABandInsideTheFrameOverTheFill() {
        let image = Self.render(radius: 0, border: 4, fill: Color(red: 255, green: 0, blue: 0))
        #expect(Self.pixel(image, 5, 5) == [255, 255, 255, 255])        // outside
        #expect(Self.pixel(image, 11, 30) == [0, 0, 255, 255])          // in the band
        #expect(Self.pixel(image, 13, 30) == [0, 0, 255, 255])
        #expect(Self.pixel(image, 14, 30) == [255, 0, 0, 255])          // inside the band: the fill
        // The band is the frame less the frame inset by 4: 100 × 50 − 92 × 42 pixels, all blue.
        var blue = 0
        for y in 0..<image.height { for x in 0..<image.width where Self.pixel(image, x, y) == [0, 0, 255, 255] { blue += 1 } }
        #expect(blue == 100 * 50 - 92 * 42)
    }

    /// A translucent fill does not show through an opaque border, and rounded corners leave the page outside them.
    @Test func roundedCornersAndTranslucentFills() {
        let image = Self.render(radius: 20, border: 2, fill: Color(red: 255, green: 0, blue: 0, alpha: 0x80))
        #expect(Self.pixel(image, 10, 10) == [255, 255, 255, 255])       // the corner is cut off
        #expect(Self.pixel(image, 60, 10) == [0, 0, 255, 255])           // the top band
        #expect(Self.pixel(image, 60, 35)[1] == Self.pixel(image, 60, 35)[2] && Self.pixel(image, 60, 35)[0] == 255)
        // The band follows the corner: on the diagonal, 20 − 20/√2 ≈ 5.9 px in from each side, it is drawn.
        #expect(Self.pixel(image, 16, 16)[2] > 128 && Self.pixel(image, 16, 16)[0] < 128)
    }
}

/// Borders whose sides differ: each side's band in its own width and colour, nothing on the sides without one, a
/// corner split on the line from the outer corner to the inner one (as CSS splits it), and leading and trailing
/// mirrored right to left.
@Suite("Per-side borders")
struct SideBorderTests {
    static let red = Color(red: 255, green: 0, blue: 0), green = Color(red: 0, green: 255, blue: 0)

    /// A 100 × 50 frame at (10, 10) @1x, white, with a 2 px red top and a 4 px green trailing side.
    static func render(direction: TextDirection = .leftToRight) -> RGBAImage {
        var palette = Palette()
        let page = palette.add(Color(red: 0, green: 0, blue: 255)), fill = palette.add(.white)
        let top = palette.add(red), trailing = palette.add(green)
        var element = LayoutElement(id: "b", kind: .stack, frame: Rect(x: 10, y: 10, width: 100, height: 50), content: .stack)
        element.background = Background(paint: fill, border: Border(top: Border.Side(width: 2, paint: top),
                                                                    trailing: Border.Side(width: 4, paint: trailing)))
        let canvas = Canvas(width: 120, height: 70, scale: .x1, background: page, layoutDirection: direction)
        let layout = SceneLayout(canvas: canvas, height: 70, model: .uikit, elements: [element])
        return Renderer(glyphCache: GlyphCache()).render(layout, palette: palette)
    }

    @Test func eachSideHasItsOwnBand() {
        let image = Self.render()
        let px = BackgroundRenderTests.pixel
        #expect(px(image, 50, 10) == [255, 0, 0, 255])        // top band, 2 rows
        #expect(px(image, 50, 11) == [255, 0, 0, 255])
        #expect(px(image, 50, 12) == [255, 255, 255, 255])    // the fill below it
        #expect(px(image, 106, 30) == [0, 255, 0, 255])       // trailing band, 4 columns (106…109)
        #expect(px(image, 105, 30) == [255, 255, 255, 255])
        #expect(px(image, 10, 30) == [255, 255, 255, 255])    // no leading band
        #expect(px(image, 50, 59) == [255, 255, 255, 255])    // no bottom band
        // The top-trailing corner: the pixel at the frame's corner is 0.25 of the top's width deep and 0.125 of the
        // trailing side's: it belongs to the trailing side.
        #expect(px(image, 109, 10) == [0, 255, 0, 255])
        #expect(px(image, 106, 10) == [255, 0, 0, 255])       // 0.25 deep in the top, 0.875 in the trailing side
        // Exactly the two bands are painted: 100 × 2 + 4 × 50 − the 4 × 2 corner they share.
        var painted = 0
        for y in 0..<image.height { for x in 0..<image.width where px(image, x, y) == [255, 0, 0, 255] || px(image, x, y) == [0, 255, 0, 255] { painted += 1 } }
        #expect(painted == 100 * 2 + 4 * 50 - 4 * 2)
    }

    /// Right to left, the trailing side is the left edge.
    @Test func trailingIsTheLeftEdgeRightToLeft() {
        let image = Self.render(direction: .rightToLeft)
        let px = BackgroundRenderTests.pixel
        #expect(px(image, 10, 30) == [0, 255, 0, 255])
        #expect(px(image, 13, 30) == [0, 255, 0, 255])
        #expect(px(image, 109, 30) == [255, 255, 255, 255])
    }
}

/// `Shapes.strokeRoundedRect` fills the solid parts of a border band as spans and skips the inside: byte for byte
/// the definition, every pixel's outer coverage less its inner coverage.
@Suite("Border bands")
struct BorderBandTests {
    @Test(arguments: 0..<60)
    func bandsMatchTheDefinition(seed: Int) {
        var random = SeededDoubles(seed: seed, salt: 7)
        func next(_ range: ClosedRange<Double>) -> Double { random.next(range) }
        let scale = Scale([1, 2, 3][seed % 3])
        let rect = Rect(x: next(-10...40), y: next(-10...40), width: next(0...60), height: next(0...60))
        let radius = seed % 5 == 0 ? 0 : next(0...40), width = seed % 7 == 0 ? next(10...80) : next(0.2...8)
        let color = Color(red: 10, green: 120, blue: 250, alpha: UInt8(next(40...255)))
        var fast = PixelCanvas(width: 90, height: 90, background: Color(red: 250, green: 240, blue: 230))
        var slow = fast
        Shapes.strokeRoundedRect(&fast, rect: rect, radius: radius, width: width, scale: scale, color: color)
        let s = scale.value
        let outer = Shapes.RoundedBox(x0: rect.minX * s, y0: rect.minY * s, x1: rect.maxX * s, y1: rect.maxY * s, radius: radius * s)
        let inner = Shapes.RoundedBox(x0: outer.x0 + width * s, y0: outer.y0 + width * s, x1: outer.x1 - width * s,
                                      y1: outer.y1 - width * s, radius: max(0, outer.r - width * s))
        let innerEmpty = inner.x1 <= inner.x0 || inner.y1 <= inner.y0
        for y in 0..<slow.height {
            for x in 0..<slow.width {
                let band = outer.coverage(Double(x) + 0.5, Double(y) + 0.5)
                    - (innerEmpty ? 0 : inner.coverage(Double(x) + 0.5, Double(y) + 0.5))
                if band > 0 { slow.blend(x: x, y: y, color: color, coverage: UInt8((min(1, band) * 255).rounded())) }
            }
        }
        #expect(fast.takeImage().pixels == slow.takeImage().pixels, "seed \(seed): \(rect) r \(radius) w \(width) \(scale)")
    }
}

/// Reproducible doubles for the randomized shape tests: a 64-bit linear congruential generator seeded from the
/// test's argument (`salt` keeps two tests with the same seed apart).
struct SeededDoubles {
    private var state: UInt64
    init(seed: Int, salt: UInt64) { state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ salt }
    mutating func next(_ range: ClosedRange<Double>) -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
