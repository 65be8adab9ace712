import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping

/// One laid-out line of a label. Lengths in points, relative to the label's frame (y down from its top).
public struct LabelLine: Sendable {
    /// Scalar offsets of the label's text: `start..<end` tiles the text (trailing spaces and terminators
    /// included); `visibleEnd` ends the drawn part.
    public var start: Int
    public var end: Int
    public var visibleEnd: Int
    /// Left edge of the line's first glyph, from the frame's left edge.
    public var x: Double
    /// Advance width of the drawn part.
    public var width: Double
    /// Baseline, from the frame's top.
    public var baseline: Double
    /// The glyphs to draw, with x relative to the line's `x` (letter spacing and kerning applied).
    public var glyphs: [PositionedGlyph]
}

/// A glyph placed on a line: `x` from the line's left edge, `y` the offset from the baseline (y up).
public struct PositionedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    public var x: Double
    public var y: Double
    public var cluster: Int
}

/// Where the anchors of a label sit, in points from its frame's top (used by stacks, gaps and debug overlays).
public struct LabelAnchors: Hashable, Sendable {
    public var firstBaseline: Double
    public var lastBaseline: Double
    /// Top of the capitals on the first line (R4).
    public var capHeight: Double
    /// Top and bottom of the x-height band on the first line.
    public var xHeightTop: Double
    public var xHeightBottom: Double
    public var xHeightCenter: Double { (xHeightTop + xHeightBottom) / 2 }
}

/// A label laid out at a width: its size, lines and anchors.
public struct LabelLayout: Sendable {
    public var size: Size
    public var lines: [LabelLine]
    public var anchors: LabelAnchors
    public var metrics: FontMetrics
    /// The font the glyph ids belong to.
    public var font: Font
    /// The outer padding above the first line in the `padded` strategy (R7), 0 otherwise.
    public var paddingTop: Double
    /// The natural width of the longest line, rounded up to the pixel grid (a label's intrinsic width).
    public var intrinsicWidth: Double
    /// Characters the font has no glyph for (each once, in order of appearance): they draw as .notdef boxes.
    public var missingScalars: [Unicode.Scalar] = []
}

/// Lays out one label's text in either model.
public enum LabelLayouter {
    public struct Input: Sendable {
        public var text: String
        public var style: TextStyle
        public var paragraph: ParagraphStyle
        public var model: LayoutModel
        public var scale: Scale
        public var capHeightRounding: CapHeightRounding
        /// A baseline grid unit in points: when set (uikit model), baselines and the bottom snap to it (R9, R10).
        public var baselineGrid: Double?

        public init(text: String, style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(), model: LayoutModel = .uikit,
                    scale: Scale = .x3, capHeightRounding: CapHeightRounding = .precise, baselineGrid: Double? = nil) {
            self.text = text; self.style = style; self.paragraph = paragraph; self.model = model
            self.scale = scale; self.capHeightRounding = capHeightRounding; self.baselineGrid = baselineGrid
        }
    }

