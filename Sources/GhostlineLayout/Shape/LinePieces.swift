import GhostlineFonts
import GhostlineShaping

/// A line's share of one item (or an inserted ellipsis or hyphen): glyphs in visual order, one level.
struct LinePiece: Sendable {
    /// Scalars of the paragraph it draws; an inserted ellipsis or hyphen has an empty range at its place.
    var range: Range<Int>
    var runIndex: Int
    var font: Font
    var pointSize: Double
    var isFallback: Bool
    var synthesis: FontSynthesis = []
    var level: UInt8
    var glyphs: [ShapedGlyph]
    /// The character an inserted piece draws (an ellipsis, a soft hyphen's hyphen); nil for text.
    var inserted: Unicode.Scalar? = nil
    var advance: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

extension ShapedParagraph {
    /// The pieces of a line holding `start..<end`, in logical order, with tabs expanded to their stops and a
    /// hyphen at the end where a soft hyphen or a dictionary hyphenation point (`hyphenated`) breaks it.
    /// `trimsEnd`: the closing mark that ends the line is drawn half-width (``lineEndTrim(_:_:)``).
    func pieces(_ start: Int, _ end: Int, hyphenated: Bool = false, trimsEnd: Bool = false) -> [LinePiece] {
        guard end > start else { return [] }
        var pieces: [LinePiece] = []
        var offset = start
        while offset < end {
            let index = itemIndex(at: offset)
            let shaped = items[index]
            let range = offset..<min(end, shaped.item.range.upperBound)
            let glyphs: [ShapedGlyph]
            if range == shaped.item.range {
                glyphs = shaped.run.glyphs
            } else if (range.lowerBound == shaped.item.range.lowerBound || safe[range.lowerBound])
                        && (range.upperBound == shaped.item.range.upperBound || safe[range.upperBound]) {
                glyphs = Self.slice(shaped.run, range)
            } else {
                glyphs = Self.shape(shapingText, range: range, font: shaped.item.font, pointSize: shaped.pointSize,
                                    options: shaped.options, adjustments: adjustments,
                                    trimsPunctuation: shaped.trimsPunctuation).run.glyphs
            }
            pieces.append(LinePiece(range: range, runIndex: shaped.item.runIndex, font: shaped.item.font,
                                    pointSize: shaped.pointSize, isFallback: shaped.item.isFallback,
                                    synthesis: shaped.item.synthesis, level: shaped.item.level, glyphs: glyphs))
            offset = range.upperBound
        }
        if trimsEnd, let last = pieces.indices.last(where: { pieces[$0].range.contains(end - 1) }) {
            let half = halfWidthGlyphs(at: end - 1)
            let rest = pieces[last].glyphs.filter { $0.cluster != end - 1 }
            pieces[last].glyphs = pieces[last].level & 1 == 0 ? rest + half : half + rest
        }
        if !tabs.isEmpty { expandTabs(&pieces) }
        if hyphenated || scalars[end - 1] == Self.softHyphen, let last = pieces.last {
            pieces.append(hyphenPiece(after: end, level: last.level))
        }
        return pieces
    }

