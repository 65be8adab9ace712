import GhostlineLayout

/// The Auto Layout keys any element may have (size constraints), those of labels and images (content priorities),
/// and spacers.
extension SceneParser {
    static let sizeKeys = ["width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight"]
    static let priorityKeys = ["hugging", "compressionResistance"]
    static let spacerKeys = ["minLength"]
    /// A child's own part in its stack: a share of the leftover room, of a shortfall (css), its own alignment.
    static let flexKeys = ["grow", "shrink", "alignSelf"]
    static let axisKeys = ["horizontal", "vertical"]

    /// `width`, `height` and the minimums and maximums, each 0–10000 points; a minimum above its maximum, or a
    /// fixed size outside them, is refused (Auto Layout would have to break a required constraint).
    func sizeConstraints(_ keys: YAMLCursor.Mapping) throws(SceneError) -> SizeConstraints {
        func length(_ key: String) throws(SceneError) -> Double? {
            guard let cursor = keys[key] else { return nil }
            if cursor.isNumber, let value = Double((try? cursor.string()) ?? ""), value < 0 {
                throw cursor.error("`\(key)` is negative (\(value))", fix: "give a length in points from 0 to 10000")
            }
            return try cursor.number("a length in points", range: 0...10_000)
        }
        let size = SizeConstraints(width: try length("width"), height: try length("height"), minWidth: try length("minWidth"),
                                   minHeight: try length("minHeight"), maxWidth: try length("maxWidth"), maxHeight: try length("maxHeight"))
        for (axis, fixedKey, minKey, maxKey) in [("width", "width", "minWidth", "maxWidth"), ("height", "height", "minHeight", "maxHeight")] {
            let fixed = axis == "width" ? size.width : size.height
            let low = axis == "width" ? size.minWidth : size.minHeight
            let high = axis == "width" ? size.maxWidth : size.maxHeight
            if let low, let high, low > high {
                throw keys[maxKey]!.error("`\(minKey)` (\(low)) is more than `\(maxKey)` (\(high))",
                                          fix: "make \(minKey) at most \(maxKey), or drop one of them")
            }
            if let fixed, let low, fixed < low {
                throw keys[fixedKey]!.error("`\(fixedKey)` (\(fixed)) is less than `\(minKey)` (\(low))",
                                            fix: "drop \(minKey): a fixed \(axis) needs no minimum")
            }
            if let fixed, let high, fixed > high {
                throw keys[fixedKey]!.error("`\(fixedKey)` (\(fixed)) is more than `\(maxKey)` (\(high))",
                                            fix: "drop \(maxKey): a fixed \(axis) needs no maximum")
            }
        }
        return size
    }

