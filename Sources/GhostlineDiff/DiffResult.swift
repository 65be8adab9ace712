import GhostlineImage

/// What `PixelDiff.compare` found.
public struct DiffResult: Hashable, Sendable {
    /// Same size as the inputs, opaque: unchanged pixels in faded grey (the luminance of the image
    /// `DiffCompatibility` names, blended towards white by `fadeAlpha`), differences in
    /// `DiffOptions.differenceColor` (or `darkerColor`), anti-aliasing-only differences in
    /// `DiffOptions.antialiasingColor`, ignored areas striped with `ignoredColor`. With `DiffOptions.diffMask`
    /// only the differences and the stripes are drawn, on transparency.
    public var diffImage: RGBAImage
    /// Pixels whose colour distance exceeds the threshold and that are not anti-aliasing-only (unless
    /// `includeAA`, when every such pixel is here).
    public var differingPixels: Int
    /// Pixels whose distance exceeds the threshold but that are only anti-aliasing (always 0 with `includeAA`).
    public var antialiasedPixels: Int
    /// Pixels that are neither ignored nor background (all pixels when no background and no ignored area are
    /// given). A differing pixel is always compared, even if both its colours are near the background, so
    /// `differingPixels ≤ comparedPixels`.
    public var comparedPixels: Int
    /// Pixels inside `DiffOptions.ignore`: in none of the other counts.
    public var ignoredPixels: Int
    /// `differingPixels / comparedPixels`, 0 when nothing was compared.
    public var ratio: Double
    /// The largest normalised YIQ distance of any pixel (0…1, the scale of `threshold`), anti-aliased pixels
    /// included: how far the worst pixel is off, whatever it was classified as.
    public var maxDistance: Double
    /// Connected groups of differing pixels, top to bottom then left to right.
    public var regions: [PixelRegion]

    /// #FF0000, a difference.
    public static let differenceColor = Color(red: 255, green: 0, blue: 0)
    /// #FFFF00, a difference that is only anti-aliasing.
    public static let antialiasingColor = Color(red: 255, green: 255, blue: 0)
    /// #3478F6, the stripes over an ignored area: a blue that none of the difference colours' defaults is, and
    /// that stays visible on the faded grey.
    public static let ignoredColor = Color(red: 0x34, green: 0x78, blue: 0xF6)

    public init(diffImage: RGBAImage, differingPixels: Int, antialiasedPixels: Int, comparedPixels: Int,
                ignoredPixels: Int = 0, ratio: Double, maxDistance: Double, regions: [PixelRegion]) {
        self.ignoredPixels = ignoredPixels
        self.diffImage = diffImage
        self.differingPixels = differingPixels
        self.antialiasedPixels = antialiasedPixels
        self.comparedPixels = comparedPixels
        self.ratio = ratio
        self.maxDistance = maxDistance
        self.regions = regions
    }
}
