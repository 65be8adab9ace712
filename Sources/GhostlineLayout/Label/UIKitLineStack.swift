import GhostlineFonts
import GhostlineGeometry

/// Vertical placement of a label's lines in the uikit model (TextKit + UILabel + Auto Layout rounding).
///
/// Each line fragment is the font's `lineHeight` (R1), stretched by `lineHeightMultiple` and clamped by the
/// minimum/maximum line heights; the extra height goes *above* the glyphs (R8). Between lines comes the R6 gap
/// (`lineSpacing` with positive leading as its minimum), never above the first or below the last line (R5).
/// The first baseline is R3's pixel-rounded offset; the label's height is the text height ceiled to pixels (R2).
enum UIKitLineStack {
    static func place(lineCount: Int, endsParagraph: [Bool], metrics: FontMetrics, style: TextStyle,
                      paragraph: ParagraphStyle, scale: Scale) -> VerticalPlacement {
        let fontLineHeight = metrics.lineHeight
        var lineSpacing = paragraph.lineSpacing
        var minimumLineHeight = paragraph.minimumLineHeight
        var maximumLineHeight = paragraph.maximumLineHeight
        var padding = 0.0
        if let designed = style.lineHeight {
            // NSParagraphStyle's lineSpacing is never negative: a designed line height below the font's own
            // cannot be reached with lineSpacing and leaves it at 0.
            let extra = max(0, designed - fontLineHeight)
            switch style.lineHeightStrategy {
            case .none: break
            case .lineSpacing: lineSpacing = extra                  // R7, first step
            case .padded: lineSpacing = extra; padding = extra / 2  // R7: the line-heighted label
            case .minMax: minimumLineHeight = designed; maximumLineHeight = designed  // R8
            }
        }
        var fragment = fontLineHeight
        if paragraph.lineHeightMultiple > 0 { fragment *= paragraph.lineHeightMultiple }
        if minimumLineHeight > 0 { fragment = max(fragment, minimumLineHeight) }
        if maximumLineHeight > 0 { fragment = min(fragment, maximumLineHeight) }
        let extraAbove = fragment - fontLineHeight                          // R8: extra height sits above the glyphs
        let gap = UIKitRounding.lineGap(leading: metrics.leading, lineSpacing: lineSpacing)  // R5, R6
        let firstBaseline = UIKitRounding.firstBaselineOffset(metrics, scale: scale)          // R3

        let paddingTop = scale.roundToPixel(padding)
        var baselines: [Double] = []
        baselines.reserveCapacity(lineCount)
        var y = 0.0
        for index in 0..<lineCount {
            if index > 0 {
                y += gap
                if endsParagraph[index - 1] { y += paragraph.paragraphSpacing + paragraph.paragraphSpacingBefore }
            }
            // Every baseline on the pixel grid: the first by R3, later ones rounded as TextKit places line
            // fragments on device pixels, so the layout JSON and the drawn pixels agree.
            baselines.append(paddingTop + scale.roundToPixel(y + extraAbove) + firstBaseline - paragraph.baselineOffset)
            y += fragment
        }
        let textHeight = scale.ceilToPixel(y)                                                 // R2
        let height = padding == 0 ? textHeight : scale.roundToPixel(2 * padding + textHeight)
        return VerticalPlacement(baselines: baselines, height: height, paddingTop: paddingTop, firstLineTop: paddingTop)
    }
}

