import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineScene

/// The layout hypotheses of issue 31: changes to elements (spacing, padding, frames, gaps, line counts, text, an
/// element taken out or moved) that would put every label where the design has it.
///
/// Why from the first label off the design: a change in a stack moves everything after it, so the topmost label that
/// is off (in layout order) is where the change shows first, and only what comes before it (its ancestors, the
/// siblings before it and their contents, the label itself) can have moved it. Each such element's keys get the
/// values that would move that label by the offset seen (a spacing by the offset over the number of gaps above it,
/// a fixed height by it or twice it for centred content), and each hypothesis is laid out again and scored over
/// every label. One that lands them all is one cause at that point, not one per label. Layouts only; the check of
/// the patched scene (``DesignCheck``) decides.
extension SuggestionSearch {
    /// An element of the description, where it is and what it is.
    struct Node {
        var path: [Int]
        var id: String
        var hasOwnID: Bool
        var kind: String
        var element: ElementDescription
        /// The axis of the stack that holds it (nil for the root and overlay children).
        var parentAxis: StackAxis?
    }

    /// A set of element edits and how the scene lays out with them.
    struct EditTrial {
        var edits: [SceneEdit]
        /// For each edit, the label it was found for (the first one off the design before it).
        var anchors: [String]
        var placements: [String: Placement]
        /// The labels as the design shows them where this layout puts them (only those it moved).
        var measured: [String: LabelComparison]
        /// Where it puts every painted element (a box, an image, a fill).
        var painted: [String: Rect]
        var score: Score
    }

    /// How well a layout matches the design's ink over every label.
    struct Score {
        /// Labels off the design.
        var unfit: Int
        /// The sum of their costs (``cost(_:)``).
        var cost: Double
        var fitsAll: Bool { unfit == 0 }
    }

    /// Every element in document order, with the ids the layout gives those without one (`label3`: counted per kind
    /// in document order, the root stack first), so an element keeps its id when another is taken out.
    static func nodes(_ root: StackDescription) -> [Node] {
        var counts: [String: Int] = [:]
        var result: [Node] = []
        func id(_ kind: String, _ own: String?) -> (String, Bool) {
            counts[kind, default: 0] += 1
            return (own ?? "\(kind)\(counts[kind]!)", own != nil)
        }
        func visit(_ element: ElementDescription, path: [Int], axis: StackAxis?) {
            var children: [ElementDescription] = []
            var childAxis: StackAxis?
            let (kind, own): (String, String?)
            switch element {
            case .label(let l): (kind, own) = ("label", l.id)
            case .box(let b): (kind, own) = ("box", b.id)
            case .image(let i): (kind, own) = ("image", i.id)
            case .stack(let s): (kind, own) = ("stack", s.id); children = s.children; childAxis = s.axis
            case .overlay(let o): (kind, own) = ("overlay", o.id); children = o.children
            case .gap: (kind, own) = ("gap", nil)
            case .spacer: (kind, own) = ("spacer", nil)
            }
            let named: (String, Bool)
            if kind == "gap" || kind == "spacer" { named = ("\(kind) at root" + path.map { ".children[\($0)]" }.joined(), false) }
            else { named = id(kind, own) }
            result.append(Node(path: path, id: named.0, hasOwnID: named.1, kind: kind, element: element, parentAxis: axis))
            for (index, child) in children.enumerated() { visit(child, path: path + [index], axis: childAxis) }
        }
        visit(.stack(root), path: [], axis: nil)
        return result
    }

    /// The description with every label, box, image, stack and overlay given its layout id, so ids stay put when an
    /// element is taken out (the layout counts ids per kind in document order).
    static func pinned(_ description: SceneDescription) -> SceneDescription {
        var counts: [String: Int] = [:]
        func next(_ kind: String, _ own: String?) -> String {
            counts[kind, default: 0] += 1
            return own ?? "\(kind)\(counts[kind]!)"
        }
        func pin(_ element: ElementDescription) -> ElementDescription {
            switch element {
            case .label(var l): l.id = next("label", l.id); return .label(l)
            case .box(var b): b.id = next("box", b.id); return .box(b)
            case .image(var i): i.id = next("image", i.id); return .image(i)
            case .stack(var s): s.id = next("stack", s.id); s.children = s.children.map(pin); return .stack(s)
            case .overlay(var o): o.id = next("overlay", o.id); o.children = o.children.map(pin); return .overlay(o)
            case .gap, .spacer: return element
            }
        }
        var description = description
        if case .stack(let root) = pin(.stack(description.root)) { description.root = root }
        return description
    }

