import GhostlineGeometry
import GhostlineImage
import Testing
import GhostlineDiff

/// A synthetic line of "text" (all in pixels, y down), drawn with `Canvas` so edges may be anti-aliased:
/// six x-height letters 6 px wide from `xTop` to the baseline, two ascender letters from `ascTop` to the
/// baseline, and two 2 px descender strokes from the baseline to `baseline + 10`.
///
/// Row ink: ascender zone 2 × 6 = 12, body 8 × 6 = 48 (the densest), descender zone 2 × 2 = 4: the ascender and
/// descender zones are under 45 % of the body, so the body's bottom edge is the baseline and its top the
/// x-height line.
struct SyntheticLine {
    var left = 10.0
    var ascTop = 30.0
    var xTop = 40.0
    var baseline = 60.0
    var ink = Color.black

    func draw(on canvas: inout Canvas) {
        for i in 0..<6 {
            let x = left + Double(i) * 10
            canvas.fill(x0: x, y0: xTop, x1: x + 6, y1: baseline, ink: ink)
        }
        for i in 0..<2 {
            let x = left + 60 + Double(i) * 10
            canvas.fill(x0: x, y0: ascTop, x1: x + 6, y1: baseline, ink: ink)
        }
        for x in [left + 2, left + 22] {
            canvas.fill(x0: x, y0: baseline, x1: x + 2, y1: baseline + 10, ink: ink)
        }
    }

    /// Right edge of the last ascender letter.
    var right: Double { left + 70 + 6 }
}

@Suite("Text geometry: where the ink of each line is")
struct TextGeometryTests {
    /// Crisp shapes at @2x: every edge is a pixel boundary, so every measure is exact. The band is rows 20..<80
    /// (10 pt … 40 pt). Baseline 60 px = 30 pt, x-height line 40 px = 20 pt, ink 30…70 px = 15…35 pt tall and
    /// 10…86 px = 5…43 pt wide.
    @Test func crispLineAtTwoX() throws {
        var canvas = Canvas(width: 200, height: 100)
        let line = SyntheticLine()
        line.draw(on: &canvas)
        let geometry = TextGeometry(scale: .x2, background: .white)
        let band = LineBand(id: "title", lineIndex: 0, top: 10, bottom: 40, left: 0, right: 100)
        let ink = try #require(geometry.measure(band, in: canvas.image))
        #expect(ink.id == "title" && ink.lineIndex == 0)
        #expect(ink.baseline == 30)
        #expect(ink.xHeightLine == 20)
        #expect(ink.inkTop == 15)
        #expect(ink.inkBottom == 35)
        #expect(ink.inkLeft == 5)
        #expect(ink.inkRight == line.right / 2)
        #expect(ink.inkArea == Double(6 * 6 * 20 + 2 * 6 * 30 + 2 * 2 * 10))
    }

