import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineReview
import GhostlineScene

/// Fill hypotheses (issue 31): a box, a button or a card the design fills with another colour.
///
/// Why read the fill from pixels: a fill is a flat area, so the render's most common colour inside an element's frame
/// is its fill, and the design's colour at those same pixels is what the design fills it with. No label moves, so no
/// layout says anything here; the check of the patched scene decides. A colour the scene takes from its own `colors:`
/// entry is first tried as a change to that entry (a designer changes the token, and every element and style that uses
/// it follows), then element by element.
extension SuggestionSearch {
    /// A painted element whose fill the design shows in another colour.
    struct FillDifference {
        var node: Node
        var written: Bool
        var from: SceneColor
        var design: Color
        var frame: Rect
    }

    /// The painted elements (boxes; labels, stacks and overlays with a `background:`) whose fill differs, in
    /// document order.
    func fillDifferences() -> [FillDifference] {
        guard let render = wholeRender, let design = wholeDesign else { return [] }
        let scale = comparison.scale.value
        let nodes = Self.nodes(Self.pinned(description).root)
        let written = Set(Self.nodes(description.root).filter(\.hasOwnID).map(\.path))
        var byID: [String: LayoutElement] = [:]
        for element in layout.elements { byID[element.id] = element }
        var result: [FillDifference] = []
        for node in nodes {
            let color: SceneColor?
            switch node.element {
            case .box(let b): color = b.color
            case .label(let l): color = l.background?.color
            case .stack(let s): color = s.background?.color
            case .overlay(let o): color = o.background?.color
            default: color = nil
            }
            guard let from = color, let element = byID[node.id] else { continue }
            var inset = 2 / scale
            if case .box(_, let radius) = element.content { inset += radius * 0.3 }
            if let background = element.background { inset += background.cornerRadius * 0.3 + (background.border?.widest ?? 0) }
            let area = element.frame.insetBy(inset)
            guard let found = Self.fill(in: area, render: render, design: design, scale: scale) else { continue }
            // The design showing the page there is an element gone or moved, not a fill changed.
            if InkTraits.channelDistance(found, comparison.background) <= 8 { continue }
            result.append(FillDifference(node: node, written: written.contains(node.path), from: from, design: found, frame: element.frame))
        }
        return result
    }

