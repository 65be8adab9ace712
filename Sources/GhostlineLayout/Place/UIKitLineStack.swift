import GhostlineFonts
import GhostlineGeometry

/// Baselines and height of a label's lines, as a model places them.
struct VerticalPlacement {
    var baselines: [Double]
    var height: Double
    var paddingTop: Double
    /// Top of the first line's box (below any padding), for the naive cap-height form.
    var firstLineTop: Double
}

/// Vertical placement of a label's lines in the uikit model (TextKit + UILabel + Auto Layout rounding).
///
/// Each line fragment is its line height (R1, from the fonts on the line), stretched by `lineHeightMultiple`
/// and clamped by the minimum/maximum line heights; the extra height goes *above* the glyphs (R8). Between lines
/// comes the R6 gap (`lineSpacing` with positive leading as its minimum), never above the first or below the last
/// line (R5). Each baseline is R3's pixel-rounded offset into its fragment; the label's height is the text height
/// ceiled to pixels (R2). A designed line height is met from the label's own font (`base`), as an app computes
/// `lineSpacing = L − font.lineHeight` for its paragraph style (R7).
enum UIKitLineStack {
    static func place(lines: [LineExtent], endsParagraph: [Bool], base: FontMetrics, paragraph: ParagraphStyle,
                      scale: Scale) -> VerticalPlacement {
        var lineSpacing = paragraph.lineSpacing
        var minimumLineHeight = paragraph.minimumLineHeight
        var maximumLineHeight = paragraph.maximumLineHeight
        var padding = 0.0
        if let designed = paragraph.lineHeight {
            // NSParagraphStyle's lineSpacing is never negative: a designed line height below the font's own
            // cannot be reached with lineSpacing and leaves it at 0.
            let extra = max(0, designed - base.lineHeight)
            switch paragraph.lineHeightStrategy {
            case .none: break
            case .lineSpacing: lineSpacing = extra                  // R7, first step
            case .padded: lineSpacing = extra; padding = extra / 2  // R7: the line-heighted label
            case .minMax: minimumLineHeight = designed; maximumLineHeight = designed  // R8
            }
        }
        let paddingTop = scale.roundToPixel(padding)
        var baselines: [Double] = []
        baselines.reserveCapacity(lines.count)
        var y = 0.0
        for (index, line) in lines.enumerated() {
            if index > 0 {
                y += UIKitRounding.lineGap(leading: lines[index - 1].leading, lineSpacing: lineSpacing)  // R5, R6
                if endsParagraph[index - 1] { y += paragraph.paragraphSpacing + paragraph.paragraphSpacingBefore }
            }
            var fragment = line.lineHeight
            if paragraph.lineHeightMultiple > 0 { fragment *= paragraph.lineHeightMultiple }
            if minimumLineHeight > 0 { fragment = max(fragment, minimumLineHeight) }
            if maximumLineHeight > 0 { fragment = min(fragment, maximumLineHeight) }
            let extraAbove = fragment - line.lineHeight                 // R8: extra height sits above the glyphs
            // Every baseline on the pixel grid: R3 inside the fragment, the fragment's top rounded as TextKit
            // places line fragments on device pixels, so the layout JSON and the drawn pixels agree.
            let baselineInFragment = UIKitRounding.firstBaselineOffset(lineHeight: line.lineHeight, descent: line.descent,
                                                                       scale: scale)
            baselines.append(paddingTop + scale.roundToPixel(y + extraAbove) + baselineInFragment)
            y += fragment
        }
        let textHeight = scale.ceilToPixel(y)                                                 // R2
        let height = padding == 0 ? textHeight : scale.roundToPixel(2 * padding + textHeight)
        return VerticalPlacement(baselines: baselines, height: height, paddingTop: paddingTop, firstLineTop: paddingTop)
    }
}

/// Vertical placement on a baseline grid of unit `g` (uikit model, rules R9 and R10).
///
/// With the label's top on the grid, the first baseline sits `ceilToGrid(ascender)` below it (R9); lines follow
/// every `D = ceilToGrid(d)` points, where `d` is the default baseline distance `lineHeight + leading`, or the
/// designed line height when it is larger (R10: UIKit gets there with `lineSpacing = D − d`, plus the leading when
/// it is positive, since positive leading is a minimum, R6); the bottom sits `ceilToGrid(−descender)` below the
/// last baseline (R9). Every baseline and the bottom land on the grid when the top does. With several fonts on a
/// line, the tallest extents of all lines are used, so the pitch stays one grid multiple.
enum BaselineGridLineStack {
    static func ceilToGrid(_ value: Double, _ grid: Double) -> Double {
        // A value a hair above a grid line (float noise from font-unit arithmetic) stays on that line.
        ((value / grid) - 1e-9).rounded(.up) * grid
    }

    static func place(lines: [LineExtent], paragraph: ParagraphStyle, grid: Double) -> VerticalPlacement {
        let ascent = lines.map(\.ascent).max() ?? 0
        let descent = lines.map(\.descent).max() ?? 0
        let leading = lines.map(\.leading).max() ?? 0
        let d = max(ascent + descent + leading, paragraph.lineHeight ?? 0)
        let pitch = ceilToGrid(d, grid)
        let first = ceilToGrid(ascent, grid)
        let baselines = (0..<lines.count).map { first + Double($0) * pitch }
        let height = (baselines.last ?? first) + ceilToGrid(descent, grid)
        return VerticalPlacement(baselines: baselines, height: height, paddingTop: 0, firstLineTop: 0)
    }

    /// R10's lineSpacing: what a UIKit paragraph style needs to reach `D` (for reports and tests).
    static func lineSpacing(metrics: FontMetrics, grid: Double) -> Double {
        let d = metrics.defaultBaselineDistance
        return ceilToGrid(d, grid) - d + (metrics.leading > 0 ? metrics.leading : 0)
    }
}
