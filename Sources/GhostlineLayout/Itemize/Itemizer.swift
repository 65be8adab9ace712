import GhostlineFonts
import GhostlineShaping

/// A maximal stretch of text that is shaped in one go: one run style, one font (the run's or a fallback), one
/// script and one bidi level. Items never split a grapheme cluster.
struct TextItem: Sendable {
    var range: Range<Int>
    /// Index into `AttributedText.runs`.
    var runIndex: Int
    var font: Font
    /// True when `font` is not the run style's own font but one the fallback cascade chose.
    var isFallback: Bool
    /// What the raster synthesizes for a fallback face without the style's weight or slant.
    var synthesis: FontSynthesis
    var script: String
    var level: UInt8

    var direction: TextDirection { TextDirection(level: level) }
}

/// The second stage: attributed text + analysis → items. The font is chosen per grapheme cluster by the
/// fallback cascade; neighbouring clusters with the same run, font, script and level join one item.
enum Itemizer {
    static func items(_ text: AttributedText, analysis: TextAnalysis, fallback: FontFallback) -> [TextItem] {
        let scalars = text.scalars
        guard !scalars.isEmpty else { return [] }
        var items: [TextItem] = []
        var clusterStart = 0
        var runIndex = 0
        // Single-scalar clusters repeat (every letter of a paragraph): remember the cascade's answer per run and
        // scalar, so a long text asks it once per distinct character.
        struct Key: Hashable { let run: Int; let scalar: Unicode.Scalar }
        var known: [Key: FontChoice] = [:]
        for boundary in analysis.graphemes {
            let cluster = clusterStart..<boundary
            clusterStart = boundary
            guard !cluster.isEmpty else { continue }
            while runIndex + 1 < text.runs.count && text.runs[runIndex].range.upperBound <= cluster.lowerBound { runIndex += 1 }
            let style = text.runs[runIndex].style
            let choice: FontChoice
            if cluster.count == 1 {
                let key = Key(run: runIndex, scalar: scalars[cluster.lowerBound])
                if let answer = known[key] {
                    choice = answer
                } else {
                    choice = fallback.font(for: scalars[cluster], style: style)
                    known[key] = choice
                }
            } else {
                choice = fallback.font(for: scalars[cluster], style: style)
            }
            let font = choice.font
            let script = analysis.scripts[cluster.lowerBound]
            let level = analysis.levels[cluster.lowerBound]
            if var last = items.last, last.runIndex == runIndex, last.font === font, last.synthesis == choice.synthesis, last.script == script, last.level == level {
                last.range = last.range.lowerBound..<cluster.upperBound
                items[items.count - 1] = last
            } else {
                items.append(TextItem(range: cluster, runIndex: runIndex, font: font, isFallback: choice.isFallback,
                                      synthesis: choice.synthesis, script: script, level: level))
            }
        }
        return items
    }
}
