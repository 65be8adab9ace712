/// Ends a line with "…" as Blink's line truncator does (`line_truncator.cc`: `TruncateLine`, `EllipsizeChild`,
/// `TruncateChild`), for ``TruncationRule/blink``:
///
/// - the line is the one the line breaker made: a clamped last line is never refilled with the text after it;
/// - its content runs to its last drawn scalar, or, where `white-space` keeps spaces (`pre`, `pre-wrap`,
///   `break-spaces`), to its hanging spaces as well (never past a hard break);
/// - "…" is shaped in the label's own style (``ShapedParagraph/blockEllipsisPiece(at:level:)``);
/// - when the content and "…" fit, "…" follows the content; otherwise the line keeps the longest prefix of whole
///   grapheme clusters whose width, spaces included, fits with the "…" (nothing trims the space before it), and at
///   least one cluster.
///
/// In the css model widths are compared as Blink compares them, in LayoutUnits (1/64) of device pixels: the room is
/// the box's width truncated to a unit less the ellipsis' width rounded up to one (`SnappedWidth`).
enum BlinkTruncation {
    /// `line` ended with "…" in a box `width` wide. `runsToEnd`: the line is the last one a clamp shows, so it owns
    /// the rest of the text (as every truncated line does in the layout JSON).
    static func ellipsize(_ line: BrokenLine, paragraph: ShapedParagraph, width: Double, fit: LineFit, keepsSpaces: Bool,
                          runsToEnd: Bool) -> BrokenLine {
        let scalars = paragraph.scalars
        let start = line.start
        let contentEnd = keepsSpaces ? LineBreaker.terminatorTrimmedEnd(scalars, start: start, end: line.end) : line.visibleEnd
        let level = paragraph.analysis.paragraphLevels.isEmpty ? 0 : paragraph.analysis.paragraphLevels[min(start, max(0, scalars.count - 1))]
        let probe = paragraph.blockEllipsisPiece(at: contentEnd, level: level)
        let room = Room(width: width, ellipsis: probe.advance, fit: fit)
        var head = contentEnd
        if !room.holds(paragraph.width(start, contentEnd), whole: true) {
            let cuts = paragraph.analysis.graphemes.filter { $0 > start && $0 < contentEnd }
            // At least one cluster stays, clipped if need be.
            head = cuts.last { room.holds(paragraph.width(start, $0), whole: false) } ?? (cuts.first ?? contentEnd)
        }
        let dots = paragraph.blockEllipsisPiece(at: head, level: level)
        let pieces = paragraph.pieces(start, head) + [dots]
        return BrokenLine(start: start, end: runsToEnd ? scalars.count : line.end, visibleEnd: head,
                          width: pieces.reduce(0) { $0 + $1.advance }, endsParagraph: true, pieces: pieces, truncated: true)
    }

    /// The room a line's text has beside the "…".
    private struct Room {
        let width: Double
        let ellipsis: Double
        let fit: LineFit

        /// Whether text `advance` wide fits before the "…". Blink compares a whole child's LayoutUnit width
        /// (`whole`) and a prefix's float advance (`ShapeResult::OffsetToFit`) with the same room in units.
        func holds(_ advance: Double, whole: Bool) -> Bool {
            switch fit {
            case .points:
                return advance + ellipsis <= width + 1e-5
            case .chromium(let scale):
                let units = 64 * scale.value
                let room = (width * units + 1e-7).rounded(.down) - (ellipsis * units - 1e-7).rounded(.up)
                let needed = advance * units
                return (whole ? (needed - 1e-7).rounded(.up) : needed - 1e-7) <= room
            }
        }
    }
}
