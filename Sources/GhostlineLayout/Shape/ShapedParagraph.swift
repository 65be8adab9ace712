import GhostlineFonts
import GhostlineShaping

/// An item with its glyphs and the options it was shaped with (kept to reshape a line's edge).
struct ShapedItem: Sendable {
    var item: TextItem
    var options: ShapingOptions
    var pointSize: Double
    var run: ShapedRun
    /// Whether adjacent fullwidth punctuation is trimmed in this item: the model trims and its run's style does
    /// not say `textSpacingTrim: spaceAll`. Kept so that a line's end reshaped later is trimmed alike.
    var trimsPunctuation: Bool
}

/// What a model may change in shaped text: adjacent fullwidth CJK punctuation trimmed (`HanKerning`) and
/// spaces collapsed by `white-space` (no advance, no glyph).
struct ShapingAdjustments: Sendable {
    var trimsPunctuation = false
    /// Where a colour emoji font's advances come from: the model's rule (``LayoutModel/bitmapAdvances``).
    var bitmapAdvances = BitmapAdvances.horizontalMetrics
    /// `collapsed[i]`: scalar `i` is removed by white-space collapsing; empty when nothing collapses.
    var collapsed: [Bool] = []
    static let none = ShapingAdjustments()
}

/// The third stage's result: every item shaped once, in its own direction, script and language, and the
/// paragraph's widths as prefix sums, so a line of any width is measured by subtraction (cosmic-text's
/// `ShapeLine`: shaped once, broken at any width without reshaping).
///
/// Where a line ends or starts at a place HarfBuzz marks *unsafe to break* (a kerning pair, a ligature, Arabic
/// joining), the piece next to the break is shaped again on its own, as Chromium does: the kern between the
/// last letter of a line and the first of the next is not counted in either line.
struct ShapedParagraph: Sendable {
    static let softHyphen: Unicode.Scalar = "\u{00AD}"
    static let tab: Unicode.Scalar = "\t"

    let text: AttributedText
    let analysis: TextAnalysis
    let shapingText: ShapingText
    let items: [ShapedItem]
    /// `prefix[i]`: the advance of every glyph whose cluster lies before scalar `i`, in logical order.
    let prefix: [Double]
    /// `safe[i]`: a line may end before scalar `i` without changing any glyph (item edges and the two ends are safe).
    let safe: [Bool]
    /// The nearest safe offset at or before / at or after each offset.
    let previousSafe: [Int]
    let nextSafe: [Int]
    /// Offsets of tab characters, ascending; their glyphs have no advance until a line places them.
    let tabs: [Int]
    /// Distance between tab stops, points.
    let tabInterval: Double
    /// Characters no font in the cascade could draw, in order of first appearance.
    let missing: [Unicode.Scalar]
    let adjustments: ShapingAdjustments
    /// Whether fonts' tracking tables space the text (the model's rule), kept for the ellipsis a line may insert.
    let fontTracking: FontTracking

    var scalars: [Unicode.Scalar] { text.scalars }

