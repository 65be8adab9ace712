import GhostlineGeometry
import GhostlineLayout
import GhostlineReview
import GhostlineScene

/// Two independent changes at once (issue 31, item 6): a style on one label and an element edit elsewhere.
///
/// Why two orders: a style change above a layout change (a title's size, then a stack's spacing) moves every label
/// below it, so the element search, which starts at the first label off, can only find the spacing once the title is
/// fixed; a layout change above a style change (a padding, then a size) hides the style change under the move, so the
/// style search can only find the size once the padding is fixed. Each order fixes the first and searches the
/// second on top of it.
extension SuggestionSearch {
    /// A pair: the style changes, their labels' suggestions, and the element edits with their trial.
    package struct Pair {
        package var patch: ScenePatch
        package var labels: [LabelSuggestion]
        package var trial: EditTrial
    }

    /// The style search's change for the first label it fixes, then an element edit that lands every label on top.
    package func styleThenElement(_ style: (labels: [LabelSuggestion], patch: ScenePatch), registered: [String: Registration]) -> Pair? {
        guard let first = style.labels.first(where: { !$0.changes.isEmpty }), let name = first.style else { return nil }
        var one = ScenePatch()
        one.edits = style.patch.edits.filter { $0.style == name }
        let styled = one.applied(to: Self.pinned(description))
        guard let (placed, measured, _) = placeAndMeasure(styled) else { return nil }
        // The labels of that style are the style search's to judge: they are settled for the element search.
        var settledSearch = self
        settledSearch.settled = Set(ScenePatch.labelStyles(styled.root).filter { $0.value == name }.map(\.key) + [first.label])
        let trials = settledSearch.editTrials(on: styled, applied: [], anchors: [], current: placed, measured: measured,
                                              registered: registered)
        guard let best = trials.first(where: \.score.fitsAll) else { return nil }
        return Pair(patch: one, labels: [first], trial: best)
    }

    /// An element edit that lands some labels, then the style search over the scene with it: the render's ink is
    /// moved with each label's layout (as the edited scene would draw it), the design's measured where it now is.
    package func elementThenStyle(_ partial: EditTrial) -> Pair? {
        guard let edited = SceneEdit.apply(partial.edits, to: Self.pinned(description)),
              let scene = try? loader.resolve(edited, overrides: overrides) else { return nil }
        let editedLayout = scene.layout()
        var moved = comparison
        for index in moved.labels.indices {
            let id = moved.labels[index].id
            guard let before = unchanged[id], let after = partial.placements[id] else { continue }
            let measured = partial.measured[id]
            for line in moved.labels[index].lines.indices {
                let dy = line < min(before.baselines.count, after.baselines.count) ? after.baselines[line] - before.baselines[line] : after.frame.minY - before.frame.minY
                let dx = line < min(before.lefts.count, after.lefts.count) ? after.lefts[line] - before.lefts[line] : after.frame.minX - before.frame.minX
                moved.labels[index].lines[line].renderBaseline = moved.labels[index].lines[line].renderBaseline.map { $0 + dy }
                moved.labels[index].lines[line].renderInk = moved.labels[index].lines[line].renderInk.map {
                    Rect(x: $0.minX + dx, y: $0.minY + dy, width: $0.width, height: $0.height)
                }
                if let measured, line < measured.lines.count {
                    moved.labels[index].lines[line].designBaseline = measured.lines[line].designBaseline
                    moved.labels[index].lines[line].designInk = measured.lines[line].designInk
                }
            }
            if let measured { moved.labels[index].designLineCount = measured.designLineCount }
        }
        var second = SuggestionSearch(description: edited, overrides: overrides, loader: loader, layout: editedLayout, comparison: moved)
        second.wholeDesign = wholeDesign
        second.wholeRender = wholeRender
        let (labels, patch) = second.run()
        guard !patch.isEmpty, !patch.edits.isEmpty else { return nil }
        return Pair(patch: patch, labels: labels.filter { !$0.changes.isEmpty }, trial: partial)
    }
}
