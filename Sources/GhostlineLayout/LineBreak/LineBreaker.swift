import GhostlineGeometry
import GhostlineShaping

/// One line's share of a paragraph, before it is reordered and placed. Offsets are Unicode scalars of the text.
struct BrokenLine: Sendable {
    /// First scalar of the line.
    var start: Int
    /// One past the last scalar the line owns, trailing spaces and its line terminator included, so the lines
    /// of a paragraph tile its text.
    var end: Int
    /// One past the last scalar that is drawn and measured: trailing whitespace hangs past the line's edge and
    /// does not count toward its width, as in TextKit and CSS.
    var visibleEnd: Int
    /// Width of the drawn part in points (tabs at their stops, a soft hyphen's hyphen included).
    var width: Double
    /// True when the line ends at a hard break or the end of the text (no justification, paragraph spacing).
    var endsParagraph: Bool
    /// The line's pieces when truncation built them (with an ellipsis); nil = the paragraph's own for the range.
    var pieces: [LinePiece]? = nil
    /// True when the line was truncated (an ellipsis drawn) or clipped.
    var truncated: Bool = false
    /// True when the line ends at a dictionary hyphenation point (it shows a hyphen).
    var hyphenated: Bool = false
    /// True when the closing mark that ends the line is drawn half-width, which is what made the line fit
    /// (``ShapedParagraph/lineEndTrim(_:_:)``; css model only).
    var trimsEnd: Bool = false
}

/// The fourth stage: greedy line breaking over the shaped paragraph, as TextKit and browsers do it — each line
/// takes as many break opportunities as fit. Widths come from the paragraph's prefix sums, so the pass is
/// linear in the text's length; only a break at a place unsafe for shaping reshapes the piece beside it.
enum LineBreaker {
    /// How the model breaks lines beyond the break opportunities themselves.
    struct Rules {
        /// How a line's width is compared with the box.
        var fit: LineFit = .points
        /// TextKit gives text ending in a newline an empty last line; CSS does not.
        var trailingTerminatorAddsLine = true
        /// A word wider than the line is broken between grapheme clusters (UILabel; CSS `overflow-wrap:
        /// break-word`); otherwise it overflows (CSS `overflow-wrap: normal`).
        var breaksWithinWords = true
        /// Spaces at a line's end hang past its edge and do not count (UIKit, CSS except `break-spaces`).
        var spacesHang = true
        /// When a dictionary hyphenation point may end a line: the line without it must be filled less than
        /// this share of the width (UIKit's `hyphenationFactor`: 0 never, 1 whenever a point fits; CSS
        /// `hyphens: auto` is 1).
        var hyphenationFactor = 0.0
        /// Head, first-line and tail indents: each line's width is what they leave of the box.
        var indents = LineIndents()
    }