    init(text: AttributedText, analysis: TextAnalysis, items: [TextItem], ligaturesSurviveLetterSpacing: Bool,
         tabInterval: Double, adjustments: ShapingAdjustments = .none, fontTracking: FontTracking = .ignored) {
        self.text = text
        self.fontTracking = fontTracking
        self.adjustments = adjustments
        self.analysis = analysis
        self.tabInterval = tabInterval
        let shapingText = ShapingText(text.scalars)
        self.shapingText = shapingText
        let scalars = text.scalars
        var shaped: [ShapedItem] = []
        shaped.reserveCapacity(items.count)
        var perScalar = [Double](repeating: 0, count: scalars.count)
        var safe = [Bool](repeating: true, count: scalars.count + 1)
        var missing: [Unicode.Scalar] = []
        var missingSet = Set<Unicode.Scalar>()
        for item in items {
            let style = text.runs[item.runIndex].style
            // Browsers turn optional ligatures off when letter spacing is set (kerning stays on); Core Text does not.
            let ligatures = style.ligatures && (ligaturesSurviveLetterSpacing || style.letterSpacing == 0)
            var options = ShapingOptions(kerning: style.kerning, ligatures: ligatures, letterSpacing: style.letterSpacing,
                                         direction: item.direction, script: item.script, language: style.language)
            options.features = style.features
            options.bitmapAdvances = adjustments.bitmapAdvances
            // The item's own font decides: a fallback font is tracked by its table, not the style's font's.
            options.tracking = fontTracking.points(item.font, pointSize: style.pointSize)
            let trims = adjustments.trimsPunctuation && style.textSpacingTrim != .spaceAll
            let (run, trimmed) = Self.shape(shapingText, range: item.range, font: item.font, pointSize: style.pointSize,
                                            options: options, adjustments: adjustments, trimsPunctuation: trims)
            for feature in trimmed {
                // A trimmed bracket depends on its neighbour: a line may not end between them without reshaping.
                let boundary = HanKerning.kind(scalars[feature]) == .open ? feature : feature + 1
                if boundary < scalars.count { safe[boundary] = false }
            }
            var clusterSeen = Set<Int>()
            for glyph in run.glyphs {
                perScalar[glyph.cluster] += glyph.advance
                if glyph.unsafeToBreak && glyph.cluster > item.range.lowerBound { safe[glyph.cluster] = false }
                clusterSeen.insert(glyph.cluster)
                if glyph.glyph == 0 {
                    let scalar = scalars[glyph.cluster]
                    if !scalar.properties.isWhitespace && scalar.properties.generalCategory != Unicode.GeneralCategory.control
                        && !FontFallback.isIgnorable(scalar) && missingSet.insert(scalar).inserted {
                        missing.append(scalar)
                    }
                }
            }
            // Inside a multi-scalar cluster (a ligature, a conjunct, an emoji sequence) a line can never end.
            for offset in item.range.dropFirst() where !clusterSeen.contains(offset) { safe[offset] = false }
            shaped.append(ShapedItem(item: item, options: options, pointSize: style.pointSize, run: run, trimsPunctuation: trims))
        }
        var prefix = [Double](repeating: 0, count: scalars.count + 1)
        for i in 0..<scalars.count { prefix[i + 1] = prefix[i] + perScalar[i] }
        var previousSafe = [Int](repeating: 0, count: scalars.count + 1)
        var last = 0
        for i in 0...scalars.count { if safe[i] { last = i }; previousSafe[i] = last }
        var nextSafe = [Int](repeating: scalars.count, count: scalars.count + 1)
        var next = scalars.count
        for i in stride(from: scalars.count, through: 0, by: -1) { if safe[i] { next = i }; nextSafe[i] = next }
        self.items = shaped
        self.prefix = prefix
        self.safe = safe
        self.previousSafe = previousSafe
        self.nextSafe = nextSafe
        self.tabs = scalars.indices.filter { scalars[$0] == Self.tab }
        self.missing = missing
    }

    /// A range shaped as a line holding it draws it: tabs without advance (the line places them at its tab
    /// stops), collapsed spaces without advance or glyph, and, when asked, adjacent fullwidth CJK punctuation
    /// trimmed — judged inside the range only, so a bracket that starts a line keeps its space, as in Chromium.
    static func shape(_ text: ShapingText, range: Range<Int>, font: Font, pointSize: Double, options: ShapingOptions,
                      adjustments: ShapingAdjustments, trimsPunctuation: Bool) -> (run: ShapedRun, trimmedPunctuation: [Int]) {
        var run = shape(text, range: range, font: font, pointSize: pointSize, options: options)
        var trimmedOffsets: [Int] = []
        if trimsPunctuation {
            let trims = HanKerning.features(run, scalars: text.scalars, letterSpacing: options.letterSpacing + options.tracking)
            if !trims.isEmpty {
                var trimmed = options
                trimmed.features += trims
                run = shape(text, range: range, font: font, pointSize: pointSize, options: trimmed)
                trimmedOffsets = trims.compactMap(\.range?.lowerBound)
            }
        }
        if !adjustments.collapsed.isEmpty, run.glyphs.contains(where: { adjustments.collapsed[$0.cluster] }) {
            let space = font.glyphIndex(for: " ")
            let glyphs = run.glyphs.map { glyph -> ShapedGlyph in
                guard adjustments.collapsed[glyph.cluster] else { return glyph }
                var blank = glyph
                blank.glyph = space
                blank.advance = 0
                return blank
            }
            run = ShapedRun(range: run.range, glyphs: glyphs, direction: run.direction, pointSize: run.pointSize)
        }
        return (run, trimmedOffsets)
    }

