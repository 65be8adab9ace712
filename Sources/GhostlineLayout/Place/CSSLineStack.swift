import GhostlineFonts
import GhostlineGeometry

/// Vertical placement in the css model (browsers, Figma, Sketch): CSS's inline formatting model with
/// Chromium's rounding.
///
/// Every line box holds the block's *strut* (its own font at the line height) and one inline box per styled
/// run on the line; with `line-height: normal`, the fonts that font fallback used count too (Chromium unites
/// their metrics only then). Each box is the line height `L` tall with its font's content area (ascent + descent)
/// centred in it, aligned on the common baseline (raised by a run's baseline offset); the line box spans them all.
///
/// Chromium does this in *device pixels*, with rounding found by laying out cases in headless Chromium 156 and
/// matching every baseline (see Fixtures/browser/README.md):
///
/// - ascent `A`, descent `D` and line gap `G` are each rounded to whole device pixels (ties away from zero); for a
///   font Chromium positions at sub-pixel x (an installed font above scale 1, ``ChromiumFonts/installed``), a
///   descent rounded down takes one pixel from the ascent, as Blink's `SimpleFontData` does on Linux so that
///   descenders are not clipped;
/// - the line height becomes LayoutUnits (1/64 device px): `round(L × scale × 64)`, or `(A + D + G) × 64` for
///   `normal`;
/// - the leading above a box's text is `floor((L − (A + D) × 64) / 128)` whole pixels — the odd pixel goes below,
///   and negative half-leading is floored too, so tight text moves up;
/// - with one font, baseline `i` = `i × L + above + A × 64` and the block is `lineCount × L` tall.
///
/// So css baselines in points depend on the scale: the same block gives different point values at @1x and @3x.
enum CSSLineStack {
    /// The boxes of one line: `strut` first, then the other fonts on it.
    static func place(lines: [[FontExtent]], lineHeight: Double?, scale: Scale,
                      descentBorrowsFromAscent: Bool = false) -> VerticalPlacement {
        let rounding = Rounding(scale: scale.value, descentBorrowsFromAscent: descentBorrowsFromAscent)
        let toPoints = 1 / (64 * scale.value)
        var baselines: [Double] = []
        baselines.reserveCapacity(lines.count)
        var top = 0.0          // LU from the block's top to the current line box's top
        var firstLineTop = 0.0
        for (index, boxes) in lines.enumerated() {
            var highest = Double.infinity, lowest = -Double.infinity   // LU, y down from the baseline
            for box in boxes {
                let (boxTop, boxBottom) = rounding.extent(box, lineHeight: lineHeight)
                highest = min(highest, boxTop)
                lowest = max(lowest, boxBottom)
            }
            if boxes.isEmpty { highest = 0; lowest = 0 }
            baselines.append((top - highest) * toPoints)
            if index == 0 {
                // Where the strut's text box starts (for the naive cap-height form): its leading above.
                if let strut = boxes.first {
                    let (strutTop, _) = rounding.extent(strut, lineHeight: lineHeight)
                    firstLineTop = (strutTop - highest + rounding.leadingAbove(strut, lineHeight: lineHeight)) * toPoints
                }
            }
            top += lowest - highest
        }
        return VerticalPlacement(baselines: baselines, height: top * toPoints, paddingTop: 0, firstLineTop: firstLineTop)
    }

    /// Chromium's rounding of a font's vertical metrics to device pixels, in LayoutUnits (1/64 px) where it says so.
    struct Rounding {
        /// Device pixels per point.
        let scale: Double
        /// Blink's Linux rule under sub-pixel positioning: a descent rounded down borrows a pixel from the ascent.
        let descentBorrowsFromAscent: Bool

        /// The box's ascent and descent in whole device pixels (ties away from zero), with the borrowed pixel.
        func ascentDescent(_ box: FontExtent) -> (ascent: Double, descent: Double) {
            let exactDescent = -box.metrics.descender * scale
            var ascent = (box.metrics.ascender * scale).rounded(.toNearestOrAwayFromZero)
            var descent = exactDescent.rounded(.toNearestOrAwayFromZero)
            if descentBorrowsFromAscent && descent < exactDescent && ascent >= 1 {
                ascent -= 1
                descent += 1
            }
            return (ascent, descent)
        }

        /// A box's top and bottom in LU relative to the baseline (y down): `L` tall, its text's ascent below the
        /// floored half-leading.
        func extent(_ box: FontExtent, lineHeight: Double?) -> (top: Double, bottom: Double) {
            let units = lineUnits(box, lineHeight: lineHeight)
            let top = -(leadingAbove(box, lineHeight: lineHeight) + ascentDescent(box).ascent * 64) - box.raise * scale * 64
            return (top, top + units)
        }

        func lineUnits(_ box: FontExtent, lineHeight: Double?) -> Double {
            let (ascent, descent) = ascentDescent(box)
            let lineGap = (box.metrics.leading * scale).rounded(.toNearestOrAwayFromZero)
            return lineHeight.map { ($0 * scale * 64).rounded(.toNearestOrAwayFromZero) } ?? (ascent + descent + lineGap) * 64
        }

        func leadingAbove(_ box: FontExtent, lineHeight: Double?) -> Double {
            let (ascent, descent) = ascentDescent(box)
            return ((lineUnits(box, lineHeight: lineHeight) - (ascent + descent) * 64) / 128).rounded(.down) * 64
        }
    }
}
