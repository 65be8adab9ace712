/// How a run's letters are cased when drawn: Figma's text case, SwiftUI's `.textCase`, CSS `text-transform`.
///
/// The mapping changes what is drawn, never the text: layout offsets (`start`/`end`, glyph clusters, NSRange
/// counts) stay in the source text, and a line's `text` in the layout JSON is what it shows (``CaseMapping``).
public enum TextCase: String, Sendable, Codable, CaseIterable {
    /// The text as written.
    case none
    /// Full uppercase mapping in the run's language (German ß → SS; Turkish and Azerbaijani i → İ).
    case upper
    /// Full lowercase mapping in the run's language (Turkish I → ı; Greek Σ → ς at a word's end).
    case lower
    /// The first letter of each word titlecased, the rest as written (CSS `capitalize`: words by UAX #29, as
    /// Chromium finds them; "well-known" → "Well-Known", "o'neil" → "O'neil").
    case capitalize
}
