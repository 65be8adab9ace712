import GhostlineImage

/// The "ghost" of a design review: the design export drawn faintly *under* the render, so the render's text
/// sits at full strength on top and every place where the two disagree shows as a doubled, offset shape.
///
/// Order of drawing, per pixel (straight alpha, 0…255 channels, output opaque):
///
/// 1. the background colour;
/// 2. the design at `opacity` × its own alpha over it: `base = bg + (design − bg) × opacity × a_design`;
/// 3. the render's ink at its coverage over that: `out = base + (ink − base) × a_ink`.
///
/// Why under and not over: the render is what the engineer changes, so it stays crisp and readable; the
/// design is the reference they line it up with. Why the render's background must be keyed out: drawn as is,
/// an opaque render would simply cover the design.
public enum GhostImage {
    /// 0.3: the design is clearly visible but can't be mistaken for the render.
    public static let defaultOpacity = 0.3

    /// Ghost from a render that was drawn on an opaque `renderBackground` (a PNG from the renderer, a
    /// simulator screenshot, another tool's export): the render's ink and coverage are estimated per pixel by
    /// un-blending it from the background (see `unblend`).
    ///
    /// Why un-blend instead of "make pixels equal to the background transparent": anti-aliased edge pixels are
    /// mixtures of ink and background. Keyed by equality they stay opaque, and each glyph gets a rim of
    /// background-coloured pixels over the design — a halo that hides exactly the edges the review is about.
    /// Un-blended, an edge pixel becomes the ink at partial alpha and the design shows through it in proportion.
    /// Over plain background the result reproduces the render exactly.
    ///
    /// The render's own alpha (if any) is first flattened onto `renderBackground`; the background's alpha is
    /// ignored (it is the opaque colour the render was drawn on).
    public static func compose(design: RGBAImage, render: RGBAImage, renderBackground: Color,
                               opacity: Double = defaultOpacity) throws(DiffError) -> RGBAImage {
        try check(design: design, render: render, opacity: opacity)
        return compose(design: design, top: render) { design, top, count, out in
            composeRows(design: design, render: top, pixelCount: count, renderBackground: renderBackground,
                        opacity: opacity, into: out)
        }
    }

    /// `compose(design:render:renderBackground:opacity:)` for `pixelCount` pixels of rows already in memory (both
    /// inputs and `out` hold `pixelCount × 4` bytes of RGBA): what a review that streams its images calls a block of
    /// rows at a time. The pixels come out exactly as the whole-image function's.
    public static func composeRows(design: UnsafeRawPointer, render: UnsafeRawPointer, pixelCount: Int,
                                   renderBackground: Color, opacity: Double, into out: UnsafeMutableRawPointer) {
        let br = Float(renderBackground.red), bgr = Float(renderBackground.green), bb = Float(renderBackground.blue)
        let bgPacked = renderBackground.packed | 0xFF00_0000
        compose(design: design, top: render, count: pixelCount, background: renderBackground, opacity: opacity, into: out) { p, base in
            if p == bgPacked { return base }
            let (r, g, b) = Unblend.flatten(p, over: br, bgr, bb)
            let ink = Unblend.split(r, g, b, over: br, bgr, bb)
            return (base.0 + (ink.r - base.0) * ink.alpha, base.1 + (ink.g - base.1) * ink.alpha,
                    base.2 + (ink.b - base.2) * ink.alpha)
        }
    }

    /// Ghost from a render that already has transparency (straight alpha): the renderer drew the text on a
    /// clear canvas, so every pixel's coverage is known exactly and nothing has to be estimated. Prefer this
    /// whenever the caller can render that way: it is exact for every ink colour (mid-tone inks and
    /// coloured inks included, which `unblend` can only approximate) and for backgrounds that are not one flat
    /// colour. `background` is the opaque colour under the design (the page colour of the scene).
    public static func compose(design: RGBAImage, renderOverlay: RGBAImage, background: Color,
                               opacity: Double = defaultOpacity) throws(DiffError) -> RGBAImage {
        try check(design: design, render: renderOverlay, opacity: opacity)
        return compose(design: design, top: renderOverlay) { design, top, count, out in
            compose(design: design, top: top, count: count, background: background, opacity: opacity, into: out) { p, base in
                let alpha = p >> 24
                if alpha == 0 { return base }
                let a = Float(alpha) * (1 / 255)
                let r = Float(p & 0xFF), g = Float(p >> 8 & 0xFF), b = Float(p >> 16 & 0xFF)
                return (base.0 + (r - base.0) * a, base.1 + (g - base.1) * a, base.2 + (b - base.2) * a)
            }
        }
    }

