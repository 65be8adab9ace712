import GhostlineFonts
import GhostlineLayout
import GhostlineScene
import GhostlineShaping
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
        var yaml: String {
            switch self {
            case .number(let value): return value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : JSONValue.format(value)
            case .word(let word): return word.hasPrefix("#") ? "\"\(word)\"" : word
            case .flag(let flag): return flag ? "true" : "false"
            }
        }
        var number: Double? { if case .number(let value) = self { return value }; return nil }
        /// How round a number is, 0 (whole) to 4 (hundredths): designers set round values, so of two that fit the
        /// design equally, the rounder is the one they set.
        var roundness: Int {
            guard let value = number else { return 0 }
            let hundredths = Int((abs(value) * 100).rounded())
            if hundredths % 100 == 0 { return 0 }
            if hundredths % 50 == 0 { return 1 }
            if hundredths % 10 == 0 { return 2 }
            if hundredths % 5 == 0 { return 3 }
            return 4
        }
        var word: String? { if case .word(let word) = self { return word }; return nil }
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

    /// `style` with this change made. A key this type does not know leaves the style as it was.
    func applied(to style: StyleDescription) -> StyleDescription {
        var style = style
        switch (key, value) {
        case ("font", .word(let name)): style.character.font = name
        case ("size", .number(let size)): style.character.size = size
        case ("weight", .number(let weight)): style.character.weight = FontWeight(Int(weight))
        case ("italic", .flag(let italic)): style.character.italic = italic
        case ("letterSpacing", .number(let spacing)): style.character.letterSpacing = spacing; style.character.letterSpacingPercent = nil
        case ("lineHeight", .number(let height)):
            style.paragraph.lineHeight = height; style.paragraph.lineHeightPercent = nil; style.paragraph.lineHeightFromTextStyle = false
        case (let key, .number(let value)) where key.hasPrefix("features."):
            // One feature set over the style's own (CSS font-feature-settings: the later setting of a tag wins).
            let tag = String(key.dropFirst("features.".count))
            style.character.features = (style.character.features ?? []).filter { $0.tag != tag }
                + [ShapingFeature(tag, value: UInt32(max(0, value)))]
        case ("lineHeightStrategy", .word(let word)): style.paragraph.lineHeightStrategy = LineHeightStrategy(rawValue: word)
        case ("alignment", .word(let word)): style.paragraph.alignment = TextAlignment(rawValue: word)
        case ("color", .word(let hex)): style.character.color = SceneColor(stringLiteral: hex)
        case ("textCase", .word(let word)): style.character.textCase = TextCase(rawValue: word)
        default: break
        }
        return style
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

    /// True when there is nothing to change.
    public var isEmpty: Bool { edits.allSatisfy(\.changes.isEmpty) && elements.isEmpty }

    /// `description` with the patch applied: named styles changed in place, new styles added, labels re-pointed.
    public func applied(to description: SceneDescription) -> SceneDescription {
        // Elements are found by path, and keep the layout's ids when one is taken out.
        var description = elements.isEmpty ? description : SuggestionSearch.pinned(description)
        let inline = ScenePatch.inlineStyles(description.root)
        for edit in edits {
            if let index = description.styles.firstIndex(where: { $0.name == edit.style }) {
                description.styles[index].style = edit.changes.reduce(description.styles[index].style) { $1.applied(to: $0) }
                continue
            }
            let base: StyleDescription?
            switch edit.copying {
            case .named(let name)?: base = description.styles.first { $0.name == name }?.style
            case .inline(let label)?: base = inline[label]
            case nil: base = nil
            }
            guard let base else { continue }
            description.styles.append(NamedStyle(name: edit.style, style: edit.changes.reduce(base) { $1.applied(to: $0) }))
            let wanted = Set(edit.labels)
            description.root = ScenePatch.repoint(description.root, labels: wanted, to: edit.style)
        }
        return SceneEdit.apply(elements, to: description) ?? description
    }

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

    /// Every label with an id whose style is written in place, by id.
    static func inlineStyles(_ stack: StackDescription) -> [String: StyleDescription] {
        var found: [String: StyleDescription] = [:]
        func visit(_ children: [ElementDescription]) {
            for child in children {
                switch child {
                case .label(let label):
                    if let id = label.id, case .inline(let style) = label.style { found[id] = style }
                case .stack(let inner): visit(inner.children)
                case .overlay(let overlay): visit(overlay.children)
                default: break
                }
            }
        }
        visit(stack.children)
        return found
    }

    /// The labels of a description by id, with the style each names (nil: written in place).
    static func labelStyles(_ stack: StackDescription) -> [String: String?] {
        var found: [String: String?] = [:]
        func visit(_ children: [ElementDescription]) {
            for child in children {
                switch child {
                case .label(let label):
                    guard let id = label.id else { continue }
                    if case .named(let name, _) = label.style { found[id] = .some(name) } else { found[id] = .some(nil) }
                case .stack(let inner): visit(inner.children)
                case .overlay(let overlay): visit(overlay.children)
                default: break
                }
            }
        }
        visit(stack.children)
        return found
    }

    static func repoint(_ stack: StackDescription, labels: Set<String>, to style: String) -> StackDescription {
        var stack = stack
        stack.children = stack.children.map { child in
            switch child {
            case .label(var label):
                if let id = label.id, labels.contains(id) { label.style = .named(style, mark: nil) }
                return .label(label)
            case .stack(let inner): return .stack(repoint(inner, labels: labels, to: style))
            case .overlay(var overlay):
                overlay.children = repoint(StackDescription(children: overlay.children), labels: labels, to: style).children
                return .overlay(overlay)
            default: return child
            }
        }
        return stack
    }
}
