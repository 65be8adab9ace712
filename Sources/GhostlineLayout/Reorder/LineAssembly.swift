import GhostlineFonts
import GhostlineShaping

/// Turns a broken line's pieces into drawable runs: visual order (bidi L2), pen positions, justification, and
/// each run's paint, baseline offset and decorations from its style (measured by the model's ``DecorationGeometry``).
enum LineAssembly {
    static func line(_ line: BrokenLine, pieces: [LinePiece], paragraph: ShapedParagraph, justifyTo boxWidth: Double?,
                     decorations: DecorationGeometry) -> LabelLine {
        let visual = BidiReorder.visualOrder(pieces) { $0.level }
        var extraPerSpace = 0.0
        let natural = visual.reduce(0) { $0 + $1.advance }
        if let boxWidth {
            // Justification as TextKit does it for Latin text: the line's spare width is shared equally by its
            // inter-word spaces; the last line of a paragraph stays natural.
            let spaces = visual.reduce(0) { count, piece in
                count + piece.glyphs.filter { paragraph.scalars[$0.cluster] == " " }.count
            }
            if boxWidth > natural && spaces > 0 { extraPerSpace = (boxWidth - natural) / Double(spaces) }
        }
        var runs: [GlyphRun] = []
        runs.reserveCapacity(visual.count)
        var pen = 0.0
        var lastPiece: LinePiece?
        for piece in visual {
            let start = pen
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(piece.glyphs.count)
            for glyph in piece.glyphs {
                glyphs.append(PositionedGlyph(glyph: glyph.glyph, x: pen + glyph.offsetX, y: glyph.offsetY, cluster: glyph.cluster))
                pen += glyph.advance
                if extraPerSpace > 0 && paragraph.scalars[glyph.cluster] == " " { pen += extraPerSpace }
            }
            // Pieces split only by script (a space between a Hebrew and a Latin word) continue the previous run.
            if let last = runs.last, let previous = lastPiece, previous.runIndex == piece.runIndex,
               previous.font === piece.font, previous.synthesis == piece.synthesis, previous.level == piece.level, previous.pointSize == piece.pointSize,
               !piece.range.isEmpty, !previous.range.isEmpty {
                var merged = last
                merged.start = min(last.start, piece.range.lowerBound)
                merged.end = max(last.end, piece.range.upperBound)
                merged.width = pen - last.x
                merged.glyphs += glyphs
                runs[runs.count - 1] = merged
                lastPiece = piece
                continue
            }
            lastPiece = piece
            let style = paragraph.text.runs.isEmpty ? paragraph.text.baseStyle : paragraph.text.runs[piece.runIndex].style
            runs.append(GlyphRun(
                start: piece.range.lowerBound, end: piece.range.upperBound, x: start, width: pen - start,
                font: piece.font, pointSize: piece.pointSize, direction: TextDirection(level: piece.level),
                isFallback: piece.isFallback, synthesis: piece.synthesis, paint: style.paint, baselineOffset: style.baselineOffset,
                underline: style.underline.map { decorations.underline($0, piece: piece, style: style) },
                strikethrough: style.strikethrough.map { decorations.strikethrough($0, piece: piece, style: style) },
                glyphs: glyphs))
            runs[runs.count - 1].features = style.features
            runs[runs.count - 1].tracking = paragraph.fontTracking.points(piece.font, pointSize: piece.pointSize)
        }
        var assembled = LabelLine(start: line.start, end: line.end, visibleEnd: line.visibleEnd, x: 0,
                                  width: extraPerSpace > 0 ? pen : line.width, baseline: 0, runs: runs, ascent: 0, descent: 0,
                                  truncated: line.truncated)
        assembled.text = displayedText(pieces, paragraph: paragraph)
        return assembled
    }

    /// The pieces' text in logical order: scalars as they are (a soft hyphen is never shown as itself, a
    /// collapsed space not at all), an inserted ellipsis or hyphen as the character it draws.
    static func displayedText(_ pieces: [LinePiece], paragraph: ShapedParagraph) -> String {
        var text = String.UnicodeScalarView()
        let collapsed = paragraph.adjustments.collapsed
        for piece in pieces {
            if let inserted = piece.inserted {
                text.append(inserted)
            } else {
                for offset in piece.range where paragraph.scalars[offset] != ShapedParagraph.softHyphen
                    && (collapsed.isEmpty || !collapsed[offset]) {
                    text.append(paragraph.scalars[offset])
                }
            }
        }
        return String(text)
    }

    /// The line's left edge in a box: `natural` (and the last line of a justified paragraph) follows the
    /// paragraph's direction.
    static func alignedX(width: Double, box: Double, alignment: TextAlignment, direction: TextDirection) -> Double {
        switch alignment {
        case .left: return 0
        case .right: return box - width
        case .center: return (box - width) / 2
        case .natural, .justified: return direction == .leftToRight ? 0 : box - width
        }
    }
}
