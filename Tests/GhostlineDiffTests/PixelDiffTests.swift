import GhostlineImage
import Testing
@testable import GhostlineDiff

/// Synthetic "text" for the shift tests: words of E-shaped letters (a stem and three 2 px bars, 15 px tall)
/// whose left and right edges fall part-way into a pixel (covering 0.5 and 0.75 of it, so the edge pixels are
/// clearly grey), with crisp tops and bottoms, on a white 200 × 60 page. The bars matter: a solid block moved
/// down differs only along its top and bottom edges, a letter with horizontal strokes differs all over.
struct SyntheticWords {
    /// Letters 5.25 px wide, 9 px apart (3 empty columns between letters, within the default region gap of 4);
    /// bars at rows 0–1, 6–7 and 13–14 of the letter, so even a vertical shift leaves at most 4 unchanged rows
    /// between changed ones.
    static func word(_ canvas: inout Canvas, left: Double, top: Double, letters: Int) {
        for i in 0..<letters {
            let x0 = left + Double(i) * 9
            canvas.fill(x0: x0, y0: top, x1: x0 + 2.25, y1: top + 15)                 // stem
            for bar in [0.0, 6, 13] {
                canvas.fill(x0: x0 + 2.25, y0: top + bar, x1: x0 + 5.25, y1: top + bar + 2)
            }
        }
    }

    static var page: RGBAImage {
        var canvas = Canvas(width: 200, height: 60)
        word(&canvas, left: 20.5, top: 10, letters: 4)
        word(&canvas, left: 120.5, top: 35, letters: 3)
        return canvas.image
    }

    /// The pixel boxes the words occupy, worked out from the rectangles: first column floor(left), last column
    /// floor(left + 9 × (letters − 1) + 5.25), rows top…top + 14.
    static let wordA = PixelRegion(x: 20, y: 10, width: 52 - 20 + 1, height: 15, pixelCount: 0)
    static let wordB = PixelRegion(x: 120, y: 35, width: 143 - 120 + 1, height: 15, pixelCount: 0)
}

@Suite("PixelDiff: perceptual pixel comparison")
struct PixelDiffTests {
    @Test func identicalImagesHaveNoDifference() throws {
        let page = SyntheticWords.page
        let result = try PixelDiff.compare(render: page, design: page)
        #expect(result.differingPixels == 0)
        #expect(result.antialiasedPixels == 0)
        #expect(result.ratio == 0)
        #expect(result.maxDistance == 0)
        #expect(result.regions.isEmpty)
        #expect(result.comparedPixels == 200 * 60)
        #expect(result.diffImage.width == 200 && result.diffImage.height == 60)
    }

    /// The constant the threshold is scaled by: red against cyan, 35214.75 (pixelmatch's 35215), and no pair of
    /// colours on a grid of 6 levels a channel (all corners of the RGB cube included) gets further apart.
    @Test func maxDeltaIsTheLargestPossibleDistance() {
        #expect(abs(Reference.maxDelta - 35214.75) < 0.01)
        #expect(abs(YIQ.maxDelta - Reference.maxDelta) < 1e-6)
        let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
        var colours: [Color] = []
        for r in levels { for g in levels { for b in levels { colours.append(Color(red: r, green: g, blue: b)) } } }
        var largest = 0.0
        for a in colours { for b in colours { largest = max(largest, Reference.delta(a, b)) } }
        #expect(abs(largest - Reference.maxDelta) < 1e-6)
        // Black against white is not the maximum: brightness alone gives 0.5053 × 255².
        #expect(abs(Reference.delta(.black, .white) - 0.5053 * 255 * 255) < 0.01)
        #expect(Reference.delta(.black, .white) < Reference.maxDelta)
    }

