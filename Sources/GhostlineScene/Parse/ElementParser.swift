import GhostlineImage
import GhostlineLayout

/// The `root:` tree: stacks, labels (plain or with runs), boxes, images and gaps.
extension SceneParser {
    static let stackKeys = ["stack", "id", "padding", "spacing", "align", "distribution", "baselineRelative", "children",
                            "background"] + sizeKeys + elementKeys + flexKeys
    /// Keys every element takes: `source` anywhere, `x` and `y` in a `stack: absolute`.
    static let elementKeys = ["source", "x", "y"]
    /// The keys an absolute stack has no use for: its children say where they go.
    static let arrangingKeys = ["padding", "spacing", "align", "distribution", "baselineRelative"]

    mutating func stack(_ cursor: YAMLCursor, depth: Int = 0) throws(SceneError) -> StackDescription {
        guard depth < Self.maximumNesting else {
            throw cursor.error("stacks nest more than \(Self.maximumNesting) levels deep", fix: "flatten the structure")
        }
        let keys = try cursor.mapping(allowed: Self.stackKeys)
        var node = StackDescription(mark: cursor.mark)
        if let s = keys["stack"] {
            let written = try s.string()
            if YAMLCursor.choiceKey(written) == "absolute" {
                node.positioning = .absolute
                if let unused = Self.arrangingKeys.first(where: { keys[$0] != nil }), let at = keys[unused] {
                    throw at.error("`\(unused)` does not apply to a `stack: absolute`: its children sit at their own x and y",
                                   fix: "remove `\(unused)`, and move the children with their `x` and `y`")
                }
            } else {
                guard let axis = StackAxis.allCases.first(where: { YAMLCursor.choiceKey($0.rawValue) == YAMLCursor.choiceKey(written) }) else {
                    throw s.error("`\(written)` is not a valid value", fix: "use one of: vertical, horizontal, absolute")
                }
                node.axis = axis
            }
        }
        node.id = try identifier(keys["id"])
        (node.placement, node.sourceID) = try elementKeys(keys)
        node.flex = try flexOptions(keys)
        node.flexMarks = flexMarks(keys)
        if let p = keys["padding"] { node.padding = try insets(p) }
        node.spacing = try keys["spacing"]?.number("spacing in points", range: -10_000...10_000) ?? 0
        if let a = keys["align"] { node.alignment = try Self.alignment(a, axis: node.axis) }
        if let d = keys["distribution"] { node.distribution = try d.choice(StackDistribution.self) }
        if let b = keys["baselineRelative"] {
            node.baselineRelative = try b.bool()
            if node.baselineRelative && node.axis == .horizontal {
                throw b.error("`baselineRelative` applies to vertical stacks only (UIStackView.isBaselineRelativeArrangement)",
                              fix: "remove it, and line a row's text up with `align: firstBaseline` or `lastBaseline`")
            }
        }
        node.size = try sizeConstraints(keys)
        node.background = try background(keys["background"])
        if let c = keys["children"] {
            let items = try c.sequence()
            let outer = placing, outerArranging = arranging
            placing = node.positioning == .absolute
            arranging = placing ? nil : (node.axis, node.distribution)
            defer { placing = outer; arranging = outerArranging }
            for (index, item) in items.enumerated() {
                let child = try self.child(item, depth: depth)
                if node.positioning == .absolute, child.isSpacing {
                    throw item.error("a gap or spacer has nothing to space in a `stack: absolute`",
                                     fix: "remove it, and place the children with their `x` and `y`")
                }
                if case .gap(let gap) = child {
                    let previousIsGap: Bool = { if case .gap = node.children.last { return true }; return false }()
                    if index == 0 || index == items.count - 1 || previousIsGap {
                        throw item.error("a gap must stand between two children", fix: "use the stack's padding for space at its ends, and one gap between two neighbours")
                    }
                    if node.axis == .horizontal && (gap.from != .bottom || gap.to != .top) {
                        throw item.error("a gap in a horizontal stack is measured edge to edge; `from` and `to` anchors are vertical",
                                         fix: "write `- gap: \(gap.value)` (UIKit's custom spacing after a view), or align the row with `align:`")
                    }
                }
                node.children.append(child)
            }
        }
        return node
    }

    /// `x`, `y` and `source`: a placement only in a `stack: absolute` (a child anywhere else follows its stack), and
    /// the design document's object id on any element.
    func elementKeys(_ keys: YAMLCursor.Mapping) throws(SceneError) -> (Placement?, String?) {
        var placement: Placement?
        if keys["x"] != nil || keys["y"] != nil {
            guard placing else {
                throw (keys["x"] ?? keys["y"] ?? keys.cursor).error("`x` and `y` place a child of a `stack: absolute`; this element follows its stack",
                                                                    fix: "remove `x` and `y`, or put the element in a `stack: absolute`")
            }
            placement = Placement(x: try keys["x"]?.number("x in points", range: -10_000...10_000) ?? 0,
                                  y: try keys["y"]?.number("y in points", range: -10_000...10_000) ?? 0)
        }
        var source: String?
        if let s = keys["source"] {
            let id = try s.string()
            guard !id.isEmpty, id.unicodeScalars.count <= 1_000 else {
                throw s.error("a `source` must be a design document's object id of 1 to 1,000 characters",
                              fix: "give the layer's id (Sketch's do_objectID, Figma's node id), or remove `source`")
            }
            source = id
        }
        return (placement, source)
    }