    /// The search's comparison with every label measured over the whole render and the whole design. A check of
    /// images of different sizes compares only the part both have, so a label below it was measured cut (or not at
    /// all), and the ink offsets the search predicts with would be wrong for it.
    mutating func measureWhole(render: RGBAImage, labels: [LabelLines]) {
        guard let design = wholeDesign, comparison.renderSize != comparison.designSize else { return }
        let bands = DesignReview.bands(for: labels)
        let geometry = TextGeometry(scale: comparison.scale, background: comparison.background)
        for (index, label) in labels.enumerated() {
            guard let at = comparison.labels.firstIndex(where: { $0.id == label.id }) else { continue }
            let own = DesignReview.labelGeometry(label, base: geometry, page: comparison.background, scale: comparison.scale,
                                                 designIsLossy: comparison.designIsLossy)
            let (rendered, renderCount) = DesignReview.measureLines(label, bands: bands[index], image: render, geometry: own)
            let (designed, designCount) = DesignReview.measureLines(label, bands: bands[index], image: design, geometry: own)
            for i in comparison.labels[at].lines.indices {
                comparison.labels[at].lines[i].renderBaseline = i < rendered.count ? rendered[i]?.baseline : nil
                comparison.labels[at].lines[i].renderInk = i < rendered.count ? rendered[i]?.box : nil
                comparison.labels[at].lines[i].designBaseline = i < designed.count ? designed[i]?.baseline : nil
                comparison.labels[at].lines[i].designInk = i < designed.count ? designed[i]?.box : nil
            }
            comparison.labels[at].renderLineCount = renderCount
            comparison.labels[at].designLineCount = designCount
        }
    }

    /// Every label's registration (how its area moved from the render to the design), worked out once per search.
    func registrations() -> [String: Registration] {
        var result: [String: Registration] = [:]
        for label in comparison.labels {
            guard let frame = unchanged[label.id]?.frame else { continue }
            result[label.id] = Registration.find(frame: frame, render: wholeRender ?? comparison.render, design: wholeDesign ?? comparison.design,
                                                 scale: comparison.scale.value, background: comparison.background)
        }
        return result
    }

    /// A hypothesis's layout, and every label it moves measured again in the design where the layout puts it: the
    /// check would look for the design's ink there (with the hypothesis's fills as the clip), so the search does.
    ///
    /// Why measure again: a label's design ink is first measured where the render has it. When a hypothesis moves
    /// the label (a field 4 pt lower), that first measurement read the design's shapes at the old place (the field's
    /// edge as text, "4 lines"), which says nothing about whether the design has the label at the new place.
    func placeAndMeasure(_ description: SceneDescription)
        -> (placements: [String: Placement], measured: [String: LabelComparison], painted: [String: Rect])? {
        guard let scene = try? loader.resolve(description, overrides: overrides) else { return nil }
        let layout = scene.layout()
        let placements = Self.placements(layout)
        let painted = Self.painted(layout)
        let labels = LabelLines.from(layout, palette: scene.palette)
        let bands = DesignReview.bands(for: labels)
        let geometry = TextGeometry(scale: comparison.scale, background: comparison.background)
        var measured: [String: LabelComparison] = [:]
        for (index, label) in labels.enumerated() {
            guard let original = comparison.labels.first(where: { $0.id == label.id }), let before = unchanged[label.id],
                  let after = placements[label.id] else { continue }
            let moved = abs(before.frame.minX - after.frame.minX) > 1e-6 || abs(before.frame.minY - after.frame.minY) > 1e-6
                || abs(before.frame.width - after.frame.width) > 1e-6 || abs(before.frame.height - after.frame.height) > 1e-6
                || before.baselines != after.baselines || before.lefts != after.lefts || before.widths != after.widths
            guard moved else { continue }
            let own = DesignReview.labelGeometry(label, base: geometry, page: comparison.background, scale: comparison.scale,
                                                 designIsLossy: comparison.designIsLossy)
            let (ink, count) = DesignReview.measureLines(label, bands: bands[index], image: wholeDesign ?? comparison.design, geometry: own)
            var again = original
            for i in again.lines.indices {
                let line = i < ink.count ? ink[i] : nil
                again.lines[i].designBaseline = line?.baseline
                again.lines[i].designInk = line?.box
            }
            // Lines the hypothesis adds are compared by count (the render has none of them to measure against).
            again.designLineCount = count
            again.renderLineCount = after.baselines.count
            measured[label.id] = again
        }
        return (placements, measured, painted)
    }

