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
/// `L` (or the font's "normal" line height, ascender − descender + lineGap), and the content area
/// (ascender − descender) is centred in it: half of `L − contentArea` above, half below.
enum CSSLineStack {
    static func place(lineCount: Int, metrics: FontMetrics, style: TextStyle, scale: Scale) -> VerticalPlacement {
        let content = metrics.lineHeight
        let lineBox = style.lineHeight ?? (content + max(0, metrics.leading))
        let halfLeading = (lineBox - content) / 2
        let baselines = (0..<lineCount).map { Double($0) * lineBox + halfLeading + metrics.ascender }
        return VerticalPlacement(baselines: baselines, height: Double(lineCount) * lineBox, paddingTop: 0,
                                 firstLineTop: halfLeading)
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
