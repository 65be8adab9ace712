/// Deciding whether a differing pixel is only anti-aliasing: a partially covered pixel on the edge of a shape
/// whose value depends on the rasterizer (gamma, hinting, sub-pixel position), not on the layout.
///
/// The test is pixelmatch's (itself after V. Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector",
/// 2009), re-derived, plus one condition of Ghostline's own (rule 4). `PixelmatchRule` has pixelmatch's own. A pixel P of image A, compared with
/// image B, is anti-aliased when all of these hold:
///
/// 1. **Not part of a flat area.** At most 2 of P's 8 neighbours in A have exactly P's brightness (Y). An edge
///    pixel sits between two different areas, so few neighbours match it; a pixel inside a stroke or the page
///    has many. Pixels on the image border have fewer neighbours and are counted as already having one
///    equal neighbour (3 or 5 neighbours instead of 8), as pixelmatch does.
/// 2. **Between a darker and a brighter neighbour.** Among its neighbours in A there is one strictly darker
///    and one strictly brighter than P; call the darkest D and the brightest L (the first in row-major order
///    on ties). An intermediate value between the two sides is what coverage-based anti-aliasing produces.
/// 3. **Next to a solid area.** D or L is itself "flat" — has at least 3 neighbours of exactly its own RGBA
///    value — in *both* images. This is what tells an edge pixel from a pixel inside a gradient or noise: one
///    side of a real edge is a solid fill (the page, or the inside of a stroke) in both images. Either side
///    suffices (pixelmatch's choice) so the thin 1–2 px stems of small text, whose ink side is never flat,
///    still get their edges recognised.
/// 4. **The edge did not move (Ghostline's addition).** Each of D and L is unchanged between A and B (colour
///    distance within the comparison threshold), with one exception below. Without this rule a 1 px shift of an
///    anti-aliased edge passes as anti-aliasing: every pixel of the shifted edge is intermediate and next to a
///    flat area in both images, only the flat areas have moved — pixelmatch excuses all but 264 of the 29,105
///    changed pixels of the demo card shifted 1 px right at @3x. A moved edge takes its solid sides with it
///    (page where ink was, ink where page was), so checking them catches it.
///
///    The exception: a framing pixel that is flat in *neither* image (the inside of a 1–2 px stroke, which has
///    no solid pixels) may change if the ink was handed over — some neighbour of P changed the opposite way to P
///    (`handedOver`). Re-rasterizing a thin stroke moves coverage between adjacent pixels (one gains what the
///    other loses), whereas a shift carries the whole edge off, so all the pixels on its trailing side get
///    lighter together and all on its leading side darker. Without the exception every pixel of a thin stroke
///    drawn with different anti-aliasing is a difference: on pixelmatch's 6a/6b starburst (one picture drawn
///    with and without anti-aliasing, threshold 0.05) "D and L unchanged" flagged 233 pixels, this rule flags
///    106 (pixelmatch 51); the demo card shifted 1 px right still has 6,039 / 12,177 / 18,423 differing pixels
///    at @1x / @2x / @3x (7,408 / 12,294 / 18,535 before), so the review fails at every scale.
///
/// The comparison calls this for P in the actual image (against the expected one) and, if that fails, for P
/// in the expected image (against the actual one): an anti-aliased pixel in either is enough, because the
/// changed pixel may be the intermediate one in only one of them (a crisp edge in the design, a soft one in
/// the render).
enum AntiAliasing {
    @inline(__always)
    static func isAntialiased(x: Int, y: Int, in image: PixelBuffer, other: PixelBuffer, unchangedLimit: Float) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, image.height - 1)
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        let centrePixel = image[x, y]
        let centre = FastYIQ.luma(centrePixel)
        var darkest: Float = 0, brightest: Float = 0
        var darkX = 0, darkY = 0, brightX = 0, brightY = 0
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let p = image[nx, ny]
                // An identical pixel has the same brightness; most equal neighbours are identical, so this skips
                // the luma computation for them.
                let d = p == centrePixel ? 0 : FastYIQ.luma(p) - centre
                if d == 0 {
                    equal += 1
                    if equal > 2 { return false }                 // rule 1
                } else if d < darkest {
                    darkest = d; darkX = nx; darkY = ny
                } else if d > brightest {
                    brightest = d; brightX = nx; brightY = ny
                }
            }
        }
        guard darkest < 0, brightest > 0 else { return false }   // rule 2
        // Rules 3 and 4, ordered so the commonest non-anti-aliasing case, an edge that moved, is rejected after
        // two distance lookups and one or two flatness tests.
        let darkHere = image[darkX, darkY], darkThere = other[darkX, darkY]
        let brightHere = image[brightX, brightY], brightThere = other[brightX, brightY]
        let darkMoved = darkHere != darkThere && FastYIQ.delta(darkHere, darkThere) > unchangedLimit
        let brightMoved = brightHere != brightThere && FastYIQ.delta(brightHere, brightThere) > unchangedLimit
        // Rule 4: a framing pixel that is flat in either image must not have moved.
        if darkMoved && (isFlat(x: darkX, y: darkY, in: image) || isFlat(x: darkX, y: darkY, in: other)) { return false }
        if brightMoved && (isFlat(x: brightX, y: brightY, in: image) || isFlat(x: brightX, y: brightY, in: other)) {
            return false
        }
        // Rule 3: one framing pixel flat in both images (a moved one is flat in neither, as just checked).
        guard (!darkMoved && isFlat(x: darkX, y: darkY, in: image) && isFlat(x: darkX, y: darkY, in: other))
            || (!brightMoved && isFlat(x: brightX, y: brightY, in: image) && isFlat(x: brightX, y: brightY, in: other))
        else { return false }
        // Rule 4's exception: a framing pixel inside a thin stroke moved, so the ink must have been handed over.
        guard darkMoved || brightMoved else { return true }
        return handedOver(x: x, y: y, in: image, other: other, centreChange: FastYIQ.luma(other[x, y]) - centre,
                          unchangedLimit: unchangedLimit)
    }

    /// Some neighbour of (x, y) changed beyond the threshold the opposite way to the pixel itself (brighter
    /// where it got darker, or darker where it got brighter): coverage passed between adjacent pixels, as when a
    /// rasterizer spreads a thin stroke over two pixels and another puts it in one.
    @inline(__always)
    static func handedOver(x: Int, y: Int, in image: PixelBuffer, other: PixelBuffer, centreChange: Float,
                           unchangedLimit: Float) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, image.height - 1)
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let here = image[nx, ny], there = other[nx, ny]
                guard here != there, FastYIQ.delta(here, there) > unchangedLimit else { continue }
                if (FastYIQ.luma(there) - FastYIQ.luma(here)) * centreChange < 0 { return true }
            }
        }
        return false
    }

    /// At least 3 of the pixel's neighbours have exactly its RGBA value (border pixels start with one).
    @inline(__always)
    static func isFlat(x: Int, y: Int, in image: PixelBuffer) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, image.height - 1)
        var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        let centre = image[x, y]
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                if image[nx, ny] == centre {
                    equal += 1
                    if equal > 2 { return true }
                }
            }
        }
        return false
    }
}
