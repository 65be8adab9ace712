import GhostlineImage

/// Recovering ink and coverage from a pixel that was drawn over a known, opaque background colour.
///
/// A rasterizer writes `pixel = ink × a + bg × (1 − a)` per channel, with `a` the pixel's coverage. Knowing
/// only `pixel` and `bg`, there is one equation per channel and four unknowns, so a choice is needed. The one
/// made here (the "colour to alpha" idea) is the *smallest* alpha for which some ink inside 0…255 explains the
/// pixel: channel c needs `a ≥ |pixel_c − bg_c| / room_c`, where `room_c` is how far that channel can move from
/// the background in the direction it moved (`255 − bg_c` upwards, `bg_c` downwards). So
///
///     a   = clamp(max over c of |pixel_c − bg_c| / room_c, 0, 1)
///     ink = bg + (pixel − bg) / a
///
/// This is exact whenever the ink is at the far end of the channel range from the background in its dominant
/// channel — black or saturated text on white, white text on a dark fill — which is the common case for UI
/// text. A mid-tone ink (grey #808080 on white) comes back as a more extreme ink (black) at a lower alpha; the
/// pair still reproduces the pixel exactly over `bg`, only over another colour it is slightly off. A pixel
/// equal to `bg` gets alpha 0.
enum Unblend {
    /// Coverage and ink of (r, g, b) over (br, bg, bb); channels 0…255.
    @inline(__always)
    static func split(_ r: Float, _ g: Float, _ b: Float, over br: Float, _ bgr: Float, _ bb: Float)
        -> (alpha: Float, r: Float, g: Float, b: Float) {
        let dr = r - br, dg = g - bgr, db = b - bb
        let a = min(1, max(share(dr, br), share(dg, bgr), share(db, bb)))
        guard a > 0 else { return (0, br, bgr, bb) }
        let inv = 1 / a
        return (a, clamp255(br + dr * inv), clamp255(bgr + dg * inv), clamp255(bb + db * inv))
    }

    /// `|d| / room` for one channel, 0 when the channel did not move.
    @inline(__always)
    static func share(_ d: Float, _ background: Float) -> Float {
        if d > 0 { return d / (255 - background) }      // 255 − bg > 0, since the pixel rose above bg
        if d < 0 { return -d / background }              // bg > 0, since the pixel fell below it
        return 0
    }

    @inline(__always)
    static func clamp255(_ v: Float) -> Float { min(max(v, 0), 255) }

    /// Straight-alpha pixel `p` flattened onto the opaque colour (br, bg, bb).
    @inline(__always)
    static func flatten(_ p: UInt32, over br: Float, _ bgr: Float, _ bb: Float) -> (Float, Float, Float) {
        let r = Float(p & 0xFF), g = Float(p >> 8 & 0xFF), b = Float(p >> 16 & 0xFF)
        let alpha = p >> 24
        if alpha == 255 { return (r, g, b) }
        let f = Float(alpha) * (1 / 255)
        return (br + (r - br) * f, bgr + (g - bgr) * f, bb + (b - bb) * f)
    }

    @inline(__always)
    static func byte(_ v: Float) -> UInt32 { SafeConversion.byte(v) }
}
