extension LayoutModel {
    /// CSS as Chromium lays it out (and Figma and Sketch, which follow it): the `OS/2` typo metrics when a font asks
    /// for them, every line box the designed line height with half-leading above and below in device-pixel
    /// LayoutUnits, CSS Text's white-space, wrapping and hyphenation properties, and a text style's line height
    /// from the HIG table, as design kits use it. UIKit's `hyphenationFactor` is refused.
    public static let css: LayoutModel = {
        var model = LayoutModel(
        name: "css",
        verticalMetrics: .typoWhenFontAsks,
        lineStacking: .halfLeading,
        snapsToBaselineGrid: false,
        lineBreaking: LineBreaking(opportunities: .chromium, fit: .deviceLayoutUnits, trailingNewlineAddsLine: false,
                                   wrapping: .cssTextProperties, hyphenation: .cssHyphens),
        tabStops: .everySpaces(8),
        ligaturesSurviveLetterSpacing: false,
        trimsAdjacentFullwidthPunctuation: true,
        textStyleSuppliesLineHeight: true,
        fallbackFaces: .synthesized,
        frameGrid: .layoutUnits,
        labelFitting: .shrinkToFit,
        stackSlack: .flexibleViewsOnly,
        refusedSettings: [
            RefusedSetting(key: "hyphenationFactor",
                           problem: "`hyphenationFactor` is UIKit's (NSParagraphStyle) and the css model has no such setting",
                           fix: "use `hyphens: auto` in the css model, or lay the scene out with `model: uikit`"),
        ] + ["adjustsFontSizeToFitWidth", "minimumScaleFactor", "allowsDefaultTighteningForTruncation", "baselineAdjustment"].map { key in
            RefusedSetting(key: key, problem: "`\(key)` is UILabel's autoshrink and a browser never shrinks or tightens text to fit",
                           fix: "remove it (a css label wraps or overflows), or lay the scene out with `model: uikit`")
        },
        percentLineHeight: .wholePercent)
        // `text-indent` indents the block's first line only; a preserved newline is no new block.
        model.firstLineIndent = .textStart
        // Chromium leaves a font's `trak` table unapplied (measured; see FontTracking.ignored).
        model.fontTracking = .ignored
        // A row that does not fit shrinks as flexbox shrinks it, every item by `flex-shrink` (1 unless set).
        model.stackShrink = .flexShrink
        // A label stretched taller than its text (a row's `align-items: stretch`) keeps its text at the top.
        model.labelTextPlacement = .top
        // Colour emoji advance by their bitmaps in the strike, as Skia measures them (0.13 device px wider per 🍜 at
        // 17 px @3x than Noto Color Emoji's `hmtx`).
        model.bitmapAdvances = .strike
        // Underlines and strikethroughs as Blink places them: whole device pixels from the size and rounded ascent.
        model.decorationPlacement = .blink
        // "…" as Blink's line truncator puts it: the clamped line keeps its break, spaces count in the cut.
        model.truncation = .blink
        return model
    }()
}