    /// The frames of the elements a layout paints: boxes, images and anything with a background.
    static func painted(_ layout: SceneLayout) -> [String: Rect] {
        var frames: [String: Rect] = [:]
        for element in layout.elements {
            var paints = element.background != nil
            switch element.content { case .box, .image: paints = true; default: break }
            if paints { frames[element.id] = element.frame }
        }
        return frames
    }

    /// How much of what a layout moves among painted elements the design's differing regions do not show, and how
    /// many of those regions nothing moved explains: a hypothesis that moves a card's edge where the design has no
    /// difference would make one.
    ///
    /// Each painted element that moved or resized leaves strips between its old and new edges; each strip should
    /// touch a region of differing pixels.
    func regionCost(_ painted: [String: Rect], placements: [String: Placement]) -> Double {
        let regions = comparison.listedRegions.map { $0.insetBy(-1 / comparison.scale.value) }
        let before = paintedBefore
        var cost = 0.0
        var moved: [Rect] = []
        for id in Set(before.keys).union(painted.keys) {
            let old = before[id], new = painted[id]
            if let old, let new, abs(old.minX - new.minX) < 1e-6, abs(old.minY - new.minY) < 1e-6,
               abs(old.width - new.width) < 1e-6, abs(old.height - new.height) < 1e-6 { continue }
            for strip in Self.strips(old, new) {
                moved.append(strip)
                if !regions.contains(where: { $0.intersects(strip) }) { cost += 30 }
            }
        }
        for (id, placed) in placements { if let old = unchanged[id], old.frame != placed.frame { moved += [old.frame, placed.frame] } }
        for region in regions where !moved.contains(where: { $0.intersects(region) }) { cost += 10 }
        return cost
    }

