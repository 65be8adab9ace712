// The label stage's side of case mapping: lines are laid out on the displayed (mapped) text, then their offsets are
// carried back to the source text. It lives here, not in Analysis, because a `LabelLine` exists only from this stage.

extension CaseMapping {
    /// A line laid out on the displayed text with its offsets, runs and glyph clusters in the source text.
    func sourceLine(_ line: LabelLine) -> LabelLine {
        var line = line
        line.start = sourceOffsets[line.start]
        line.end = sourceOffsets[line.end]
        line.visibleEnd = sourceOffsets[line.visibleEnd]
        for r in line.runs.indices {
            line.runs[r].start = sourceOffsets[line.runs[r].start]
            line.runs[r].end = sourceOffsets[line.runs[r].end]
            for g in line.runs[r].glyphs.indices {
                line.runs[r].glyphs[g].cluster = sourceOffsets[line.runs[r].glyphs[g].cluster]
            }
        }
        return line
    }
}
