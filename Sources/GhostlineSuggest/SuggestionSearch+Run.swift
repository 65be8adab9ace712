import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineReview
import GhostlineScene
import GhostlineSupport

extension SuggestionSearch {
    /// A hypothesis and what it would do.
    struct Trial {
        var changes: [StyleChange]
        var patch: ScenePatch
        var placements: [String: Placement]
        var miss: Miss
    }

    /// The suggestions for every label whose ink is off the design, in layout order, and the patch of them all.
    package func run() -> (labels: [LabelSuggestion], patch: ScenePatch) {
        let base = unchanged
        guard !base.isEmpty else { return ([], ScenePatch()) }
        let styles = ScenePatch.labelStyles(description.root)
        let inline = ScenePatch.inlineStyles(description.root)
        var targets: [String: Target] = [:]
        for label in comparison.labels { if let placement = base[label.id] { targets[label.id] = target(label, placement: placement) } }

        var patch = ScenePatch()
        var current = base
        var results: [LabelSuggestion] = []
        var fixedSoFar: [String] = []
        let worked = comparison.labels.filter { label in
            guard let t = targets[label.id], let placement = base[label.id] else { return false }
            return !fits(miss(t, placement, base: placement)) || !inkChanges(label).isEmpty
        }.prefix(Self.labelLimit)

        for label in worked {
            guard let target = targets[label.id], let original = base[label.id] else { continue }
            var ink = inkChanges(label)
            let now = miss(target, current[label.id], base: original)
            if fits(now) {
                if !fixedSoFar.isEmpty, !fits(miss(target, original, base: original)) {
                    results.append(follows(label.id, fixes: fixedSoFar, base: original, moved: current[label.id]))
                }
                if ink.isEmpty { continue }
            }
            // A label without an id cannot be named in a patch; its findings keep their own words.
            guard styles[label.id] != nil, let style = effectiveStyle(label.id, styles: styles, inline: inline, patch: patch) else { continue }
            var chosen: Trial?
            if !fits(now) {
                // A slant the ink shows changes where the ink ends too (an italic overhangs): its width is the slant's.
                chosen = best(for: label.id, target: target, style: style, original: original, current: current, patch: patch,
                              styles: styles, fixed: fixedSoFar, widthExplained: ink.contains { $0.key == "italic" })
                if chosen == nil || !fits(chosen!.miss),
                   let upstream = above(label.id, target: target, original: original, current: current, patch: patch, styles: styles,
                                        inline: inline, fixed: fixedSoFar) {
                    // Moved by taller or shorter labels above it: their changes are the suggestions, this one follows.
                    for (id, trial, cause) in upstream.fixes {
                        let edit = upstream.patch.edits.last { $0.labels.contains(id) }
                            ?? upstream.patch.edits.last { edit in styles[id] == .some(edit.style) }
                        let placement = unchanged[id]!
                        let own = effectiveStyle(id, styles: styles, inline: inline, patch: patch) ?? StyleDescription()
                        results.append(LabelSuggestion(label: id, cause: cause, estimate: [], changes: trial.changes, style: edit?.style,
                                                       code: PlatformCode(style: trial.changes.reduce(own) { $1.applied(to: $0) },
                                                                          changes: trial.changes, placement: upstream.placements[id] ?? placement,
                                                                          model: layout.model)))
                        fixedSoFar.append(id)
                    }
                    patch = upstream.patch
                    current = upstream.placements
                    let after = miss(target, current[label.id], base: original)
                    if fits(after) {
                        results.append(follows(label.id, fixes: upstream.fixes.map(\.0), base: original, moved: current[label.id]))
                        continue
                    }
                    chosen = best(for: label.id, target: target, style: style, original: original, current: current, patch: patch,
                                  styles: styles, fixed: fixedSoFar)
                }
            }
            // An italic the style already has (or lacks) is not a change: the face drawn leans on its own (a family
            // whose regular file is italic, say), which the cause says.
            if let lean = ink.firstIndex(where: { $0.key == "italic" }), ink[lean].value == .flag(style.character.italic ?? false) {
                let leans = ink[lean].value == .flag(false)
                ink.remove(at: lean)
                results.append(LabelSuggestion(label: label.id, cause: leans
                    ? "it is drawn in \(original.postScriptName), whose letters lean like an italic's; the design's are upright: "
                        + "check which file answers its font (`ghostline fonts`)"
                    : "it is drawn in \(original.postScriptName), upright, where the design's letters lean: its family has no "
                        + "italic face here", estimate: estimate(target), changes: [], style: nil))
            }
            var changes = (chosen?.changes ?? []).filter { change in !ink.contains { $0.key == change.key } }
            changes += ink
            // No style change lands it (a moved frame, another text): its findings say the symptom, and no cause is
            // made up — unless the layout cut its text short, which it knows.
            guard !changes.isEmpty else {
                if original.truncated {
                    results.append(LabelSuggestion(label: label.id, cause: "its text is truncated to \(original.baselines.count) "
                        + "line\(original.baselines.count == 1 ? "" : "s") (it does not fit its width or `numberOfLines`), where the "
                        + "design shows \(target.designLineCount.map { "\($0) line\($0 == 1 ? "" : "s")" } ?? "more of it")"
                        + (original.shrinks || layout.model.autoshrink != .uilabel ? "" : "; if the app's label shrinks its text to "
                            + "fit, say so in the scene: `adjustsFontSizeToFitWidth: true` with its `minimumScaleFactor`"),
                        estimate: estimate(target), changes: [], style: nil))
                }
                continue
            }
            let newPatch = chosen.map { _ in add(changes, for: label.id, styles: styles, to: patch, placements: current) }
                ?? add(changes, for: label.id, styles: styles, to: patch, placements: current)
            if let chosen { current = chosen.placements } else if let placed = place(newPatch.applied(to: description)) { current = placed }
            patch = newPatch
            fixedSoFar.append(label.id)
            let edit = patch.edits.last { $0.labels.contains(label.id) } ?? patch.edits.last { edit in styles[label.id] == .some(edit.style) }
            results.append(LabelSuggestion(label: label.id,
                                           cause: cause(label.id, changes: changes, style: style, target: target, original: original,
                                                        fixed: current[label.id]),
                                           estimate: estimate(target), changes: changes, style: edit?.style,
                                           code: PlatformCode(style: changes.reduce(style) { $1.applied(to: $0) }, changes: changes,
                                                              placement: current[label.id] ?? original, model: layout.model)))
        }
        return (results, patch)
    }

