import GhostlineGeometry
import GhostlineImage
import Testing
@testable import GhostlineDiff

/// Ignored areas (`DiffOptions.ignore`): left out of every statistic, striped in the diff image.
@Suite("Ignored areas")
struct IgnoreTests {
    /// The synthetic words moved 1 px right, with the first word's box (widened by the shift) ignored: only the
    /// second word is left, exactly as if the first had not moved; the box's pixels are in no count.
    @Test(arguments: DiffCompatibility.allCases)
    func anIgnoredWordDropsOutOfEveryStatistic(_ compatibility: DiffCompatibility) throws {
        let page = SyntheticWords.page
        let shifted = page.shifted(dx: 1, dy: 0)
        let a = SyntheticWords.wordA
        let box = PixelRect(x: a.x, y: a.y, width: a.width + 1, height: a.height)
        // The reference: the first word not moved at all (the render is the design outside the box).
        var onlyB = shifted
        for y in box.y..<box.y + box.height { for x in box.x..<box.x + box.width { onlyB[x, y] = page[x, y] } }
        let options = DiffOptions(compatibility: compatibility, background: .white)
        let reference = try PixelDiff.compare(render: onlyB, design: page, options: options)
        var ignoring = options
        ignoring.ignore = [box]
        let result = try PixelDiff.compare(render: shifted, design: page, options: ignoring)

        #expect(reference.differingPixels > 0)
        #expect(result.differingPixels == reference.differingPixels)
        #expect(result.antialiasedPixels == reference.antialiasedPixels)
        #expect(result.regions == reference.regions)
        #expect(result.ignoredPixels == box.width * box.height)
        // Outside the box both runs see the same pixels; inside it, `reference` compared the box's ink pixels
        // (its near-white ones were background), and the ignoring run compares none of them.
        let boxBackground = (box.y..<box.y + box.height).flatMap { y in (box.x..<box.x + box.width).map { (x: $0, y: y) } }
            .filter { Reference.delta(page[$0.x, $0.y], .white) <= Reference.maxDelta * 0.01 }.count
        #expect(result.comparedPixels == reference.comparedPixels - (box.width * box.height - boxBackground))
        #expect(result.ratio == Double(result.differingPixels) / Double(result.comparedPixels))
    }

    /// In the diff image an ignored pixel is `ignoredColor` on diagonal stripes ((x + y) mod 8 < 4) and the faded
    /// image between them — never a difference colour, even where the images differ.
    @Test func ignoredPixelsAreStripedInTheDiffImage() throws {
        let page = SyntheticWords.page
        let box = PixelRect(x: 10, y: 5, width: 70, height: 25)
        let result = try PixelDiff.compare(render: page.shifted(dx: 1, dy: 0), design: page,
                                           options: DiffOptions(ignore: [box]))
        for y in box.y..<box.y + box.height {
            for x in box.x..<box.x + box.width {
                let pixel = result.diffImage[x, y]
                if (x + y) % 8 < 4 {
                    #expect(pixel == DiffResult.ignoredColor, "(\(x), \(y))")
                } else {
                    #expect(pixel == Reference.fadedGrey(page[x, y]), "(\(x), \(y))")
                }
            }
        }
        // Just outside the box the second word still shows red.
        #expect(result.diffImage[120, 40] == DiffResult.differenceColor || result.diffImage[121, 40] == DiffResult.differenceColor)
        // In a mask, the stripes are drawn and the rest of the box stays transparent.
        let mask = try PixelDiff.compare(render: page.shifted(dx: 1, dy: 0), design: page,
                                         options: DiffOptions(diffMask: true, ignore: [box]))
        #expect(mask.diffImage[10, 5] == .clear)                     // 15 mod 8 = 7: between stripes
        #expect(mask.diffImage[12, 5] == DiffResult.ignoredColor)    // 17 mod 8 = 1: a stripe
    }

