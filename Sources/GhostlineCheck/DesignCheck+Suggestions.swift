import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineReview
import GhostlineScene
import GhostlineSuggest
import GhostlineSupport

extension DesignCheck {
    /// The most patched scenes one `check --suggest` renders and compares: each costs about one check, and a phone
    /// screen's `--suggest` stays within two seconds (issue 31).
    static let suggestionChecks = 5

    /// The scene (patched, or at another scale or font rule) checked against the same design: for the report only,
    /// no suggestions searched, no reference layout read. Nil when it does not resolve or render.
    func recheck(_ description: SceneDescription, name: String, overrides: SceneOverrides, design: RGBAImage,
                 designIsLossy: Bool) -> DesignCheckResult? {
        var again = self
        again.verifySuggestions = false
        again.referenceLayout = nil
        return try? again.check(description, name: name, overrides: overrides, design: design, designIsLossy: designIsLossy,
                                for: [.report], searchesSuggestions: false)
    }

    /// The suggestions for a failing check of a scene.
    ///
    /// Without `verifySuggestions` they are the style search's, from layouts alone: candidates, never causes. With
    /// it, every hypothesis that lands every label in layout (element edits: spacing, padding, frames, structure,
    /// text; and the style patch) is ranked simplest first and checked in turn, rendering the patched scene against
    /// the design; the first that passes is the cause, and a second just as simple that also passes is named beside
    /// it. When none passes, the style patch's check says which labels it still confirms.
    func suggestions(for comparison: DesignComparison, description: SceneDescription, layout: SceneLayout, name: String,
                     overrides: SceneOverrides, render: RGBAImage, labels renderLabels: [LabelLines], design: RGBAImage,
                     designIsLossy: Bool) -> (Suggestions?, textDiffers: [String: String]) {
        var search = SuggestionSearch(description: description, overrides: overrides, loader: SceneLoader(fonts: renderer.fonts),
                                      layout: layout, comparison: comparison)
        // Unchecked, the suggestions are the style search's alone, as before element hypotheses existed: a failing
        // check without `--suggest` pays for nothing more.
        guard verifySuggestions else {
            let (labels, patch) = search.run()
            return (labels.isEmpty ? nil : Suggestions(labels: labels, patch: patch, scene: name), [:])
        }
        search.wholeDesign = design
        search.wholeRender = render
        let scheme = overrides.colorScheme ?? description.canvas.colorScheme ?? .light
        search.otherDesigns = otherSchemes.filter { $0.scheme != scheme }.compactMap { other in
            guard let decoded = try? ImageReader.read(contentsOf: other.design), decoded.image.width == design.width,
                  decoded.image.height == design.height else { return nil }
            return (other.scheme, decoded.image)
        }
        search.measureWhole(render: render, labels: renderLabels)
        let (labels, patch) = search.run()
        let style: Suggestions? = labels.isEmpty ? nil : Suggestions(labels: labels, patch: patch, scene: name)

        struct Candidate { var suggestions: Suggestions; var lands: Bool; var rank: Int; var cost: Double; var isStyle: Bool }
        let registered = search.registrations()
        let elements = search.elementSearch(registered: registered)
        // A fill the design shows in another colour moves no label: those hypotheses come first (each is one check).
        var candidates = (search.fillTrials() + elements.landing).map { trial in
            Candidate(suggestions: Self.suggestions(from: trial, search: search, scene: name, model: layout.model), lands: true,
                      rank: trial.edits.map(\.weight).reduce(0, +), cost: trial.score.cost, isStyle: false)
        }
        func score(_ patch: ScenePatch) -> SuggestionSearch.Score? {
            search.placeAndMeasure(patch.applied(to: description)).map { placed in
                var score = search.score(placed.placements, measured: placed.measured, registered: registered, painted: placed.painted)
                score.cost += search.regionCost(placed.painted, placements: placed.placements)
                return score
            }
        }
        if let style, !style.patch.isEmpty {
            let score = score(style.patch)
            candidates.append(Candidate(suggestions: style, lands: score?.fitsAll ?? false,
                                        rank: style.patch.edits.map(\.changes.count).reduce(0, +), cost: score?.cost ?? .infinity,
                                        isStyle: true))
        }
        // Nothing single lands every label: a style change and an element edit together, in either order.
        if !candidates.contains(where: \.lands) {
            var pairs: [SuggestionSearch.Pair] = []
            if !labels.isEmpty, let pair = search.styleThenElement((labels, patch), registered: registered) { pairs.append(pair) }
            for partial in elements.partial { if let pair = search.elementThenStyle(partial) { pairs.append(pair) } }
            for pair in pairs {
                var combined = pair.patch
                combined.elements = pair.trial.edits
                guard let score = score(combined), score.fitsAll else { continue }
                var suggestions = Self.suggestions(from: pair.trial, search: search, scene: name, model: layout.model)
                // One suggestion per label: a label both changes are found at says both.
                var merged = pair.labels
                for element in suggestions.labels {
                    if let at = merged.firstIndex(where: { $0.label == element.label }) {
                        if element.follows == nil {
                            merged[at].cause += " And " + element.cause.prefix(1).lowercased() + element.cause.dropFirst()
                            merged[at].edits += element.edits
                        }
                    } else {
                        merged.append(element)
                    }
                }
                suggestions.labels = merged
                let order = Dictionary(comparison.labels.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
                suggestions.labels.sort { (order[$0.label] ?? .max) < (order[$1.label] ?? .max) }
                suggestions.patch = combined
                candidates.append(Candidate(suggestions: suggestions, lands: true,
                                            rank: pair.trial.edits.map(\.weight).reduce(0, +) + combined.edits.map(\.changes.count).reduce(0, +),
                                            cost: score.cost, isStyle: false))
            }
        }
        // Simplest first; the element search's own order (smaller moves first) breaks ties, then the style patch.
        candidates = candidates.enumerated().sorted { a, b in
            (a.element.lands ? 0 : 1, a.element.rank, a.element.cost, a.offset) < (b.element.lands ? 0 : 1, b.element.rank, b.element.cost, b.offset)
        }.map(\.element)

        var winner: (Candidate, Suggestions)?
        var styleChecked: Suggestions?
        var firstFailed: Suggestions?
        for candidate in candidates.prefix(Self.suggestionChecks) {
            // After a winner, only one as simple is worth a check: it is named beside the winner.
            if let (best, _) = winner, !(candidate.lands && candidate.rank == best.rank) { break }
            guard let result = recheck(candidate.suggestions.patch.applied(to: description), name: name, overrides: overrides,
                                       design: design, designIsLossy: designIsLossy) else { continue }
            var checked = candidate.suggestions
            Self.record(result, into: &checked, before: comparison)
            // A colour passes here; it must hold in the suite's other schemes too (issue 31, item 4).
            if result.passes, Self.changesColor(candidate.suggestions), !otherSchemes.isEmpty {
                guard holdsInOtherSchemes(candidate.suggestions, patched: candidate.suggestions.patch.applied(to: description), name: name) else {
                    Self.broken(&checked)
                    if candidate.isStyle { styleChecked = checked }
                    if firstFailed == nil { firstFailed = checked }
                    continue
                }
            }
            if candidate.isStyle { styleChecked = checked }
            if result.passes {
                if let (best, found) = winner {
                    // Named beside the winner only when it is another change, not the same key set further.
                    var suggestions = found
                    let same = Set(checked.patch.elements.map { $0.path.description + $0.keyName })
                        == Set(found.patch.elements.map { $0.path.description + $0.keyName })
                    if !same, !suggestions.labels.isEmpty {
                        suggestions.labels[0].alternative = checked.labels.first?.changeLine ?? checked.labels.first?.cause
                    }
                    winner = (best, suggestions)
                    break
                }
                winner = (candidate, checked)
            } else if firstFailed == nil {
                firstFailed = checked
            }
        }
        var chosen: Suggestions? = winner?.1 ?? styleChecked
        if chosen == nil, var style {
            // Not among the checked (over the budget): checked now, as before element hypotheses existed.
            if !style.patch.isEmpty, let result = recheck(style.patch.applied(to: description), name: name, overrides: overrides,
                                                          design: design, designIsLossy: designIsLossy) {
                Self.record(result, into: &style, before: comparison)
                if style.verified == true, Self.changesColor(style), !otherSchemes.isEmpty,
                   !holdsInOtherSchemes(style, patched: style.patch.applied(to: description), name: name) {
                    Self.broken(&style)
                }
            }
            chosen = style
        }
        if chosen == nil { chosen = firstFailed }
        // Labels no checked change explains: where their glyphs stop matching the design's, the text differs.
        let explained = Set(comparison.labels.map(\.id).filter { id in chosen.map { $0.isChecked(id) && $0.label(id) != nil } ?? false })
        return (chosen, search.textDiffers(explained: explained))
    }

    /// A patch that passes here and fails in another scheme the suite checks: no cause, and the reason said.
    static func broken(_ suggestions: inout Suggestions) {
        suggestions.verified = false
        suggestions.checkedLabels = []
        suggestions.remaining.insert("it passes here but fails against the design in the suite's other colour scheme", at: 0)
    }

    /// True when the suggestions change a colour: a style's `color`, a fill or a `colors:` entry.
    static func changesColor(_ suggestions: Suggestions) -> Bool {
        suggestions.patch.elements.contains(where: \.isFill)
            || suggestions.patch.edits.contains { $0.changes.contains { $0.key == "color" } }
    }

    /// Whether the colours `suggestions` changes also match each other scheme's design: the patched scene checked
    /// there passes, or at least no region of differing pixels (nor faint area) touches the labels and fills the
    /// patch changes — the other design may differ elsewhere for its own reasons. A design that cannot be read counts
    /// as not held (nothing was checked there).
    func holdsInOtherSchemes(_ suggestions: Suggestions, patched: SceneDescription, name: String) -> Bool {
        let changed = Set(suggestions.labels.map(\.label) + suggestions.patch.elements.filter(\.isFill).map(\.id))
        for other in otherSchemes where other.scheme != (overrides.colorScheme ?? patched.canvas.colorScheme ?? .light) {
            guard let decoded = try? ImageReader.read(contentsOf: other.design) else { return false }
            var there = overrides
            there.colorScheme = other.scheme
            guard let with = recheck(patched, name: name, overrides: there, design: decoded.image,
                                     designIsLossy: Self.isLossy(decoded, path: other.design)) else { return false }
            if with.passes { continue }
            let frames = with.comparison.labels.filter { changed.contains($0.id) }.map(\.frame)
                + (with.layout?.elements ?? []).filter { changed.contains($0.id) }.map(\.frame)
            let scale = with.comparison.scale.value
            let faint = with.comparison.failingFaintRegions.map { region in
                Rect(x: Double(region.box.x) / scale, y: Double(region.box.y) / scale,
                     width: Double(region.box.width) / scale, height: Double(region.box.height) / scale)
            }
            let regions = (with.comparison.pixelsPass ? [] : with.comparison.listedRegions) + faint
            if regions.contains(where: { region in frames.contains { $0.insetBy(-1).intersects(region) } }) { return false }
        }
        return true
    }

    /// What the check of a patched scene says about the suggestions: whether it passes, what still fails, and the
    /// labels it confirms — those whose failing findings it removed, when it made no new failure anywhere (a fix for
    /// the title that pushes the body off, or grows the screen, explains nothing).
    static func record(_ result: DesignCheckResult, into suggestions: inout Suggestions, before comparison: DesignComparison) {
        suggestions.verified = result.passes
        let failing = result.comparison.findings.filter(\.fails)
        suggestions.remaining = failing.map(\.message)
        let before = comparison.findings.filter(\.fails)
        let madeNew = failing.contains { after in !before.contains { $0.label == after.label && $0.kind == after.kind } }
            || movedAnyLabelFurther(from: comparison, to: result.comparison)
        // A label whose fix is more than where its lines sit (a letter spacing, a size, a colour, a case, an element)
        // is still failing when a region of differing pixels touches it, even with its findings gone: a letter spacing
        // that squeezes "Settings" to the width of the design's "Setting" lands the ink's edges, not its pixels.
        let differing = result.comparison.pixelsPass ? [] : result.comparison.listedRegions
        // Only a change of where lines sit (a line height, a strategy, moving with another label) is judged by the
        // baselines alone, which the findings measure exactly.
        let vertical: Set<String> = ["lineHeight", "lineHeightStrategy"]
        let fitted = Set(suggestions.labels.filter { !$0.edits.isEmpty || $0.changes.contains { !vertical.contains($0.key) } }.map(\.label))
        let touched = result.comparison.labels.filter { label in
            fitted.contains(label.id) && differing.contains { $0.intersects(label.frame.insetBy(-1)) }
        }
        let stillFailing = Set(failing.compactMap { $0.label } + touched.map { $0.id })
        suggestions.checkedLabels = madeNew ? [] : Set(suggestions.labels.map(\.label).filter { !stillFailing.contains($0) })
        if !result.comparison.pixelsPass {
            suggestions.remaining.insert("\(JSONValue.format((result.comparison.diff.ratio * 10_000).rounded() / 100))% of pixels differ", at: 0)
        }
    }

    /// An element hypothesis as suggestions: the cause on the label each edit was found for, and every other label it
    /// lands said to move with it.
    static func suggestions(from trial: SuggestionSearch.EditTrial, search: SuggestionSearch, scene: String,
                            model: LayoutModel) -> Suggestions {
        var labels: [LabelSuggestion] = []
        for (edit, anchor) in zip(trial.edits, trial.anchors) {
            var suggestion = LabelSuggestion(label: anchor, cause: edit.cause + ".", estimate: [], changes: [], style: nil,
                                             code: PlatformCode(edit: edit, model: model))
            suggestion.edits = [edit]
            labels.append(suggestion)
        }
        let before = search.unchanged
        for label in search.comparison.labels where !trial.anchors.contains(label.id) {
            guard let original = before[label.id] else { continue }
            let target = search.target(label, placement: original)
            let wasOff = !search.fits(search.miss(target, original, base: original)) || label.missingInk || label.lineCountDiffers
            let landed = trial.placements[label.id].map { search.lands(label, $0, measured: trial.measured[label.id]).0 } ?? true
            guard wasOff, landed else { continue }
            // The nearest anchor above it moves it.
            let anchor = trial.anchors.last { (before[$0]?.frame.minY ?? .infinity) <= original.frame.minY } ?? trial.anchors[0]
            labels.append(LabelSuggestion(label: label.id, cause: "moves with \(anchor): the same change puts it where the design has it.",
                                          estimate: [], changes: [], style: nil, follows: anchor))
        }
        let order = Dictionary(search.comparison.labels.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        labels.sort { (order[$0.label] ?? .max) < (order[$1.label] ?? .max) }
        var patch = ScenePatch()
        patch.elements = trial.edits
        return Suggestions(labels: labels, patch: patch, scene: scene)
    }
}