    /// The strips between two frames' edges (a whole frame when the other is missing).
    static func strips(_ a: Rect?, _ b: Rect?) -> [Rect] {
        guard let a, let b else { return [a ?? b].compactMap { $0 } }
        let top = min(a.minY, b.minY), bottom = max(a.maxY, b.maxY), left = min(a.minX, b.minX), right = max(a.maxX, b.maxX)
        var result: [Rect] = []
        func add(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            if x1 - x0 > 1e-6, y1 - y0 > 1e-6 { result.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
        }
        add(left, top, max(a.minX, b.minX), bottom)
        add(min(a.maxX, b.maxX), top, right, bottom)
        add(left, top, right, max(a.minY, b.minY))
        add(left, min(a.maxY, b.maxY), right, bottom)
        return result
    }

    /// Whether `label` at `placed` lands on the design: its predicted ink (where the layout puts it, offset as the
    /// render's ink is from its layout) on the design's ink measured there.
    func lands(_ label: LabelComparison, _ placed: Placement, measured: LabelComparison? = nil) -> (Bool, Double) {
        guard let original = unchanged[label.id] else { return (true, 0) }
        // Past the bottom of the design (a fixed canvas that cuts it): the check cannot compare it, nor can the search.
        let bottom = Double(min((wholeDesign ?? comparison.design).height, (wholeRender ?? comparison.render).height)) / comparison.scale.value
        if placed.frame.maxY > bottom + 1e-6 { return (true, 0) }
        var m = miss(target(measured ?? label, placement: original), placed, base: original, shapeKept: false)
        // Other text ends in another letter, whose side bearing the render's ink offset does not know: a tenth of the
        // size either way is left to the check.
        if placed.text != original.text { m.width = max(0, m.width - placed.pointSize / 10) }
        // A label another search restyles: its ink's shape is that search's; where its lines sit is this one's.
        if settled.contains(label.id) { m.width = 0; m.left = 0; m.height = 0 }
        return fits(m) ? (true, 0) : (false, min(cost(m), 1000))
    }

    /// The score of a layout: each label with ink in the design must land on it, and a label the design has no text
    /// for must be gone.
    func score(_ placements: [String: Placement], measured: [String: LabelComparison], registered: [String: Registration],
               painted: [String: Rect] = [:]) -> Score {
        var score = Score(unfit: 0, cost: 0)
        let before = paintedBefore
        for label in comparison.labels {
            guard unchanged[label.id] != nil else { continue }
            guard let placed = placements[label.id] else {
                // Taken out: right only where the design has no text for it, or has what moved into its place.
                let area = unchanged[label.id]!.frame
                let filled = placements.contains { id, other in
                    id != label.id && other.frame.intersects(area) && !(unchanged[id]?.frame.intersects(area) ?? false)
                } || painted.contains { id, frame in frame.intersects(area) && !(before[id]?.intersects(area) ?? false) }
                if registered[label.id] != nil || lands(label, unchanged[label.id]!).0
                    || !(labelMissingInDesign(label.id) || filled || designIsBlank(area)) {
                    score.unfit += 1; score.cost += 100
                }
                score.cost += 1
                continue
            }
            let again = measured[label.id] ?? label
            if again.lines.contains(where: { $0.renderBaseline != nil }) && !again.lines.contains(where: { $0.designBaseline != nil }) {
                score.unfit += 1; score.cost += 100; continue
            }
            let (landed, cost) = lands(label, placed, measured: again)
            if !landed { score.unfit += 1; score.cost += cost }
        }
        return score
    }

    /// The element hypotheses that land every label, best first (fewest and smallest edits, then closest), each a
    /// single edit or, when none lands them all, two edits in different places.

    /// The element hypotheses that land every label (best first) and the best ones that land only some (the start
    /// of a pair with a style change).
    func elementSearch(limit: Int = 4, registered: [String: Registration]) -> (landing: [EditTrial], partial: [EditTrial]) {
        let pinnedDescription = Self.pinned(description)
        let singles = editTrials(on: pinnedDescription, applied: [], anchors: [], current: unchanged, measured: [:],
                                 registered: registered)
        var landing = singles.filter(\.score.fitsAll)
        if landing.isEmpty {
            // Two independent changes: the best partial one, then what lands the rest on top of it.
            let base = score(unchanged, measured: [:], registered: registered)
            for first in singles.filter({ $0.score.unfit < base.unfit }).prefix(3) {
                guard let edited = SceneEdit.apply(first.edits, to: pinnedDescription) else { continue }
                let seconds = editTrials(on: edited, applied: first.edits, anchors: first.anchors, current: first.placements,
                                         measured: first.measured, registered: registered)
                landing += seconds.filter(\.score.fitsAll)
                if !landing.isEmpty { break }
            }
        }
        func rank(_ t: EditTrial) -> (Int, Double, Double, String) {
            (t.edits.map(\.weight).reduce(0, +), t.score.cost, t.edits.map(\.magnitude).reduce(0, +), t.edits.map(\.line).joined())
        }
        let base = score(unchanged, measured: [:], registered: registered)
        let partial = singles.filter { $0.score.unfit < base.unfit && !$0.score.fitsAll }.prefix(2)
        return (Array(landing.sorted { rank($0) < rank($1) }.prefix(limit)), Array(partial))
    }

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
            }
            // A space left at either end draws nothing: the variant without it is the one to name.
            var seen = Set<String>()
            for variant in variants.map({ $0.trimmingCharacters(in: .whitespaces) })
            where !variant.isEmpty && variant != text && seen.insert(variant).inserted {
                add(node, .text(from: text, to: variant))
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
        for edit in edits where seen.insert(edit.line).inserted {
            guard let edited = SceneEdit.apply([edit], to: description), let (placed, measured, painted) = placeAndMeasure(edited) else { continue }
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

    /// True when the design shows one flat colour over `frame` (every pixel within 8 levels a channel of the first):
    /// nothing drawn there, not even a fill the clip would read as text.
    func designIsBlank(_ frame: Rect) -> Bool {
        let image = wholeDesign ?? comparison.design, scale = comparison.scale.value
        let x0 = max(0, Int((frame.minX * scale).rounded(.down))), x1 = min(image.width, Int((frame.maxX * scale).rounded(.up)))
        let y0 = max(0, Int((frame.minY * scale).rounded(.down))), y1 = min(image.height, Int((frame.maxY * scale).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return true }
        let first = image[x0, y0]
        for y in y0..<y1 { for x in x0..<x1 where InkTraits.channelDistance(image[x, y], first) > 8 { return false } }
        return true
    }

    /// True when the design has no text at all where the render draws this label's.
    func labelMissingInDesign(_ id: String) -> Bool {
        guard let label = comparison.labels.first(where: { $0.id == id }) else { return false }
        return label.lines.contains { $0.renderBaseline != nil } && !label.lines.contains { $0.designBaseline != nil }
    }

    /// The first label in layout order that is off the design in `placements`, with how far it would have to move
    /// down (`dv`) and right (`dh`) to land, in points: from its area's registration and from its first line's ink
    /// (they differ when the ink measurement was misled), empty for an aspect within tolerance.
    /// When every label lands but the design is another height: the last label, where a change at the bottom (a line
    /// count, a padding) would show, with the height difference as its offset.
    func grownOff(_ placements: [String: Placement]) -> (String, [Double], [Double])? {
        guard comparison.renderSize.height != comparison.designSize.height,
              let last = comparison.labels.last(where: { placements[$0.id] != nil }) else { return nil }
        return (last.id, [Double(comparison.designSize.height - comparison.renderSize.height) / comparison.scale.value], [])
    }

    func firstOff(_ placements: [String: Placement], measured: [String: LabelComparison],
                  registered: [String: Registration]) -> (String, [Double], [Double])? {
        for label in comparison.labels {
            guard let original = unchanged[label.id], let placed = placements[label.id] else { continue }
            let again = measured[label.id] ?? label
            if labelMissingInDesign(label.id) && registered[label.id] == nil { return (label.id, [], []) }
            guard !lands(label, placed, measured: again).0 else { continue }
            let t = target(again, placement: original)
            var dv: [Double] = [], dh: [Double] = []
            let edge = comparison.edgeTolerance * comparison.scale.value + DesignComparison.measurementMargin
            if let r = registered[label.id] {
                let v = r.dy - (placed.frame.minY - original.frame.minY)
                if comparison.exceedsBaselineTolerance(abs(v)) { dv.append(v) }
                if let x = r.dx.map({ $0 - (placed.frame.minX - original.frame.minX) }), abs(x) * comparison.scale.value > edge { dh.append(x) }
            }
            if let design = t.designBaselines.first ?? nil, let baseline = placed.baselines.first {
                let d = design - (baseline + (t.baselineBias.first.flatMap { $0.isFinite ? $0 : nil } ?? Self.mean(t.baselineBias)))
                if comparison.exceedsBaselineTolerance(abs(d)), !dv.contains(where: { abs($0 - d) < 0.01 }) { dv.append(d) }
            }
            if let design = t.designLefts.first ?? nil, let left = placed.lefts.first {
                let d = design - (left + (t.leftBias.first.flatMap { $0.isFinite ? $0 : nil } ?? Self.mean(t.leftBias)))
                if abs(d) * comparison.scale.value > edge, !dh.contains(where: { abs($0 - d) < 0.01 }) { dh.append(d) }
            }
            return (label.id, dv, dh)
        }
        return nil
    }
}