    /// Boxes that overlap count their pixels once; a box reaching past the image counts only its inside.
    @Test func overlappingAndOverhangingBoxes() throws {
        let image = RGBAImage(width: 50, height: 40, fill: .white)
        let boxes = [PixelRect(x: 0, y: 0, width: 20, height: 10), PixelRect(x: 10, y: 5, width: 20, height: 10),
                     PixelRect(x: 45, y: 35, width: 100, height: 100), PixelRect(x: -5, y: 30, width: 10, height: 100)]
        let result = try PixelDiff.compare(render: image, design: image, options: DiffOptions(ignore: boxes))
        // 20×10 + 20×10 − their 10×5 overlap; 5×5 of the third; 5×10 of the fourth.
        let expected = 200 + 200 - 50 + 25 + 50
        #expect(result.ignoredPixels == expected)
        #expect(result.comparedPixels == 50 * 40 - expected)
        #expect(IgnoreMap(boxes, width: 50, height: 40).count(height: 40) == expected)
    }

    /// The streamed comparison ignores the same pixels (the boxes cross block boundaries).
    @Test func streamingIgnoresTheSamePixels() throws {
        let (a, b) = StreamingDiffTests.pair(width: 61, height: 97)
        let options = DiffOptions(background: .white, makeDiffImage: false,
                                  ignore: [PixelRect(x: 5, y: 3, width: 30, height: 40), PixelRect(x: 20, y: 60, width: 50, height: 9)])
        let whole = try PixelDiff.compare(render: a, design: b, options: options)
        let streamed = try PixelDiff.compare(render: ImageRows(a), design: ImageRows(b), options: options, blockRows: 7)
        #expect(whole.ignoredPixels > 0)
        #expect(streamed.ignoredPixels == whole.ignoredPixels)
        #expect(streamed.differingPixels == whole.differingPixels)
        #expect(streamed.comparedPixels == whole.comparedPixels)
        #expect(streamed.regions == whole.regions)
    }

    /// Points to pixels: every pixel the box touches; an edge on a pixel boundary takes no extra pixel.
    @Test func boxesInPointsCoverEveryPixelTheyTouch() {
        let phone = PixelSize(width: 1125, height: 2436)
        #expect(PixelRect(covering: Rect(x: 0, y: 0, width: 375, height: 44), scale: Scale(3), within: phone)
                == PixelRect(x: 0, y: 0, width: 1125, height: 132))
        // 10.2 pt × 2 = 20.4 px → from pixel 20; 11.2 × 2 = 22.4 → through pixel 22.
        #expect(PixelRect(covering: Rect(x: 10.2, y: 10, width: 1, height: 1), scale: Scale(2), within: phone)
                == PixelRect(x: 20, y: 20, width: 3, height: 2))
        // Clipped to the image; wholly outside, not finite, or empty: nil.
        #expect(PixelRect(covering: Rect(x: 370, y: -10, width: 100, height: 20), scale: Scale(3), within: phone)
                == PixelRect(x: 1110, y: 0, width: 15, height: 30))
        #expect(PixelRect(covering: Rect(x: 400, y: 0, width: 10, height: 10), scale: Scale(3), within: phone) == nil)
        #expect(PixelRect(covering: Rect(x: .nan, y: 0, width: 10, height: 10), scale: Scale(3), within: phone) == nil)
        #expect(PixelRect(covering: Rect(x: 0, y: 0, width: 0, height: 10), scale: Scale(3), within: phone) == nil)
        // Huge but finite values clamp instead of trapping in Int(_:).
        #expect(PixelRect(covering: Rect(x: -1e300, y: 0, width: 1e300 * 1.5, height: 1e19), scale: Scale(3), within: phone)
                == PixelRect(x: 0, y: 0, width: 1125, height: 2436))
    }

    @Test func anEmptyBoxIsRejected() {
        let image = RGBAImage(width: 2, height: 2, fill: .white)
        #expect(throws: DiffError.self) {
            try PixelDiff.compare(render: image, design: image,
                                  options: DiffOptions(ignore: [PixelRect(x: 0, y: 0, width: 0, height: 1)]))
        }
    }
}
