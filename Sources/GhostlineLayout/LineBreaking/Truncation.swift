import GhostlineShaping

/// Limits a label to `numberOfLines` and truncates lines that do not fit, as UILabel's line-break modes do:
/// `truncateTail` ends the last line with "…", `truncateHead` starts it with "…", `truncateMiddle` puts "…"
/// in the middle; `clip`, `wordWrap` and `charWrap` just drop what does not fit.
enum Truncation {
    static let ellipsis = "\u{2026}"

    static func limit(_ lines: [BrokenLine], to count: Int, shaped: ShapedText, style: TextStyle,
                      mode: LineBreakMode, width: Double) -> [BrokenLine] {
        var kept = Array(lines.prefix(count))
        guard let last = kept.last else { return kept }
        switch mode {
        case .truncateTail, .truncateHead, .truncateMiddle:
            kept[kept.count - 1] = truncate(start: last.start, end: shaped.scalars.count, shaped: shaped, style: style,
                                            mode: mode, width: width, force: true)
        case .clip, .wordWrap, .charWrap:
            kept[kept.count - 1].truncated = true
        }
        return kept
    }

    /// Fits `start..<end` (to the first hard break) into `width` with an ellipsis placed as `mode` says.
    static func truncate(start: Int, end: Int, shaped: ShapedText, style: TextStyle, mode: LineBreakMode,
                         width: Double, force: Bool) -> BrokenLine {
        let scalars = shaped.scalars
        var stop = start
        while stop < end && !LineBreaker.isLineTerminator(scalars[stop]) { stop += 1 }
        let visibleEnd = LineBreaker.trimmedEnd(scalars, start: start, end: stop)
        let whole = shaped.advance(of: start..<visibleEnd)
        if whole <= width && !(force && stop < end) {
            return BrokenLine(start: start, end: end, visibleEnd: visibleEnd, width: whole, endsParagraph: true)
        }
        let dots = Shaper.shape(ellipsis, font: style.font, pointSize: style.pointSize,
                                options: ShapingOptions(kerning: style.kerning, ligatures: style.ligatures,
                                                        letterSpacing: style.letterSpacing))
        let room = max(0, width - dots.totalAdvance)
        let cuts = [start] + BreakOpportunities.graphemes(Array(scalars[start..<visibleEnd])).map { $0 + start }
        var head = start, tail = visibleEnd
        switch mode {
        case .truncateHead:
            // The longest suffix that fits after the ellipsis.
            tail = visibleEnd
            head = cuts.first { shaped.advance(of: $0..<visibleEnd) <= room } ?? visibleEnd
            return assemble([(head, visibleEnd)], ellipsisAt: 0, dots: dots, shaped: shaped, start: start, end: end)
        case .truncateMiddle:
            // Keep about half the room at each end.
            let half = room / 2
            head = cuts.last { shaped.advance(of: start..<$0) <= half } ?? start
            tail = cuts.first { $0 >= head && shaped.advance(of: $0..<visibleEnd) <= room - shaped.advance(of: start..<head) } ?? visibleEnd
            return assemble([(start, head), (tail, visibleEnd)], ellipsisAt: 1, dots: dots, shaped: shaped, start: start, end: end)
        default:
            head = cuts.last { shaped.advance(of: start..<LineBreaker.trimmedEnd(scalars, start: start, end: $0)) <= room } ?? start
            head = LineBreaker.trimmedEnd(scalars, start: start, end: head)
            return assemble([(start, head)], ellipsisAt: 1, dots: dots, shaped: shaped, start: start, end: end)
        }
    }

    /// Builds a line from kept scalar ranges with the ellipsis glyphs inserted before range `ellipsisAt`.
    private static func assemble(_ ranges: [(Int, Int)], ellipsisAt: Int, dots: ShapedText, shaped: ShapedText,
                                 start: Int, end: Int) -> BrokenLine {
        var glyphs: [PositionedGlyph] = []
        var pen = 0.0
        func appendDots(cluster: Int) {
            for glyph in dots.glyphs {
                glyphs.append(PositionedGlyph(glyph: glyph.glyph, x: pen + glyph.offsetX, y: glyph.offsetY, cluster: cluster))
                pen += glyph.advance
            }
        }
        for (index, range) in ranges.enumerated() {
            if index == ellipsisAt { appendDots(cluster: range.0) }
            for glyph in shaped.glyphs where glyph.cluster >= range.0 && glyph.cluster < range.1 {
                glyphs.append(PositionedGlyph(glyph: glyph.glyph, x: pen + glyph.offsetX, y: glyph.offsetY, cluster: glyph.cluster))
                pen += glyph.advance
            }
        }
        if ellipsisAt >= ranges.count { appendDots(cluster: ranges.last?.1 ?? start) }
        return BrokenLine(start: start, end: end, visibleEnd: ranges.last?.1 ?? start, width: pen, endsParagraph: true,
                          glyphs: glyphs, truncated: true)
    }
}
