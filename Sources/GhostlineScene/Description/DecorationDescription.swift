import GhostlineLayout

/// An `underline:` or `strikethrough:` as written: `true`, `false`, or `{ style, pattern, color }` (NSUnderlineStyle's
/// style and pattern, `.underlineColor`). Every field is optional: `{ pattern: dash }` is a single dashed line in the
/// text colour.
///
/// `false` is a value of its own, not the absence of one, so a run can turn off its label's underline.
public struct DecorationDescription: Sendable, Hashable, ExpressibleByBooleanLiteral {
    /// False for `underline: false`: no line, whatever the label's style says.
    public var isOn: Bool
    /// `single` (the default), `thick` or `double`.
    public var line: TextDecorationStyle.Line?
    /// `solid` (the default), `dot`, `dash` or `dashDot`.
    public var pattern: TextDecorationStyle.Pattern?
    /// The line's colour; the text colour by default.
    public var color: SceneColor?

    /// A decoration in one call; the defaults are one solid line in the text colour.
    public init(line: TextDecorationStyle.Line? = nil, pattern: TextDecorationStyle.Pattern? = nil, color: SceneColor? = nil) {
        self.isOn = true; self.line = line; self.pattern = pattern; self.color = color
    }

    /// `true` (one solid line in the text colour) or `false` (none).
    public init(booleanLiteral value: Bool) { self.isOn = value }

    /// The keys of the mapping form, in the order the docs list them.
    public static let keys = ["style", "pattern", "color"]
}
