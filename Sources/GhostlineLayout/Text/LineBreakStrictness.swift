// A paragraph setting (CSS `line-break`) that styles carry and analysis applies: vocabulary, so it lives with the
// styles, before every stage.

/// How strictly CJK text may break (CSS `line-break`), applied as ICU's `lb` locale keyword.
public enum LineBreakStrictness: String, Sendable, Codable, CaseIterable {
    /// CSS's initial value. Chromium treats it as `normal` (small kana and ー may start a line).
    case auto
    /// The CSS levels, from most to fewest breaks: `loose` and `normal` let a line start with small kana and the
    /// prolonged sound mark (ー); `strict` does not. Each is ICU's `lb=` keyword of the same name.
    case loose, normal, strict
    /// A break between any two grapheme clusters.
    case anywhere
}
