import GhostlineImage

/// Which published behaviour `PixelDiff` follows. Both share the YIQ distance and the threshold; they differ in
/// the anti-aliasing rule, in how transparent pixels are compared and in how the diff image's grey is rounded.
public enum DiffCompatibility: String, CaseIterable, Hashable, Sendable {
    /// Ghostline's own rules (the default): the stricter anti-aliasing test of `AntiAliasing` (a moved edge is
    /// never excused as anti-aliasing), alpha blended onto white, grey from the design, rounded.
    ///
    /// Why it is the default: pixelmatch excuses an edge pixel whenever the pixels framing it are flat in both
    /// images, even if they moved, so text shifted by one device pixel can pass as "anti-aliasing only" — the
    /// very change a layout review exists to catch.
    case ghostline
    /// Exactly pixelmatch v7.2.0 with its default options: its anti-aliasing test (neighbours scanned column by
    /// column, ties to the first found), semi-transparent pixels composited onto its checkerboard, and the grey of
    /// the first image truncated to a byte. Counts and diff images equal pixelmatch's own, pixel for pixel
    /// (`PixelmatchFixtureTests` checks all 12 cases of its test suite).
    case pixelmatch
}

/// How `PixelDiff` compares two images. The defaults are pixelmatch's where pixelmatch has one.
public struct DiffOptions: Hashable, Sendable {
    /// Ghostline's rules or pixelmatch's; see `DiffCompatibility`.
    public var compatibility: DiffCompatibility
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
    /// meaningless 0.01 %. nil: every pixel is compared (what pixelmatch's callers do with its count).
    public var background: Color?
    /// How strongly unchanged pixels show in the diff image: their grey is blended this far from white
    /// (0 = white, 1 = the image's full luminance). pixelmatch's `alpha`; 0.1, its default, keeps the layout
    /// recognisable while the red and yellow stand out.
    public var fadeAlpha: Double
    /// Differing pixels separated by at most this many non-differing pixels (horizontally and vertically) are
    /// one region, and regions whose boxes come within this many pixels are merged, so a changed word is one
    /// region rather than one per letter. 4 px is a letter gap at @2x–@3x; 0 means plain 8-connectivity.
    public var regionGap: Int
    /// Draw the diff image. Off, `DiffResult.diffImage` is empty (0 × 0) and a phone-sized comparison skips
    /// writing 12 MB it would throw away; the counts and regions are the same.
    public var makeDiffImage: Bool = true
    /// Colour of a differing pixel in the diff image (pixelmatch's `diffColor`).
    public var differenceColor: Color
    /// Colour of a differing pixel that is darker in the *expected* image (the design, pixelmatch's img2) than
    /// in the actual one: pixelmatch's `diffColorAlt`, which tells "added" dark ink from "removed" dark ink.
    /// nil: `differenceColor` for every difference.
    public var darkerColor: Color?
    /// Colour of an anti-aliasing-only pixel (pixelmatch's `aaColor`).
    public var antialiasingColor: Color
    /// Draw only the differences, on a transparent image (pixelmatch's `diffMask`): unchanged and
    /// anti-aliasing-only pixels stay transparent, so the image can be laid over either input.
    public var diffMask: Bool
    /// Rectangles, in pixels, left out of the comparison (a status bar, a clock, an avatar): their pixels are in
    /// no count, ratio, distance or region, and the diff image hatches them in `DiffResult.ignoredColor`.
    /// Neighbours inside them are still read by the anti-aliasing test, which looks at the images, not at verdicts.
    public var ignore: [PixelRect]

    public init(compatibility: DiffCompatibility = .ghostline, threshold: Double = 0.1, includeAA: Bool = false,
                background: Color? = nil, fadeAlpha: Double = 0.1, regionGap: Int = 4, makeDiffImage: Bool = true,
                differenceColor: Color = DiffResult.differenceColor, darkerColor: Color? = nil,
                antialiasingColor: Color = DiffResult.antialiasingColor, diffMask: Bool = false, ignore: [PixelRect] = []) {
        self.compatibility = compatibility
        self.makeDiffImage = makeDiffImage
        self.threshold = threshold
        self.includeAA = includeAA
        self.background = background
        self.fadeAlpha = fadeAlpha
        self.regionGap = regionGap
        self.differenceColor = differenceColor
        self.darkerColor = darkerColor
        self.antialiasingColor = antialiasingColor
        self.diffMask = diffMask
        self.ignore = ignore
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
        for box in ignore where box.width <= 0 || box.height <= 0 {
            throw .invalidOption(name: "ignore", reason: "\(box) is empty; give it a positive width and height")
        }
    }
}
