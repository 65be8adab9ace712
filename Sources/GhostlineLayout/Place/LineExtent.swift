import GhostlineFonts

/// How far one font reaches around a line's baseline, in points: what a line's height is made of.
struct FontExtent: Sendable {
    /// The font's metrics at its size, in the model's source (hhea for uikit; typo or hhea for css).
    var metrics: FontMetrics
    /// Points the text is raised by its style's baseline offset.
    var raise: Double
}

/// The vertical extent of one line in the uikit model: the tallest ascender, deepest descender and largest
/// leading among the fonts drawn on it (fallback fonts included), each moved by its run's baseline offset.
/// TextKit makes a line fragment as tall as the tallest font it holds; the paragraph rules (R1–R12) then apply
/// to that line height.
struct LineExtent: Sendable {
    var ascent: Double
    /// Below the baseline, > 0.
    var descent: Double
    var leading: Double
    var lineHeight: Double { ascent + descent }

    init(ascent: Double, descent: Double, leading: Double) {
        self.ascent = ascent; self.descent = descent; self.leading = leading
    }

    init(_ fonts: [FontExtent]) {
        ascent = fonts.map { $0.metrics.ascender + $0.raise }.max() ?? 0
        descent = fonts.map { -$0.metrics.descender - $0.raise }.max() ?? 0
        leading = fonts.map(\.metrics.leading).max() ?? 0
    }
}