    /// Changes to labels above `id` (nearest last, top to bottom) that bring it onto the design: a label above that is
    /// itself on the design may still be a fraction of a pixel taller than the design's (pixel rounding, R2), and the
    /// fractions add up down a stack. Each change is kept when it moves `id` at least half a device pixel closer and
    /// leaves its own label on the design.
    func above(_ id: String, target: Target, original: Placement, current: [String: Placement], patch: ScenePatch,
               styles: [String: String?], inline: [String: StyleDescription], fixed: [String])
        -> (fixes: [(String, Trial, String)], patch: ScenePatch, placements: [String: Placement])? {
        let base = unchanged
        let candidates = comparison.labels.filter { other in
            guard other.id != id, let frame = base[other.id]?.frame, styles[other.id] != nil else { return false }
            return frame.maxY <= original.frame.minY + 1e-6 && !fixed.contains(other.id)
        }.suffix(6)
        var patch = patch, placements = current, fixes: [(String, Trial, String)] = []
        var cost = self.cost(miss(target, placements[id], base: original))
        for other in candidates {
            guard let own = base[other.id], let style = effectiveStyle(other.id, styles: styles, inline: inline, patch: patch) else { continue }
            let t = self.target(other, placement: own)
            let wasOn = fits(miss(t, placements[other.id], base: own))
            var bestTrial: Trial?, bestCost = cost
            var hypotheses: [[StyleChange]] = []
            if layout.model == .uikit, style.paragraph.lineHeight != nil || style.paragraph.lineHeightFromTextStyle {
                let strategy = style.paragraph.lineHeightStrategy ?? .padded
                hypotheses = [LineHeightStrategy.minMax, .padded, .lineSpacing].filter { $0 != strategy }
                    .map { [StyleChange("lineHeightStrategy", .word($0.rawValue))] }
            }
            for changes in hypotheses {
                let candidate = add(changes, for: other.id, styles: styles, to: patch, placements: placements)
                guard let placed = place(candidate.applied(to: description)) else { continue }
                if wasOn && !fits(miss(t, placed[other.id], base: own)) { continue }
                let c = self.cost(miss(target, placed[id], base: original))
                if c < bestCost - 0.5 { bestCost = c; bestTrial = Trial(changes: changes, patch: candidate, placements: placed, miss: miss(t, placed[other.id], base: own)) }
            }
            guard let chosen = bestTrial else { continue }
            let reason = cause(other.id, changes: chosen.changes, style: style, target: t, original: own, fixed: chosen.placements[other.id])
            fixes.append((other.id, chosen, reason + " Labels below it move with it (\(id))."))
            patch = chosen.patch; placements = chosen.placements; cost = bestCost
            if fits(miss(target, placements[id], base: original)) && cost < 0.5 { break }
        }
        return fixes.isEmpty ? nil : (fixes, patch, placements)
    }

