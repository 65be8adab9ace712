import Dispatch
import Foundation
import GhostlineImage

/// Perceptual pixel-by-pixel comparison of a render with a design export, in the manner of pixelmatch: one
/// documented function, its options a value (`DiffOptions`). The per-pixel decisions that depend on
/// `DiffOptions.compatibility` live in a `DiffRule` (`GhostlineRule`, `PixelmatchRule`).
///
/// For every pixel, in one row-major pass over both buffers:
///
/// 1. A pixel inside `ignore` is counted in `ignoredPixels` only, and striped in the diff image.
/// 2. Identical packed RGBA values are equal — one integer compare, which settles most pixels.
/// 3. Otherwise the YIQ distance (`YIQ`; alpha blended onto white, or onto pixelmatch's checkerboard) is compared
///    with the threshold's squared limit. At or below: equal.
/// 4. Above: a difference — unless `includeAA` is off and the pixel is anti-aliasing in either image
///    (`AntiAliasing`, or pixelmatch's test), when it is counted in `antialiasedPixels` instead.
/// 5. With a `background`, the pixel is background (not counted in `comparedPixels`) when it is within the
///    threshold of that colour in both images and is not a difference.
/// 6. The diff image gets the difference colour (or `darkerColor` where the expected image is darker), the
///    anti-aliasing colour, or a faded grey of one image's luminance: `255 + (Y − 255) × fadeAlpha`, opaque.
///    With `diffMask` only the differences (and the ignore stripes) are drawn, on transparency.
/// 7. Differing pixels are handed to the region labelling (`RegionCollector`) as the row is scanned.
///
/// Allocation: the diff image, one small array of runs for the regions, and nothing per pixel. Rows are
/// classified on all cores in chunks; regions come from one sequential scan afterwards.
public enum PixelDiff {
    /// Compares a render with the design export it should match (`actual` and `expected` inside, as in pixelmatch).
    ///
    /// - Throws: `DiffError.sizeMismatch` when the sizes differ (the CLI prints both), `.invalidOption` for an
    ///   option outside its range.
    public static func compare(render actual: RGBAImage, design expected: RGBAImage,
                               options: DiffOptions = DiffOptions()) throws(DiffError) -> DiffResult {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw .sizeMismatch(render: PixelSize(of: actual), design: PixelSize(of: expected))
        }
        try options.validate()
        let width = actual.width, height = actual.height, count = width * height
        guard count > 0 else {
            return DiffResult(diffImage: RGBAImage(width: width, height: height), differingPixels: 0,
                              antialiasedPixels: 0, comparedPixels: 0, ratio: 0, maxDistance: 0, regions: [])
        }

        let settings = Settings(options, width: width, height: height)

        // Rows are classified in parallel chunks: each writes its own rows of the diff image (when asked for) and
        // of a one-byte-a-pixel difference mask, and keeps its own counts. Regions are then collected in one
        // sequential scan of the mask.
        let chunkCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 2, height / 64))
        let rowsPerChunk = (height + chunkCount - 1) / chunkCount
        var tallies = [Tally](repeating: Tally(), count: chunkCount)
        let makeImage = options.makeDiffImage
        var output: [UInt8] = []
        let mask = [UInt8](unsafeUninitializedCapacity: count) { maskBuffer, maskInitialized in
            output = [UInt8](unsafeUninitializedCapacity: makeImage ? count * 4 : 0) { buffer, initialized in
                actual.pixels.withUnsafeBytes { actualBytes in
                    expected.pixels.withUnsafeBytes { expectedBytes in
                        let a = PixelBuffer(base: actualBytes.baseAddress!, width: width, height: height)
                        let e = PixelBuffer(base: expectedBytes.baseAddress!, width: width, height: height)
                        tallies.withUnsafeMutableBufferPointer { tallyBuffer in
                            // Each chunk touches only its own rows and its own tally: no two threads share memory.
                            let job = ChunkJob(a: a, e: e, out: makeImage ? UnsafeMutableRawPointer(buffer.baseAddress!) : nil,
                                               mask: maskBuffer.baseAddress!, tallies: tallyBuffer.baseAddress!)
                            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                                let rows = chunk * rowsPerChunk..<min(height, (chunk + 1) * rowsPerChunk)
                                job.tallies[chunk] = classify(rows: rows, width: width, job: job, settings: settings)
                            }
                        }
                    }
                }
                initialized = makeImage ? count * 4 : 0
            }
            maskInitialized = count
        }
        var regions = RegionCollector(gap: options.regionGap, height: height)
        mask.withUnsafeBufferPointer { differs in
            for y in 0..<height {
                regions.beginRow(y)
                let rowBase = y * width
                // Eight mask bytes at a time: differences are rare, and a zero word settles eight pixels.
                let raw = UnsafeRawPointer(differs.baseAddress!) + rowBase
                var x = 0
                while x < width {
                    if x &+ 8 <= width, raw.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0 { x &+= 8; continue }
                    if differs[rowBase &+ x] != 0 { regions.add(x: x) }
                    x &+= 1
                }
                regions.endRow()
            }
        }
        var total = Tally()
        for tally in tallies { total.add(tally) }
        let image = makeImage ? RGBAImage(width: width, height: height, pixels: output) : RGBAImage(width: 0, height: 0, pixels: [])
        return result(diffImage: image, total: total, pixelCount: count, regions: regions.regions())
    }

    /// The result both comparisons (whole and streamed) report: one place for the ratio and distance formulas.
    static func result(diffImage: RGBAImage, total: Tally, pixelCount: Int, regions: [PixelRegion]) -> DiffResult {
        let compared = pixelCount - total.background - total.ignored
        return DiffResult(diffImage: diffImage, differingPixels: total.differing, antialiasedPixels: total.antialiased,
                          comparedPixels: compared, ignoredPixels: total.ignored,
                          ratio: compared == 0 ? 0 : Double(total.differing) / Double(compared),
                          maxDistance: min(1, (Double(total.worst) / YIQ.maxDelta).squareRoot()),
                          regions: regions)
    }
}
