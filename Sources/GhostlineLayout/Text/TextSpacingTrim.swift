/// Whether adjacent fullwidth CJK punctuation is set closer (CSS `text-spacing-trim`), in the css model.
///
/// Chromium's default, `normal`, draws one of two fullwidth marks side by side at half width (「こ」、 keeps half
/// an em of blank instead of a whole one, ``HanKerning``), so a line holds more; measured in Chromium 156, it trims
/// nothing else: a bracket opening a line and a mark ending one keep their full width. `spaceAll` keeps every mark
/// fullwidth, as the uikit model always does (UIKit applies no such trimming, so there the key changes nothing).
public enum TextSpacingTrim: String, Sendable, Codable, CaseIterable {
    /// Chromium's default: adjacent fullwidth punctuation trimmed.
    case normal
    /// Every fullwidth mark keeps its full em (CSS `space-all`).
    case spaceAll
}