    /// The glyphs of `range` in a run: clusters are monotonic (ascending left to right, descending right to
    /// left), so they are one contiguous slice found by binary search, and laying out n lines stays O(n log n).
    static func slice(_ run: ShapedRun, _ range: Range<Int>) -> [ShapedGlyph] {
        let glyphs = run.glyphs
        let ascending = run.direction == .leftToRight
        // The first glyph index whose cluster is on the far side of `cluster` in visual order.
        func boundary(_ cluster: Int) -> Int {
            var low = 0, high = glyphs.count
            while low < high {
                let mid = (low + high) / 2
                let before = ascending ? glyphs[mid].cluster < cluster : glyphs[mid].cluster >= cluster
                if before { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let from = ascending ? boundary(range.lowerBound) : boundary(range.upperBound)
        let to = ascending ? boundary(range.upperBound) : boundary(range.lowerBound)
        return from < to ? Array(glyphs[from..<to]) : []
    }

    /// Gives every tab the advance that takes the pen to the next tab stop, measured from the line's start in
    /// logical order.
    private func expandTabs(_ pieces: inout [LinePiece]) {
        var x = 0.0
        for p in pieces.indices {
            var glyphs = pieces[p].glyphs
            let order = pieces[p].level & 1 == 0 ? Array(glyphs.indices) : glyphs.indices.reversed()
            for g in order {
                if scalars[glyphs[g].cluster] == Self.tab && glyphs[g].advance == 0 {
                    glyphs[g].advance = nextTabStop(after: x) - x
                }
                x += glyphs[g].advance
            }
            pieces[p].glyphs = glyphs
        }
    }

    /// The hyphen a line shows when it breaks inside a word before `offset`, in the font of the letter before
    /// the break: U+2010 where the font has it, else the hyphen-minus, as browsers choose.
    func hyphenPiece(after offset: Int, level: UInt8) -> LinePiece {
        let shaped = items[itemIndex(at: offset - 1)]
        let font = shaped.item.font
        let hyphen: Unicode.Scalar = font.hasGlyph(for: "\u{2010}") ? "\u{2010}" : "-"
        var options = shaped.options
        options.direction = .leftToRight
        let run = Shaper.shape(ShapingText([hyphen]), range: 0..<1, font: font, pointSize: shaped.pointSize, options: options)
        let glyphs = run.glyphs.map { glyph -> ShapedGlyph in var g = glyph; g.cluster = offset - 1; return g }
        return LinePiece(range: offset..<offset, runIndex: shaped.item.runIndex, font: font, pointSize: shaped.pointSize,
                         isFallback: shaped.item.isFallback, synthesis: shaped.item.synthesis, level: level, glyphs: glyphs,
                         inserted: hyphen)
    }

    /// An ellipsis in the style of scalar `offset`'s run (its font, or a fallback that has "…"), at `level`.
    func ellipsisPiece(styleAt offset: Int, level: UInt8, fallback: FontFallback) -> LinePiece {
        let runIndex = text.runs.isEmpty ? 0 : text.runIndex(at: min(max(offset, 0), max(0, scalars.count - 1)))
        let style = text.runs.isEmpty ? text.baseStyle : text.runs[runIndex].style
        let ellipsis: [Unicode.Scalar] = ["\u{2026}"]
        let choice = fallback.font(for: ellipsis[...], style: style)
        let font = choice.font
        var options = ShapingOptions(kerning: style.kerning, ligatures: style.ligatures, letterSpacing: style.letterSpacing,
                                     direction: TextDirection(level: level), language: style.language)
        options.features = style.features
        options.bitmapAdvances = adjustments.bitmapAdvances
        options.tracking = fontTracking.points(font, pointSize: style.pointSize)
        let run = Shaper.shape(ShapingText(ellipsis), range: 0..<1, font: font, pointSize: style.pointSize, options: options)
        // The glyphs belong to the scalar at the cut (clamped to the text), so cluster look-ups stay in range.
        let cluster = min(max(offset, 0), max(0, scalars.count - 1))
        let glyphs = run.glyphs.map { glyph -> ShapedGlyph in var g = glyph; g.cluster = cluster; return g }
        return LinePiece(range: offset..<offset, runIndex: runIndex, font: font, pointSize: style.pointSize,
                         isFallback: choice.isFallback, synthesis: choice.synthesis, level: level, glyphs: glyphs,
                         inserted: ellipsis[0])
    }

    /// An ellipsis as Blink's line truncator shapes it: in the paragraph's own style (the block's, not the text's at
    /// the cut) and its font only, "…" or "..." when the font has no "…"; placed at `offset`, at `level`. It is
    /// painted as the first run in that style (the run at `offset` when every run sets a style of its own).
    func blockEllipsisPiece(at offset: Int, level: UInt8) -> LinePiece {
        let style = text.baseStyle
        let ellipsis: [Unicode.Scalar] = style.font.hasGlyph(for: "\u{2026}") ? ["\u{2026}"] : [".", ".", "."]
        let clamped = min(max(offset, 0), max(0, scalars.count - 1))
        let runIndex = text.runs.firstIndex { !$0.isStyled } ?? (text.runs.isEmpty ? 0 : text.runIndex(at: clamped))
        var options = ShapingOptions(kerning: style.kerning, ligatures: style.ligatures, letterSpacing: style.letterSpacing,
                                     direction: TextDirection(level: level), language: style.language)
        options.features = style.features
        options.tracking = fontTracking.points(style.font, pointSize: style.pointSize)
        let run = Shaper.shape(ShapingText(ellipsis), range: 0..<ellipsis.count, font: style.font, pointSize: style.pointSize,
                               options: options)
        let glyphs = run.glyphs.map { glyph -> ShapedGlyph in var g = glyph; g.cluster = clamped; return g }
        return LinePiece(range: offset..<offset, runIndex: runIndex, font: style.font, pointSize: style.pointSize,
                         isFallback: false, level: level, glyphs: glyphs, inserted: "\u{2026}")
    }
}