    /// The ink colour and coverage that explain `pixel` drawn over the opaque `background`: the returned
    /// colour drawn with its alpha over `background` gives `pixel` back (to rounding). Alpha is the smallest
    /// that keeps the ink inside 0…255 — the largest channel's move away from the background divided by the
    /// room that channel had in that direction (255 − bg upwards, bg downwards), clamped to 0…1 — and the ink is
    /// `bg + (pixel − bg) / alpha`. Exact for black or saturated ink; a mid-tone ink comes back darker (or
    /// brighter) at a lower alpha, which composites identically over the background. A pixel equal to the
    /// background comes back fully transparent (`Color.clear`).
    public static func unblend(_ pixel: Color, background: Color) -> Color {
        let br = Float(background.red), bgr = Float(background.green), bb = Float(background.blue)
        let (r, g, b) = Unblend.flatten(pixel.packed, over: br, bgr, bb)
        let ink = Unblend.split(r, g, b, over: br, bgr, bb)
        let alpha = Unblend.byte(ink.alpha * 255)
        guard alpha > 0 else { return .clear }
        return Color(red: UInt8(Unblend.byte(ink.r)), green: UInt8(Unblend.byte(ink.g)),
                     blue: UInt8(Unblend.byte(ink.b)), alpha: UInt8(alpha))
    }

    private static func check(design: RGBAImage, render: RGBAImage, opacity: Double) throws(DiffError) {
        guard design.width == render.width, design.height == render.height else {
            throw .sizeMismatch(render: PixelSize(of: render), design: PixelSize(of: design))
        }
        guard opacity.isFinite, (0...1).contains(opacity) else {
            throw .invalidOption(name: "opacity", reason: "\(opacity) is not within 0…1")
        }
    }

    /// A whole image from a function over rows: `rows(design, top, pixelCount, out)` on the images' pixels.
    private static func compose(design: RGBAImage, top: RGBAImage,
                                rows: (UnsafeRawPointer, UnsafeRawPointer, Int, UnsafeMutableRawPointer) -> Void) -> RGBAImage {
        let count = design.width * design.height
        guard count > 0 else { return RGBAImage(width: design.width, height: design.height) }
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            design.pixels.withUnsafeBytes { designBytes in
                top.pixels.withUnsafeBytes { topBytes in
                    rows(designBytes.baseAddress!, topBytes.baseAddress!, count, UnsafeMutableRawPointer(buffer.baseAddress!))
                }
            }
            initialized = count * 4
        }
        return RGBAImage(width: design.width, height: design.height, pixels: pixels)
    }

    /// The shared pass over `count` pixels: the design faded over the background (steps 1–2), then `drawTop` for
    /// step 3.
    @inline(__always)
    private static func compose(design: UnsafeRawPointer, top: UnsafeRawPointer, count: Int, background: Color,
                                opacity: Double, into out: UnsafeMutableRawPointer,
                                drawTop: (UInt32, (Float, Float, Float)) -> (Float, Float, Float)) {
        guard count > 0 else { return }
        let br = Float(background.red), bgr = Float(background.green), bb = Float(background.blue)
        let strength = Float(opacity)
        func base(_ d: UInt32) -> (Float, Float, Float) {
            let t = strength * Float(d >> 24) * (1 / 255)
            return (br + (Float(d & 0xFF) - br) * t, bgr + (Float(d >> 8 & 0xFF) - bgr) * t,
                    bb + (Float(d >> 16 & 0xFF) - bb) * t)
        }
        func pack(_ c: (Float, Float, Float)) -> UInt32 {
            Unblend.byte(c.0) | Unblend.byte(c.1) << 8 | Unblend.byte(c.2) << 16 | 0xFF00_0000
        }
        let d = PixelBuffer(base: design, width: count, height: 1)
        let t = PixelBuffer(base: top, width: count, height: 1)
        // The last (design, render) pair and its result: pages are long runs of the same pair.
        var lastDesign = d[0], lastTop = t[0]
        var lastOut = pack(drawTop(lastTop, base(lastDesign)))
        for i in 0..<count {
            let dp = d[i], tp = t[i]
            if dp != lastDesign || tp != lastTop {
                lastDesign = dp; lastTop = tp
                lastOut = pack(drawTop(tp, base(dp)))
            }
            out.storeBytes(of: lastOut.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
        }
    }
}