    /// White text on a dark page (#1C1C1E) at @3x: the un-blended coverage works in the other direction too.
    @Test func lightInkOnADarkBackground() throws {
        let dark = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
        var canvas = Canvas(width: 120, height: 90, background: dark)
        SyntheticLine(left: 9, ascTop: 33, xTop: 45, baseline: 69, ink: .white).draw(on: &canvas)
        let geometry = TextGeometry(scale: .x3, background: dark)
        let ink = try #require(geometry.measure(LineBand(id: "t", lineIndex: 0, top: 10, bottom: 28, left: 0, right: 40),
                                                in: canvas.image))
        #expect(ink.baseline == 69.0 / 3)
        #expect(ink.xHeightLine == 45.0 / 3)
        #expect(ink.inkTop == 33.0 / 3)
        #expect(ink.inkBottom == 79.0 / 3)
        #expect(ink.inkLeft == 3)
    }

    /// Anti-aliased edges at @3x: the line is placed `phase` of a pixel below row boundaries (and its sides
    /// half a pixel off the grid), so the glyph bottoms end part-way through a row. The baseline and x-height
    /// line come out within half a pixel of the true ones, well inside the 1 px allowed.
    @Test(arguments: [0.0, 0.2, 0.35, 0.5, 0.65, 0.8])
    func antialiasedLineAtThreeX(phase: Double) throws {
        var canvas = Canvas(width: 150, height: 150)
        let line = SyntheticLine(left: 20.5, ascTop: 66 + phase, xTop: 78 + phase, baseline: 102 + phase)
        line.draw(on: &canvas)
        let geometry = TextGeometry(scale: .x3, background: .white)
        // Band 17.5 pt … 40.2 pt: pixel rows 52 (52.5 floored) … 120 (120.6 ceiled), fractions of a pixel.
        let band = LineBand(id: "body", lineIndex: 1, top: 17.5, bottom: 40.2, left: 0, right: 50)
        let ink = try #require(geometry.measure(band, in: canvas.image))
        #expect(abs(ink.baseline * 3 - line.baseline) <= 0.5)
        #expect(abs(ink.xHeightLine * 3 - line.xTop) <= 0.5)
        #expect(abs(ink.inkTop * 3 - line.ascTop) <= 1)
        #expect(abs(ink.inkBottom * 3 - (line.baseline + 10)) <= 1)
        #expect(abs(ink.inkLeft * 3 - line.left) <= 1)
        #expect(abs(ink.inkRight * 3 - line.right) <= 1)
    }

    /// The same line one and two pixels lower is measured one and two pixels lower: what the report's offsets
    /// rest on.
    @Test func offsetsBetweenTwoImagesAreTheShift() throws {
        var design = Canvas(width: 150, height: 150)
        SyntheticLine(left: 20.5, ascTop: 66.4, xTop: 78.4, baseline: 102.4).draw(on: &design)
        let geometry = TextGeometry(scale: .x3, background: .white)
        let band = LineBand(id: "body", lineIndex: 0, top: 15, bottom: 45, left: 0, right: 50)
        let base = try #require(geometry.measure(band, in: design.image))
        for shift in [1, 2] {
            let moved = try #require(geometry.measure(band, in: design.image.shifted(dx: 0, dy: shift)))
            #expect(abs((moved.baseline - base.baseline) * 3 - Double(shift)) < 1e-9)
            #expect(abs((moved.xHeightLine - base.xHeightLine) * 3 - Double(shift)) < 1e-9)
        }
    }

    /// A render on a clear canvas: with a transparent background the coverage is the pixel's alpha.
    @Test func clearBackgroundMeasuresByAlpha() throws {
        var canvas = Canvas(width: 120, height: 80, background: .clear)
        SyntheticLine().draw(on: &canvas)   // Canvas mixes towards opaque black, so ink pixels get alpha 255
        let ink = try #require(TextGeometry(scale: .x1, background: .clear)
            .measure(LineBand(id: "t", lineIndex: 0, top: 0, bottom: 80, left: 0, right: 120), in: canvas.image))
        #expect(ink.baseline == 60)
        #expect(ink.xHeightLine == 40)
    }

    /// Bands without ink — empty page area, or outside the image — give nil, in order with the others.
    @Test func bandsWithoutInkAreNil() {
        var canvas = Canvas(width: 200, height: 100)
        SyntheticLine().draw(on: &canvas)
        let geometry = TextGeometry(scale: .x2, background: .white)
        let results = geometry.measure([
            LineBand(id: "a", lineIndex: 0, top: 10, bottom: 40, left: 0, right: 100),
            LineBand(id: "a", lineIndex: 1, top: 40, bottom: 50, left: 0, right: 100),   // rows 80..<100: blank
            LineBand(id: "b", lineIndex: 0, top: 60, bottom: 80, left: 0, right: 100),   // below the image
        ], in: canvas.image)
        #expect(results.count == 3)
        #expect(results[0]?.baseline == 30)
        #expect(results[1] == nil)
        #expect(results[2] == nil)
    }

    /// Descender rows are sparse, but a line of all descending letters still has its baseline at the bottom of
    /// the bodies: a line whose body is three letters and whose descenders are three 2 px stems (6 of 18 = 33 %).
    @Test func manyDescendersStillFindTheBaseline() throws {
        var canvas = Canvas(width: 60, height: 60)
        for i in 0..<3 {
            canvas.fill(x: 5 + i * 10, y: 20, width: 6, height: 14)
            canvas.fill(x: 5 + i * 10, y: 34, width: 2, height: 8)
        }
        let ink = try #require(TextGeometry(scale: .x1, background: .white)
            .measure(LineBand(id: "g", lineIndex: 0, top: 10, bottom: 50, left: 0, right: 60), in: canvas.image))
        #expect(ink.baseline == 34)
        #expect(ink.inkBottom == 42)
    }

    /// Band edges that are not finite or far outside any image (from a hostile layout JSON: a frame at x = 1e19,
    /// a baseline of −1e300) are clipped to the image instead of trapping in `Int(_:)`. A band that still covers
    /// the ink measures it; one that lies wholly off the image or is not a number has none.
    @Test func hostileBandEdgesAreClippedNotTrapped() throws {
        var canvas = Canvas(width: 40, height: 40)
        canvas.fill(x: 10, y: 10, width: 20, height: 10)
        let geometry = TextGeometry(scale: .x3, background: .white)
        let everything = LineBand(id: "a", lineIndex: 0, top: -1e300, bottom: 1e308, left: -.infinity, right: 1e19)
        let ink = try #require(geometry.measure(everything, in: canvas.image))
        #expect(ink.baseline == 20.0 / 3 && ink.inkLeft == 10.0 / 3)
        #expect(geometry.measure(LineBand(id: "b", lineIndex: 0, top: 1e19, bottom: 1e20, left: 0, right: 10), in: canvas.image) == nil)
        #expect(geometry.measure(LineBand(id: "c", lineIndex: 0, top: .nan, bottom: .nan, left: 0, right: 10), in: canvas.image) == nil)
        #expect(geometry.lineBands(in: everything, expectedLines: 1, image: canvas.image)?.count == 1)
        #expect(geometry.lineBands(in: LineBand(id: "d", lineIndex: 0, top: -1e300, bottom: -1e299, left: 0, right: 1),
                                   expectedLines: 1, image: canvas.image) == nil)
    }

    /// A region's pixels compared in both images, as the review decides whether the design's ink need be measured
    /// again: the same pixels say yes, a change inside the region's pixel rows and columns (its edges included)
    /// says no, one just outside it says yes, and a different size says no.
    @Test func samePixelsLooksOnlyInsideTheRegion() {
        let geometry = TextGeometry(scale: Scale(2), background: .white)
        var canvas = Canvas(width: 120, height: 80)
        SyntheticLine().draw(on: &canvas)
        // Points 5…45 × 10…40 at @2x: pixel columns 10..<90 and rows 20..<80.
        let region = LineBand(id: "r", lineIndex: 0, top: 10, bottom: 40, left: 5, right: 45)
        #expect(geometry.samePixels(in: region, canvas.image, canvas.image))
        for (x, y, inside) in [(10, 20, true), (89, 79, true), (50, 50, true), (9, 50, false), (90, 50, false), (50, 19, false)] {
            var changed = canvas.image
            changed[x, y] = Color(red: 1, green: 2, blue: 3)
            #expect(geometry.samePixels(in: region, canvas.image, changed) == !inside, "pixel \(x), \(y)")
        }
        let wider = Canvas(width: 121, height: 80).image
        #expect(!geometry.samePixels(in: region, Canvas(width: 120, height: 80).image, wider))
    }
}
