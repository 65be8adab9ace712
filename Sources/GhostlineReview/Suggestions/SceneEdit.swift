import GhostlineGeometry
import GhostlineLayout
import GhostlineScene
import GhostlineSupport

/// One change to an element of a scene rather than to a style: a stack's spacing, a padding side, a frame's height,
/// a gap, a label's line count or text, an element taken out, two neighbours swapped.
///
/// Why elements as well as styles: most differences between an app and its design are in the layout (issue 31), and
/// a style change that mimics one (a line height that stands in for padding) fails its check. An element is named by
/// its path of child indices from `root` in the scene as written, with its id when it has one, so a patch can say
/// where the key goes even in a scene whose stacks have no ids.
public struct SceneEdit: Sendable, Equatable {
    /// What the edit does.
    public enum Change: Sendable, Equatable {
        /// A number set: `spacing`, `padding` (all four sides), `padding.top` (and the other sides), `width`,
        /// `height`, `minHeight`, `maxWidth`, `gap` (a gap's value), `numberOfLines`, and `size` (a square box's or
        /// image's width and height together).
        case number(key: String, from: Double?, to: Double)
        /// Padding moved inside its element: `top` grows by the amount and `bottom` shrinks by it (or `leading` and
        /// `trailing`), so the element keeps its size and its content moves.
        case shift(axis: StackAxis, from: EdgeInsets, to: EdgeInsets)
        /// The element taken out of the scene.
        case remove
        /// The element and the sibling after it swapped.
        case swapWithNext(next: String)
        /// A label's text replaced.
        case text(from: String, to: String)
        /// A choice among named values: a stack's `align` or `distribution`, a label's `lineBreakMode`.
        case option(key: String, from: String, to: String)
        /// A box's colour, or the fill of an element's `background:`.
        case fill(from: SceneColor, to: SceneColor)
        /// An entry of the scene's `colors:` (the edit's `id` is its name; its path is empty).
        case colorEntry(from: SceneColor, to: SceneColor)
        /// A box the design has and the scene lacks, put before the element at the edit's path (a divider, a
        /// placeholder): as tall as the room it takes and the colour the design shows there.
        case insertBox(height: Double, color: SceneColor)
    }

    /// Child indices from the root stack (overlays and stacks both count their `children`).
    public var path: [Int]
    /// The element's id (an explicit one, or the layout's `label3` when it has none).
    public var id: String
    /// True when the id is written in the scene.
    public var hasOwnID: Bool
    /// `stack`, `label`, `box`, `image`, `overlay`, `gap` or `spacer`.
    public var kind: String
    /// What changes.
    public var change: Change

    /// Creates an edit of the element at `path`.
    public init(path: [Int], id: String, hasOwnID: Bool, kind: String, change: Change) {
        self.path = path; self.id = id; self.hasOwnID = hasOwnID; self.kind = kind; self.change = change
    }

    /// How much of a change this is, for ranking two edits that both match: a removal or swap is a bigger claim
    /// than a number.
    package var weight: Int {
        switch change {
        case .number, .shift, .option, .fill, .colorEntry: return 1
        case .text: return 2
        case .remove, .swapWithNext, .insertBox: return 2
        }
    }

    /// The id an inserted box gets, so the search can find where the layout put it.
    package static let insertedID = "inserted-box"

    /// True for a fill or a `colors:` entry: a change no label's position shows.
    package var isFill: Bool {
        switch change { case .fill, .colorEntry: return true; default: return false }
    }

    /// How far a number moves, to prefer the smaller of two edits that both match (`numberOfLines: 3` over `4`, which
    /// shows the same three lines); a limit lifted (`0`) counts as far.
    package var magnitude: Double {
        guard case .number(let key, let from, let to) = change else { return 0 }
        if key == "numberOfLines", to == 0 { return 100 }
        return abs(to - (from ?? 0))
    }

    /// The key the edit sets (`spacing`, `padding.top`, `remove`, `text`).
    package var keyName: String {
        switch change {
        case .number(let key, _, _), .option(let key, _, _): return key
        case .shift: return "padding"
        case .fill: return kind == "box" ? "color" : "background"
        case .colorEntry: return "colors"
        case .insertBox: return "insert"
        case .remove: return "remove"
        case .swapWithNext: return "swap"
        case .text: return "text"
        }
    }

    /// `root.children[1].children[0]`: where the element is written.
    public var location: String {
        if case .colorEntry = change { return "colors.\(id)" }
        return "root" + path.map { ".children[\($0)]" }.joined()
    }

    /// "stack `list`", or "the stack at root.children[1]" for one without an id.
    public var element: String {
        if case .colorEntry = change { return "the scene's colour `\(id)`" }
        return hasOwnID ? "\(kind) `\(id)`" : path.isEmpty ? "the root stack" : "the \(kind) at \(location)"
    }

