import Foundation

/// How different two colours look: CIEDE2000 (ΔE00) between their CIELAB values, sRGB taken as IEC 61966-2-1 defines
/// it with the D65 white point.
///
/// Why a perceptual measure: the diff's per-pixel threshold works in YIQ and is meant for anti-aliasing; a faint
/// area found under it can be a light grey shape gone from white (ΔE00 about 7) or a fill one level off (about 0.3),
/// and only a measure of what the eye sees tells them apart. ΔE00 is the CIE's current recommendation (CIE 142-2001),
/// built so that equal numbers look equally different across hues and lightnesses; about 1 is commonly taken as the
/// smallest difference an observer notices side by side.
///
/// Pure functions, checked against the published test pairs of Sharma, Wu and Dalal (2005).
public enum ColorDifference {
    /// CIELAB (D65) of an 8-bit sRGB colour; alpha is ignored.
    public static func lab(_ color: Color) -> (l: Double, a: Double, b: Double) {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(color.red), g = linear(color.green), b = linear(color.blue)
        // IEC 61966-2-1's matrix, relative to the D65 white (0.95047, 1, 1.08883).
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// ΔE00 between two 8-bit sRGB colours.
    public static func ciede2000(_ first: Color, _ second: Color) -> Double {
        ciede2000(lab(first), lab(second))
    }

    /// ΔE00 between two CIELAB colours, with the parametric factors kL = kC = kH = 1, as the formula's paper
    /// defines it (hue angles in degrees, the mean hue taken the short way round the circle).
    public static func ciede2000(_ p: (l: Double, a: Double, b: Double), _ q: (l: Double, a: Double, b: Double)) -> Double {
        let radians = Double.pi / 180
        let c1 = (p.a * p.a + p.b * p.b).squareRoot(), c2 = (q.a * q.a + q.b * q.b).squareRoot()
        let meanC = (c1 + c2) / 2
        let meanC7 = pow(meanC, 7)
        let g = 0.5 * (1 - (meanC7 / (meanC7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * p.a, a2 = (1 + g) * q.a
        let c1p = (a1 * a1 + p.b * p.b).squareRoot(), c2p = (a2 * a2 + q.b * q.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let h = atan2(b, a) / radians
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(p.b, a1), h2 = hue(q.b, a2)
        let deltaL = q.l - p.l, deltaC = c2p - c1p
        var deltaH = 0.0
        if c1p * c2p != 0 {
            deltaH = h2 - h1
            if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
        }
        let deltaBigH = 2 * (c1p * c2p).squareRoot() * sin(deltaH / 2 * radians)
        let meanL = (p.l + q.l) / 2, meanCp = (c1p + c2p) / 2
        var meanH = h1 + h2
        if c1p * c2p != 0 {
            if abs(h1 - h2) <= 180 { meanH = (h1 + h2) / 2 } else if h1 + h2 < 360 { meanH = (h1 + h2 + 360) / 2 } else { meanH = (h1 + h2 - 360) / 2 }
        }
        let t = 1 - 0.17 * cos((meanH - 30) * radians) + 0.24 * cos(2 * meanH * radians)
            + 0.32 * cos((3 * meanH + 6) * radians) - 0.20 * cos((4 * meanH - 63) * radians)
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let meanCp7 = pow(meanCp, 7)
        let rc = 2 * (meanCp7 / (meanCp7 + pow(25, 7))).squareRoot()
        let l50 = (meanL - 50) * (meanL - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * meanCp
        let sh = 1 + 0.015 * meanCp * t
        let rt = -sin(2 * deltaTheta * radians) * rc
        let l = deltaL / sl, c = deltaC / sc, h = deltaBigH / sh
        return (l * l + c * c + h * h + rt * c * h).squareRoot()
    }
}
