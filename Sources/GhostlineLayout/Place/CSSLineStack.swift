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
/// - ascent `A`, descent `D` and line gap `G` are each rounded to whole device pixels (ties away from zero);
/// - the line height becomes LayoutUnits (1/64 device px): `round(L × scale × 64)`, or `(A + D + G) × 64` for
///   `normal`;
/// - the leading above a box's text is `floor((L − (A + D) × 64) / 128)` whole pixels — the odd pixel goes below,
///   and negative half-leading is floored too, so tight text moves up;
/// - with one font, baseline `i` = `i × L + above + A × 64` and the block is `lineCount × L` tall.
///
/// So css baselines in points depend on the scale: the same block gives different point values at @1x and @3x.
enum CSSLineStack {
    /// The boxes of one line: `strut` first, then the other fonts on it.
    static func place(lines: [[FontExtent]], lineHeight: Double?, scale: Scale) -> VerticalPlacement {
        let s = scale.value
        let toPoints = 1 / (64 * s)
        var baselines: [Double] = []
        baselines.reserveCapacity(lines.count)
        var top = 0.0          // LU from the block's top to the current line box's top
        var firstLineTop = 0.0
        for (index, boxes) in lines.enumerated() {
            var highest = Double.infinity, lowest = -Double.infinity   // LU, y down from the baseline
            for box in boxes {
                let (boxTop, boxBottom) = extent(box, lineHeight: lineHeight, scale: s)
                highest = min(highest, boxTop)
                lowest = max(lowest, boxBottom)
            }
            if boxes.isEmpty { highest = 0; lowest = 0 }
            baselines.append((top - highest) * toPoints)
            if index == 0 {
                // Where the strut's text box starts (for the naive cap-height form): its leading above.
                if let strut = boxes.first {
                    let (strutTop, _) = extent(strut, lineHeight: lineHeight, scale: s)
                    firstLineTop = (strutTop - highest + leadingAbove(strut, lineHeight: lineHeight, scale: s)) * toPoints
                }
            }
            top += lowest - highest
        }
        return VerticalPlacement(baselines: baselines, height: top * toPoints, paddingTop: 0, firstLineTop: firstLineTop)
    }

    private static func devicePixels(_ points: Double, _ s: Double) -> Double { (points * s).rounded(.toNearestOrAwayFromZero) }

    /// A box's top and bottom in LU relative to the baseline (y down): `L` tall, its text's ascent below the
    /// floored half-leading.
    private static func extent(_ box: FontExtent, lineHeight: Double?, scale s: Double) -> (top: Double, bottom: Double) {
        let ascent = devicePixels(box.metrics.ascender, s)
        let units = lineUnits(box, lineHeight: lineHeight, scale: s)
        let top = -(leadingAbove(box, lineHeight: lineHeight, scale: s) + ascent * 64) - box.raise * s * 64
        return (top, top + units)
    }

    private static func lineUnits(_ box: FontExtent, lineHeight: Double?, scale s: Double) -> Double {
        let ascent = devicePixels(box.metrics.ascender, s)
        let descent = devicePixels(-box.metrics.descender, s)
        let lineGap = devicePixels(box.metrics.leading, s)
        return lineHeight.map { ($0 * s * 64).rounded(.toNearestOrAwayFromZero) } ?? (ascent + descent + lineGap) * 64
    }

    private static func leadingAbove(_ box: FontExtent, lineHeight: Double?, scale s: Double) -> Double {
        let ascent = devicePixels(box.metrics.ascender, s)
        let descent = devicePixels(-box.metrics.descender, s)
        return ((lineUnits(box, lineHeight: lineHeight, scale: s) - (ascent + descent) * 64) / 128).rounded(.down) * 64
    }

    /// Chromium's fitting test, in LayoutUnits of device pixels: a line fits if `ceil(width × s × 64)` is at most
    /// `floor(boxWidth × s × 64) + 1` — up to one unit of overflow is tolerated, and the box width is truncated.
    static func fits(width: Double, boxWidth: Double, scale: Scale) -> Bool {
        guard boxWidth.isFinite else { return true }
        let units = 64 * scale.value
        return (width * units - 1e-7).rounded(.up) <= (boxWidth * units + 1e-7).rounded(.down) + 1
    }
}
