/// pixelmatch v7.2.0's per-pixel decisions (github.com/mapbox/pixelmatch, `index.js` at tag v7.2.0), reproduced
/// so that `DiffCompatibility.pixelmatch` gives its counts and diff images exactly. Everything is computed in
/// `Double` with the operations in pixelmatch's order, because JavaScript numbers are IEEE doubles and a count
/// that must match to the pixel cannot afford a different rounding at the threshold.
///
/// Where it differs from Ghostline's rule (`GhostlineRule`):
///
/// - **Transparency.** A pair in which either pixel is not opaque is compared after compositing both onto a
///   backdrop that depends on the pixel's position (`backdrop(byteOffset:)`), pixelmatch 7's default
///   `checkerboard: true`: a half-transparent black and an opaque grey that look the same on white still differ.
/// - **Anti-aliasing.** pixelmatch's test without Ghostline's "the framing pixels did not move" condition, with
///   neighbours visited column by column (x outer, y inner); the darkest and brightest neighbour are the *first*
///   found on ties, so the order decides which pixel's flatness is checked.
/// - **Diff image.** Unchanged pixels show the *first* image's grey, stored the way a JavaScript `Uint8Array`
///   stores a number: truncated, not rounded.
/// - **The threshold's scale.** `35215 × threshold²` with pixelmatch's rounded constant (`YIQ.maxDelta` is
///   35214.749).
struct PixelmatchRule: DiffRule {
    /// pixelmatch's largest possible YIQ distance, rounded as it writes it.
    static let maxDelta = 35215.0

    /// Squared-distance limit: `35215 × threshold × threshold`, multiplied in that order as pixelmatch does.
    let limit: Double
    /// pixelmatch's `alpha`: how far the unchanged pixels' grey reaches from white.
    let fade: Double

    init(threshold: Double, fade: Double) {
        limit = Self.maxDelta * threshold * threshold
        self.fade = fade
    }

    @inline(__always)
    func compare(_ a: UInt32, _ e: UInt32, index: Int) -> (differs: Bool, squared: Float) {
        let delta = Self.signedDelta(a, e, byteOffset: index &* 4)
        return (abs(delta) > limit, Float(abs(delta)))
    }

    /// pixelmatch's sign of the distance: negative when the first image's pixel is the brighter, i.e. the second
    /// (expected) image is darker there — the pixels `diffColorAlt` paints.
    @inline(__always)
    func secondIsDarker(_ a: UInt32, _ e: UInt32, index: Int) -> Bool {
        Self.signedDelta(a, e, byteOffset: index &* 4) < 0
    }

    @inline(__always)
    func isAntialiased(x: Int, y: Int, a: PixelBuffer, e: PixelBuffer) -> Bool {
        Self.isAntialiased(x: x, y: y, in: a, other: e) || Self.isAntialiased(x: x, y: y, in: e, other: a)
    }

    @inline(__always)
    func fadeSource(actual: UInt32, expected: UInt32) -> UInt32 { actual }

    /// `255 + (Y − 255) × alpha × a / 255` of the pixel's own RGB (not composited), truncated to a byte.
    @inline(__always)
    func faded(_ p: UInt32) -> UInt32 {
        let r = Double(p & 0xFF), g = Double(p >> 8 & 0xFF), b = Double(p >> 16 & 0xFF), alpha = Double(p >> 24)
        let luma = r * 0.29889531 + g * 0.58662247 + b * 0.11448223
        let value = 255 + (luma - 255) * fade * alpha / 255
        let grey = UInt32(Self.uint8(value))
        return grey | grey << 8 | grey << 16 | 0xFF00_0000
    }

    // MARK: pixelmatch's formulas

    /// The colour a semi-transparent pixel is composited onto, chosen by its byte offset `k` in the RGBA buffer
    /// (4 × the pixel index): each channel is 48 or 207 by the parity of `⌊k / c⌋` for c = 1, φ and φ + 1. Since
    /// k is a multiple of 4, red is always 48; green and blue change along each row in golden-ratio steps, a
    /// dark, aperiodic mottle that makes transparency visible to the comparison (pixelmatch 7's checkerboard).
    @inline(__always)
    static func backdrop(byteOffset k: Int) -> (Double, Double, Double) {
        let offset = Double(k)
        return (48 + 159 * Double(k % 2),
                48 + 159 * Double(int32(offset / 1.618033988749895) % 2),
                48 + 159 * Double(int32(offset / 2.618033988749895) % 2))
    }