    /// `hugging` and `compressionResistance`: a priority 1–1000 for both axes, or `{ horizontal, vertical }`.
    func priorities(_ keys: YAMLCursor.Mapping) throws(SceneError) -> ContentPriorities {
        var priorities = ContentPriorities()
        func pair(_ key: String, default value: Int) throws(SceneError) -> (Int, Int) {
            guard let cursor = keys[key] else { return (value, value) }
            func priority(_ c: YAMLCursor) throws(SceneError) -> Int {
                guard case .scalar(let scalar) = c.node, scalar.style == .plain, let number = Double(scalar.string) else {
                    throw c.error("expected a priority, got \(c.isMapping ? "a mapping" : "\"\((try? c.string()) ?? "")\"")",
                                  fix: "write an integer from 1 to 1000 (UIKit's defaults: hugging 250, compressionResistance 750)")
                }
                guard number == number.rounded(), (1...1000).contains(number) else {
                    throw c.error("\(scalar.string) is not a priority from 1 to 1000",
                                  fix: "write an integer from 1 to 1000 (UIKit's defaults: hugging 250, compressionResistance 750)")
                }
                return Int(number)
            }
            if !cursor.isMapping { let both = try priority(cursor); return (both, both) }
            let axes = try cursor.mapping(allowed: Self.axisKeys)
            return (try axes["horizontal"].map { c throws(SceneError) in try priority(c) } ?? value,
                    try axes["vertical"].map { c throws(SceneError) in try priority(c) } ?? value)
        }
        (priorities.horizontalHugging, priorities.verticalHugging) = try pair("hugging", default: ContentPriorities.defaultHugging)
        (priorities.horizontalCompressionResistance, priorities.verticalCompressionResistance) =
            try pair("compressionResistance", default: ContentPriorities.defaultCompressionResistance)
        return priorities
    }

    /// `spacer: {}` or `spacer: { minLength: 8 }` (an empty `spacer:` too).
    func spacer(_ cursor: YAMLCursor) throws(SceneError) -> SpacerNode {
        if case .scalar(let scalar) = cursor.node, ["", "~", "null"].contains(scalar.string) { return SpacerNode() }
        let keys = try cursor.mapping(allowed: Self.spacerKeys)
        return SpacerNode(minLength: try keys["minLength"]?.number("a length in points", range: 0...10_000) ?? 0)
    }

    /// `grow`, `shrink` and `alignSelf` on a child of an arranging stack, with where each was written. A child of
    /// an overlay or a `stack: absolute`, and the root, have no stack to share or align in; `grow` needs a `fill`
    /// stack (the other distributions set every length themselves); `alignSelf` takes the values `align:` takes on
    /// the stack's axis.
    func flexOptions(_ keys: YAMLCursor.Mapping) throws(SceneError) -> FlexOptions {
        var options = FlexOptions()
        guard let firstKey = Self.flexKeys.first(where: { keys[$0] != nil }), let firstCursor = keys[firstKey] else { return options }
        guard let parent = arranging else {
            throw firstCursor.error("`\(firstKey)` applies to a child of a vertical or horizontal stack",
                                    fix: "remove it: the root fills the canvas, and an overlay or a `stack: absolute` places each child itself")
        }
        if let g = keys["grow"] {
            guard parent.distribution == .fill else {
                throw g.error("`grow` shares a `fill` stack's leftover room, and this stack's distribution is `\(parent.distribution.rawValue)`",
                              fix: "remove `grow`, or give the stack `distribution: fill`")
            }
            options.grow = try g.number("a share of the leftover room, 0 or more", range: 0...10_000)
        }
        if let s = keys["shrink"] {
            options.shrink = try s.number("a share of the shortfall, 0 or more (CSS's flex-shrink)", range: 0...10_000)
        }
        if let a = keys["alignSelf"] { options.alignSelf = try Self.alignment(a, axis: parent.axis) }
        return options
    }

    /// Where each of `grow`, `shrink` and `alignSelf` was written, for errors found while resolving.
    func flexMarks(_ keys: YAMLCursor.Mapping) -> [String: SourceMark] {
        var marks: [String: SourceMark] = [:]
        for key in Self.flexKeys { if let cursor = keys[key] { marks[key] = cursor.mark } }
        return marks
    }

    /// A cross-axis alignment (`align:` on a stack, `alignSelf` on its child) that applies to a stack of `axis`.
    static func alignment(_ cursor: YAMLCursor, axis: StackAxis) throws(SceneError) -> StackAlignment {
        let alignment = try cursor.choice(StackAlignment.self)
        let vertical: [StackAlignment] = [.fill, .leading, .center, .trailing]
        let horizontal: [StackAlignment] = [.fill, .top, .center, .bottom, .firstBaseline, .lastBaseline, .capHeight, .xHeightCenter]
        let allowed = axis == .vertical ? vertical : horizontal
        guard allowed.contains(alignment) else {
            throw cursor.error("`\(alignment.rawValue)` does not apply to a \(axis.rawValue) stack",
                               fix: "use one of: \(allowed.map(\.rawValue).joined(separator: ", "))")
        }
        return alignment
    }
}
