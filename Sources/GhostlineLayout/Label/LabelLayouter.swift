import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping

/// Lays out one label's attributed text in a ``LayoutModel``, as a pipeline of stages that each keep their result
/// (parley's analysis → itemize → shape → line break → align):
///
/// 1. **analysis** (`TextAnalysis`): bidi levels, scripts, break opportunities and grapheme clusters;
/// 2. **itemize** (`Itemizer`, `FontFallback`): runs of one style, font, script and level;
/// 3. **shape** (`ShapedParagraph`): each item with HarfBuzz in its own direction, script and language;
/// 4. **break** (`LineBreaker`, `Truncation`) at a width, then **reorder** each line visually (`BidiReorder`);
/// 5. **place** lines vertically from the fonts on each line (`UIKitLineStack`, `CSSLineStack`,
///    `BaselineGridLineStack`) and align them horizontally.
///
/// Stages 1–3 do not depend on the width: `prepare` runs them once and `layout(_:width:)` can break the same
/// shaped paragraph at any width (a stack measures a label at full width, then at its own).
public enum LabelLayouter {
    /// Everything that decides a label's layout, apart from the width it is laid out at.
    public struct Input: Sendable {
        /// The text and its character styles; its base style is the label's own font.
        public var text: AttributedText
        /// Alignment, wrapping, line count, line height and the other paragraph settings.
        public var paragraph: ParagraphStyle
        /// The rules that place the lines: UIKit's (``LayoutModel/uikit``), a browser's (``LayoutModel/css``) or
        /// another ``LayoutModel``.
        public var model: LayoutModel
        /// The pixel grid that heights and baselines are rounded to (R2–R4 in the uikit model, Chromium's device-pixel
        /// rounding in the css model).
        public var scale: Scale
        /// Which form of R4 gives the cap-height anchor; `precise` unless a report wants to show the naive shortcut.
        public var capHeightRounding: CapHeightRounding
        /// A baseline grid unit in points: when set, and the model snaps to baseline grids, baselines and the bottom
        /// snap to it (R9, R10).
        public var baselineGrid: Double?
        /// The font cascade for characters the styles' fonts lack.
        public var fallback: FontFallback
        /// The direction of the surrounding layout (`canvas.layoutDirection`): a `natural` paragraph without a
        /// strong character takes it.
        public var layoutDirection: TextDirection
        /// The dictionaries hyphenation reads; nil: the fallback's font context's (none without a context).
        public var hyphenator: Hyphenator?

        /// Creates an input; the defaults are a plain uikit label at @3x, left to right, with fontconfig as the last
        /// fallback.
        public init(text: AttributedText, paragraph: ParagraphStyle = ParagraphStyle(), model: LayoutModel = .uikit,
                    scale: Scale = .x3, capHeightRounding: CapHeightRounding = .precise, baselineGrid: Double? = nil,
                    fallback: FontFallback = FontFallback(), layoutDirection: TextDirection = .leftToRight) {
            self.text = text; self.paragraph = paragraph; self.model = model; self.scale = scale
            self.capHeightRounding = capHeightRounding; self.baselineGrid = baselineGrid; self.fallback = fallback
            self.layoutDirection = layoutDirection
        }

        /// Plain text in one style.
        public init(text: String, style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(), model: LayoutModel = .uikit,
                    scale: Scale = .x3, capHeightRounding: CapHeightRounding = .precise, baselineGrid: Double? = nil,
                    fallback: FontFallback = FontFallback()) {
            self.init(text: AttributedText(text, style: style), paragraph: paragraph, model: model, scale: scale,
                      capHeightRounding: capHeightRounding, baselineGrid: baselineGrid, fallback: fallback)
        }
    }

    /// The width-independent stages' results for one input.
    public struct Prepared: Sendable {
        /// The input the stages ran on.
        public let input: Input
        let paragraph: ShapedParagraph
        /// The label's own font metrics in the model's source.
        let base: FontMetrics
        /// The text case's way back from displayed to source offsets; nil when no run sets a case.
        var caseMapping: CaseMapping? = nil
    }

