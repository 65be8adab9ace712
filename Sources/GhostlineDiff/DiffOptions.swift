import GhostlineImage

/// How `PixelDiff` compares two images. The defaults are pixelmatch's where pixelmatch has one.
public struct DiffOptions: Hashable, Sendable {
    /// The largest normalised YIQ distance (0…1, see `YIQ.normalizedDistance`) at which two pixels still count
    /// as equal. A pixel differs when `delta > YIQ.maxDelta × threshold²`. 0.1 (pixelmatch's default) lets a
    /// grey move by 26 levels out of 255 (0.5053 × 26² = 341.6 ≤ 352.1) but not 27 (368.4): invisible
    /// rendering noise passes, a colour or weight change does not.
    public var threshold: Double
    /// Count anti-aliasing-only differences (see `AntiAliasing`) as differences. Off by default: two
    /// rasterizers never agree on the partial pixels of an edge, and that is not what a design review is about.
    public var includeAA: Bool
    /// The page colour. A pixel within `threshold` of it in *both* images (and not a difference) is background
    /// and left out of `DiffResult.comparedPixels`, so dark text on a large white page isn't diluted to a
    /// meaningless 0.01 %. nil: every pixel is compared.
    public var background: Color?
    /// How strongly unchanged pixels show in the diff image: their grey is blended this far from white
    /// (0 = white, 1 = the expected image's full luminance). 0.1 (pixelmatch's default) keeps the layout
    /// recognisable while the red and yellow stand out.
    public var fadeAlpha: Double
    /// Differing pixels separated by at most this many non-differing pixels (horizontally and vertically) are
    /// one region, and regions whose boxes come within this many pixels are merged, so a changed word is one
    /// region rather than one per letter. 4 px is a letter gap at @2x–@3x; 0 means plain 8-connectivity.
    public var regionGap: Int
    /// Draw the diff image. Off, `DiffResult.diffImage` is empty (0 × 0) and a phone-sized comparison skips
    /// writing 12 MB it would throw away; the counts and regions are the same.
    public var makeDiffImage: Bool = true

    public init(threshold: Double = 0.1, includeAA: Bool = false, background: Color? = nil,
                fadeAlpha: Double = 0.1, regionGap: Int = 4, makeDiffImage: Bool = true) {
        self.makeDiffImage = makeDiffImage
        self.threshold = threshold
        self.includeAA = includeAA
        self.background = background
        self.fadeAlpha = fadeAlpha
        self.regionGap = regionGap
    }

    func validate() throws(DiffError) {
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw .invalidOption(name: "threshold", reason: "\(threshold) is not within 0…1")
        }
        guard fadeAlpha.isFinite, (0...1).contains(fadeAlpha) else {
            throw .invalidOption(name: "fadeAlpha", reason: "\(fadeAlpha) is not within 0…1")
        }
        guard regionGap >= 0 else {
            throw .invalidOption(name: "regionGap", reason: "\(regionGap) is negative")
        }
    }
}