/// Vertical placement in the css model (browsers, Figma, Sketch): every line box is the designed line height
/// `L` (or `normal`: ascent + descent + line gap), and the content area (ascent + descent) is centred in it.
///
/// Chromium does this in *device pixels*, with rounding found by laying out 64 cases × 3 scales in headless
/// Chromium 156 and matching every baseline (see Fixtures/browser/README.md):
///
/// - ascent `A`, descent `D` and line gap `G` are each rounded to whole device pixels (ties away from zero);
/// - the line height becomes LayoutUnits (1/64 device px): `round(L × scale × 64)`, or `(A + D + G) × 64` for
///   `normal`;
/// - the leading above the text is `floor((L − (A + D) × 64) / 128)` whole pixels — the odd pixel goes below,
///   and negative half-leading is floored too, so tight text moves up;
/// - baseline `i` = `i × L + above + A × 64`; the block is `lineCount × L` tall.
///
/// So css baselines in points depend on the scale: the same block gives different point values at @1x and @3x.
enum CSSLineStack {
    static func place(lineCount: Int, metrics: FontMetrics, style: TextStyle, scale: Scale) -> VerticalPlacement {
        let s = scale.value
        func devicePixels(_ points: Double) -> Double { (points * s).rounded(.toNearestOrAwayFromZero) }
        let ascent = devicePixels(metrics.ascender)
        let descent = devicePixels(-metrics.descender)
        let lineGap = devicePixels(metrics.leading)
        let lineUnits = style.lineHeight.map { ($0 * s * 64).rounded(.toNearestOrAwayFromZero) }
            ?? (ascent + descent + lineGap) * 64
        let aboveUnits = ((lineUnits - (ascent + descent) * 64) / 128).rounded(.down) * 64
        let toPoints = 1 / (64 * s)
        let baselines = (0..<lineCount).map { (Double($0) * lineUnits + aboveUnits + ascent * 64) * toPoints }
        return VerticalPlacement(baselines: baselines, height: Double(lineCount) * lineUnits * toPoints, paddingTop: 0,
                                 firstLineTop: aboveUnits * toPoints)
    }

    /// Chromium's fitting test, in LayoutUnits of device pixels: a line fits if `ceil(width × s × 64)` is at most
    /// `floor(boxWidth × s × 64) + 1` — up to one unit of overflow is tolerated, and the box width is truncated.
    static func fits(width: Double, boxWidth: Double, scale: Scale) -> Bool {
        guard boxWidth.isFinite else { return true }
        let units = 64 * scale.value
        return (width * units - 1e-7).rounded(.up) <= (boxWidth * units + 1e-7).rounded(.down) + 1
    }
}

/// Vertical placement on a baseline grid of unit `g` (uikit model, rules R9 and R10).
///
/// With the label's top on the grid, the first baseline sits `ceilToGrid(ascender)` below it (R9); lines follow
/// every `D = ceilToGrid(d)` points, where `d` is the default baseline distance `lineHeight + leading`, or the
/// designed line height when it is larger (R10: UIKit gets there with `lineSpacing = D − d`, plus the leading when
/// it is positive, since positive leading is a minimum, R6); the bottom sits `ceilToGrid(−descender)` below the
/// last baseline (R9). Every baseline and the bottom land on the grid when the top does.
enum BaselineGridLineStack {
    static func ceilToGrid(_ value: Double, _ grid: Double) -> Double {
        // A value a hair above a grid line (float noise from font-unit arithmetic) stays on that line.
        ((value / grid) - 1e-9).rounded(.up) * grid
    }

    static func place(lineCount: Int, metrics: FontMetrics, style: TextStyle, grid: Double) -> VerticalPlacement {
        let d = max(metrics.defaultBaselineDistance, style.lineHeight ?? 0)
        let pitch = ceilToGrid(d, grid)
        let first = ceilToGrid(metrics.ascender, grid)
        let baselines = (0..<lineCount).map { first + Double($0) * pitch }
        let height = (baselines.last ?? first) + ceilToGrid(-metrics.descender, grid)
        return VerticalPlacement(baselines: baselines, height: height, paddingTop: 0, firstLineTop: 0)
    }

    /// R10's lineSpacing: what a UIKit paragraph style needs to reach `D` (for reports and tests).
    static func lineSpacing(metrics: FontMetrics, grid: Double) -> Double {
        let d = metrics.defaultBaselineDistance
        return ceilToGrid(d, grid) - d + (metrics.leading > 0 ? metrics.leading : 0)
    }
}
