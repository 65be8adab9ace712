import Foundation
import GhostlineImage
import GhostlinePNG
import Testing
@testable import GhostlineDiff

/// pixelmatch v7.2.0's own test images and expectations (Fixtures/pixelmatch, from github.com/mapbox/pixelmatch at
/// tag v7.2.0, ISC licence beside them).
enum PixelmatchFixtures {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/pixelmatch")

    static func image(_ name: String) throws -> RGBAImage {
        try PNGCodec.read(contentsOf: directory.appendingPathComponent("\(name).png").path)
    }

    /// One `diffTest(…)` line of pixelmatch's test/test.js: the two inputs, the expected diff image, the options
    /// and the expected count of mismatched pixels.
    struct Case: CustomTestStringConvertible, Sendable {
        var first: String, second: String, diff: String
        var threshold = 0.1, fadeAlpha = 0.1
        var diffMask = false
        var differenceColor = DiffResult.differenceColor, antialiasingColor = DiffResult.antialiasingColor
        var darkerColor: Color?
        var expected: Int

        var testDescription: String { "\(first) vs \(second) → \(diff)" }

        var options: DiffOptions {
            DiffOptions(compatibility: .pixelmatch, threshold: threshold, fadeAlpha: fadeAlpha,
                        differenceColor: differenceColor, darkerColor: darkerColor, antialiasingColor: antialiasingColor,
                        diffMask: diffMask)
        }
    }

    /// test/test.js at v7.2.0, line by line (`options` there is `{threshold: 0.05}`; `{threshold: undefined}` is
    /// the default 0.1; `alpha` is pixelmatch's name for the fade).
    static let cases: [Case] = [
        Case(first: "1a", second: "1b", diff: "1diff", threshold: 0.05, expected: 143),
        Case(first: "1a", second: "1b", diff: "1diffdefaultthreshold", expected: 106),
        Case(first: "1a", second: "1b", diff: "1diffmask", threshold: 0.05, diffMask: true, expected: 143),
        Case(first: "1a", second: "1a", diff: "1emptydiffmask", threshold: 0, diffMask: true, expected: 0),
        Case(first: "2a", second: "2b", diff: "2diff", threshold: 0.05, fadeAlpha: 0.5,
             differenceColor: Color(red: 255, green: 0, blue: 255), antialiasingColor: Color(red: 0, green: 192, blue: 0),
             expected: 12437),
        Case(first: "3a", second: "3b", diff: "3diff", threshold: 0.05, expected: 212),
        Case(first: "4a", second: "4b", diff: "4diff", threshold: 0.05, expected: 36049),
        Case(first: "5a", second: "5b", diff: "5diff", threshold: 0.05, expected: 6),
        Case(first: "6a", second: "6b", diff: "6diff", threshold: 0.05, expected: 51),
        Case(first: "6a", second: "6a", diff: "6empty", threshold: 0, expected: 0),
        Case(first: "7a", second: "7b", diff: "7diff", darkerColor: Color(red: 0, green: 255, blue: 0), expected: 2448),
        Case(first: "8a", second: "5b", diff: "8diff", threshold: 0.05, expected: 32896),
    ]
}

@Suite("pixelmatch v7.2.0's own fixtures, with --compat pixelmatch")
struct PixelmatchFixtureTests {
    /// Every count of pixelmatch's test suite, and its expected diff image byte for byte (as its test compares
    /// `diff.data` with the fixture's); without a diff image the count is the same (its `mismatch2`).
    @Test(arguments: PixelmatchFixtures.cases)
    func countAndDiffImageMatchPixelmatch(_ testCase: PixelmatchFixtures.Case) throws {
        let first = try PixelmatchFixtures.image(testCase.first)
        let second = try PixelmatchFixtures.image(testCase.second)
        let expectedDiff = try PixelmatchFixtures.image(testCase.diff)
        let result = try PixelDiff.compare(render: first, design: second, options: testCase.options)
        #expect(result.differingPixels == testCase.expected)
        #expect(result.diffImage.width == expectedDiff.width && result.diffImage.height == expectedDiff.height)
        let wrong = PixelmatchFixtureTests.mismatchedPixels(result.diffImage, expectedDiff)
        #expect(wrong.count == 0, "\(wrong.count) pixels of \(testCase.diff) differ; first at \(wrong.first.map { "\($0)" } ?? "-")")

        var countOnly = testCase.options
        countOnly.makeDiffImage = false
        #expect(try PixelDiff.compare(render: first, design: second, options: countOnly).differingPixels == testCase.expected)
    }

    /// The streamed comparison follows the same rule (the checkerboard depends on the pixel's absolute offset, and
    /// the anti-aliasing test reaches two rows away, across block boundaries).
    @Test(arguments: [PixelmatchFixtures.cases[0], PixelmatchFixtures.cases[6], PixelmatchFixtures.cases[8]])
    func streamedCountsMatchPixelmatch(_ testCase: PixelmatchFixtures.Case) throws {
        let first = try PixelmatchFixtures.image(testCase.first)
        let second = try PixelmatchFixtures.image(testCase.second)
        var options = testCase.options
        options.makeDiffImage = false
        let streamed = try PixelDiff.compare(render: ImageRows(first), design: ImageRows(second), options: options,
                                             blockRows: 7)
        #expect(streamed.differingPixels == testCase.expected)
    }

    /// test.js's "checkerboard" test: 50 % transparent black and opaque grey 127 look the same on white, but
    /// pixelmatch 7 composites onto its checkerboard by default, where they differ. Ghostline's own mode
    /// composites onto white (a design export's transparent pixels show the page), where they do not.
    @Test func semiTransparentPixelsAreCompositedOntoTheCheckerboard() throws {
        let halfBlack = RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 128])
        let grey = RGBAImage(width: 1, height: 1, pixels: [127, 127, 127, 255])
        let pixelmatch = try PixelDiff.compare(render: halfBlack, design: grey,
                                               options: DiffOptions(compatibility: .pixelmatch))
        #expect(pixelmatch.differingPixels == 1)
        let ghostline = try PixelDiff.compare(render: halfBlack, design: grey)
        #expect(ghostline.differingPixels == 0)
    }

    /// Pixels at which two images' bytes differ, as (x, y).
    static func mismatchedPixels(_ a: RGBAImage, _ b: RGBAImage) -> [(Int, Int)] {
        guard a.width == b.width, a.height == b.height else { return [(-1, -1)] }
        var wrong: [(Int, Int)] = []
        for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i..<i + 4] != b.pixels[i..<i + 4] {
            wrong.append(((i / 4) % a.width, (i / 4) / a.width))
        }
        return wrong
    }
}
