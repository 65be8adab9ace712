/// How the last line a label may show is cut and ended with "…" (``LayoutModel/truncation``).
public enum TruncationRule: String, Hashable, Sendable {
    /// UILabel's: the rest of the paragraph is refitted into the last line (the lines after it give it their text),
    /// the cut drops the spaces before the "…", and the "…" takes the style of the text it follows.
    case textKit
    /// Blink's line truncator (`line_truncator.cc`), for the tail mode: the clamped line keeps the break the line
    /// breaker gave it and is never refilled from the text after it; when it and "…" fit, "…" follows its content
    /// (with its hanging spaces where `white-space` preserves them); otherwise it keeps the longest run of whole
    /// grapheme clusters whose width, spaces included, fits with the "…" (at least one cluster). The "…" is shaped
    /// in the label's own style ("..." when its font has no "…"). A line that does not wrap (`whiteSpace: nowrap`,
    /// `pre`) is ellipsized whenever it is wider than the label, as `text-overflow: ellipsis` does. Head and middle
    /// truncation, which CSS does not have, stay TextKit's.
    case blink
}