    /// The change as a line of the patch: "root.children[1] (stack `list`): spacing: 12".
    public var line: String {
        let place = hasOwnID ? "\(location) (\(kind) `\(id)`)" : "\(location) (\(kind))"
        switch change {
        case .number(let key, _, let to):
            if key == "size" { return "\(place): width: \(Self.number(to)), height: \(Self.number(to))" }
            return "\(place): \(Self.yamlKey(key)): \(Self.number(to))"
        case .shift(_, _, let to):
            return "\(place): padding: { top: \(Self.number(to.top)), leading: \(Self.number(to.leading)), "
                + "bottom: \(Self.number(to.bottom)), trailing: \(Self.number(to.trailing)) }"
        case .remove: return "\(place): remove it"
        case .swapWithNext(let next): return "\(place): move it after `\(next)`"
        case .text(_, let to): return "\(place): text: \(JSONValue.string(to).serialized())"
        case .option(let key, _, let to): return "\(place): \(key): \(to)"
        case .fill(_, let to):
            return kind == "box" ? "\(place): color: \(Self.yaml(to))" : "\(place): background: { color: \(Self.yaml(to)) }"
        case .colorEntry(_, let to): return "colors: { \(id): \(Self.yaml(to)) }"
        case .insertBox(let height, let color):
            return "\(place): put before it: - box: { height: \(Self.number(height)), color: \(Self.yaml(color)) }"
        }
    }

    /// The cause in words: "stack `list`'s spacing is 8 pt; the design's is 12 pt".
    public var cause: String {
        switch change {
        case .number(let key, let from, let to):
            let what = Self.words(key)
            let unit = key == "numberOfLines" ? "" : " pt"
            let was = from.map { Self.number($0) + unit } ?? (key == "numberOfLines" ? "unlimited" : "not set")
            if key == "numberOfLines" {
                let limit = from.map { $0 == 0 ? "no line limit" : "a limit of \(Self.number($0)) line\($0 == 1 ? "" : "s")" } ?? "no line limit"
                return "\(element) has \(limit); the design's text "
                    + (to == 0 ? "shows every line" : "stops at \(Self.number(to)) line\(to == 1 ? "" : "s")")
            }
            return "\(element)'s \(what) is \(was); the design's is \(Self.number(to))\(unit)"
        case .shift(let axis, let from, let to):
            let (a, b) = axis == .vertical ? ("top", "bottom") : ("leading", "trailing")
            let (fa, ta) = axis == .vertical ? (from.top, to.top) : (from.leading, to.leading)
            let (fb, tb) = axis == .vertical ? (from.bottom, to.bottom) : (from.trailing, to.trailing)
            return "\(element)'s padding is \(Self.number(fa)) pt \(a) and \(Self.number(fb)) pt \(b); the design's content "
                + "sits \(Self.number(ta)) pt from the \(a) and \(Self.number(tb)) pt from the \(b) (the same size, the content moved)"
        case .remove:
            return "\(element) is in the render, not in the design"
        case .swapWithNext(let next):
            return "\(element) and `\(next)` are in the other order in the design"
        case .text(let from, let to):
            return "the text differs: the design's line reads \(JSONValue.string(to).serialized()), the scene's "
                + "\(JSONValue.string(from).serialized())"
        case .option(let key, let from, let to):
            let what = ["align": "alignment of its children (`align`)", "distribution": "distribution",
                        "lineBreakMode": "line break mode"][key] ?? key
            return "\(element)'s \(what) is \(from); the design's is \(to)"
        case .fill(let from, let to):
            return "\(element)'s \(kind == "box" ? "colour" : "fill") is \(Self.yaml(from)); the design fills it with \(Self.yaml(to))"
        case .colorEntry(let from, let to):
            return "\(element) is \(Self.yaml(from)); the design's is \(Self.yaml(to)) (every element and style that uses it)"
        case .insertBox(let height, let color):
            return "the design has a box the scene lacks before \(element): \(Self.number(height)) pt tall, \(Self.yaml(color))"
        }
    }

    /// A colour as the scene file writes it: a name, `"#RRGGBB"`, or `{ light: …, dark: … }`.
    static func yaml(_ color: SceneColor) -> String {
        switch color {
        case .named(let name): return name
        case .fixed(let value): return "\"\(value.hexString)\""
        case .schemes(let light, let dark): return "{ light: \"\(light.hexString)\", dark: \"\(dark.hexString)\" }"
        }
    }

    static func yamlKey(_ key: String) -> String {
        switch key {
        case "padding.vertical": return "padding: { top, bottom: … }"
        case "padding.horizontal": return "padding: { leading, trailing: … }"
        default: return key.hasPrefix("padding.") ? "padding: { \(key.dropFirst("padding.".count)): … }" : key
        }
    }

    static func words(_ key: String) -> String {
        switch key {
        case "padding": return "padding"
        case "gap": return "gap"
        case "minHeight": return "minimum height"
        case "size": return "width and height"
        case "padding.vertical": return "top and bottom padding"
        case "padding.horizontal": return "leading and trailing padding"
        case "maxWidth": return "maximum width"
        default:
            if key.hasPrefix("padding.") { return "\(key.dropFirst("padding.".count)) padding" }
            return key
        }
    }

    package static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e9 ? String(Int(rounded)) : JSONValue.format(rounded)
    }
}