    /// Lays out `input` in a box `width` points wide (nil = unconstrained: one line per paragraph).
    public static func layout(_ input: Input, width: Double?) -> LabelLayout {
        let style = input.style
        let css = input.model == .css
        // UIFont reads hhea; Chromium reads the OS/2 typo metrics when the font sets USE_TYPO_METRICS, else hhea.
        let source: VerticalMetricsSource = css && style.font.tables.useTypoMetrics ? .typo : .hhea
        let metrics = style.font.metrics(pointSize: style.pointSize, source: source)
        // Browsers turn optional ligatures off when letter spacing is set (kerning stays on).
        let ligatures = style.ligatures && !(css && style.letterSpacing != 0)
        let shaped = Shaper.shape(input.text, font: style.font, pointSize: style.pointSize,
                                  options: ShapingOptions(kerning: style.kerning, ligatures: ligatures,
                                                          letterSpacing: style.letterSpacing))
        var broken = LineBreaker.breakLines(shaped, width: width ?? .infinity, mode: input.paragraph.lineBreakMode,
                                            fit: css ? .chromium(input.scale) : .points, trailingTerminatorAddsLine: !css)
        if broken.isEmpty {
            // An empty label still has one (empty) line: UILabel with "" is as tall as one line of its font.
            broken = [BrokenLine(start: 0, end: 0, visibleEnd: 0, width: 0, endsParagraph: true)]
        }
        if input.paragraph.numberOfLines > 0 && broken.count > input.paragraph.numberOfLines {
            broken = Truncation.limit(broken, to: input.paragraph.numberOfLines, shaped: shaped, style: style,
                                      mode: input.paragraph.lineBreakMode, width: width ?? .infinity)
        }
        let vertical: VerticalPlacement
        switch (input.model, input.baselineGrid) {
        case (.uikit, let grid?) where grid > 0:
            vertical = BaselineGridLineStack.place(lineCount: broken.count, metrics: metrics, style: style, grid: grid)
        case (.uikit, _):
            vertical = UIKitLineStack.place(lineCount: broken.count, endsParagraph: broken.map(\.endsParagraph),
                                            metrics: metrics, style: style, paragraph: input.paragraph, scale: input.scale)
        case (.css, _):
            vertical = CSSLineStack.place(lineCount: broken.count, metrics: metrics, style: style, scale: input.scale)
        }

        let intrinsicWidth = input.scale.ceilToPixel(broken.map(\.width).max() ?? 0)
        let boxWidth = width ?? intrinsicWidth
        var lines: [LabelLine] = []
        lines.reserveCapacity(broken.count)
        for (index, line) in broken.enumerated() {
            let x: Double
            switch input.paragraph.alignment {
            case .natural, .left, .justified: x = 0
            case .center: x = (boxWidth - line.width) / 2
            case .right: x = boxWidth - line.width
            }
            var glyphs = line.glyphs ?? positionedGlyphs(shaped, line)
            var lineWidth = line.width
            if input.paragraph.alignment == .justified && !line.endsParagraph && !line.truncated && width != nil {
                lineWidth = justify(&glyphs, scalars: shaped.scalars, lineWidth: line.width, boxWidth: boxWidth)
            }
            lines.append(LabelLine(start: line.start, end: line.end, visibleEnd: line.visibleEnd, x: x, width: lineWidth,
                                   baseline: vertical.baselines[index], glyphs: glyphs))
        }
        let first = vertical.baselines.first ?? 0
        let capTop: Double
        switch input.capHeightRounding {
        case .precise: capTop = first - input.scale.roundToPixel(metrics.capHeight)
        case .naive: capTop = vertical.firstLineTop + UIKitRounding.naiveCapHeightInset(metrics)
        }
        let anchors = LabelAnchors(firstBaseline: first, lastBaseline: vertical.baselines.last ?? first, capHeight: capTop,
                                   xHeightTop: first - metrics.xHeight, xHeightBottom: first)
        var missing: [Unicode.Scalar] = []
        for glyph in shaped.glyphs where glyph.glyph == 0 {
            let scalar = shaped.scalars[glyph.cluster]
            if !scalar.properties.isWhitespace && !LineBreaker.isLineTerminator(scalar) && !missing.contains(scalar) {
                missing.append(scalar)
            }
        }
        return LabelLayout(size: Size(width: boxWidth, height: vertical.height), lines: lines, anchors: anchors,
                           metrics: metrics, font: style.font, paddingTop: vertical.paddingTop, intrinsicWidth: intrinsicWidth,
                           missingScalars: missing)
    }

    /// Justification as TextKit does it for Latin text: the line's spare width is shared equally by its
    /// inter-word spaces; the last line of a paragraph stays natural. Returns the new line width.
    static func justify(_ glyphs: inout [PositionedGlyph], scalars: [Unicode.Scalar], lineWidth: Double, boxWidth: Double) -> Double {
        let spare = boxWidth - lineWidth
        let spaces = glyphs.indices.filter { scalars[glyphs[$0].cluster] == " " }
        guard spare > 0, !spaces.isEmpty else { return lineWidth }
        let extra = spare / Double(spaces.count)
        var shift = 0.0
        var next = 0
        for index in glyphs.indices {
            glyphs[index].x += shift
            if next < spaces.count && spaces[next] == index { shift += extra; next += 1 }
        }
        return boxWidth
    }

    /// The glyphs of `line`, pen positions restarting at 0. Clusters are monotonic in a left-to-right run, so
    /// the line's glyphs are one contiguous slice found by binary search: laying out n lines stays O(n log n).
    static func positionedGlyphs(_ shaped: ShapedText, _ line: BrokenLine) -> [PositionedGlyph] {
        let glyphs = shaped.glyphs
        func firstIndex(atOrAfter cluster: Int) -> Int {
            var low = 0, high = glyphs.count
            while low < high {
                let mid = (low + high) / 2
                if glyphs[mid].cluster < cluster { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let from = firstIndex(atOrAfter: line.start), to = firstIndex(atOrAfter: line.visibleEnd)
        var result: [PositionedGlyph] = []
        result.reserveCapacity(max(0, to - from))
        var pen = 0.0
        for glyph in glyphs[from..<max(from, to)] {
            result.append(PositionedGlyph(glyph: glyph.glyph, x: pen + glyph.offsetX, y: glyph.offsetY, cluster: glyph.cluster))
            pen += glyph.advance
        }
        return result
    }
}

/// Baselines and height of a label's lines, as a model places them.
struct VerticalPlacement {
    var baselines: [Double]
    var height: Double
    var paddingTop: Double
    /// Top of the first line's box (below any padding), for the naive cap-height form.
    var firstLineTop: Double
}
