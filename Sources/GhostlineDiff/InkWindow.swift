import GhostlineImage

/// The ink coverage of a window of pixels (`TextGeometry.inkWindow`): 0…1 where a pixel is ink, −1 where it is not.
public struct InkWindow: Sendable {
    /// The window's first row and column, in image pixels.
    public var top: Int
    public var left: Int
    /// Its size in pixels.
    public var rows: Int
    public var columns: Int
    /// Row by row, `rows × columns` values; empty when the window was made without `keepingPixels`.
    public var coverage: [Float]
    /// Each row's summed coverage, counted ink pixels, and first and last ink column (−1 without ink), relative to
    /// the window: what counting lines and measuring bands read, so a band as wide as the window is read per row
    /// rather than per pixel.
    public var rowInk: [Float]
    public var rowPixels: [Int]
    public var rowFirstColumn: [Int]
    public var rowLastColumn: [Int]
}

/// The ink coverage of one packed pixel (`TextGeometry`'s definition of ink), remembered per pixel value.
///
/// Why remember: anti-aliased text in one colour over one background has a few hundred distinct pixel values,
/// each seen thousands of times, and classifying one (flatten, YIQ distance, un-blend) costs far more than a
/// table look-up. The table is direct-mapped by a multiplicative hash; a collision only means classifying again,
/// so the results are exactly those of classifying every pixel. Non-copyable, so the table is freed exactly once.
struct InkClassifier: ~Copyable {
    /// The background as a packed opaque pixel: never classified (callers skip it), so it marks empty slots.
    /// Other colours that are not ink (the page around a label's fill), packed opaque.
    let others: [UInt32]
    let background: UInt32
    private let limit: Float, alphaLimit: Float, byAlpha: Bool, lumaOnly: Bool
    private let br: Float, bgr: Float, bb: Float
    private static let slots = 1024
    private let keys: UnsafeMutablePointer<UInt32>
    private let values: UnsafeMutablePointer<Float>

    init(_ geometry: TextGeometry) {
        limit = Float(YIQ.maxDelta * geometry.inkThreshold * geometry.inkThreshold)
        alphaLimit = Float(geometry.inkThreshold * 255)
        byAlpha = geometry.background.alpha == 0
        lumaOnly = geometry.lumaOnly
        br = Float(geometry.background.red); bgr = Float(geometry.background.green); bb = Float(geometry.background.blue)
        background = byAlpha ? geometry.background.packed : geometry.background.packed | 0xFF00_0000
        others = geometry.otherBackgrounds.map { $0.packed | 0xFF00_0000 }
        keys = .allocate(capacity: Self.slots)
        keys.initialize(repeating: background, count: Self.slots)
        values = .allocate(capacity: Self.slots)
        values.initialize(repeating: -1, count: Self.slots)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    /// 0…1 for an ink pixel, −1 otherwise.
    @inline(__always)
    func coverage(_ p: UInt32) -> Float {
        if byAlpha {
            let alpha = Float(p >> 24)
            return alpha > alphaLimit ? alpha / 255 : -1
        }
        let slot = Int(truncatingIfNeeded: (p &* 0x9E37_79B1) >> 22)
        if keys[slot] == p { return values[slot] }
        let value = classify(p)
        keys[slot] = p
        values[slot] = value
        return value
    }

    private func classify(_ p: UInt32) -> Float {
        if p == background { return -1 }
        let (r, g, b) = Unblend.flatten(p, over: br, bgr, bb)
        let flat = Unblend.byte(r) | Unblend.byte(g) << 8 | Unblend.byte(b) << 16 | 0xFF00_0000
        if lumaOnly {
            // Brightness only: the same limit on YIQ's weighted Y term, and the coverage as `Unblend.split` finds
            // it per channel, here for Y (how far it moved over how far it could move that way).
            let y = FastYIQ.luma(flat), under = FastYIQ.luma(background)
            func far(_ a: Float, _ b: Float) -> Bool { FastYIQ.wy * (a - b) * (a - b) > limit }
            guard far(y, under) else { return -1 }
            for other in others where !far(y, FastYIQ.luma(other)) { return -1 }
            return min(1, Unblend.share(y - under, under))
        }
        guard FastYIQ.delta(flat, background) > limit else { return -1 }
        // A colour of what lies around the label's fill (the page beside a button) is not ink either.
        for other in others where FastYIQ.delta(flat, other) <= limit { return -1 }
        return Unblend.split(r, g, b, over: br, bgr, bb).alpha
    }
}
