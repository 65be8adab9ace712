import GhostlineShaping

/// A closing bracket or quote drawn half-width at a line's end so that the line fits (CSS `text-spacing-trim:
/// normal`, which includes `allow-end`): Chromium tries it only when the line does not fit otherwise, and then
/// draws the mark with the font's `halt`. The line breaker asks ``lineEndTrim(_:_:)`` for a candidate that
/// overflows; a line that was kept so is drawn by ``halfWidthGlyphs(at:)``.
extension ShapedParagraph {
    /// How much narrower the drawn range `start..<end` gets when its last character is drawn half-width, or nil when
    /// it cannot be: not a closing mark (``HanKerning/trimsAtLineEnd(_:)``), not an em wide where the paragraph
    /// draws it (already trimmed, or a proportional quote such as Japanese ”), in a run that does not trim
    /// (the uikit model, `textSpacingTrim: spaceAll`), or a font without `halt`.
    func lineEndTrim(_ start: Int, _ end: Int) -> Double? {
        guard end > start else { return nil }
        let last = end - 1
        guard HanKerning.trimsAtLineEnd(scalars[last]) else { return nil }
        let shaped = items[itemIndex(at: last)]
        guard shaped.trimsPunctuation else { return nil }
        let glyphs = shaped.run.glyphs.filter { $0.cluster == last }
        guard glyphs.count == 1,
              HanKerning.isFullwidth(glyphs[0], in: shaped.run, letterSpacing: shaped.options.letterSpacing + shaped.options.tracking)
        else { return nil }
        let saved = glyphs[0].advance - halfWidthGlyphs(at: last).reduce(0) { $0 + $1.advance }
        return saved > 1e-9 ? saved : nil
    }

    /// The glyphs of the character at `offset` shaped on its own with `halt`.
    func halfWidthGlyphs(at offset: Int) -> [ShapedGlyph] {
        let shaped = items[itemIndex(at: offset)]
        var options = shaped.options
        options.features.append(ShapingFeature("halt", range: offset..<(offset + 1)))
        return Self.shape(shapingText, range: offset..<(offset + 1), font: shaped.item.font, pointSize: shaped.pointSize,
                          options: options).glyphs
    }
}
