import GhostlineLayout

/// `background:` on any element, and the `overlay:` element.
extension SceneParser {
    /// `background: { color, cornerRadius, border: { width, color } }`, or just a colour.
    func background(_ cursor: YAMLCursor?) throws(SceneError) -> BackgroundDescription? {
        guard let cursor else { return nil }
        guard cursor.isMapping, (try? cursor.mapping(allowed: ["light", "dark"])) == nil else {
            return BackgroundDescription(color: try color(cursor), mark: cursor.mark)
        }
        let keys = try cursor.mapping(allowed: Self.backgroundKeys)
        let fill = try keys.required("color", fix: "give the fill, e.g. `color: systemBlue` or `color: \"#0A84FF\"`")
        var background = BackgroundDescription(color: try color(fill), mark: cursor.mark)
        background.cornerRadius = try keys["cornerRadius"]?.number("a radius in points", range: 0...5_000) ?? 0
        if let b = keys["border"] { background.border = try border(b) }
        return background
    }

    static let backgroundKeys = ["color", "cornerRadius", "border"]
    /// A uniform border's keys, and a side's.
    static let borderKeys = ["width", "color"]

    /// `border: { width, color }` on all four sides, or `{ top: { width, color }, leading: …, bottom: …, trailing: … }`
    /// on the sides named. The two forms do not mix.
    func border(_ cursor: YAMLCursor) throws(SceneError) -> BorderDescription {
        let keys = try cursor.mapping(allowed: Self.borderKeys + BorderDescription.sideKeys)
        func side(_ keys: YAMLCursor.Mapping) throws(SceneError) -> BorderDescription.Side {
            let width = try keys.required("width", fix: "give the border's width in points, e.g. `width: 1`")
                .number("a border width in points", range: 0...1_000)
            let color = try self.color(try keys.required("color", fix: "give the border's colour, e.g. `color: separator`"))
            return BorderDescription.Side(width: width, color: color)
        }
        let sides = BorderDescription.sideKeys.compactMap { name in keys[name].map { (name, $0) } }
        guard let (firstSide, firstCursor) = sides.first else { return BorderDescription(all: try side(keys)) }
        if let uniform = Self.borderKeys.first(where: { keys[$0] != nil }) {
            throw firstCursor.error("a border has both `\(uniform)` (all four sides) and `\(firstSide)` (one side)",
                                    fix: "write `{ width, color }` for all four sides, or only the sides, e.g. `{ top: { width: 0.5, color: separator } }`")
        }
        var border = BorderDescription()
        for (name, cursor) in sides {
            let value = try side(try cursor.mapping(allowed: Self.borderKeys))
            switch name {
            case "top": border.top = value
            case "leading": border.leading = value
            case "bottom": border.bottom = value
            default: border.trailing = value
            }
        }
        return border
    }
    static let overlayKeys = ["id", "alignment", "children", "background"] + sizeKeys + elementKeys + flexKeys

    /// `overlay: { id, alignment, children, background, width, height, … }`: children drawn in one frame.
    mutating func overlay(_ cursor: YAMLCursor, depth: Int) throws(SceneError) -> OverlayDescription {
        guard depth < Self.maximumNesting else {
            throw cursor.error("stacks and overlays nest more than \(Self.maximumNesting) levels deep", fix: "flatten the structure")
        }
        let keys = try cursor.mapping(allowed: Self.overlayKeys)
        var overlay = OverlayDescription(children: [], mark: cursor.mark)
        overlay.id = try identifier(keys["id"])
        if let a = keys["alignment"] { overlay.alignment = try a.choice(OverlayAlignment.self) }
        overlay.size = try sizeConstraints(keys)
        overlay.background = try background(keys["background"])
        (overlay.placement, overlay.sourceID) = try elementKeys(keys)
        overlay.flex = try flexOptions(keys)
        overlay.flexMarks = flexMarks(keys)
        let outer = placing, outerArranging = arranging
        placing = false
        arranging = nil
        defer { placing = outer; arranging = outerArranging }
        let childrenCursor = try keys.required("children", fix: "list what the overlay holds, e.g. `children: [ { box: { height: 48 } }, { label: { text: \"3\", style: badge } } ]`")
        let items = try childrenCursor.sequence()
        guard !items.isEmpty else {
            throw childrenCursor.error("an overlay with no children", fix: "list at least one child, or remove the overlay")
        }
        for item in items {
            let child = try self.child(item, depth: depth)
            switch child {
            case .gap, .spacer:
                throw item.error("an overlay lays its children over each other, so a gap or spacer has nothing to space",
                                 fix: "use a stack inside the overlay for children side by side")
            default:
                overlay.children.append(child)
            }
        }
        return overlay
    }
}