    /// The design's colour over the render's fill inside `area` (points), when the render shows one flat colour over
    /// most of it and the design another over most of those pixels, more than 2 levels a channel apart.
    static func fill(in area: Rect, render: RGBAImage, design: RGBAImage, scale: Double) -> Color? {
        let x0 = max(0, Int((area.minX * scale).rounded(.up))), x1 = min(render.width, design.width, Int((area.maxX * scale).rounded(.down)))
        let y0 = max(0, Int((area.minY * scale).rounded(.up))), y1 = min(render.height, design.height, Int((area.maxY * scale).rounded(.down)))
        guard x1 - x0 >= 4, y1 - y0 >= 4 else { return nil }
        // About 20,000 samples at most: a card as large as the screen costs what a button does.
        let step = max(1, Int((Double((x1 - x0) * (y1 - y0)) / 20_000).squareRoot()))
        func key(_ c: Color) -> UInt32 { UInt32(c.red) << 24 | UInt32(c.green) << 16 | UInt32(c.blue) << 8 | UInt32(c.alpha) }
        var counts: [UInt32: Int] = [:]
        var samples = 0
        for y in stride(from: y0, to: y1, by: step) { for x in stride(from: x0, to: x1, by: step) { counts[key(render[x, y]), default: 0] += 1; samples += 1 } }
        guard let (fill, share) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), share * 5 >= samples * 2 else { return nil }
        var designCounts: [UInt32: (Int, Color)] = [:]
        var over = 0
        for y in stride(from: y0, to: y1, by: step) {
            for x in stride(from: x0, to: x1, by: step) where key(render[x, y]) == fill {
                let c = design[x, y]
                designCounts[key(c), default: (0, c)].0 += 1
                over += 1
            }
        }
        guard let (_, (count, color)) = designCounts.max(by: { ($0.value.0, $1.key) < ($1.value.0, $0.key) }), count * 5 >= over * 3 else { return nil }
        let renderFill = Color(red: UInt8(fill >> 24), green: UInt8(fill >> 16 & 0xFF), blue: UInt8(fill >> 8 & 0xFF), alpha: UInt8(fill & 0xFF))
        // More than 2 levels: what a design tool's colour management and one-level rounding never make.
        return InkTraits.channelDistance(renderFill, color) > 2 ? color : nil
    }

    /// The most common colour of `image` inside `area` (points), sampled about 20,000 times at most; nil for an
    /// area outside it.
    static func dominant(in area: Rect, of image: RGBAImage, scale: Double) -> Color? {
        let x0 = max(0, Int((area.minX * scale).rounded(.up))), x1 = min(image.width, Int((area.maxX * scale).rounded(.down)))
        let y0 = max(0, Int((area.minY * scale).rounded(.up))), y1 = min(image.height, Int((area.maxY * scale).rounded(.down)))
        guard x1 > x0, y1 > y0 else { return nil }
        let step = max(1, Int((Double((x1 - x0) * (y1 - y0)) / 20_000).squareRoot()))
        var counts: [Color: Int] = [:]
        for y in stride(from: y0, to: y1, by: step) { for x in stride(from: x0, to: x1, by: step) { counts[image[x, y], default: 0] += 1 } }
        return counts.max { ($0.value, $1.key.hexString) < ($1.value, $0.key.hexString) }?.key
    }

    /// The fill hypotheses: every differing fill changed at once, first through the scene's `colors:` entries where
    /// its colour is one, then element by element. Each trial keeps the layout as it is.
    package func fillTrials() -> [EditTrial] {
        let differences = fillDifferences()
        guard !differences.isEmpty else { return [] }
        let scheme = overrides.colorScheme ?? description.canvas.colorScheme ?? .light
        func named(_ color: Color, _ frame: Rect) -> SceneColor {
            let elsewhere = otherDesigns.compactMap { other -> (scheme: ColorScheme, ink: Color, under: Color)? in
                Self.dominant(in: frame, of: other.image, scale: comparison.scale.value).map { (other.scheme, $0, $0) }
            }
            return flatColor(color, elsewhere: elsewhere)
        }
        func anchor(_ difference: FillDifference) -> String? {
            if difference.node.kind == "label", unchanged[difference.node.id] != nil { return difference.node.id }
            let inside = comparison.labels.first { unchanged[$0.id].map { difference.frame.intersects($0.frame) } ?? false }
            let nearest = comparison.labels.min { a, b in
                abs((unchanged[a.id]?.frame.midY ?? .infinity) - difference.frame.midY) < abs((unchanged[b.id]?.frame.midY ?? .infinity) - difference.frame.midY)
            }
            return (inside ?? nearest)?.id
        }
        func edit(_ difference: FillDifference) -> SceneEdit {
            SceneEdit(path: difference.node.path, id: difference.node.id, hasOwnID: difference.written, kind: difference.node.kind,
                      change: .fill(from: difference.from, to: named(difference.design, difference.frame)))
        }
        func trial(_ edits: [(SceneEdit, String)]) -> EditTrial {
            EditTrial(edits: edits.map(\.0), anchors: edits.map(\.1), placements: unchanged, measured: [:], painted: paintedBefore,
                      score: Score(unfit: 0, cost: 0))
        }
        var byElement: [(SceneEdit, String)] = []
        var byEntry: [(SceneEdit, String)] = []
        var entries = Set<String>()
        for difference in differences {
            guard let label = anchor(difference) else { continue }
            byElement.append((edit(difference), label))
            if let name = difference.from.name, let entry = description.colors.scene.last(where: { $0.name == name }) {
                guard entries.insert(name).inserted else { continue }
                var to = named(difference.design, difference.frame)
                // A hex for one scheme of a light-and-dark entry changes that scheme only.
                if case .fixed(let value) = to, case .schemes(let light, let dark) = entry.color {
                    to = scheme == .dark ? .schemes(light: light, dark: value) : .schemes(light: value, dark: dark)
                }
                if to.name == name { continue }
                byEntry.append((SceneEdit(path: [], id: name, hasOwnID: true, kind: "colors", change: .colorEntry(from: entry.color, to: to)), label))
            } else {
                byEntry.append((edit(difference), label))
            }
        }
        var trials: [EditTrial] = []
        if entries.count > 0 { trials.append(trial(byEntry)) }
        if !byElement.isEmpty { trials.append(trial(byElement)) }
        return trials
    }
}
