import GhostlineLayout
import GhostlineScene
import GhostlineSupport

/// One style key set to a value, as a scene writes it (`lineHeightStrategy: padded`, `letterSpacing: -0.3`).
///
/// Why keys and values rather than a patched `StyleDescription`: a suggestion is read by people (a YAML patch,
/// UIKit and SwiftUI code) and applied by programs, and both need to know exactly which keys changed.
public struct StyleChange: Sendable, Equatable {
    /// A value a style key takes.
    public enum Value: Sendable, Equatable {
        /// A number in the key's unit (points, a weight).
        case number(Double)
        /// A word (`padded`, `center`) or a colour (`"#8A8A8E"`).
        case word(String)
        /// `true` or `false`.
        case flag(Bool)

        /// The value as YAML writes it.
        package var yaml: String {
            switch self {
            case .number(let value): return value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : JSONValue.format(value)
            case .word(let word): return word.hasPrefix("#") ? "\"\(word)\"" : word
            case .flag(let flag): return flag ? "true" : "false"
            }
        }
        package var number: Double? { if case .number(let value) = self { return value }; return nil }
        /// How round a number is, 0 (whole) to 4 (hundredths): designers set round values, so of two that fit the
        /// design equally, the rounder is the one they set.
        package var roundness: Int {
            guard let value = number else { return 0 }
            let hundredths = Int((abs(value) * 100).rounded())
            if hundredths % 100 == 0 { return 0 }
            if hundredths % 50 == 0 { return 1 }
            if hundredths % 10 == 0 { return 2 }
            if hundredths % 5 == 0 { return 3 }
            return 4
        }
        package var word: String? { if case .word(let word) = self { return word }; return nil }
    }

    /// The style key (`lineHeight`, `lineHeightStrategy`, `letterSpacing`, `size`, `weight`, `italic`, `color`,
    /// `alignment`).
    public var key: String
    /// The value the key is set to.
    public var value: Value

    /// Creates a change of one key.
    public init(_ key: String, _ value: Value) { self.key = key; self.value = value }

    /// The keys a suggestion may change, in the order a patch lists them.
    public static let keys = ["font", "size", "weight", "italic", "features.tnum", "features.pnum", "letterSpacing", "lineHeight",
                              "lineHeightStrategy", "alignment", "textCase", "color"]

    /// The change as a scene writes it under a style: `lineHeight: 24`, `features: { tnum: 1 }`.
    public var yaml: String {
        if key.hasPrefix("features.") { return "features: { \(key.dropFirst("features.".count)): \(value.yaml) }" }
        return "\(key): \(value.yaml)"
    }
}

/// Changes to a scene's styles that would make its render match a design: what `check --suggest` prints as YAML
/// and what ``applied(to:)`` makes of a scene description.
///
/// A change goes to the style a label names when every label of that style wants it; a label with a style written
/// in place, or one whose named style other labels use unchanged, gets a style of its own (`body-price`) that copies
/// its style with the changes, and the patch says which label to point at it.
public struct ScenePatch: Sendable, Equatable {
    /// Changes to one style.
    public struct Edit: Sendable, Equatable {
        /// The style changed or created (a name in `styles:`).
        public var style: String
        /// The style this one copies, when it is new (nil: an existing style is changed in place).
        public var copying: CopySource?
        /// The changes, in ``StyleChange/keys`` order.
        public var changes: [StyleChange]
        /// Labels (by id) to point at `style`: those of a new style.
        public var labels: [String]

        /// Creates one style's edit.
        public init(style: String, copying: CopySource?, changes: [StyleChange], labels: [String]) {
            self.style = style; self.copying = copying; self.changes = changes; self.labels = labels
        }
    }

    /// Where a new style's keys come from.
    public enum CopySource: Sendable, Equatable {
        /// A named style of the scene.
        case named(String)
        /// The style a label writes in place (by label id).
        case inline(label: String)
    }

    /// The edits, one per style, in the order labels were fixed.
    public var edits: [Edit] = []
    /// Changes to elements (a spacing, a padding, a frame, an element taken out), made after the style edits.
    public var elements: [SceneEdit] = []

    /// Creates a patch (an empty one by default).
    public init(edits: [Edit] = [], elements: [SceneEdit] = []) { self.edits = edits; self.elements = elements }

    /// True when there is nothing to change.
    public var isEmpty: Bool { edits.allSatisfy(\.changes.isEmpty) && elements.isEmpty }

    /// The patch as YAML to merge into the scene, with comments that say where each part goes.
    public func yaml(scene: String) -> String {
        var lines: [String] = []
        if !elements.isEmpty {
            lines.append("# In \(scene), change these elements (each by its path from root):")
            lines += elements.map { "#   " + $0.line }
        }
        guard !edits.allSatisfy(\.changes.isEmpty) else { return lines.joined(separator: "\n") + "\n" }
        lines.append("# Merge into \(scene): the keys under styles: change (or add) those styles.")
        let pointers = edits.filter { !$0.labels.isEmpty }
        for edit in pointers {
            lines.append("# Then set `style: \(edit.style)` on label\(edit.labels.count == 1 ? "" : "s") "
                         + edit.labels.map { "`\($0)`" }.joined(separator: ", ") + ".")
        }
        lines.append("styles:")
        for edit in edits where !edit.changes.isEmpty {
            if let source = edit.copying {
                switch source {
                case .named(let name): lines.append("  \(edit.style):   # a copy of \(name) with:")
                case .inline(let label): lines.append("  \(edit.style):   # label \(label)'s own style with:")
                }
            } else {
                lines.append("  \(edit.style):")
            }
            for change in edit.changes { lines.append("    " + change.yaml) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
