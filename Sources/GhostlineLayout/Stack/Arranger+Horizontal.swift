import GhostlineGeometry

extension Arranger {
    /// A horizontal stack. Along: each child's intrinsic width (a label's one-line width), the stack's width
    /// shared by its `distribution` (`fill` by default: the lowest hugging priority stretches, the lowest
    /// compression resistance truncates); a stack that need not fill takes its fitting width, at most what it is
    /// offered. Across: children aligned on the row (`fill` stretches them to the row's height; a `height` or
    /// min/max of the stack sets that height).
    func measureHorizontal(_ stack: StackItem, width: Double, exact: Bool, height: Double?) -> Measured {
        let node = stack.node
        let arranged = stack.arranged
        let gaps = horizontalGaps(stack)
        let spans = arranged.map { span($0, along: .horizontal, natural: intrinsicWidth($0)) }
        let fitting = StackDistributor.fittingLength(spans, gaps: gaps, node.distribution) + node.padding.horizontal
        let frameWidth = node.size.clamp(exact ? width : min(fitting, width), .horizontal)
        let available = max(0, frameWidth - node.padding.horizontal)
        let result = StackDistributor.distribute(spans, gaps: gaps, available: available, node.distribution,
                                                slack: model.stackSlack, shrinking: model.stackShrink)
        let widths = spans.indices.map { snapped(result.lengths[$0], natural: spans[$0].natural) }
        var children = arranged.indices.map { measure(arranged[$0], width: widths[$0], exact: true, height: nil) }

        let contentHeight = children.map(\.size.height).max() ?? 0
        let naturalHeight = placeHorizontally(stack, children, extras: result.extraGaps, frameWidth: frameWidth,
                                              crossHeight: contentHeight).height
        let target = node.size.clamp(height ?? naturalHeight, .vertical)
        let constrained = abs(target - naturalHeight) > 1e-9
        // A child aligned on its own (`alignSelf`) is placed in the row its baseline-aligned neighbours make, as
        // flexbox sizes a line by its baseline groups before it centres or stretches an item in it.
        let ownAlignments = stack.childrenAlignThemselves
        let crossHeight = constrained ? max(0, target - node.padding.vertical)
                                      : ownAlignments ? max(contentHeight, naturalHeight - node.padding.vertical) : contentHeight
        if node.alignment == .fill || ownAlignments {
            // UIStackView.Alignment.fill: "resizes its arranged views so that they fill the available space
            // perpendicular to the stack view's axis"; a view's own required height wins.
            for index in children.indices where alignment(of: arranged[index], in: node) == .fill {
                let want = constraints(arranged[index], along: .vertical).clamp(crossHeight, .vertical)
                if abs(want - children[index].size.height) > 1e-9 {
                    children[index] = measure(arranged[index], width: widths[index], exact: true, height: want)
                }
            }
        }
        let placed = placeHorizontally(stack, children, extras: result.extraGaps, frameWidth: frameWidth, crossHeight: crossHeight)
        let frame = Size(width: frameWidth, height: constrained ? target : placed.height)
        return finish(stack, placed.elements, frame)
    }

    /// Places the children leading to trailing (right to left mirrored), each top from the cross-axis alignment
    /// in a row `crossHeight` tall: `top`, `center`, `bottom`; `firstBaseline`, `lastBaseline`, `capHeight`
    /// (the capitals' middle) and `xHeightCenter` (R12) line the anchors up on the lowest one, views without text
    /// by their bottom (baselines) or middle. Returns the elements and the stack's height.
    func placeHorizontally(_ stack: StackItem, _ children: [Measured], extras: [Double], frameWidth: Double,
                           crossHeight: Double) -> (elements: [LayoutElement], height: Double) {
        let node = stack.node
        let gaps = horizontalGaps(stack)
        let alignments = stack.arranged.map { alignment(of: $0, in: node) }
        func anchor(_ m: Measured, _ alignment: StackAlignment) -> Double {
            guard let element = m.anchorElement else { return 0 }
            switch alignment {
            case .firstBaseline: return element.anchorOffset(.firstBaseline)
            case .lastBaseline: return element.anchorOffset(.lastBaseline)
            case .capHeight:
                if let label = element.labelLayout { return (label.anchors.capHeight + label.anchors.firstBaseline) / 2 }
                return element.frame.height / 2
            case .xHeightCenter:
                // R12: centre text on its x-height band, other views on their middle.
                if let label = element.labelLayout { return label.anchors.xHeightCenter }
                return element.frame.height / 2
            default: return 0
            }
        }
        // Children aligned on the same anchor line it up with each other (a baseline group, in flexbox's words).
        let anchored: Set<StackAlignment> = [.firstBaseline, .lastBaseline, .capHeight, .xHeightCenter]
        var maxAnchor: [StackAlignment: Double] = [:]
        for (index, m) in children.enumerated() where anchored.contains(alignments[index]) && m.anchorElement != nil {
            maxAnchor[alignments[index]] = max(maxAnchor[alignments[index]] ?? -.infinity, anchor(m, alignments[index]))
        }
        // A last-baseline group among children aligned otherwise sits at the row's bottom edge, as flexbox puts a
        // `last baseline` group at the cross end (css-align-3 §9.3: its fallback alignment is `safe end`).
        var lastGroupShift = 0.0
        if stack.childrenAlignThemselves, let groupAnchor = maxAnchor[.lastBaseline] {
            let groupBottom = children.indices.filter { alignments[$0] == .lastBaseline && children[$0].anchorElement != nil }
                .map { groupAnchor - anchor(children[$0], .lastBaseline) + children[$0].size.height }.max() ?? crossHeight
            lastGroupShift = max(0, crossHeight - groupBottom)
        }
        var elements: [LayoutElement] = []
        var x = node.padding.leading
        var bottom = 0.0
        for (index, m) in children.enumerated() {
            let dy: Double
            let alignment = alignments[index]
            if anchored.contains(alignment) {
                dy = m.anchorElement == nil ? 0 : (maxAnchor[alignment] ?? 0) - anchor(m, alignment)
                    + (alignment == .lastBaseline ? lastGroupShift : 0)
            } else {
                switch alignment {
                case .center: dy = (crossHeight - m.size.height) / 2
                case .bottom, .trailing: dy = crossHeight - m.size.height
                default: dy = 0
                }
            }
            let top = model.frameGrid.round(node.padding.top + dy, scale)
            // Right to left, children run from the right edge: x is measured from the leading side.
            let left = rightToLeft ? frameWidth - x - m.size.width : x
            elements.append(contentsOf: m.elements.map { moved($0, dx: model.frameGrid.round(left, scale), dy: top) })
            if m.anchorElement != nil { bottom = max(bottom, top + m.size.height) }
            if index < gaps.count { x += m.size.width + gaps[index] + extras[index] }
        }
        return (elements, max(bottom, node.padding.top + crossHeight) + node.padding.bottom)
    }

    /// The child's cross-axis alignment: its own `alignSelf`, else its stack's.
    func alignment(of item: ArrangedItem, in node: StackNode) -> StackAlignment {
        item.flex.alignSelf ?? node.alignment
    }
}