    /// Runs analysis, itemization and shaping.
    public static func prepare(_ input: Input) -> Prepared {
        let model = input.model
        let breaking = model.lineBreaking
        let baseStyle = input.text.baseStyle
        var options = TextAnalysis.Options()
        options.direction = input.paragraph.baseWritingDirection
        options.fallbackDirection = input.layoutDirection == .leftToRight ? .leftToRight : .rightToLeft
        options.language = input.paragraph.language ?? baseStyle.language
        options.profile = breaking.opportunities
        options.strictness = breaking.wrapping.strictness(input.paragraph)
        var text = input.text
        // A text case changes what is drawn before anything is measured; offsets go back to the source at the end.
        let caseMapping = CaseMapping(text, language: options.language)
        if let caseMapping { text = caseMapping.text }
        var adjustments = ShapingAdjustments()
        adjustments.trimsPunctuation = model.trimsAdjacentFullwidthPunctuation
        adjustments.bitmapAdvances = model.bitmapAdvances
        if let whiteSpace = breaking.wrapping.whiteSpace(input.paragraph) {
            // CSS white-space processing: collapsed spaces keep their offsets but lose their advance.
            let processed = WhiteSpaceProcessing(text.scalars, whiteSpace: whiteSpace)
            if processed.collapsed.contains(true) || processed.scalars != text.scalars {
                text = AttributedText(replacing: text, scalars: processed.scalars)
                adjustments.collapsed = processed.collapsed
            }
            options.whiteSpace = whiteSpace
            options.wordBreak = input.paragraph.wordBreak
        }
        // Without a language the dictionary is English's, as an app without a localization would hyphenate.
        options.hyphenationLanguage = breaking.hyphenation.hyphenates(input.paragraph) ? (options.language ?? "en") : nil
        options.hyphenator = input.hyphenator ?? input.fallback.context?.hyphenator
        options.ignoresSoftHyphens = breaking.hyphenation.ignoresSoftHyphens(input.paragraph)
        let analysis = TextAnalysis(text.scalars, options: options)
        let items = Itemizer.items(text, analysis: analysis, fallback: input.modelFallback)
        let tabInterval = input.paragraph.tabInterval ?? model.tabStops.interval(for: baseStyle)
        let paragraph = ShapedParagraph(text: text, analysis: analysis, items: items,
                                        ligaturesSurviveLetterSpacing: model.ligaturesSurviveLetterSpacing,
                                        tabInterval: tabInterval, adjustments: adjustments, fontTracking: model.fontTracking)
        return Prepared(input: input, paragraph: paragraph, base: model.metrics(baseStyle.font, pointSize: baseStyle.pointSize),
                        caseMapping: caseMapping)
    }

    /// Lays out `input` in a box `width` points wide (nil = unconstrained: one line per paragraph).
    public static func layout(_ input: Input, width: Double?) -> LabelLayout {
        layout(prepare(input), width: width)
    }

    /// Breaks, reorders and places a prepared label at `width`; an autoshrinking label (``Autoshrink``) shrinks or
    /// tightens its text to fit first.
    public static func layout(_ prepared: Prepared, width: Double?) -> LabelLayout {
        let natural = place(prepared, width: width)
        guard prepared.input.shrinksToFit, let width, natural.truncated else { return natural }
        return Autoshrinking.fitted(prepared, natural: natural, width: width)
    }

