import GhostlineGeometry
import GhostlineImage
import Testing
import GhostlineDiff

/// Regions are computed from what is drawn in the render but missing from a blank design, so every differing
/// pixel is a drawn one and the expected boxes are the drawn rectangles' boxes.
@Suite("Regions of difference")
struct RegionTests {
    func regions(_ canvas: Canvas, gap: Int = 4) throws -> DiffResult {
        let blank = RGBAImage(width: canvas.image.width, height: canvas.image.height, fill: .white)
        return try PixelDiff.compare(render: canvas.image, design: blank, options: DiffOptions(regionGap: gap))
    }

    /// Three 4 × 10 letters 3 px apart (within the gap of 4): one region covering the word, whose pixel count is
    /// the letters' area. Drawn below a second word so the sort order is checked too.
    @Test func lettersOfOneWordAreOneRegionAndWordsAreSeparate() throws {
        var canvas = Canvas(width: 120, height: 60)
        for i in 0..<3 { canvas.fill(x: 10 + i * 7, y: 30, width: 4, height: 10) }   // word 1: x 10…27, y 30…39
        for i in 0..<2 { canvas.fill(x: 60 + i * 7, y: 5, width: 4, height: 8) }     // word 2: x 60…70, y 5…12
        let result = try regions(canvas)
        #expect(result.regions == [
            PixelRegion(x: 60, y: 5, width: 11, height: 8, pixelCount: 2 * 32),
            PixelRegion(x: 10, y: 30, width: 18, height: 10, pixelCount: 3 * 40),
        ])
        #expect(result.differingPixels == 2 * 32 + 3 * 40)
    }

    /// With a gap smaller than the letter spacing every letter is its own region, left to right.
    @Test func aSmallerGapSplitsTheLetters() throws {
        var canvas = Canvas(width: 120, height: 60)
        for i in 0..<3 { canvas.fill(x: 10 + i * 7, y: 30, width: 4, height: 10) }
        let result = try regions(canvas, gap: 2)
        #expect(result.regions.map(\.x) == [10, 17, 24])
        #expect(result.regions.allSatisfy { $0.width == 4 && $0.height == 10 && $0.pixelCount == 40 })
    }

    /// Gap 0 is plain 8-connectivity: diagonal neighbours join, a one-pixel gap separates.
    @Test func gapZeroIsEightConnectivity() throws {
        var canvas = Canvas(width: 20, height: 20)
        canvas.fill(x: 2, y: 2, width: 1, height: 1)
        canvas.fill(x: 3, y: 3, width: 1, height: 1)   // diagonal to the first: joined
        canvas.fill(x: 5, y: 3, width: 1, height: 1)   // one empty column after (3, 3): separate
        let result = try regions(canvas, gap: 0)
        #expect(result.regions == [PixelRegion(x: 2, y: 2, width: 2, height: 2, pixelCount: 2),
                                   PixelRegion(x: 5, y: 3, width: 1, height: 1, pixelCount: 1)])
    }

    /// Vertical gaps count like horizontal ones: rows 5 apart (4 empty rows) join with gap 4, not with gap 3.
    @Test func verticalGapsJoinWithinTheGap() throws {
        var canvas = Canvas(width: 20, height: 30)
        canvas.fill(x: 2, y: 2, width: 6, height: 2)
        canvas.fill(x: 4, y: 8, width: 6, height: 2)
        #expect(try regions(canvas, gap: 4).regions == [PixelRegion(x: 2, y: 2, width: 8, height: 8, pixelCount: 24)])
        #expect(try regions(canvas, gap: 3).regions.count == 2)
    }

    /// A frame with a dot in its middle: the dot's pixels are far from the frame's, but its box lies inside the
    /// frame's box, so the two merge into one region.
    @Test func boxesWithinTheGapMerge() throws {
        var canvas = Canvas(width: 40, height: 40)
        canvas.fill(x: 5, y: 5, width: 21, height: 1)
        canvas.fill(x: 5, y: 25, width: 21, height: 1)
        canvas.fill(x: 5, y: 6, width: 1, height: 19)
        canvas.fill(x: 25, y: 6, width: 1, height: 19)
        canvas.fill(x: 15, y: 15, width: 1, height: 1)
        let result = try regions(canvas, gap: 0)
        #expect(result.regions == [PixelRegion(x: 5, y: 5, width: 21, height: 21, pixelCount: 2 * 21 + 2 * 19 + 1)])
    }

    /// A U shape: its arms are separate runs in the top rows and only meet at the bottom, so labelling must join
    /// groups that start apart.
    @Test func shapesThatJoinLowerDownAreOneRegion() throws {
        var canvas = Canvas(width: 40, height: 40)
        canvas.fill(x: 5, y: 5, width: 2, height: 20)
        canvas.fill(x: 30, y: 5, width: 2, height: 20)
        canvas.fill(x: 5, y: 25, width: 27, height: 2)
        let result = try regions(canvas, gap: 0)
        #expect(result.regions == [PixelRegion(x: 5, y: 5, width: 27, height: 22, pixelCount: 2 * 40 + 54)])
    }

    /// Points are pixels divided by the scale.
    @Test func rectConvertsPixelsToPoints() {
        let region = PixelRegion(x: 30, y: 60, width: 9, height: 12, pixelCount: 50)
        #expect(region.rect(scale: .x3) == Rect(x: 10, y: 20, width: 3, height: 4))
        #expect(region.rect(scale: .x2) == Rect(x: 15, y: 30, width: 4.5, height: 6))
        #expect(region.rect(scale: .x1) == Rect(x: 30, y: 60, width: 9, height: 12))
    }
}
