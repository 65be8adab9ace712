/// The per-pixel decisions in which the two compatibility modes differ (`DiffCompatibility`): whether a pair of
/// pixels differs, which way, whether it is only anti-aliasing, and how an unchanged pixel is drawn. The diff loop
/// (`PixelDiff.classify`) is generic over it, so each mode gets a specialised loop with no per-pixel switch.
protocol DiffRule {
    /// Whether two non-identical pixels (at pixel index `index`) differ beyond the threshold, and their squared
    /// YIQ distance for `DiffResult.maxDistance`.
    func compare(_ a: UInt32, _ e: UInt32, index: Int) -> (differs: Bool, squared: Float)
    /// The expected (second) image is darker than the actual one at this differing pixel.
    func secondIsDarker(_ a: UInt32, _ e: UInt32, index: Int) -> Bool
    /// The differing pixel (x, y) is anti-aliasing in either image.
    func isAntialiased(x: Int, y: Int, a: PixelBuffer, e: PixelBuffer) -> Bool
    /// Which of the two pixels the diff image shows, faded, where they are the same.
    func fadeSource(actual: UInt32, expected: UInt32) -> UInt32
    /// The faded grey of a pixel, opaque.
    func faded(_ p: UInt32) -> UInt32
}

/// Ghostline's decisions (`DiffCompatibility.ghostline`), in `Float` (see `FastYIQ`).
struct GhostlineRule: DiffRule {
    /// `YIQ.maxDelta × threshold²`.
    let limit: Float
    let fade: Float

    init(threshold: Double, fade: Double) {
        limit = Float(YIQ.maxDelta * threshold * threshold)
        self.fade = Float(fade)
    }

    @inline(__always)
    func compare(_ a: UInt32, _ e: UInt32, index: Int) -> (differs: Bool, squared: Float) {
        let d = FastYIQ.delta(a, e)
        return (d > limit, d)
    }

    @inline(__always)
    func secondIsDarker(_ a: UInt32, _ e: UInt32, index: Int) -> Bool {
        FastYIQ.luma(e) < FastYIQ.luma(a)
    }

    @inline(__always)
    func isAntialiased(x: Int, y: Int, a: PixelBuffer, e: PixelBuffer) -> Bool {
        AntiAliasing.isAntialiased(x: x, y: y, in: a, other: e, unchangedLimit: limit)
            || AntiAliasing.isAntialiased(x: x, y: y, in: e, other: a, unchangedLimit: limit)
    }

    /// The design: the reference the reader lines the red up with.
    @inline(__always)
    func fadeSource(actual: UInt32, expected: UInt32) -> UInt32 { expected }

    /// The luminance Y of `p` (alpha blended onto white, which for a linear Y is the same as
    /// `255 + (Y(rgb) − 255) × a/255`), faded towards white by `fade`, rounded to the nearest byte.
    @inline(__always)
    func faded(_ p: UInt32) -> UInt32 {
        let v = 255 + (FastYIQ.luma(p) - 255) * fade
        let g = SafeConversion.byte(v)
        return g | g << 8 | g << 16 | 0xFF00_0000
    }
}