    /// Breaks, reorders and places a prepared label at `width`, at the sizes its styles give.
    static func place(_ prepared: Prepared, width: Double?) -> LabelLayout {
        let input = prepared.input
        let paragraph = prepared.paragraph
        let breaking = input.model.lineBreaking
        let wraps = breaking.wrapping.wraps(input.paragraph)
        var rules = LineBreaker.Rules()
        rules.fit = breaking.fit.fit(at: input.scale)
        rules.trailingTerminatorAddsLine = breaking.trailingNewlineAddsLine
        rules.breaksWithinWords = breaking.wrapping.breaksWithinWords(input.paragraph)
        rules.spacesHang = breaking.wrapping.spacesHang(input.paragraph)
        rules.hyphenationFactor = breaking.hyphenation.fillFactor(input.paragraph)
        let indents = LineIndents(input.paragraph, model: input.model)
        rules.indents = indents
        func isFirst(_ line: BrokenLine) -> Bool { indents.isFirstLine(start: line.start, scalars: paragraph.scalars) }
        var broken = LineBreaker.breakLines(paragraph, width: wraps ? width ?? .infinity : .infinity,
                                            mode: input.paragraph.lineBreakMode, rules: rules)
        if broken.isEmpty {
            // An empty label still has one (empty) line: UILabel with "" is as tall as one line of its font.
            broken = [BrokenLine(start: 0, end: 0, visibleEnd: 0, width: 0, endsParagraph: true)]
        }
        var truncation = Truncation.Rules(rule: input.model.truncation, fit: rules.fit)
        truncation.keepsSpaces = [.pre, .preWrap, .breakSpaces].contains(breaking.wrapping.whiteSpace(input.paragraph))
        if input.paragraph.numberOfLines > 0 && broken.count > input.paragraph.numberOfLines {
            let last = broken[input.paragraph.numberOfLines - 1]
            broken = Truncation.limit(broken, to: input.paragraph.numberOfLines, paragraph: paragraph,
                                      mode: input.paragraph.lineBreakMode,
                                      width: indents.available(in: width ?? .infinity, firstLine: isFirst(last)),
                                      fallback: input.modelFallback, rules: truncation)
        }
        if truncation.rule == .blink && !wraps && input.paragraph.lineBreakMode == .truncateTail, let width {
            // `text-overflow: ellipsis`: a line that does not wrap ends in "…" wherever it is wider than the box.
            for index in broken.indices where !broken[index].truncated {
                let available = indents.available(in: width, firstLine: isFirst(broken[index]))
                guard !rules.fit.fits(broken[index].width, in: available) else { continue }
                broken[index] = BlinkTruncation.ellipsize(broken[index], paragraph: paragraph, width: available, fit: rules.fit,
                                                          keepsSpaces: truncation.keepsSpaces, runsToEnd: false)
            }
        }
        let pieces = broken.map { $0.pieces ?? paragraph.pieces($0.start, $0.visibleEnd, hyphenated: $0.hyphenated, trimsEnd: $0.trimsEnd) }
        let extents = pieces.map { lineFonts($0, prepared: prepared) }
        let vertical = placeVertically(prepared, extents: extents, endsParagraph: broken.map(\.endsParagraph))

        // NSRange offsets: UTF-16 code units before each scalar.
        var utf16Before = [Int](repeating: 0, count: input.text.scalars.count + 1)
        for (index, scalar) in input.text.scalars.enumerated() { utf16Before[index + 1] = utf16Before[index] + scalar.utf16.count }
        let intrinsicWidth = input.model.frameGrid.ceil(
            broken.map { indents.outerWidth(line: $0.width, firstLine: isFirst($0)) }.max() ?? 0, input.scale)
        let boxWidth = width ?? intrinsicWidth
        let rounding = CSSLineStack.Rounding(scale: input.scale.value,
                                             descentBorrowsFromAscent: input.model.chromiumFonts.descentBorrowsFromAscent(scale: input.scale.value))
        let decorations = DecorationGeometry(model: input.model, scale: input.scale) { style in
            rounding.ascentDescent(FontExtent(metrics: input.model.metrics(style.font, pointSize: style.pointSize), raise: 0)).ascent
        }
        var lines: [LabelLine] = []
        lines.reserveCapacity(broken.count)
        for (index, line) in broken.enumerated() {
            let direction = paragraph.analysis.paragraphDirection(at: line.start)
            let justify = input.paragraph.alignment == .justified && !line.endsParagraph && !line.truncated && width != nil
            let region = indents.region(in: boxWidth, firstLine: isFirst(line), leftToRight: direction == .leftToRight)
            var built = LineAssembly.line(line, pieces: pieces[index], paragraph: paragraph, justifyTo: justify ? region.width : nil,
                                          decorations: decorations)
            built.x = region.left + LineAssembly.alignedX(width: built.width, box: region.width,
                                                          alignment: input.paragraph.alignment, direction: direction)
            if let mapping = prepared.caseMapping { built = mapping.sourceLine(built) }
            built.baseline = vertical.baselines[index]
            built.utf16Start = utf16Before[built.start]
            built.utf16End = utf16Before[built.end]
            let extent = LineExtent(extents[index].drawn)
            built.ascent = extent.ascent
            built.descent = extent.descent
            lines.append(built)
        }
        let base = prepared.base
        let first = vertical.baselines.first ?? 0
        let capTop: Double
        switch input.capHeightRounding {
        case .precise: capTop = first - input.scale.roundToPixel(base.capHeight)
        case .naive: capTop = vertical.firstLineTop + UIKitRounding.naiveCapHeightInset(base)
        }
        let anchors = LabelAnchors(firstBaseline: first, lastBaseline: vertical.baselines.last ?? first, capHeight: capTop,
                                   xHeightTop: first - base.xHeight, xHeightBottom: first)
        var layout = LabelLayout(size: Size(width: boxWidth, height: vertical.height), lines: lines, anchors: anchors,
                                 metrics: base, font: input.text.baseStyle.font, paddingTop: vertical.paddingTop,
                                 intrinsicWidth: intrinsicWidth, requestedFace: input.text.baseStyle.requestedFace,
                                 missingScalars: paragraph.missing, direction: paragraph.analysis.paragraphDirection(at: 0))
        layout.features = input.text.baseStyle.features
        layout.autoshrinks = input.shrinksToFit
        return layout
    }

