import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineReview
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
    /// A set of element edits and how the scene lays out with them.
    package struct EditTrial {
        package var edits: [SceneEdit]
        /// For each edit, the label it was found for (the first one off the design before it).
        package var anchors: [String]
        package var placements: [String: Placement]
        /// The labels as the design shows them where this layout puts them (only those it moved).
        package var measured: [String: LabelComparison]
        /// Where it puts every painted element (a box, an image, a fill).
        var painted: [String: Rect]
        package var score: Score
    }

    /// How well a layout matches the design's ink over every label.
    package struct Score {
        /// Labels off the design.
        var unfit: Int
        /// The sum of their costs (``cost(_:)``).
        package var cost: Double
        package var fitsAll: Bool { unfit == 0 }
    }

    /// The search's comparison with every label measured over the whole render and the whole design. A check of
    /// images of different sizes compares only the part both have, so a label below it was measured cut (or not at
    /// all), and the ink offsets the search predicts with would be wrong for it.
    package mutating func measureWhole(render: RGBAImage, labels: [LabelLines]) {
        bandsBefore = Dictionary(zip(labels.map(\.id), DesignReview.bands(for: labels)), uniquingKeysWith: { a, _ in a })
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
    package func registrations() -> [String: Registration] {
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
    package func placeAndMeasure(_ description: SceneDescription)
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
            let banded = bandsBefore[label.id].map { $0 != bands[index] } ?? false
            guard moved || banded else { continue }
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
    package func regionCost(_ painted: [String: Rect], placements: [String: Placement]) -> Double {
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
        // A label whose lines changed explains the regions over it, moved or not (an ellipsis, other text).
        for (id, placed) in placements { if let old = unchanged[id], old != placed { moved += [old.frame, placed.frame] } }
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
    package func lands(_ label: LabelComparison, _ placed: Placement, measured: LabelComparison? = nil) -> (Bool, Double) {
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
    package func score(_ placements: [String: Placement], measured: [String: LabelComparison], registered: [String: Registration],
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
    /// single edit or, when none lands them all, two edits in different places; and the best ones that land only
    /// some (the start of a pair with a style change).
    package func elementSearch(limit: Int = 4, registered: [String: Registration]) -> (landing: [EditTrial], partial: [EditTrial]) {
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