    /// The label's style with the patch so far applied, every key it leaves out unset.
    func effectiveStyle(_ id: String, styles: [String: String?], inline: [String: StyleDescription], patch: ScenePatch) -> StyleDescription? {
        let patched = patch.applied(to: description)
        let nowStyles = ScenePatch.labelStyles(patched.root)
        switch nowStyles[id] {
        case .some(.some(let name)): return patched.styles.first { $0.name == name }?.style
        case .some(.none): return ScenePatch.inlineStyles(patched.root)[id]
        case .none: return nil
        }
    }

    /// `changes` added to `patch` for label `id`: into its named style when no other label of that style moves off
    /// the design, else into a style of the label's own.
    func add(_ changes: [StyleChange], for id: String, styles: [String: String?], to patch: ScenePatch,
             placements: [String: Placement]) -> ScenePatch {
        let patched = patch.applied(to: description)
        let nowStyles = ScenePatch.labelStyles(patched.root)
        if case .some(.some(let name)) = nowStyles[id] {
            var inPlace = patch
            merge(changes, into: &inPlace, style: name, copying: nil, labels: [])
            let sharing = nowStyles.filter { $0.key != id && $0.value == name }.map(\.key)
            if sharing.isEmpty { return inPlace }
            // Does any other label of the style leave the design (or stay off it for another reason)?
            if let after = place(inPlace.applied(to: description)) {
                let moved = sharing.contains { other in
                    guard let label = comparison.labels.first(where: { $0.id == other }), let original = unchanged[other] else { return false }
                    let t = target(label, placement: original)
                    return fits(miss(t, placements[other], base: original)) && !fits(miss(t, after[other], base: original))
                }
                if !moved { return inPlace }
            }
        }
        var own = patch
        let source: ScenePatch.CopySource
        if case .some(.some(let name)) = nowStyles[id] { source = .named(name) } else { source = .inline(label: id) }
        let baseName: String
        if case .named(let name) = source { baseName = "\(name)-\(id)" } else { baseName = id }
        var name = baseName, counter = 2
        while patched.styles.contains(where: { $0.name == name }) { name = "\(baseName)\(counter)"; counter += 1 }
        merge(changes, into: &own, style: name, copying: source, labels: [id])
        return own
    }

    func merge(_ changes: [StyleChange], into patch: inout ScenePatch, style: String, copying: ScenePatch.CopySource?, labels: [String]) {
        if let index = patch.edits.firstIndex(where: { $0.style == style }) {
            for change in changes {
                patch.edits[index].changes.removeAll { $0.key == change.key }
                patch.edits[index].changes.append(change)
            }
            patch.edits[index].changes.sort { (StyleChange.keys.firstIndex(of: $0.key) ?? 99) < (StyleChange.keys.firstIndex(of: $1.key) ?? 99) }
            patch.edits[index].labels += labels.filter { !patch.edits[index].labels.contains($0) }
        } else {
            let sorted = changes.sorted { (StyleChange.keys.firstIndex(of: $0.key) ?? 99) < (StyleChange.keys.firstIndex(of: $1.key) ?? 99) }
            patch.edits.append(ScenePatch.Edit(style: style, copying: copying, changes: sorted, labels: labels))
        }
    }