    static func breakLines(_ paragraph: ShapedParagraph, width boxWidth: Double, mode: LineBreakMode, rules: Rules = Rules()) -> [BrokenLine] {
        let fit = rules.fit
        let scalars = paragraph.scalars
        guard !scalars.isEmpty else { return [] }
        let opportunities = paragraph.analysis.breaks
        let graphemes = paragraph.analysis.graphemes
        // TextKit wraps multi-line text at word boundaries in every mode but charWrap; the truncating modes and
        // clip only change what happens to the last line a label can show (see Truncation).
        let wraps = boxWidth.isFinite
        // The room of the line being broken: the box less its indents (a first line may have its own).
        var width = boxWidth

        var lines: [BrokenLine] = []
        var start = 0
        var next = 0          // first opportunity that may end the current line
        var nextGrapheme = 0  // first grapheme boundary after the current line's start
        func visibleEnd(_ end: Int) -> Int {
            rules.spacesHang ? trimmedEnd(scalars, start: start, end: end) : terminatorTrimmedEnd(scalars, start: start, end: end)
        }
        func fits(_ end: Int, hyphenated: Bool = false) -> Bool {
            fit.fits(paragraph.width(start, visibleEnd(end), edges: .start, hyphenated: hyphenated), in: width)
        }
        // What a line ending at `end` gives up when its closing mark is drawn half-width, if it then fits.
        func endTrimThatFits(_ end: Int) -> Double? {
            let drawnEnd = visibleEnd(end)
            guard let saved = paragraph.lineEndTrim(start, drawnEnd),
                  fit.fitsWithTrimmedEnd(paragraph.width(start, drawnEnd, edges: .start) - saved, in: width) else { return nil }
            return saved
        }
        while start < scalars.count {
            if !rules.indents.isNone {
                width = rules.indents.available(in: boxWidth, firstLine: rules.indents.isFirstLine(start: start, scalars: scalars))
            }
            while next < opportunities.count && opportunities[next].offset <= start { next += 1 }
            while nextGrapheme < graphemes.count && graphemes[nextGrapheme] <= start { nextGrapheme += 1 }
            // The line may not run past the next hard break.
            var hardLimit = scalars.count
            var lastFit: Int?
            var lastPlainFit: Int?
            var lastFitHyphenates = false
            // The advance a closing mark at the last fit's end gives up (drawn half-width), when only that made it fit.
            var lastFitEndTrim: Double?
            var index = next
            while index < opportunities.count {
                let candidate = opportunities[index]
                if candidate.mandatory { hardLimit = candidate.offset }
                if candidate.hyphenates && (!wraps || rules.hyphenationFactor <= 0) { index += 1; continue }
                if !wraps || fits(candidate.offset, hyphenated: candidate.hyphenates) {
                    lastFit = candidate.offset
                    lastFitHyphenates = candidate.hyphenates
                    if !candidate.hyphenates { lastPlainFit = candidate.offset }
                } else if !candidate.hyphenates, let saved = endTrimThatFits(candidate.offset) {
                    // CSS `text-spacing-trim: normal`: a line that overflows only by the blank half of the closing
                    // mark that ends it is kept, the mark drawn half-width. Nothing after it can fit.
                    lastFit = candidate.offset
                    lastPlainFit = candidate.offset
                    lastFitHyphenates = false
                    lastFitEndTrim = saved
                    break
                } else if candidate.hyphenates {
                    // A later hyphenation point of the same word cannot fit either, but the word's end might not
                    // be reached yet: keep looking for the next plain opportunity only to stop there.
                    index += 1
                    continue
                } else {
                    break
                }
                if candidate.mandatory { break }
                index += 1
            }
            if lastFitHyphenates {
                // UIKit hyphenates only a line that would otherwise be filled less than the hyphenation factor.
                let plainWidth = lastPlainFit.map { paragraph.width(start, visibleEnd($0)) } ?? 0
                if !(rules.hyphenationFactor >= 1 || plainWidth < rules.hyphenationFactor * width) {
                    lastFit = lastPlainFit
                    lastFitHyphenates = false
                }
            }
            if !wraps || (mode != .charWrap && lastFit != nil) {
                // Not wrapping: run to the hard break. Word wrap: the last opportunity that fits.
                lastFit = lastFit ?? hardLimit
            } else if mode != .charWrap && !rules.breaksWithinWords {
                // CSS overflow-wrap: normal: the word that does not fit stays whole and overflows.
                lastFit = index < opportunities.count ? opportunities[index].offset : scalars.count
            } else {
                // charWrap, or a word wider than the line: as many grapheme clusters as fit, at least one,
                // never past the end of the overflowing word (word wrap) or the next hard break.
                let limit = mode == .charWrap ? min(hardLimit, opportunities.first { $0.offset > start && $0.mandatory }?.offset ?? scalars.count)
                                              : (index < opportunities.count ? opportunities[index].offset : scalars.count)
                var end = graphemes[nextGrapheme]
                var g = nextGrapheme + 1
                while g < graphemes.count && graphemes[g] <= limit && fits(graphemes[g]) {
                    end = graphemes[g]
                    g += 1
                }
                // Whitespace right after the cut hangs on this line rather than starting the next.
                while end < limit && scalars[end].properties.isWhitespace && !scalars[end].isLineTerminator { end += 1 }
                if end < scalars.count && end == limit && scalars[end - 1].isLineTerminator == false,
                   let hard = opportunities.first(where: { $0.offset == end }), hard.mandatory {
                    end = hard.offset
                }
                lastFit = end
            }
            // Every line moves forward by at least one grapheme cluster, whatever the opportunities say: a line
            // that ended at or before its start would be broken again forever.
            let end = lastFit! > start ? lastFit! : (nextGrapheme < graphemes.count ? graphemes[nextGrapheme] : scalars.count)
            let drawnEnd = visibleEnd(end)
            let hard = end == scalars.count || scalars[end - 1].isLineTerminator
            let hyphenated = lastFitHyphenates
            let endTrim = end == lastFit ? lastFitEndTrim : nil
            lines.append(BrokenLine(start: start, end: end, visibleEnd: drawnEnd,
                                    width: paragraph.width(start, drawnEnd, hyphenated: hyphenated) - (endTrim ?? 0),
                                    endsParagraph: hard, hyphenated: hyphenated, trimsEnd: endTrim != nil))
            start = end
        }
        // A text that ends with a hard break has an empty last line, as TextKit lays out.
        if rules.trailingTerminatorAddsLine, let last = scalars.last, last.isLineTerminator {
            lines.append(BrokenLine(start: scalars.count, end: scalars.count, visibleEnd: scalars.count, width: 0,
                                    endsParagraph: true))
        }
        return lines
    }

    /// `end` moved back over trailing whitespace and line terminators, which hang and are not drawn.
    static func trimmedEnd(_ scalars: [Unicode.Scalar], start: Int, end: Int) -> Int {
        var visibleEnd = end
        while visibleEnd > start {
            let scalar = scalars[visibleEnd - 1]
            guard scalar.isLineTerminator || (scalar.properties.isWhitespace && scalar != "\u{00A0}" && scalar != "\u{202F}") else { break }
            visibleEnd -= 1
        }
        return visibleEnd
    }

    /// `end` moved back over line terminators only (`break-spaces`: spaces take room).
    static func terminatorTrimmedEnd(_ scalars: [Unicode.Scalar], start: Int, end: Int) -> Int {
        var visibleEnd = end
        while visibleEnd > start && scalars[visibleEnd - 1].isLineTerminator { visibleEnd -= 1 }
        return visibleEnd
    }
}