    mutating func identifier(_ cursor: YAMLCursor?) throws(SceneError) -> String? {
        guard let cursor else { return nil }
        let id = try cursor.string()
        if let first = ids[id] {
            throw cursor.error("duplicate id `\(id)` (first used at line \(first.node.mark?.line ?? 0))", fix: "give every element its own id")
        }
        ids[id] = cursor
        return id
    }

    mutating func child(_ cursor: YAMLCursor, depth: Int) throws(SceneError) -> ElementDescription {
        elementCount += 1
        guard elementCount <= Self.maximumElements else {
            throw cursor.error("the scene has more than \(Self.maximumElements) elements, the root stack included", fix: "split it into smaller scenes (check YAML aliases that repeat large parts)")
        }
        guard case .mapping(let mapping) = cursor.node else {
            throw cursor.error("expected a child such as `- label: {…}`", fix: "start the item with label:, box:, image:, gap:, spacer: or stack:")
        }
        let keys = mapping.keys.compactMap(\.string)
        if keys.contains("stack") { return .stack(try stack(cursor, depth: depth + 1)) }
        let entry = try cursor.mapping(allowed: ["label", "box", "image", "gap", "spacer", "overlay"])
        guard entry.entries.count == 1, let (kind, value) = entry.entries.first else {
            throw cursor.error("a child must have exactly one of label, box, image, gap, spacer, overlay", fix: "split it into separate list items")
        }
        if kind == "overlay" { return .overlay(try overlay(value, depth: depth + 1)) }
        switch kind {
        case "label": return .label(try label(value))
        case "box": return .box(try box(value))
        case "image": return .image(try image(value))
        case "spacer": return .spacer(try spacer(value))
        default: return .gap(try gap(value))
        }
    }

    static let boxKeys = ["id", "color", "cornerRadius", "background"] + sizeKeys + elementKeys + flexKeys
    static let imageKeys = ["id", "file", "background"] + sizeKeys + priorityKeys + elementKeys + flexKeys
    static let gapKeys = ["value", "from", "to"]
    static let runKeys = ["text", "style"]
    static let labelKeys = ["id", "text", "runs", "style", "numberOfLines", "alignment", "lineBreakMode", "alignCapHeight",
                            "snapToGrid", "baseWritingDirection", "padding", "background"] + autoshrinkKeys + sizeKeys
                            + priorityKeys + elementKeys + flexKeys
    /// UILabel's autoshrink properties, by their UIKit names.
    static let autoshrinkKeys = ["adjustsFontSizeToFitWidth", "minimumScaleFactor", "allowsDefaultTighteningForTruncation",
                                 "baselineAdjustment"]

    mutating func label(_ cursor: YAMLCursor) throws(SceneError) -> LabelDescription {
        let keys = try cursor.mapping(allowed: Self.labelKeys)
        let text: LabelText
        switch (keys["text"], keys["runs"]) {
        case (let t?, nil):
            text = .plain(try self.text(t))
        case (nil, let r?):
            text = .runs(try runs(r))
        case (_?, let r?):
            throw r.error("a label has both `text` and `runs`", fix: "keep one: `text` for one style, `runs` for attributed text")
        case (nil, nil):
            throw cursor.error("missing required key `text`", fix: "add `text: \"…\"`, or `runs:` for attributed text")
        }
        switch text {
        case .plain(let plain): textCharacters += plain.unicodeScalars.count
        case .runs(let runs): textCharacters += runs.reduce(0) { $0 + $1.text.unicodeScalars.count }
        }
        guard textCharacters <= Self.maximumTextCharacters else {
            throw (keys["text"] ?? keys["runs"] ?? cursor).error(
                "the scene's labels hold more than \(Self.maximumTextCharacters) characters of text",
                fix: "split the text into several scenes (check YAML aliases that repeat a long text)")
        }
        let styleCursor = try keys.required("style", fix: "name a style from `styles:`, or write one inline")
        var label = LabelDescription(text: text, style: try styleReference(styleCursor))
        for (key, value) in keys.entries { label.marks[key] = value.mark }
        label.id = try identifier(keys["id"])
        label.numberOfLines = try keys["numberOfLines"]?.integer(range: 0...10_000)
        label.alignment = try keys["alignment"]?.choice(TextAlignment.self)
        label.lineBreakMode = try keys["lineBreakMode"]?.choice(LineBreakMode.self)
        label.alignCapHeight = try keys["alignCapHeight"]?.bool() ?? false
        label.snapToGrid = try keys["snapToGrid"]?.bool() ?? false
        label.baseWritingDirection = try keys["baseWritingDirection"]?.choice(WritingDirection.self)
        label.adjustsFontSizeToFitWidth = try keys["adjustsFontSizeToFitWidth"]?.bool()
        label.minimumScaleFactor = try keys["minimumScaleFactor"]?.number("a share of the size from 0 to 1", range: 0...1)
        label.allowsDefaultTighteningForTruncation = try keys["allowsDefaultTighteningForTruncation"]?.bool()
        label.baselineAdjustment = try keys["baselineAdjustment"]?.choice(BaselineAdjustment.self)
        label.size = try sizeConstraints(keys)
        label.priorities = try priorities(keys)
        if let p = keys["padding"] { label.padding = try insets(p) }
        label.background = try background(keys["background"])
        (label.placement, label.sourceID) = try elementKeys(keys)
        label.flex = try flexOptions(keys)
        label.flexMarks = flexMarks(keys)
        return label
    }