    /// The best hypothesis for one label: vertical and horizontal ones tried apart, then together.
    func best(for id: String, target: Target, style: StyleDescription, original: Placement, current: [String: Placement],
              patch: ScenePatch, styles: [String: String?], fixed: [String], widthExplained: Bool = false) -> Trial? {
        let now = miss(target, current[id], base: original)
        func trial(_ changes: [StyleChange]) -> Trial? {
            let candidate = add(changes, for: id, styles: styles, to: patch, placements: current)
            guard let placed = place(candidate.applied(to: description)) else { return nil }
            // A hypothesis that moves a label already fixed off the design is no fix.
            for other in fixed {
                guard let label = comparison.labels.first(where: { $0.id == other }), let o = unchanged[other] else { continue }
                let t = self.target(label, placement: o)
                if fits(miss(t, current[other], base: o)) && !fits(miss(t, placed[other], base: o)) { return nil }
            }
            let spacing = changes.first { $0.key == "letterSpacing" }?.value.number
                .map { $0 - Self.letterSpacing(style, size: original.pointSize) } ?? 0
            var m = miss(target, placed[id], base: original, spacingChange: spacing)
            // Other letters (a case) have other heights and side bearings than the render's ink, which the offsets
            // measured in the render do not know: the height is not compared, a tenth of the size of width is the check's.
            if changes.contains(where: { $0.key == "textCase" }) {
                m.height = 0
                m.width = max(0, m.width - original.pointSize / 10)
            }
            return Trial(changes: changes, patch: candidate, placements: placed, miss: m)
        }
        let vertical = verticalHypotheses(target: target, style: style, original: original, miss: now).compactMap(trial)
        let horizontal = widthExplained ? [] : horizontalHypotheses(target: target, style: style, original: original, miss: now).compactMap(trial)
        func better(_ a: Trial, _ b: Trial) -> Bool { cost(a.miss) < cost(b.miss) }
        var pool = vertical + horizontal
        if let v = vertical.min(by: better), let h = horizontal.min(by: better), let both = trial(v.changes + h.changes) {
            pool.append(both)
        }
        // Of the hypotheses that land the label, the roundest values (what a designer types), then the closest.
        let landing = pool.filter { fits($0.miss) }
        func roundness(_ t: Trial) -> Int { t.changes.map(\.value.roundness).reduce(0, +) }
        // A value fitted to the measurement (a letter spacing, a size, a line height) lands by construction; a
        // discrete change that lands (a case, a weight, a feature, a strategy) is evidence, so it leads.
        func fitted(_ t: Trial) -> Int { t.changes.filter { ["letterSpacing", "size", "lineHeight"].contains($0.key) }.count }
        // A case lands by looser measure (its height is not compared, a tenth of the size of width is let go), so a
        // discrete change that lands by the full measure (a weight, a face, a feature) leads it.
        func loose(_ t: Trial) -> Int { t.changes.contains { $0.key == "textCase" } ? 1 : 0 }
        let winner = landing.min {
            (fitted($0), loose($0), roundness($0), cost($0.miss)) < (fitted($1), loose($1), roundness($1), cost($1.miss))
        }
            ?? pool.min(by: better)
        guard let winner else { return nil }
        // A fix must land the label, or at least halve how far off it is.
        guard fits(winner.miss) || cost(winner.miss) <= cost(now) / 2 else { return nil }
        return winner
    }

    func verticalHypotheses(target: Target, style: StyleDescription, original: Placement, miss now: Miss) -> [[StyleChange]] {
        let paragraph = style.paragraph
        guard comparison.exceedsBaselineTolerance(now.vertical) || now.lineCount > 0 else { return [] }
        var result: [[StyleChange]] = []
        let uikit = layout.model == .uikit
        let strategy = paragraph.lineHeightStrategy ?? .padded
        if uikit, paragraph.lineHeight != nil || paragraph.lineHeightFromTextStyle {
            for other in [LineHeightStrategy.padded, .minMax, .lineSpacing] where other != strategy {
                result.append([StyleChange("lineHeightStrategy", .word(other.rawValue))])
            }
        }
        func withStrategy(_ height: Double) -> [StyleChange] {
            var changes = [StyleChange("lineHeight", .number(height))]
            if uikit, strategy == .none || strategy == .lineSpacing { changes.append(StyleChange("lineHeightStrategy", .word("padded"))) }
            return changes
        }
        // The design's pitch, from its baselines: designers set whole or half points.
        let designed = target.designBaselines.compactMap { $0 }
        if designed.count >= 2 {
            let pitches = zip(designed.dropFirst(), designed).map { $0 - $1 }.sorted()
            let pitch = pitches[pitches.count / 2]
            for height in Set([pitch.rounded(), (pitch * 2).rounded() / 2]) where height > 0 { result.append(withStrategy(height)) }
        } else if let first = target.designBaselines.first ?? nil, let rendered = target.label.lines.first?.renderBaseline {
            // One line: a line height that adds (or takes) twice the offset, half of it above the text.
            let height = (paragraph.lineHeight ?? original.fontLineHeight) + 2 * (first - rendered)
            if height > 1 { result.append(withStrategy((height * 2).rounded() / 2)) }
        }
        return result
    }

