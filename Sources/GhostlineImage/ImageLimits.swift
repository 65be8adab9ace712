extension RGBAImage {
    /// The largest width or height of an image Ghostline reads (PNG, JPEG, WebP) or renders, in pixels.
    ///
    /// 16384 covers a phone design at @3x many screens tall; beyond it a file is far more likely to be a mistake
    /// (or a crafted header) than a design, and one 16384 × 16384 RGBA image already takes 1 GiB. Readers and the
    /// scene resolver share it, so every render can be read back.
    public static let maximumSidePixels = 16384
}
