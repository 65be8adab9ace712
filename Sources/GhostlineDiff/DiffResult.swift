import GhostlineImage

/// What `PixelDiff.compare` found.
public struct DiffResult: Hashable, Sendable {
    /// Same size as the inputs, opaque: unchanged pixels in faded grey (the expected image's luminance
    /// blended towards white by `fadeAlpha`), differences in `DiffResult.differenceColor`, anti-aliasing-only
    /// differences in `DiffResult.antialiasingColor`.
    public var diffImage: RGBAImage
    /// Pixels whose colour distance exceeds the threshold and that are not anti-aliasing-only (unless
    /// `includeAA`, when every such pixel is here).
    public var differingPixels: Int
    /// Pixels whose distance exceeds the threshold but that are only anti-aliasing (always 0 with `includeAA`).
    public var antialiasedPixels: Int
    /// Pixels that are not background (all pixels when no background is given). A differing pixel is always
    /// compared, even if both its colours are near the background, so `differingPixels ≤ comparedPixels`.
    public var comparedPixels: Int
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

    public init(diffImage: RGBAImage, differingPixels: Int, antialiasedPixels: Int, comparedPixels: Int,
                ratio: Double, maxDistance: Double, regions: [PixelRegion]) {
        self.diffImage = diffImage
        self.differingPixels = differingPixels
        self.antialiasedPixels = antialiasedPixels
        self.comparedPixels = comparedPixels
        self.ratio = ratio
        self.maxDistance = maxDistance
        self.regions = regions
    }
}