    /// The YIQ distance of two pixels, negative when the first is the brighter (Y of the first above the second).
    @inline(__always)
    static func signedDelta(_ p1: UInt32, _ p2: UInt32, byteOffset k: Int) -> Double {
        let (dr, dg, db) = channelDifferences(p1, p2, byteOffset: k)
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// Brightness (Y) of `centre` minus that of `neighbour`; a pixel that is not opaque is composited onto the
    /// backdrop of the *centre's* position, for both pixels.
    @inline(__always)
    static func brightnessDelta(centre: UInt32, neighbour: UInt32, byteOffset k: Int) -> Double {
        if centre == neighbour { return 0 }
        let (dr, dg, db) = channelDifferences(centre, neighbour, byteOffset: k)
        return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// R, G, B of the first pixel minus the second: plain differences when both are opaque, otherwise the
    /// difference of the two composited onto `backdrop(byteOffset:)`, `(c₁a₁ − c₂a₂ − backdrop × (a₁ − a₂)) / 255`.
    @inline(__always)
    static func channelDifferences(_ p1: UInt32, _ p2: UInt32, byteOffset k: Int) -> (Double, Double, Double) {
        let r1 = Double(p1 & 0xFF), g1 = Double(p1 >> 8 & 0xFF), b1 = Double(p1 >> 16 & 0xFF), a1 = Double(p1 >> 24)
        let r2 = Double(p2 & 0xFF), g2 = Double(p2 >> 8 & 0xFF), b2 = Double(p2 >> 16 & 0xFF), a2 = Double(p2 >> 24)
        guard a1 < 255 || a2 < 255 else { return (r1 - r2, g1 - g2, b1 - b2) }
        let (rb, gb, bb) = backdrop(byteOffset: k)
        let da = a1 - a2
        return ((r1 * a1 - r2 * a2 - rb * da) / 255, (g1 * a1 - g2 * a2 - gb * da) / 255,
                (b1 * a1 - b2 * a2 - bb * da) / 255)
    }

    /// pixelmatch's anti-aliasing test for pixel (x, y) of `image`, compared with `other`: at most two of its
    /// neighbours (border pixels count one already) have exactly its brightness; among the rest there is one
    /// brighter and one darker; and the brightest or the darkest of them (the first found, scanning x outer and
    /// y inner) has at least 3 identical neighbours in both images (`AntiAliasing.isFlat`).
    @inline(__always)
    static func isAntialiased(x: Int, y: Int, in image: PixelBuffer, other: PixelBuffer) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, image.height - 1)
        let k = (y &* image.width &+ x) &* 4
        let centre = image[x, y]
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var lowest = 0.0, highest = 0.0
        var lowX = 0, lowY = 0, highX = 0, highY = 0
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let d = brightnessDelta(centre: centre, neighbour: image[nx, ny], byteOffset: k)
                if d == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if d < lowest {
                    lowest = d; lowX = nx; lowY = ny
                } else if d > highest {
                    highest = d; highX = nx; highY = ny
                }
            }
        }
        guard lowest != 0, highest != 0 else { return false }
        return (AntiAliasing.isFlat(x: lowX, y: lowY, in: image) && AntiAliasing.isFlat(x: lowX, y: lowY, in: other))
            || (AntiAliasing.isFlat(x: highX, y: highY, in: image) && AntiAliasing.isFlat(x: highX, y: highY, in: other))
    }

    /// JavaScript's `x | 0` (ToInt32) for the finite, non-negative values above: truncation toward zero, kept
    /// to 32 bits. The guard keeps a non-finite or huge value from trapping the conversion (JavaScript gives 0
    /// for a non-finite one; huge ones cannot occur, offsets being below 2³²).
    @inline(__always)
    static func int32(_ v: Double) -> Int32 {
        guard v.isFinite, abs(v) < 9.0e18 else { return 0 }
        return Int32(truncatingIfNeeded: Int64(v.rounded(.towardZero)))
    }

    /// JavaScript's store of a number into a `Uint8Array` (ToUint8): truncation toward zero, modulo 256; 0 for a
    /// non-finite value.
    @inline(__always)
    static func uint8(_ v: Double) -> UInt8 {
        guard v.isFinite, abs(v) < 9.0e18 else { return 0 }
        return UInt8(truncatingIfNeeded: Int64(v.rounded(.towardZero)))
    }
}
