import GhostlineGeometry
import GhostlineFonts
import GhostlineLayout
import GhostlineReview
import GhostlineScene
import GhostlineShaping
import GhostlineSupport

// Applying a suggestion to a scene: the search's work, kept apart from the suggestion values the review shows.

extension StyleChange {
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

extension ScenePatch {
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

extension SceneEdit {
    /// The edits applied to `description`, in order; removals and swaps last, deepest and latest first, so the paths
    /// of the others still point where they did. Nil when a path no longer leads to its element.
    package static func apply(_ edits: [SceneEdit], to description: SceneDescription) -> SceneDescription? {
        var description = description
        for edit in edits {
            guard case .colorEntry(_, let to) = edit.change else { continue }
            guard let at = description.colors.scene.lastIndex(where: { $0.name == edit.id }) else { return nil }
            description.colors.scene[at].color = to
        }
        let edits = edits.filter { if case .colorEntry = $0.change { return false }; return true }
        let inPlace = edits.filter {
            switch $0.change { case .remove, .swapWithNext, .insertBox: return false; default: return true }
        }
        let moving = edits.filter { !inPlace.contains($0) }.sorted { $0.path.lexicographicallyPrecedes($1.path) }.reversed()
        for edit in inPlace + moving {
            guard let root = edit.applied(to: .stack(description.root), at: edit.path[...]), case .stack(let stack) = root else { return nil }
            description.root = stack
        }
        return description
    }

    /// The element at `path` under `element` with the change made.
    private func applied(to element: ElementDescription, at path: ArraySlice<Int>) -> ElementDescription? {
        guard let first = path.first else { return changed(element) }
        var children: [ElementDescription]
        switch element {
        case .stack(let stack): children = stack.children
        case .overlay(let overlay): children = overlay.children
        default: return nil
        }
        guard children.indices.contains(first) else { return nil }
        if path.count == 1 {
            switch change {
            case .remove: children.remove(at: first)
            case .insertBox(let height, let color):
                children.insert(.box(BoxDescription(id: Self.insertedID, height: height, color: color)), at: first)
            case .swapWithNext:
                guard children.indices.contains(first + 1) else { return nil }
                children.swapAt(first, first + 1)
            default:
                guard let new = changed(children[first]) else { return nil }
                children[first] = new
            }
        } else {
            guard let new = applied(to: children[first], at: path.dropFirst()) else { return nil }
            children[first] = new
        }
        switch element {
        case .stack(var stack): stack.children = children; return .stack(stack)
        case .overlay(var overlay): overlay.children = children; return .overlay(overlay)
        default: return nil
        }
    }

    /// The element itself with a number, a shift or a text changed.
    private func changed(_ element: ElementDescription) -> ElementDescription? {
        switch change {
        case .shift(_, _, let to):
            switch element {
            case .stack(var s): s.padding = to; return .stack(s)
            case .label(var l): l.padding = to; return .label(l)
            default: return nil
            }
        case .text(_, let to):
            guard case .label(var l) = element, case .plain = l.text else { return nil }
            l.text = .plain(to)
            return .label(l)
        case .number(let key, _, let to):
            func pad(_ insets: EdgeInsets) -> EdgeInsets? {
                var p = insets
                switch key {
                case "padding": p = EdgeInsets(all: to)
                case "padding.top": p.top = to
                case "padding.bottom": p.bottom = to
                case "padding.leading": p.leading = to
                case "padding.trailing": p.trailing = to
                case "padding.vertical": p.top = to; p.bottom = to
                case "padding.horizontal": p.leading = to; p.trailing = to
                default: return nil
                }
                return p
            }
            func size(_ s: SizeConstraints) -> SizeConstraints? {
                var s = s
                switch key {
                case "width": s.width = to
                case "height": s.height = to
                case "minHeight": s.minHeight = to
                case "maxWidth": s.maxWidth = to
                default: return nil
                }
                return s
            }
            switch element {
            case .stack(var s):
                if key == "spacing" { s.spacing = to; return .stack(s) }
                if let p = pad(s.padding) { s.padding = p; return .stack(s) }
                if let z = size(s.size) { s.size = z; return .stack(s) }
            case .label(var l):
                if key == "numberOfLines" { l.numberOfLines = Int(to); return .label(l) }
                if let p = pad(l.padding) { l.padding = p; return .label(l) }
                if let z = size(l.size) { l.size = z; return .label(l) }
            case .box(var b):
                if key == "size" { b.width = to; b.height = to; return .box(b) }
                if key == "height" { b.height = to; return .box(b) }
                if key == "width" { b.width = to; return .box(b) }
            case .image(var i):
                if key == "size" { i.width = to; i.height = to; return .image(i) }
                if key == "height" { i.height = to; return .image(i) }
                if key == "width" { i.width = to; return .image(i) }
            case .overlay(var o):
                if let z = size(o.size) { o.size = z; return .overlay(o) }
            case .gap(var g):
                if key == "gap" { g.value = to; return .gap(g) }
            case .spacer(var s):
                if key == "minLength" { s.minLength = to; return .spacer(s) }
            }
            return nil
        case .option(let key, _, let to):
            switch (element, key) {
            case (.stack(var s), "align"):
                guard let value = StackAlignment(rawValue: to) else { return nil }
                s.alignment = value; return .stack(s)
            case (.stack(var s), "distribution"):
                guard let value = StackDistribution(rawValue: to) else { return nil }
                s.distribution = value; return .stack(s)
            case (.label(var l), "lineBreakMode"):
                guard let value = LineBreakMode(rawValue: to) else { return nil }
                l.lineBreakMode = value; return .label(l)
            default: return nil
            }
        case .fill(_, let to):
            switch element {
            case .box(var b): b.color = to; return .box(b)
            case .label(var l): guard l.background != nil else { return nil }; l.background!.color = to; return .label(l)
            case .stack(var s): guard s.background != nil else { return nil }; s.background!.color = to; return .stack(s)
            case .overlay(var o): guard o.background != nil else { return nil }; o.background!.color = to; return .overlay(o)
            default: return nil
            }
        case .remove, .swapWithNext, .colorEntry, .insertBox:
            return nil
        }
    }
}
