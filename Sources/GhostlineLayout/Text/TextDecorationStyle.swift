import GhostlineGeometry

/// How an underline or strikethrough is drawn, as NSUnderlineStyle combines a style with a pattern and Figma's
/// decoration panel offers them: the line's weight and count, its dash pattern, and its own colour.
///
/// Thickness and position come from the drawing font (``TextDecoration``); this value scales and repeats them.
public struct TextDecorationStyle: Hashable, Sendable {
    /// NSUnderlineStyle's `single`, `thick` and `double`.
    public enum Line: String, Sendable, Codable, CaseIterable {
        /// One line of the font's thickness.
        case single
        /// One line twice the font's thickness (UIKit draws `.thick` visibly heavier than `.single`).
        case thick
        /// Two lines of the font's thickness with a gap of that thickness between them.
        case double
    }

    /// NSUnderlineStyle's patterns (`patternDot`, `patternDash`, `patternDashDot`), lengths in multiples of the
    /// line's thickness so a thick line's dashes grow with it (see ``dashes(thickness:)``).
    public enum Pattern: String, Sendable, Codable, CaseIterable {
        case solid, dot, dash, dashDot
    }

    /// The line's weight and count; `single` by default.
    public var line: Line
    /// The dash pattern; `solid` by default.
    public var pattern: Pattern
    /// The line's own colour (`.underlineColor`, `text-decoration-color`); nil = the run's text colour.
    public var paint: PaintID?

    /// A decoration; the defaults are `underline: true`: one solid line in the text colour.
    public init(line: Line = .single, pattern: Pattern = .solid, paint: PaintID? = nil) {
        self.line = line; self.pattern = pattern; self.paint = paint
    }

    /// One solid line of the font's thickness in the text colour (`underline: true`).
    public static let single = TextDecorationStyle()

    /// On and off lengths along the line, starting with ink, in points, for a line `thickness` points thick;
    /// empty for solid. Apple documents the patterns but not their lengths, so these are chosen: a dot is a square
    /// as long as the line is thick with an equal gap (period 2t), a dash three thicknesses with a one-thickness
    /// gap (period 4t, readable as dashes down to a one-pixel line), dash-dot the two in turn (period 6t). Because
    /// every length is a multiple of the thickness, a `thick` line's dashes are twice as long, as UIKit scales its
    /// patterns with the line.
    public func dashes(thickness: Double) -> [Double] {
        switch pattern {
        case .solid: return []
        case .dot: return [thickness, thickness]
        case .dash: return [3 * thickness, thickness]
        case .dashDot: return [3 * thickness, thickness, thickness, thickness]
        }
    }
}
