import GhostlineImage

/// Perceptual pixel-by-pixel comparison of a render with a design export, in the manner of pixelmatch.
///
/// For every pixel, in one row-major pass over both buffers:
///
/// 1. Identical packed RGBA values are equal — one integer compare, which settles most pixels.
/// 2. Otherwise the YIQ distance (`YIQ`; alpha blended onto white) is compared with
///    `YIQ.maxDelta × threshold²`. At or below: equal.
/// 3. Above: a difference — unless `includeAA` is off and the pixel is anti-aliasing in either image
///    (`AntiAliasing`), when it is counted in `antialiasedPixels` and drawn yellow instead of red.
/// 4. With a `background`, the pixel is background (not counted in `comparedPixels`) when it is within the
///    threshold of that colour in both images and is not a difference.
/// 5. The diff image gets red, yellow, or the expected pixel's luminance Y (blended onto white) faded
///    towards white: `255 + (Y − 255) × fadeAlpha`, rounded, as opaque grey.
/// 6. Differing pixels are handed to the region labelling (`RegionCollector`) as the row is scanned.
///
/// Allocation: the diff image, one small array of runs for the regions, and nothing per pixel.
public enum PixelDiff {
    /// Compares `actual` (the render) with `expected` (the design export).
    ///
    /// - Throws: `DiffError.sizeMismatch` when the sizes differ (the CLI prints both), `.invalidOption` for an
    ///   option outside its range.
    public static func compare(actual: RGBAImage, expected: RGBAImage,
                               options: DiffOptions = DiffOptions()) throws(DiffError) -> DiffResult {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw .sizeMismatch(actual: PixelSize(of: actual), expected: PixelSize(of: expected))
        }
        try options.validate()
        let width = actual.width, height = actual.height, count = width * height
        guard count > 0 else {
            return DiffResult(diffImage: RGBAImage(width: width, height: height), differingPixels: 0,
                              antialiasedPixels: 0, comparedPixels: 0, ratio: 0, maxDistance: 0, regions: [])
        }

        // The threshold as a squared-distance limit, so the loop never takes a square root.
        let limit = Float(YIQ.maxDelta * options.threshold * options.threshold)
        let fade = Float(options.fadeAlpha)
        let includeAA = options.includeAA
        let hasBackground = options.background != nil
        let bg = options.background?.packed ?? 0
        let red = DiffResult.differenceColor.packed, yellow = DiffResult.antialiasingColor.packed

        var differing = 0, antialiased = 0, backgroundPixels = 0
        var worst: Float = 0
        var regions = RegionCollector(gap: options.regionGap, height: height)

        let output = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!)
            actual.pixels.withUnsafeBytes { actualBytes in
                expected.pixels.withUnsafeBytes { expectedBytes in
                    let a = PixelBuffer(base: actualBytes.baseAddress!, width: width, height: height)
                    let e = PixelBuffer(base: expectedBytes.baseAddress!, width: width, height: height)
                    // One-entry caches: text on a page is long runs of one colour, so the grey of the previous
                    // pixel (and its background verdict) is usually the one needed next.
                    var greyKey = e[0], greyValue = fadedGrey(greyKey, fade: fade)
                    var bgKeyA = bg, bgKeyE = bg, bgNearA = true, bgNearE = true

                    for y in 0..<height {
                        regions.beginRow(y)
                        let rowBase = y * width
                        for x in 0..<width {
                            let i = rowBase &+ x
                            let pa = a[i], pe = e[i]
                            var outPixel: UInt32
                            var isDifference = false
                            if pa == pe {
                                if pe != greyKey { greyKey = pe; greyValue = fadedGrey(pe, fade: fade) }
                                outPixel = greyValue
                            } else {
                                let d = FastYIQ.delta(pa, pe)
                                if d > worst { worst = d }
                                if d <= limit {
                                    if pe != greyKey { greyKey = pe; greyValue = fadedGrey(pe, fade: fade) }
                                    outPixel = greyValue
                                } else if !includeAA
                                            && (AntiAliasing.isAntialiased(x: x, y: y, in: a, other: e, unchangedLimit: limit)
                                                || AntiAliasing.isAntialiased(x: x, y: y, in: e, other: a, unchangedLimit: limit)) {
                                    antialiased &+= 1
                                    outPixel = yellow
                                } else {
                                    differing &+= 1
                                    isDifference = true
                                    outPixel = red
                                    regions.add(x: x)
                                }
                            }
                            if hasBackground && !isDifference {
                                if pa != bgKeyA { bgKeyA = pa; bgNearA = pa == bg || FastYIQ.delta(pa, bg) <= limit }
                                if bgNearA {
                                    if pe != bgKeyE { bgKeyE = pe; bgNearE = pe == bg || FastYIQ.delta(pe, bg) <= limit }
                                    if bgNearE { backgroundPixels &+= 1 }
                                }
                            }
                            out.storeBytes(of: outPixel.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
                        }
                        regions.endRow()
                    }
                }
            }
            initialized = count * 4
        }

        let compared = count - backgroundPixels
        return DiffResult(
            diffImage: RGBAImage(width: width, height: height, pixels: output),
            differingPixels: differing,
            antialiasedPixels: antialiased,
            comparedPixels: compared,
            ratio: compared == 0 ? 0 : Double(differing) / Double(compared),
            maxDistance: min(1, (Double(worst) / YIQ.maxDelta).squareRoot()),
            regions: regions.regions())
    }

    /// The diff image's pixel for an unchanged pixel: the luminance Y of `p` (alpha blended onto white,
    /// which for a linear Y is the same as `255 + (Y(rgb) − 255) × a/255`), faded towards white by `fade`.
    @inline(__always)
    static func fadedGrey(_ p: UInt32, fade: Float) -> UInt32 {
        let v = 255 + (FastYIQ.luma(p) - 255) * fade
        let g = UInt32(min(max(v, 0), 255).rounded())
        return g | g << 8 | g << 16 | 0xFF00_0000
    }
}
