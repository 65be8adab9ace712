/// Limits a label to `numberOfLines` and truncates the last line that is shown, as UILabel's line-break modes
/// do: `truncateTail` ends it with "…", `truncateHead` starts it with "…", `truncateMiddle` puts "…" in the
/// middle; `clip`, `wordWrap` and `charWrap` just drop what does not fit.
///
/// Cuts are at grapheme boundaries; the ellipsis takes the style of the text it replaces (its font, or a
/// fallback font with "…") and the paragraph's bidi level, so it lands at the logical end of a right-to-left line.
/// That is ``TruncationRule/textKit``; with ``TruncationRule/blink`` the tail mode is ``BlinkTruncation``'s.
enum Truncation {
    /// How the model truncates: its rule, its line-fit test, and whether `white-space` keeps a line's hanging spaces.
    struct Rules {
        var rule: TruncationRule = .textKit
        var fit: LineFit = .points
        var keepsSpaces = false
    }

    static func limit(_ lines: [BrokenLine], to count: Int, paragraph: ShapedParagraph, mode: LineBreakMode,
                      width: Double, fallback: FontFallback, rules: Rules = Rules()) -> [BrokenLine] {
        var kept = Array(lines.prefix(count))
        guard let last = kept.last else { return kept }
        switch mode {
        case .truncateTail where rules.rule == .blink:
            kept[kept.count - 1] = BlinkTruncation.ellipsize(last, paragraph: paragraph, width: width, fit: rules.fit,
                                                             keepsSpaces: rules.keepsSpaces, runsToEnd: true)
        case .truncateTail, .truncateHead, .truncateMiddle:
            kept[kept.count - 1] = truncate(start: last.start, end: paragraph.scalars.count, paragraph: paragraph,
                                            mode: mode, width: width, fallback: fallback)
        case .clip, .wordWrap, .charWrap:
            kept[kept.count - 1].truncated = true
        }
        return kept
    }

    /// Fits `start..<end` (to the first hard break) into `width` with an ellipsis placed as `mode` says.
    static func truncate(start: Int, end: Int, paragraph: ShapedParagraph, mode: LineBreakMode, width: Double,
                         fallback: FontFallback) -> BrokenLine {
        let scalars = paragraph.scalars
        var stop = start
        while stop < end && !scalars[stop].isLineTerminator { stop += 1 }
        let visibleEnd = LineBreaker.trimmedEnd(scalars, start: start, end: stop)
        let level = paragraph.analysis.paragraphLevels.isEmpty ? 0 : paragraph.analysis.paragraphLevels[min(start, scalars.count - 1)]
        let cuts = [start] + paragraph.analysis.graphemes.filter { $0 > start && $0 <= visibleEnd }
        func measure(_ a: Int, _ b: Int) -> Double { paragraph.width(a, LineBreaker.trimmedEnd(scalars, start: a, end: b)) }
        let whole = paragraph.width(start, visibleEnd)
        if whole <= width && stop == end {
            // Everything left fits on this line: nothing to cut.
            return BrokenLine(start: start, end: end, visibleEnd: visibleEnd, width: whole, endsParagraph: true)
        }

        var pieces: [LinePiece] = []
        switch mode {
        case .truncateHead:
            // The longest suffix that fits after the ellipsis.
            let dots = paragraph.ellipsisPiece(styleAt: visibleEnd - 1, level: level, fallback: fallback)
            let room = max(0, width - dots.advance)
            let head = cuts.first { paragraph.width($0, visibleEnd) <= room } ?? visibleEnd
            pieces = [dots] + paragraph.pieces(head, visibleEnd)
        case .truncateMiddle:
            // About half the room for each end.
            let dots = paragraph.ellipsisPiece(styleAt: start, level: level, fallback: fallback)
            let room = max(0, width - dots.advance)
            let head = cuts.last { measure(start, $0) <= room / 2 } ?? start
            let used = measure(start, head)
            let tail = cuts.first { $0 >= head && paragraph.width($0, visibleEnd) <= room - used } ?? visibleEnd
            let headEnd = LineBreaker.trimmedEnd(scalars, start: start, end: head)
            pieces = paragraph.pieces(start, headEnd) + [moved(dots, to: headEnd, paragraph)] + paragraph.pieces(tail, visibleEnd)
        default:
            let probe = paragraph.ellipsisPiece(styleAt: start, level: level, fallback: fallback)
            let room = max(0, width - probe.advance)
            var head = cuts.last { measure(start, $0) <= room } ?? start
            head = LineBreaker.trimmedEnd(scalars, start: start, end: head)
            let dots = paragraph.ellipsisPiece(styleAt: max(start, head - 1), level: level, fallback: fallback)
            pieces = paragraph.pieces(start, head) + [moved(dots, to: head, paragraph)]
        }
        return BrokenLine(start: start, end: end, visibleEnd: visibleEnd, width: pieces.reduce(0) { $0 + $1.advance },
                          endsParagraph: true, pieces: pieces, truncated: true)
    }

    /// The ellipsis placed (for reordering) at the logical offset where it stands.
    private static func moved(_ piece: LinePiece, to offset: Int, _ paragraph: ShapedParagraph) -> LinePiece {
        var moved = piece
        moved.range = offset..<offset
        return moved
    }
}
