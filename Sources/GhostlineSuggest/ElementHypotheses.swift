import GhostlineGeometry
import GhostlineLayout
import GhostlineReview
import GhostlineScene

/// The hypotheses themselves: which elements could have moved the first label off the design, and the values of
/// their keys that would move it by the offset seen.
///
/// Why apart from ``elementSearch(limit:registered:)``: the search scores and ranks layouts; this file decides what
/// to lay out. A new key (an alignment, a distribution) is a new case here and nothing else changes.
extension SuggestionSearch {
    /// Single edits on top of `applied` (already in `description`), scored with them.
    func editTrials(on description: SceneDescription, applied: [SceneEdit], anchors: [String], current: [String: Placement],
                    measured: [String: LabelComparison], registered: [String: Registration]) -> [EditTrial] {
        let nodes = Self.nodes(description.root)
        guard let offLabel = firstOff(current, measured: measured, registered: registered) ?? grownOff(current) else { return [] }
        let (label, dvs, dhs) = offLabel
        guard let index = nodes.firstIndex(where: { $0.id == label && $0.kind == "label" }) else { return [] }
        let labelPath = nodes[index].path
        var edits: [SceneEdit] = []
        // Ids written in the scene, by path (the description searched has every id pinned).
        let written = Set(Self.nodes(self.description.root).filter(\.hasOwnID).map(\.path))
        func add(_ node: Node, _ change: SceneEdit.Change) {
            edits.append(SceneEdit(path: node.path, id: node.id, hasOwnID: written.contains(node.path), kind: node.kind, change: change))
        }
        func values(_ current: Double, _ deltas: [Double], step: Double = 0.5) -> [Double] {
            var seen: [Double] = []
            for delta in deltas where delta.isFinite {
                for rounding in [1.0, step] {
                    let value = ((current + delta) / rounding).rounded() * rounding
                    if value >= 0, abs(value - current) > 1e-9, !seen.contains(value) { seen.append(value) }
                }
            }
            return seen
        }
        func number(_ node: Node, _ key: String, _ current: Double?, _ deltas: [Double]) {
            for value in values(current ?? 0, deltas) { add(node, .number(key: key, from: current, to: value)) }
        }
        let dv = dvs.first, dh = dhs.first
        let vDeltas = dvs + dvs.map { 2 * $0 }
        let hDeltas = dhs + dhs.map { 2 * $0 }
        // The design's size says what grew at the bottom (a padding there, a taller last row).
        let grown = Double(comparison.designSize.height - comparison.renderSize.height) / comparison.scale.value
        let bottomDeltas = abs(grown) * comparison.scale.value >= 1 ? [grown] : []

        func shift(_ node: Node, _ padding: EdgeInsets, _ axis: StackAxis, _ d: Double) {
            var to = padding
            if axis == .vertical { to.top += d; to.bottom -= d } else { to.leading += d; to.trailing -= d }
            to = EdgeInsets(top: (to.top * 2).rounded() / 2, leading: (to.leading * 2).rounded() / 2,
                            bottom: (to.bottom * 2).rounded() / 2, trailing: (to.trailing * 2).rounded() / 2)
            guard to != padding, [to.top, to.leading, to.bottom, to.trailing].allSatisfy({ $0 >= 0 }) else { return }
            add(node, .shift(axis: axis, from: padding, to: to))
        }

        func texts(_ node: Node, _ label: LabelDescription) {
            guard case .plain(let text) = label.text, let comparisonLabel = comparison.labels.first(where: { $0.id == node.id }),
                  !comparisonLabel.lineCountDiffers else { return }
            let rendered = comparisonLabel.lines.compactMap(\.renderInk).map(\.width).reduce(0, +)
            let designed = comparisonLabel.lines.compactMap(\.designInk).map(\.width).reduce(0, +)
            guard rendered > 0, designed > 0, abs(designed - rendered) > comparison.edgeTolerance else { return }
            let characters = Array(text)
            var variants: [String] = []
            // Letters dropped at the end or the start (a plural, a prefix), or one word left out.
            for k in 1...min(8, max(1, characters.count - 1)) where k < characters.count {
                variants.append(String(characters.dropLast(k)))
                variants.append(String(characters.dropFirst(k)))
            }
            let words = text.split(separator: " ", omittingEmptySubsequences: false)
            if words.count > 1, words.count <= 24 {
                for w in words.indices { variants.append(words.enumerated().filter { $0.offset != w }.map { String($0.element) }.joined(separator: " ")) }
                // Two or three words together, the sentence's closing mark kept ("Cancel anytime in Settings." →
                // "Cancel anytime.").
                let closing = words.last.map { String($0.reversed().prefix { ".!?…".contains($0) }.reversed()) } ?? ""
                for run in 2...3 where run < words.count {
                    for w in 0...(words.count - run) {
                        var kept = Array(words[..<w]) + Array(words[(w + run)...])
                        if w + run == words.count, !closing.isEmpty, let last = kept.last { kept[kept.count - 1] = last + closing }
                        variants.append(kept.map(String.init).joined(separator: " "))
                    }
                }
            }
            // A space left at either end draws nothing: the variant without it is the one to name.
            var seen = Set<String>()
            for variant in variants.map({ $0.trimmingCharacters(in: .whitespaces) })
            where !variant.isEmpty && variant != text && seen.insert(variant).inserted {
                add(node, .text(from: text, to: variant))
            }
        }

        /// An ancestor's `align` and `distribution` (with more than one child to share the length). Tried whichever
        /// way the label is off: a distribution changes a label's width as well as where it starts, and a label the
        /// design has nowhere near its place has no offset to go by.
        func options(_ node: Node, _ s: StackDescription) {
            let values: [StackAlignment] = s.axis == .vertical ? [.fill, .leading, .center, .trailing]
                : [.fill, .top, .center, .bottom, .firstBaseline, .lastBaseline]
            for value in values where value != s.alignment {
                add(node, .option(key: "align", from: s.alignment.rawValue, to: value.rawValue))
            }
            let sharing = s.children.filter { if case .gap = $0 { return false }; return true }.count
            if sharing > 1 {
                for value in StackDistribution.allCases where value != s.distribution {
                    add(node, .option(key: "distribution", from: s.distribution.rawValue, to: value.rawValue))
                }
            }
        }

        for node in nodes[...index] {
            let isAncestor = labelPath.starts(with: node.path) && node.path != labelPath
            let isLabel = node.path == labelPath
            // The child of this ancestor that holds the label, and how many children (gaps) come before it.
            let chainIndex = isAncestor ? labelPath[node.path.count] : 0
            switch node.element {
            case .stack(let s):
                if isAncestor {
                    options(node, s)
                    // Something the design has before the label's branch and the scene lacks: a box as tall as the
                    // room, less the spacing it brings (its colour read from the design once laid out).
                    if s.axis == .vertical, let branch = nodes.first(where: { $0.path == node.path + [chainIndex] }) {
                        for d in dvs where d - s.spacing >= 0.25 {
                            add(branch, .insertBox(height: ((d - s.spacing) * 4).rounded() / 4, color: .fixed(.black)))
                        }
                    }
                    if chainIndex > 0 {
                        let gaps = Double(s.children[..<chainIndex].filter { if case .gap = $0 { return false }; return true }.count)
                        number(node, "spacing", s.spacing, (s.axis == .vertical ? dvs : dhs).map { $0 / max(1, gaps) })
                    }
                    number(node, "padding.top", s.padding.top, vDeltas.prefix(1).map { $0 })
                    number(node, "padding.leading", s.padding.leading, hDeltas.prefix(1).map { $0 })
                    if s.padding.top == s.padding.leading && s.padding.top == s.padding.bottom && s.padding.top == s.padding.trailing,
                       let d = dv ?? dh {
                        number(node, "padding", s.padding.top, [d])
                    }
                    if let d = dv { shift(node, s.padding, .vertical, d) }
                    if let d = dh { shift(node, s.padding, .horizontal, d) }
                    // Top and bottom together: a row that grows around centred content moves it by half.
                    if s.padding.top == s.padding.bottom { number(node, "padding.vertical", s.padding.top, dvs + dvs.map { 2 * $0 }) }
                    if s.padding.leading == s.padding.trailing { number(node, "padding.horizontal", s.padding.leading, dhs) }
                    if let h = s.size.height { number(node, "height", h, vDeltas) }
                    if let h = s.size.minHeight { number(node, "minHeight", h, vDeltas) }
                    if let w = s.size.width { number(node, "width", w, hDeltas) }
                } else if !isLabel {
                    // A stack before the label: it grew or shrank.
                    number(node, "padding.bottom", s.padding.bottom, vDeltas.prefix(1).map { $0 })
                    number(node, "padding.top", s.padding.top, vDeltas.prefix(1).map { $0 })
                    if s.padding.top == s.padding.bottom { number(node, "padding.vertical", s.padding.top, dvs.map { $0 / 2 }) }
                    if let h = s.size.height { number(node, "height", h, vDeltas.prefix(1).map { $0 }) }
                    if let h = s.size.minHeight { number(node, "minHeight", h, vDeltas.prefix(1).map { $0 }) }
                    if s.children.count > 1, let d = s.axis == .vertical ? dv : nil {
                        number(node, "spacing", s.spacing, [d / Double(s.children.count - 1)])
                    }
                }
            case .label(let l):
                if isLabel {
                    number(node, "padding.top", l.padding.top, vDeltas.prefix(1).map { $0 })
                    number(node, "padding.leading", l.padding.leading, hDeltas.prefix(1).map { $0 })
                    if l.padding != .zero, let d = dv ?? dh, l.padding == EdgeInsets(all: l.padding.top) { number(node, "padding", l.padding.top, [d]) }
                    if let d = dv, l.padding.vertical > 0 { shift(node, l.padding, .vertical, d) }
                    // Both sides: a label aligned to its far side (after a spacer) moves the other way as it grows.
                    if l.padding.top == l.padding.bottom, l.padding.top > 0 || l.background != nil {
                        number(node, "padding.vertical", l.padding.top, dvs + dvs.map { -$0 })
                    }
                    if l.padding.leading == l.padding.trailing, l.padding.leading > 0 || l.background != nil {
                        number(node, "padding.horizontal", l.padding.leading, dhs + dhs.map { -$0 })
                    }
                    if let d = dh, l.padding.horizontal > 0 { shift(node, l.padding, .horizontal, d) }
                    if let h = l.size.height { number(node, "height", h, vDeltas) }
                    if let h = l.size.minHeight { number(node, "minHeight", h, vDeltas) }
                    // A line count: the design's, when measured; one more or fewer than the label shows, when it is cut
                    // short or limited (the design's extra line may be read as the next label's).
                    var counts: [Int] = []
                    if let comparisonLabel = comparison.labels.first(where: { $0.id == node.id }), comparisonLabel.lineCountDiffers,
                       let designed = comparisonLabel.designLineCount, designed > 0 { counts.append(designed) }
                    if let shown = current[node.id]?.baselines.count, current[node.id]?.truncated == true || (l.numberOfLines ?? 0) > 0 {
                        counts += [shown + 1, shown + 2, shown - 1, 0]
                    }
                    // A design of another height with every label on it: the label the design cuts may stop sooner.
                    if comparison.renderSize.height != comparison.designSize.height, let shown = current[node.id]?.baselines.count, shown > 1 {
                        counts += Array((1..<shown).reversed().prefix(6))
                    }
                    for count in counts where count >= 0 && count != (l.numberOfLines ?? 0) {
                        add(node, .number(key: "numberOfLines", from: l.numberOfLines.map(Double.init), to: Double(count)))
                    }
                    texts(node, l)
                    // How the last line that fits ends: only a label cut short (or written with a mode) can show it.
                    if current[node.id]?.truncated == true || l.lineBreakMode != nil || (l.numberOfLines ?? 0) > 0 {
                        let mode = (l.lineBreakMode ?? .wordWrap).rawValue
                        for other in LineBreakMode.allCases.map(\.rawValue) where other != mode {
                            add(node, .option(key: "lineBreakMode", from: mode, to: other))
                        }
                    }
                } else {
                    // A label before the one off: it grew or shrank (its line count, its padding).
                    if l.padding.bottom > 0 || l.background != nil { number(node, "padding.bottom", l.padding.bottom, vDeltas.prefix(1).map { $0 }) }
                    if let h = l.size.height { number(node, "height", h, vDeltas.prefix(1).map { $0 }) }
                }
            case .box(let b):
                number(node, "height", b.height, vDeltas)
                if let w = b.width {
                    number(node, "width", w, hDeltas)
                    // A square (an avatar, an icon) grows both ways; centred beside text it moves that text by half.
                    if w == b.height { number(node, "size", w, hDeltas + vDeltas + vDeltas.map { 2 * $0 }) }
                }
            case .image(let i):
                if let h = i.height { number(node, "height", h, vDeltas) }
                if let w = i.width {
                    number(node, "width", w, hDeltas)
                    if w == i.height { number(node, "size", w, hDeltas + vDeltas.map { 2 * $0 }) }
                }
            case .overlay(let o):
                if let h = o.size.height { number(node, "height", h, isAncestor ? vDeltas : Array(vDeltas.prefix(1))) }
            case .gap(let g):
                number(node, "gap", g.value, (node.parentAxis == .horizontal ? hDeltas : vDeltas).prefix(1).map { $0 })
            case .spacer(let s):
                if s.minLength > 0 { number(node, "minLength", s.minLength, vDeltas.prefix(1).map { $0 }) }
            }
            // Structure: an element before the label (not one of its ancestors) taken out, or moved after its sibling.
            if !isAncestor, !node.path.isEmpty, node.kind != "gap" {
                add(node, .remove)
                if let parent = nodes.first(where: { $0.path == Array(node.path.dropLast()) }) {
                    let siblings: [ElementDescription]
                    switch parent.element {
                    case .stack(let s): siblings = s.children
                    case .overlay(let o): siblings = o.children
                    default: siblings = []
                    }
                    let position = node.path.last!
                    if position + 1 < siblings.count,
                       let next = nodes.first(where: { $0.path == Array(node.path.dropLast()) + [position + 1] }), next.kind != "gap" {
                        add(node, .swapWithNext(next: next.id))
                    }
                }
            }
        }
        // The label's siblings after it, taken out: a row that shares its width (`fillEqually`, a centred title)
        // moves every child when one goes.
        for node in nodes where node.path.count == labelPath.count && node.path.dropLast() == labelPath.dropLast()
            && node.path.last! > labelPath.last! && node.kind != "gap" {
            add(node, .remove)
        }
        // Labels the design has no text for, anywhere: taken out.
        for node in nodes where node.kind == "label" && labelMissingInDesign(node.id) && node.path != labelPath {
            add(node, .remove)
        }
        if let d = bottomDeltas.first, let root = nodes.first, case .stack(let s) = root.element {
            number(root, "padding.bottom", s.padding.bottom, [d])
        }

        var trials: [EditTrial] = []
        var seen = Set<String>()
        for var edit in edits where seen.insert(edit.line).inserted {
            if case .insertBox = edit.change {
                guard let coloured = colouredInsert(edit, on: description) else { continue }
                edit = coloured
            }
            guard let edited = SceneEdit.apply([edit], to: description), let (placed, measured, painted) = placeAndMeasure(edited) else { continue }
            // An edit that changes nothing in the layout (an alignment in a stack as tall as its content, a mode for a
            // label that fits) explains nothing, however well the unchanged layout already lands.
            if placed == current, !applied.isEmpty || painted == paintedBefore { continue }
            var score = score(placed, measured: measured, registered: registered, painted: painted)
            score.cost += regionCost(painted, placements: placed)
            trials.append(EditTrial(edits: applied + [edit], anchors: anchors + [label], placements: placed, measured: measured,
                                    painted: painted, score: score))
        }
        return trials.sorted {
            ($0.score.unfit, $0.score.cost, $0.edits.map(\.magnitude).reduce(0, +), $0.edits.map(\.line).joined())
                < ($1.score.unfit, $1.score.cost, $1.edits.map(\.magnitude).reduce(0, +), $1.edits.map(\.line).joined())
        }
    }

    /// An inserted box with the colour the design shows where the layout puts it; nil when the design shows the
    /// page there (that is room, not a box: a spacing or padding hypothesis says it) or nothing flat.
    func colouredInsert(_ edit: SceneEdit, on description: SceneDescription) -> SceneEdit? {
        guard case .insertBox(let height, _) = edit.change, let edited = SceneEdit.apply([edit], to: description),
              let scene = try? loader.resolve(edited, overrides: overrides),
              let frame = scene.layout().elements.first(where: { $0.id == SceneEdit.insertedID })?.frame,
              let colour = Self.dominant(in: frame.insetBy(min(frame.height / 4, 1 / comparison.scale.value)),
                                         of: wholeDesign ?? comparison.design, scale: comparison.scale.value),
              InkTraits.channelDistance(colour, comparison.background) > 2 else { return nil }
        var coloured = edit
        coloured.change = .insertBox(height: height, color: flatColor(colour))
        return coloured
    }
}