    // MARK: Placing

    /// The fonts a line's height is made of: `drawn` (every font with glyphs on the line, as TextKit counts
    /// them) and `boxes` (CSS's strut, the styled runs' own fonts, and the fonts fallback used).
    struct LineFonts {
        var drawn: [FontExtent]
        var boxes: [FontExtent]
        var fallbackOnly: [FontExtent]
    }

    static func lineFonts(_ pieces: [LinePiece], prepared: Prepared) -> LineFonts {
        let text = prepared.input.text
        let model = prepared.input.model
        var drawn: [FontExtent] = []
        var boxes: [FontExtent] = [FontExtent(metrics: prepared.base, raise: 0)]
        var fallbackOnly: [FontExtent] = []
        var seenRuns = Set<Int>()
        for piece in pieces {
            let run = text.runs.isEmpty ? nil : text.runs[piece.runIndex]
            let raise = run?.style.baselineOffset ?? 0
            let extent = FontExtent(metrics: model.metrics(piece.font, pointSize: piece.pointSize), raise: raise)
            drawn.append(extent)
            if let run, run.isStyled, seenRuns.insert(piece.runIndex).inserted {
                boxes.append(FontExtent(metrics: model.metrics(run.style.font, pointSize: run.style.pointSize), raise: raise))
            }
            if piece.isFallback { fallbackOnly.append(extent) }
        }
        if drawn.isEmpty { drawn = [FontExtent(metrics: prepared.base, raise: 0)] }
        return LineFonts(drawn: drawn, boxes: boxes, fallbackOnly: fallbackOnly)
    }

    static func placeVertically(_ prepared: Prepared, extents: [LineFonts], endsParagraph: [Bool]) -> VerticalPlacement {
        let input = prepared.input
        if input.model.snapsToBaselineGrid, let grid = input.baselineGrid, grid > 0 {
            return BaselineGridLineStack.place(lines: extents.map { LineExtent($0.drawn) }, paragraph: input.paragraph, grid: grid)
        }
        switch input.model.lineStacking {
        case .fontLineHeightRoundedToPixels:
            return UIKitLineStack.place(lines: extents.map { LineExtent($0.drawn) }, endsParagraph: endsParagraph,
                                        base: prepared.base, paragraph: input.paragraph, scale: input.scale)
        case .halfLeading:
            // Chromium unites the metrics of fallback fonts into the line only for `line-height: normal`.
            let normal = input.paragraph.lineHeight == nil
            return CSSLineStack.place(lines: extents.map { normal ? $0.boxes + $0.fallbackOnly : $0.boxes },
                                      lineHeight: input.paragraph.lineHeight, scale: input.scale,
                                      descentBorrowsFromAscent: input.model.chromiumFonts.descentBorrowsFromAscent(scale: input.scale.value))
        }
    }
}

extension LabelLayouter.Input {
    /// True when the model shrinks labels and this one asks to shrink or tighten.
    var shrinksToFit: Bool { model.autoshrink == .uilabel && paragraph.autoshrink.isActive }

    /// The cascade with the model's way of choosing a system fallback face.
    var modelFallback: FontFallback {
        var fallback = fallback
        fallback.faces = model.fallbackFaces
        return fallback
    }
}
