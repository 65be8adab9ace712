#if canImport(Glibc)
// rounded() and squareRoot() call into libm on Linux; importing Glibc links it, so a program that uses this
// module without Foundation still links.
import Glibc
#endif
import GhostlineImage

/// Perceptual colour distance in the YIQ colour space, as pixelmatch uses it (after Y. Kotsarenko and F. Ramos,
/// "Measuring perceived color difference using YIQ NTSC transmission color space in mobile applications", 2010).
///
/// Why YIQ and not plain RGB: the eye is far more sensitive to a change of brightness (Y) than to a change of
/// hue (I: orange–blue axis, Q: purple–green axis), so a weighted distance in YIQ flags what a designer would
/// see and ignores what they wouldn't, with nothing more than three dot products per pixel.
///
/// The distance between two colours is
///
///     delta = 0.5053 × ΔY² + 0.299 × ΔI² + 0.1957 × ΔQ²
///
/// where ΔY, ΔI, ΔQ are the differences of
///
///     Y = 0.29889531 R + 0.58662247 G + 0.11448223 B
///     I = 0.59597799 R − 0.27417610 G − 0.32180189 B
///     Q = 0.21147017 R − 0.52261711 G + 0.31114694 B
///
/// on 0…255 channels. Colours with alpha are first blended onto white (`c' = 255 + (c − 255) × a / 255`), so
/// a transparent pixel compares as the white page a design tool would show under it.
///
/// Because Y, I and Q are linear in R, G, B, the differences are computed from the channel differences
/// directly (ΔY = 0.29889531 ΔR + …), three dot products instead of six.
public enum YIQ {
    /// Row of the RGB → Y matrix. The three weights sum to 1 (to 1e-8), so grey g has Y = g and white has Y = 255.
    public static let yWeights: (red: Double, green: Double, blue: Double) = (0.29889531, 0.58662247, 0.11448223)
    /// Row of the RGB → I matrix; sums to 0, so every grey has I = 0.
    public static let iWeights: (red: Double, green: Double, blue: Double) = (0.59597799, -0.27417610, -0.32180189)
    /// Row of the RGB → Q matrix; sums to 0, so every grey has Q = 0.
    public static let qWeights: (red: Double, green: Double, blue: Double) = (0.21147017, -0.52261711, 0.31114694)
    /// Weights of ΔY², ΔI², ΔQ² in the distance: brightness counts about 2.5 times as much as the Q axis.
    public static let deltaWeights: (y: Double, i: Double, q: Double) = (0.5053, 0.299, 0.1957)

    /// The largest `delta` any two opaque colours can have: 35214.749 (pixelmatch rounds it to 35215).
    ///
    /// Derivation: `delta` is a positive semi-definite quadratic form in (ΔR, ΔG, ΔB), hence convex, so its
    /// maximum over the cube ΔR, ΔG, ΔB ∈ [−255, 255] lies on one of the cube's 8 corners; by symmetry
    /// (delta(d) = delta(−d)) only 4 need evaluating. The winner is (+255, −255, −255): red against cyan
    /// (black–white is only 32857). The value is computed here from the weights rather than typed in, so it
    /// can't drift from them.
    public static let maxDelta: Double = {
        var best = 0.0
        for corner in [(255.0, 255.0, 255.0), (255.0, 255.0, -255.0), (255.0, -255.0, 255.0), (255.0, -255.0, -255.0)] {
            best = max(best, delta(dr: corner.0, dg: corner.1, db: corner.2))
        }
        return best
    }()

    /// The distance of two colours (alpha blended onto white first), in 0…`maxDelta`.
    public static func delta(_ a: Color, _ b: Color) -> Double {
        let (r1, g1, b1) = blendedOnWhite(a)
        let (r2, g2, b2) = blendedOnWhite(b)
        return delta(dr: r1 - r2, dg: g1 - g2, db: b1 - b2)
    }

    /// `sqrt(delta / maxDelta)`: 0 for equal colours, 1 for red against cyan. This is the scale `threshold` is
    /// given in (a pixel differs when its normalised distance exceeds the threshold), so the two can be compared.
    public static func normalizedDistance(_ a: Color, _ b: Color) -> Double {
        (delta(a, b) / maxDelta).squareRoot()
    }

    /// The brightness Y of a colour blended onto white, 0…255.
    public static func luma(_ color: Color) -> Double {
        let (r, g, b) = blendedOnWhite(color)
        return yWeights.red * r + yWeights.green * g + yWeights.blue * b
    }

    static func delta(dr: Double, dg: Double, db: Double) -> Double {
        let dy = yWeights.red * dr + yWeights.green * dg + yWeights.blue * db
        let di = iWeights.red * dr + iWeights.green * dg + iWeights.blue * db
        let dq = qWeights.red * dr + qWeights.green * dg + qWeights.blue * db
        return deltaWeights.y * dy * dy + deltaWeights.i * di * di + deltaWeights.q * dq * dq
    }

    static func blendedOnWhite(_ c: Color) -> (Double, Double, Double) {
        let a = Double(c.alpha) / 255
        return (255 + (Double(c.red) - 255) * a, 255 + (Double(c.green) - 255) * a, 255 + (Double(c.blue) - 255) * a)
    }
}

/// The same formulas on packed pixels in `Float`, for the per-pixel loops. `Float` keeps about 7 significant
/// digits, plenty for a value below 35215 that is compared with a threshold; the `Double` versions above are
/// the reference the tests check these against.
enum FastYIQ {
    static let yr: Float = 0.29889531, yg: Float = 0.58662247, yb: Float = 0.11448223
    static let ir: Float = 0.59597799, ig: Float = -0.27417610, ib: Float = -0.32180189
    static let qr: Float = 0.21147017, qg: Float = -0.52261711, qb: Float = 0.31114694
    static let wy: Float = 0.5053, wi: Float = 0.299, wq: Float = 0.1957

    /// R, G, B of a packed pixel blended onto white.
    @inline(__always)
    static func channels(_ p: UInt32) -> (Float, Float, Float) {
        let r = Float(p & 0xFF), g = Float(p >> 8 & 0xFF), b = Float(p >> 16 & 0xFF)
        let a = p >> 24
        if a == 255 { return (r, g, b) }
        let f = Float(a) * (1 / 255)
        return (255 + (r - 255) * f, 255 + (g - 255) * f, 255 + (b - 255) * f)
    }

    @inline(__always)
    static func delta(_ p: UInt32, _ q: UInt32) -> Float {
        let (r1, g1, b1) = channels(p)
        let (r2, g2, b2) = channels(q)
        let dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        let dy = yr * dr + yg * dg + yb * db
        let di = ir * dr + ig * dg + ib * db
        let dq = qr * dr + qg * dg + qb * db
        return wy * dy * dy + wi * di * di + wq * dq * dq
    }

    /// Brightness Y (blended onto white), 0…255.
    @inline(__always)
    static func luma(_ p: UInt32) -> Float {
        let (r, g, b) = channels(p)
        return yr * r + yg * g + yb * b
    }
}