    /// A whole image changing by a grey step n: it differs exactly when 0.5053 × n² (the YIQ delta of two greys,
    /// whose I and Q are 0) exceeds maxDelta × threshold². Step n and n − 1 straddle the limit.
    @Test(arguments: [0.1, 0.05, 0.2])
    func thresholdSemanticsForGreySteps(threshold: Double) throws {
        let limit = Reference.maxDelta * threshold * threshold
        let base = Color(red: 200, green: 200, blue: 200)
        func stepped(_ n: Int) -> Color { Color(red: UInt8(200 - n), green: UInt8(200 - n), blue: UInt8(200 - n)) }
        let n = (1...200).first { Reference.delta(base, stepped($0)) > limit }!
        if threshold == 0.1 { #expect(n == 27) }  // 0.5053 × 26² = 341.6 ≤ 352.1 < 368.4 = 0.5053 × 27²
        let expected = RGBAImage(width: 4, height: 4, fill: base)
        let options = DiffOptions(threshold: threshold)
        let below = try PixelDiff.compare(render: RGBAImage(width: 4, height: 4, fill: stepped(n - 1)),
                                          design: expected, options: options)
        let above = try PixelDiff.compare(render: RGBAImage(width: 4, height: 4, fill: stepped(n)),
                                          design: expected, options: options)
        #expect(below.differingPixels == 0)
        #expect(above.differingPixels == 16)
        #expect(above.ratio == 1)
        #expect(abs(below.maxDistance - (Reference.delta(base, stepped(n - 1)) / Reference.maxDelta).squareRoot()) < 1e-4)
        #expect(abs(above.maxDistance - (Reference.delta(base, stepped(n)) / Reference.maxDelta).squareRoot()) < 1e-4)
        #expect(below.maxDistance <= threshold && above.maxDistance > threshold)
    }

    /// The same for a change of hue: blue alone moving changes Y, I and Q at once, so the limit falls at a
    /// different step than for grey; the formula finds it.
    @Test func thresholdSemanticsForAColourChange() throws {
        let base = Color(red: 40, green: 120, blue: 100)
        func bluer(_ n: Int) -> Color { Color(red: 40, green: 120, blue: UInt8(100 + n)) }
        let limit = Reference.maxDelta * 0.01
        let n = try #require((1...155).first { Reference.delta(base, bluer($0)) > limit })
        #expect(n > 27)  // blue barely moves brightness, so it takes a larger step than grey
        let expected = RGBAImage(width: 3, height: 3, fill: base)
        let below = try PixelDiff.compare(render: RGBAImage(width: 3, height: 3, fill: bluer(n - 1)), design: expected)
        let above = try PixelDiff.compare(render: RGBAImage(width: 3, height: 3, fill: bluer(n)), design: expected)
        #expect(below.differingPixels == 0)
        #expect(above.differingPixels == 9)
    }

    /// Alpha is blended onto white before comparing: black at alpha 0 is white, black at alpha 128 is grey 127.
    @Test func transparentPixelsCompareAsIfOnWhite() throws {
        let clearBlack = RGBAImage(width: 3, height: 3, fill: Color(red: 0, green: 0, blue: 0, alpha: 0))
        let white = RGBAImage(width: 3, height: 3, fill: .white)
        #expect(try PixelDiff.compare(render: clearBlack, design: white).differingPixels == 0)
        let halfBlack = RGBAImage(width: 3, height: 3, fill: Color(red: 0, green: 0, blue: 0, alpha: 128))
        let grey127 = RGBAImage(width: 3, height: 3, fill: Color(red: 127, green: 127, blue: 127))
        let result = try PixelDiff.compare(render: halfBlack, design: grey127, options: DiffOptions(threshold: 0))
        #expect(result.differingPixels == 0)   // 255 − 255 × 128/255 = 127 exactly
    }

    /// Crisp letters moved one pixel right: each letter loses its left column and gains one on the right,
    /// 2 × height pixels a letter, and none of it is anti-aliasing.
    @Test func crispShiftCountsEveryMovedColumn() throws {
        var canvas = Canvas(width: 80, height: 30)
        for i in 0..<3 { canvas.fill(x: 10 + i * 8, y: 5, width: 5, height: 12) }
        let result = try PixelDiff.compare(render: canvas.image.shifted(dx: 1, dy: 0), design: canvas.image)
        #expect(result.differingPixels == 3 * 2 * 12)
        #expect(result.antialiasedPixels == 0)
        #expect(result.regions == [PixelRegion(x: 10, y: 5, width: 10 + 2 * 8 + 5 + 1 - 10, height: 12, pixelCount: 72)])
    }

    /// Anti-aliased words moved one pixel right: the moved edges are real differences (not anti-aliasing, because
    /// the solid pixels framing them moved too), and each word's region is the word's box widened by the
    /// one-pixel shift — its own columns plus one.
    @Test func antialiasedShiftRightIsFoundWhereTheWordsAre() throws {
        let page = SyntheticWords.page
        let result = try PixelDiff.compare(render: page.shifted(dx: 1, dy: 0), design: page)
        let a = SyntheticWords.wordA, b = SyntheticWords.wordB
        #expect(result.regions.count == 2)
        guard result.regions.count == 2 else { return }
        let (ra, rb) = (result.regions[0], result.regions[1])
        #expect([ra.x, ra.y, ra.width, ra.height] == [a.x, a.y, a.width + 1, a.height])
        #expect([rb.x, rb.y, rb.width, rb.height] == [b.x, b.y, b.width + 1, b.height])
        #expect(result.differingPixels == ra.pixelCount + rb.pixelCount)
        #expect(result.differingPixels > 0)
    }

    /// The same one pixel down: the boxes grow by one row instead.
    @Test func antialiasedShiftDownIsFoundWhereTheWordsAre() throws {
        let page = SyntheticWords.page
        let result = try PixelDiff.compare(render: page.shifted(dx: 0, dy: 1), design: page)
        let a = SyntheticWords.wordA, b = SyntheticWords.wordB
        #expect(result.regions.count == 2)
        guard result.regions.count == 2 else { return }
        #expect([result.regions[0].x, result.regions[0].y, result.regions[0].width, result.regions[0].height]
                == [a.x, a.y, a.width, a.height + 1])
        #expect([result.regions[1].x, result.regions[1].y, result.regions[1].width, result.regions[1].height]
                == [b.x, b.y, b.width, b.height + 1])
    }

    /// A crisp black square; the render differs only in a few edge pixels turned grey — two outside the left
    /// edge (extra coverage) and one inside the right edge (less coverage) — which is what another rasterizer
    /// does. With includeAA off they pass as anti-aliasing (yellow); with it on they are differences (red).
    @Test func antialiasingOnlyDifferencesPassUnlessIncluded() throws {
        var design = Canvas(width: 40, height: 40)
        design.fill(x: 10, y: 10, width: 20, height: 20)
        var render = design
        let grey = Color(red: 128, green: 128, blue: 128), darkGrey = Color(red: 100, green: 100, blue: 100)
        render.image[9, 14] = grey
        render.image[9, 15] = grey
        render.image[29, 22] = darkGrey
        let changed = [(9, 14), (9, 15), (29, 22)]

        let lenient = try PixelDiff.compare(render: render.image, design: design.image)
        #expect(lenient.differingPixels == 0)
        #expect(lenient.antialiasedPixels == 3)
        #expect(lenient.regions.isEmpty)
        for (x, y) in changed { #expect(lenient.diffImage[x, y] == DiffResult.antialiasingColor) }

        let strict = try PixelDiff.compare(render: render.image, design: design.image,
                                           options: DiffOptions(includeAA: true))
        #expect(strict.differingPixels == 3)
        #expect(strict.antialiasedPixels == 0)
        for (x, y) in changed { #expect(strict.diffImage[x, y] == DiffResult.differenceColor) }
        #expect(strict.regions.count == 2)  // (9, 14–15) and (29, 22) are 19 columns apart
    }

    /// A changed pixel in the middle of a flat fill is never anti-aliasing.
    @Test func aChangeInsideAFillIsADifference() throws {
        var design = Canvas(width: 40, height: 40)
        design.fill(x: 10, y: 10, width: 20, height: 20)
        var render = design
        render.image[20, 20] = Color(red: 128, green: 128, blue: 128)
        let result = try PixelDiff.compare(render: render.image, design: design.image)
        #expect(result.differingPixels == 1)
        #expect(result.antialiasedPixels == 0)
        #expect(result.regions == [PixelRegion(x: 20, y: 20, width: 1, height: 1, pixelCount: 1)])
    }

    /// Diff image: red where different, yellow where anti-aliasing, and elsewhere the expected pixel's Y
    /// (on white) faded: 255 + (Y − 255) × fadeAlpha, rounded; alpha 255 throughout.
    @Test func diffImageColours() throws {
        var design = Canvas(width: 40, height: 40)
        design.fill(x: 10, y: 10, width: 20, height: 20)
        let orange = Color(red: 200, green: 100, blue: 50)
        design.image[2, 2] = orange
        var render = design
        render.image[20, 20] = .white              // a hole in the square: a difference
        render.image[9, 14] = Color(red: 128, green: 128, blue: 128)  // anti-aliasing
        let result = try PixelDiff.compare(render: render.image, design: design.image)
        #expect(result.diffImage[20, 20] == Color(red: 255, green: 0, blue: 0))
        #expect(result.diffImage[9, 14] == Color(red: 255, green: 255, blue: 0))
        // Y(200, 100, 50) = 124.165 → 255 − 130.835 × 0.1 = 241.92 → 242.
        #expect(result.diffImage[2, 2] == Reference.fadedGrey(orange))
        #expect(result.diffImage[2, 2] == Color(red: 242, green: 242, blue: 242))
        #expect(result.diffImage[0, 0] == .white)

        // fadeAlpha 0.5 on half-transparent black: Y on white = 255 − 255 × 128/255 = 127 → 255 − 64 = 191.
        let halfBlack = RGBAImage(width: 2, height: 2, fill: Color(red: 0, green: 0, blue: 0, alpha: 128))
        let faded = try PixelDiff.compare(render: halfBlack, design: halfBlack, options: DiffOptions(fadeAlpha: 0.5))
        #expect(faded.diffImage[1, 1] == Color(red: 191, green: 191, blue: 191))
    }

    /// Statistics over non-background pixels: a 10 × 10 black square on a 1000 × 1000 white page, moved.
    @Test func backgroundIsLeftOutOfTheRatio() throws {
        var design = Canvas(width: 1000, height: 1000)
        design.fill(x: 100, y: 100, width: 10, height: 10)

        // Moved far: the two squares don't overlap; 200 non-background pixels, all different.
        var far = Canvas(width: 1000, height: 1000)
        far.fill(x: 500, y: 500, width: 10, height: 10)
        let moved = try PixelDiff.compare(render: far.image, design: design.image,
                                          options: DiffOptions(background: .white))
        #expect(moved.differingPixels == 200)
        #expect(moved.comparedPixels == 200)
        #expect(moved.ratio == 1)
        #expect(moved.regions.count == 2)

        // Moved 5 px right: union 15 × 10 = 150 non-background pixels, 2 × 5 × 10 = 100 of them different.
        var near = Canvas(width: 1000, height: 1000)
        near.fill(x: 105, y: 100, width: 10, height: 10)
        let overlapping = try PixelDiff.compare(render: near.image, design: design.image,
                                                options: DiffOptions(background: .white))
        #expect(overlapping.differingPixels == 100)
        #expect(overlapping.comparedPixels == 150)
        #expect(overlapping.ratio == 100.0 / 150.0)

        // Without a background every pixel is compared, and the ratio drowns in white.
        let diluted = try PixelDiff.compare(render: near.image, design: design.image)
        #expect(diluted.comparedPixels == 1_000_000)
        #expect(diluted.ratio == 100.0 / 1_000_000.0)

        // A near-white pixel (within the threshold) is background too.
        var tinted = near
        tinted.image[700, 700] = Color(red: 250, green: 250, blue: 250)
        let withTint = try PixelDiff.compare(render: tinted.image, design: design.image,
                                             options: DiffOptions(background: .white))
        #expect(withTint.comparedPixels == 150)
    }

    @Test func aSizeMismatchIsRejectedWithBothSizes() {
        let render = RGBAImage(width: 1170, height: 2532, fill: .white)
        let design = RGBAImage(width: 1179, height: 2556, fill: .white)
        let expectedError = DiffError.sizeMismatch(render: PixelSize(width: 1170, height: 2532),
                                                   design: PixelSize(width: 1179, height: 2556))
        #expect(throws: expectedError) { try PixelDiff.compare(render: render, design: design) }
        #expect(expectedError.description.contains("1170×2532"))
        #expect(expectedError.description.contains("1179×2556"))
    }

    @Test func optionsOutOfRangeAreRejected() {
        let image = RGBAImage(width: 2, height: 2, fill: .white)
        #expect(throws: DiffError.self) { try PixelDiff.compare(render: image, design: image, options: DiffOptions(threshold: 1.5)) }
        #expect(throws: DiffError.self) { try PixelDiff.compare(render: image, design: image, options: DiffOptions(threshold: .nan)) }
        #expect(throws: DiffError.self) { try PixelDiff.compare(render: image, design: image, options: DiffOptions(fadeAlpha: -0.1)) }
        #expect(throws: DiffError.self) { try PixelDiff.compare(render: image, design: image, options: DiffOptions(regionGap: -1)) }
    }

    @Test func emptyImagesCompareAsEqual() throws {
        let empty = RGBAImage(width: 0, height: 0, pixels: [])
        let result = try PixelDiff.compare(render: empty, design: empty)
        #expect(result.differingPixels == 0 && result.comparedPixels == 0 && result.ratio == 0)
    }

    /// Without a diff image the pass steps over runs of equal pixels; the counts must be the ones the
    /// pixel-by-pixel pass (with a diff image) makes, and the compared count the exact one: a pixel is compared
    /// unless it is white, or within the threshold of white, in both images. The shapes put run ends on every
    /// position of an eight-pixel step: runs of one colour that is not the background (black, mid grey), one that
    /// counts as background (near-white), and rows that end mid-step (widths 199–201).
    @Test("counts without a diff image equal the pixel-by-pixel ones", arguments: [199, 200, 201])
    func countsWithoutDiffImage(width: Int) throws {
        var render = Canvas(width: width, height: 41), design = Canvas(width: width, height: 41)
        for (x, y, w, h) in [(3, 2, 7, 5), (20, 10, 1, 9), (51, 30, 30, 3), (width - 4, 0, 4, 41)] {
            render.fill(x: x, y: y, width: w, height: h)
            design.fill(x: x + (w == 1 ? 1 : 0), y: y, width: w, height: h)   // the 1 px stroke moves right
        }
        design.fill(x: 101, y: 5, width: 3, height: 3)                            // only in the design
        let grey = Color(red: 128, green: 128, blue: 128), nearWhite = Color(red: 250, green: 250, blue: 250)
        for (i, w) in [7, 8, 9, 15, 16, 17].enumerated() {
            render.fill(x: 110 + i, y: 12 + i, width: w, height: 1, ink: grey)
            design.fill(x: 110 + i, y: 12 + i, width: w, height: 1, ink: grey)
            render.fill(x: 111 + i, y: 20 + i, width: w, height: 1, ink: nearWhite)
            design.fill(x: 111 + i, y: 20 + i, width: w, height: 1, ink: nearWhite)
        }
        render.fill(x: 140, y: 20, width: 25, height: 1, ink: grey)               // grey over near-white in the design
        design.fill(x: 140, y: 20, width: 25, height: 1, ink: nearWhite)
        var options = DiffOptions(background: .white)
        let drawn = try PixelDiff.compare(render: render.image, design: design.image, options: options)
        options.makeDiffImage = false
        let counted = try PixelDiff.compare(render: render.image, design: design.image, options: options)
        #expect(counted.diffImage.width == 0)
        #expect(counted.comparedPixels == drawn.comparedPixels && counted.differingPixels == drawn.differingPixels)
        #expect(counted.antialiasedPixels == drawn.antialiasedPixels && counted.regions == drawn.regions)
        var inkInEither = 0
        for i in 0..<(width * 41) where render.image.pixels[i * 4] < 250 || design.image.pixels[i * 4] < 250 { inkInEither += 1 }
        #expect(counted.comparedPixels == inkInEither)
        // The moved stroke, the extra block and the grey-for-near-white run.
        #expect(counted.differingPixels + counted.antialiasedPixels == 2 * 9 + 9 + 25)

        // Without a background every pixel is compared, and runs of any equal pixels are stepped over.
        var plain = DiffOptions()
        let plainDrawn = try PixelDiff.compare(render: render.image, design: design.image, options: plain)
        plain.makeDiffImage = false
        let plainCounted = try PixelDiff.compare(render: render.image, design: design.image, options: plain)
        #expect(plainCounted.comparedPixels == width * 41 && plainDrawn.comparedPixels == width * 41)
        #expect(plainCounted.differingPixels == plainDrawn.differingPixels)
        #expect(plainCounted.antialiasedPixels == plainDrawn.antialiasedPixels && plainCounted.regions == plainDrawn.regions)
    }

    /// The runs the passes step over, against a pixel-at-a-time count, from every start and for every length up
    /// to 40 (so every way a run can end inside or after an eight-pixel step).
    @Test func pixelRunsMatchACountOnePixelAtATime() {
        let c: UInt32 = 0xFF80_4020, other: UInt32 = 0xFF80_4021
        // Pixel i of `a` is `c` except where i % 11 == 10 or i % 23 == 0; `e` differs from `a` where i % 13 == 12.
        let a: [UInt32] = (0..<300).map { $0 % 11 == 10 || $0 % 23 == 0 ? other : c }
        let e: [UInt32] = a.indices.map { $0 % 13 == 12 ? (a[$0] == c ? other : c) : a[$0] }
        func bytes(_ pixels: [UInt32]) -> [UInt8] { pixels.flatMap { p in (0..<4).map { UInt8(truncatingIfNeeded: p >> ($0 * 8)) } } }
        let (ab, eb) = (bytes(a), bytes(e))
        ab.withUnsafeBytes { ar in
            eb.withUnsafeBytes { er in
                let pa = PixelBuffer(base: ar.baseAddress!, width: 300, height: 1)
                let pe = PixelBuffer(base: er.baseAddress!, width: 300, height: 1)
                for start in 0..<260 {
                    for count in 0...40 {
                        let window = start..<(start + count)
                        let one = window.prefix { a[$0] == c }.count
                        let both = window.prefix { a[$0] == c && e[$0] == c }.count
                        let equal = window.prefix { a[$0] == e[$0] }.count
                        #expect(PixelRuns.uniform(ar.baseAddress!, from: start, count: count, colour: c) == one)
                        #expect(PixelRuns.uniform(pa, pe, from: start, count: count, colour: c) == both)
                        #expect(PixelRuns.equal(pa, pe, from: start, count: count) == equal)
                    }
                }
            }
        }
    }
}