    func styleReference(_ cursor: YAMLCursor, allowed: [String] = StyleDescription.keys) throws(SceneError) -> StyleReference {
        cursor.isMapping ? .inline(try style(cursor, allowed: allowed)) : .named(try cursor.string(), mark: cursor.mark)
    }

    /// `runs:` — a non-empty list of `{ text, style }`; a run's inline style has character keys only (paragraph
    /// keys belong to the label's style).
    func runs(_ cursor: YAMLCursor) throws(SceneError) -> [RunDescription] {
        let items = try cursor.sequence()
        guard !items.isEmpty else {
            throw cursor.error("`runs` is empty", fix: "list at least one run, e.g. `- text: \"Hello\"`")
        }
        var runs: [RunDescription] = []
        for item in items {
            let keys = try item.mapping(allowed: Self.runKeys)
            let text = try self.text(try keys.required("text", fix: "give the run its text, e.g. `- text: \"Terms\"`"))
            var run = RunDescription(text: text, mark: item.mark)
            if let s = keys["style"] {
                if s.isMapping, let paragraph = try s.mapping(allowed: StyleDescription.keys).entries
                    .first(where: { ParagraphStyleDescription.keys.contains($0.0) }) {
                    throw paragraph.1.error("`\(paragraph.0)` is a paragraph key and has no effect on a run",
                                            fix: "set it on the label's style; runs take: \(CharacterStyleDescription.keys.joined(separator: ", "))")
                }
                run.style = try styleReference(s, allowed: CharacterStyleDescription.keys)
            }
            runs.append(run)
        }
        return runs
    }

    mutating func box(_ cursor: YAMLCursor) throws(SceneError) -> BoxDescription {
        let keys = try cursor.mapping(allowed: Self.boxKeys)
        let size = try sizeConstraints(keys)
        guard let height = size.height else {
            throw cursor.error("missing required key `height`", fix: "add `height:` in points")
        }
        var box = BoxDescription(id: try identifier(keys["id"]), width: size.width, height: height,
                                 cornerRadius: try keys["cornerRadius"]?.number("a radius in points", range: 0...5_000) ?? 0)
        box.size = SizeConstraints(minWidth: size.minWidth, minHeight: size.minHeight, maxWidth: size.maxWidth, maxHeight: size.maxHeight)
        if let c = keys["color"] { box.color = try color(c) }
        box.background = try background(keys["background"])
        (box.placement, box.sourceID) = try elementKeys(keys)
        box.flex = try flexOptions(keys)
        box.flexMarks = flexMarks(keys)
        return box
    }

    mutating func image(_ cursor: YAMLCursor) throws(SceneError) -> ImageDescription {
        let keys = try cursor.mapping(allowed: Self.imageKeys)
        let fileCursor = try keys.required("file", fix: "add `file:` with a PNG path relative to the scene")
        let size = try sizeConstraints(keys)
        var image = ImageDescription(id: try identifier(keys["id"]), file: try fileCursor.string(), width: size.width,
                                     height: size.height, mark: fileCursor.mark)
        image.size = SizeConstraints(minWidth: size.minWidth, minHeight: size.minHeight, maxWidth: size.maxWidth, maxHeight: size.maxHeight)
        image.priorities = try priorities(keys)
        image.background = try background(keys["background"])
        (image.placement, image.sourceID) = try elementKeys(keys)
        image.flex = try flexOptions(keys)
        image.flexMarks = flexMarks(keys)
        return image
    }

    func gap(_ cursor: YAMLCursor) throws(SceneError) -> GapNode {
        if cursor.isNumber { return GapNode(value: try cursor.number("a gap in points", range: -10_000...10_000)) }
        let keys = try cursor.mapping(allowed: Self.gapKeys)
        return GapNode(value: try keys.required("value", fix: "add `value:` in points").number("a gap in points", range: -10_000...10_000),
                       from: try keys["from"]?.choice(Anchor.self) ?? .bottom,
                       to: try keys["to"]?.choice(Anchor.self) ?? .top)
    }
}