    func horizontalHypotheses(target: Target, style: StyleDescription, original: Placement, miss now: Miss) -> [[StyleChange]] {
        let character = style.character, paragraph = style.paragraph
        var result: [[StyleChange]] = []
        let widthOff = now.width > comparison.edgeTolerance || now.lineCount > 0
        let lines = target.label.lines
        let size = character.size ?? original.pointSize
        // The whole label's ink: words move between lines when the spacing changes, so the sums are compared, and the
        // letters that share the difference are all of the label's but one per line.
        let rendered = lines.compactMap(\.renderInk).map(\.width).reduce(0, +)
        let designed = lines.compactMap(\.designInk).map(\.width).reduce(0, +)
        let letters = Double(max(1, lines.map { $0.end - $0.start - 1 }.reduce(0, +)))
        // Ink mass tells weight from spacing: spacing moves glyphs and keeps their ink, a weight changes the strokes.
        let under = target.label.under ?? comparison.background
        let renderMass = InkTraits.measure(comparison.render, boxes: lines.compactMap(\.renderInk), scale: comparison.scale, under: under)?.mass
        let designMass = InkTraits.measure(comparison.design, boxes: lines.compactMap(\.designInk), scale: comparison.scale, under: under)?.mass
        let massRatio = renderMass.flatMap { r in designMass.map { r > 0 ? $0 / r : 1 } } ?? 1
        let taller = now.height > comparison.edgeTolerance
        if widthOff || taller, rendered > 0, designed > 0 {
            let estimate = Self.letterSpacing(style, size: size) + (designed - rendered) / letters
            var spacings = Set<Double>()
            for offset in [0.0, -0.05, 0.05, -0.1, 0.1] { spacings.insert(((estimate + offset) * 100).rounded() / 100) }
            spacings.insert((estimate * 10).rounded() / 10)
            for spacing in spacings.sorted() { result.append([StyleChange("letterSpacing", .number(spacing))]) }
            var sizes = Set<Double>()
            if taller, let renderHeight = target.renderInkHeight, let designHeight = target.designInkHeight, renderHeight > 0 {
                let scaled = size * designHeight / renderHeight
                sizes.formUnion([(scaled * 2).rounded() / 2, scaled.rounded()])
            }
            // A size a point or two off is as wide as a letter spacing: both are tried, the check tells them apart.
            if widthOff, !target.label.lineCountDiffers {
                let scaled = size * designed / rendered
                sizes.formUnion([(scaled * 2).rounded() / 2, scaled.rounded()])
            }
            for candidate in sizes.sorted() where candidate > 0 && candidate != size && abs(candidate - size) <= size / 3 {
                result.append([StyleChange("size", .number(candidate))])
            }
            let steps = massRatio > 1.05 ? [100, 200, 300] : massRatio < 0.95 ? [-100, -200, -300] : []
            if let (family, weight) = Self.namedFace(character.font, drawn: original.postScriptName) {
                // A face named by its PostScript name ignores `weight`: the other weights are other faces of the family
                // (`Inter-SemiBold` → `Inter-Bold`), tried by name; one the fonts lack does not resolve and is dropped.
                for step in steps { if let name = Self.weightNames[weight + step] { result.append([StyleChange("font", .word("\(family)-\(name)"))]) } }
            } else {
                let weight = character.weight?.value ?? 400
                for step in steps where (100...900).contains(weight + step) {
                    result.append([StyleChange("weight", .number(Double(weight + step)))])
                }
            }
            // Case: the same letters set in capitals (or not) are wider and taller, not heavier.
            if original.text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
                for textCase in [TextCase.upper, .lower, .none] where textCase != (character.textCase ?? .none) {
                    result.append([StyleChange("textCase", .word(textCase.rawValue))])
                }
            }
            // Digits: tabular ones are all as wide as each other, proportional ones are not (a price, a time).
            if original.text.unicodeScalars.contains(where: { ("0"..."9").contains($0) }) {
                let tabular = character.features?.contains { $0.tag == "tnum" && $0.value > 0 } ?? false
                result.append([StyleChange(tabular ? "features.pnum" : "features.tnum", .number(1))])
            }
        }
        if now.left > comparison.edgeTolerance, now.width <= comparison.edgeTolerance {
            let alignment = paragraph.alignment ?? .natural
            for other in [TextAlignment.left, .center, .right] where other != alignment {
                result.append([StyleChange("alignment", .word(other.rawValue))])
            }
        }
        return result
    }
}
