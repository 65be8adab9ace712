extension LayoutModel {
    /// UIKit/TextKit, as a UILabel lays text out (rules R1–R12): `hhea` metrics, each line as tall as its fonts with
    /// extra height above the glyphs, `lineSpacing` between lines only, label heights and baselines rounded to
    /// pixels, an optional baseline grid, and NSParagraphStyle's settings. CSS's wrapping settings are refused.
    public static let uikit: LayoutModel = {
        var model = LayoutModel(
        name: "uikit",
        verticalMetrics: .hhea,
        lineStacking: .fontLineHeightRoundedToPixels,
        snapsToBaselineGrid: true,
        lineBreaking: LineBreaking(opportunities: .icu, fit: .points, trailingNewlineAddsLine: true,
                                   wrapping: .asTypedAlwaysWrapping, hyphenation: .fillFactor),
        tabStops: .everyPoints(28),
        ligaturesSurviveLetterSpacing: true,
        trimsAdjacentFullwidthPunctuation: false,
        // Measured on iOS: title1 at Large is the font's 33.667 pt at @3x, not the table's 34.
        textStyleSuppliesLineHeight: false,
        fallbackFaces: .nearestStyle,
        frameGrid: .devicePixels,
        labelFitting: .longestLine,
        stackSlack: .byHugging,
        refusedSettings: ["lineBreak", "whiteSpace", "overflowWrap", "wordBreak", "hyphens"].map { key in
            RefusedSetting(key: key, problem: "`\(key)` is a CSS property and the uikit model has no such setting",
                           fix: "remove it (UILabel wraps at words and breaks an overlong word between letters), or lay the scene out with `model: css`")
        } + [
            RefusedSetting(key: "shrink", problem: "`shrink` is CSS's flex-shrink and a UIKit stack squeezes its views by compression resistance",
                           fix: "remove it and give the view that should give way a lower `compressionResistance`, or lay the scene out with `model: css`"),
        ])
        // UILabel's autoshrink and tightening (adjustsFontSizeToFitWidth, minimumScaleFactor).
        model.autoshrink = .uilabel
        // A font's `trak` table spaces its text at the size, as Core Text applies it.
        model.fontTracking = .coreText
        return model
    }()
}