    /// Shapes a range, with tabs given no advance (a line places them at its tab stops).
    static func shape(_ text: ShapingText, range: Range<Int>, font: Font, pointSize: Double, options: ShapingOptions) -> ShapedRun {
        let run = Shaper.shape(text, range: range, font: font, pointSize: pointSize, options: options)
        guard run.glyphs.contains(where: { text.scalars[$0.cluster] == tab }) else { return run }
        let space = font.glyphIndex(for: " ")
        let glyphs = run.glyphs.map { glyph -> ShapedGlyph in
            guard text.scalars[glyph.cluster] == tab else { return glyph }
            var blank = glyph
            blank.glyph = space
            blank.advance = 0
            return blank
        }
        return ShapedRun(range: run.range, glyphs: glyphs, direction: run.direction, pointSize: run.pointSize)
    }

    // MARK: Measuring

    /// The index of the item holding scalar `offset`.
    func itemIndex(at offset: Int) -> Int {
        var low = 0, high = items.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if items[mid].item.range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Which ends of a line are shaped on their own when measuring it.
    enum Edges {
        /// Both: the width the line is drawn with (no kern with the next line's first letter).
        case both
        /// The start only: what a line breaker compares with the box. Chromium measures a candidate line with
        /// the paragraph's advances up to the break — the kern with the letter after it included — and reshapes
        /// the end only once the line is chosen (observed: "WAVEYAWATA" at 28 px in 60 px breaks "AWA|TA",
        /// a line 61.3 px wide once drawn).
        case start
    }

    /// The advance of scalars `a..<b` as a line holding exactly them would draw them (no tabs expanded).
    func advance(_ a: Int, _ b: Int, edges: Edges = .both) -> Double {
        guard b > a else { return 0 }
        var total = prefix[b] - prefix[a]
        let startUnsafe = !safe[a], endUnsafe = edges == .both && !safe[b]
        guard startUnsafe || endUnsafe else { return total }
        if startUnsafe && endUnsafe && nextSafe[a] >= previousSafe[b] {
            return reshapedAdvance(a, b)
        }
        if startUnsafe {
            // The start is shaped anew up to the next safe place, which may lie past `b` (Chromium measures a
            // candidate line inside that reshaped run, so a kern with the letter after `b` still counts).
            let end = min(b, nextSafe[a])
            total += reshapedAdvance(a, edges == .both ? end : nextSafe[a], upTo: end) - (prefix[end] - prefix[a])
        }
        if endUnsafe {
            let start = max(a, previousSafe[b])
            total += reshapedAdvance(start, b) - (prefix[b] - prefix[start])
        }
        return total
    }

    /// The width of a line holding `start..<end` (the drawn part: trailing spaces already left out), with tabs
    /// at their stops and the hyphen a soft hyphen shows at the line's end.
    /// `hyphenated`: the line ends at a dictionary hyphenation point and shows a hyphen there.
    func width(_ start: Int, _ end: Int, edges: Edges = .both, hyphenated: Bool = false) -> Double {
        guard end > start else { return 0 }
        var x = 0.0
        var segment = start
        var tabIndex = firstTab(atOrAfter: start)
        while tabIndex < tabs.count && tabs[tabIndex] < end {
            let tab = tabs[tabIndex]
            x = nextTabStop(after: x + advance(segment, tab))
            segment = tab + 1
            tabIndex += 1
        }
        x += advance(segment, end, edges: edges)
        if hyphenated || scalars[end - 1] == Self.softHyphen { x += hyphenPiece(after: end, level: 0).advance }
        return x
    }

    func nextTabStop(after x: Double) -> Double {
        guard tabInterval > 0 else { return x }
        return ((x / tabInterval).rounded(.down) + 1) * tabInterval
    }

    private func firstTab(atOrAfter offset: Int) -> Int {
        var low = 0, high = tabs.count
        while low < high {
            let mid = (low + high) / 2
            if tabs[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Reshapes `a..<b` on its own (item by item) and returns the advance of its scalars before `limit`.
    private func reshapedAdvance(_ a: Int, _ b: Int, upTo limit: Int? = nil) -> Double {
        let limit = limit ?? b
        var total = 0.0
        var offset = a
        while offset < b && offset < limit {
            let shaped = items[itemIndex(at: offset)]
            let end = min(b, shaped.item.range.upperBound)
            let run = Self.shape(shapingText, range: offset..<end, font: shaped.item.font, pointSize: shaped.pointSize,
                                 options: shaped.options, adjustments: adjustments, trimsPunctuation: shaped.trimsPunctuation).run
            total += run.glyphs.reduce(0) { $0 + ($1.cluster < limit ? $1.advance : 0) }
            offset = end
        }
        return total
    }
}
