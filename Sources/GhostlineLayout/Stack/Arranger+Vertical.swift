import GhostlineGeometry

extension Arranger {
    /// A vertical stack. Across: `fill` alignment gives every child the stack's inner width, the others their
    /// fitting width placed leading, centred or trailing. Along: children at their own heights one below the
    /// other; when the stack has a height of its own (`height`, a min/max, or a row's `fill` alignment) that
    /// differs, its `distribution` shares the difference.
    func measureVertical(_ stack: StackItem, width: Double, exact: Bool, height: Double?) -> Measured {
        let node = stack.node
        let frameWidth = exact ? node.size.clamp(width, .horizontal) : fittingWidth(.stack(stack), within: width)
        let inner = max(0, frameWidth - node.padding.horizontal)
        // Children that do not fill are offered what the stack was offered and keep their fitting width.
        let offered = exact ? inner : max(0, min(width, node.size.maximum(.horizontal)) - node.padding.horizontal)
        let arranged = stack.arranged
        func measureChild(_ index: Int, height: Double?) -> Measured {
            let item = arranged[index]
            let fills = alignment(of: item, in: node) == .fill
            let own = height ?? { if case .spacer = item { return constraints(item, along: .vertical).minimum(.vertical) }; return nil }()
            return measure(item, width: fills ? inner : offered, exact: fills, height: own)
        }
        var children = arranged.indices.map { measureChild($0, height: nil) }
        var extras = [Double](repeating: 0, count: max(0, children.count - 1))
        let natural = placeVertically(stack, children, extras: extras, contentWidth: inner)
        let spans = arranged.indices.map { span(arranged[$0], along: .vertical, natural: children[$0].size.height) }
        let (gaps, lead, trail) = verticalGaps(stack, children)
        // Unconstrained, a stack is as tall as it fits: for fill, fillProportionally and equalSpacing that is its
        // natural height; fillEqually makes every view as tall as the tallest, and equalCentering spaces centres
        // by the widest pair, as a row does across.
        var fitting = natural.height
        if height == nil, !children.isEmpty, node.distribution == .fillEqually || node.distribution == .equalCentering {
            fitting = StackDistributor.fittingLength(spans, gaps: gaps, node.distribution)
                + node.padding.top + node.padding.bottom + lead + trail
        }
        let target = node.size.clamp(height ?? fitting, .vertical)
        guard abs(target - natural.height) > 1e-9, !children.isEmpty else {
            return finish(stack, natural.elements, Size(width: frameWidth, height: natural.height))
        }
        let available = target - node.padding.top - node.padding.bottom - lead - trail
        let result = StackDistributor.distribute(spans, gaps: gaps, available: available, node.distribution,
                                                slack: model.stackSlack, shrinking: model.stackShrink)
        for index in children.indices {
            let length = snapped(result.lengths[index], natural: children[index].size.height)
            if length != children[index].size.height { children[index] = measureChild(index, height: length) }
        }
        extras = result.extraGaps
        let placed = placeVertically(stack, children, extras: extras, contentWidth: inner)
        return finish(stack, placed.elements, Size(width: frameWidth, height: target))
    }

    /// The minimum gap between each pair of neighbours as frame-to-frame distances (negative where the anchors
    /// overlap), and where the first child's top and the last child's bottom sit relative to the padding.
    func verticalGaps(_ stack: StackItem, _ children: [Measured]) -> (gaps: [Double], lead: Double, trail: Double) {
        let node = stack.node
        var gaps: [Double] = []
        for (index, gap) in stack.gapsBefore.enumerated() {
            let previous = children[index], next = children[index + 1]
            if let gap {
                gaps.append(previous.anchorOffset(gap.from) - previous.size.height + gap.value - next.anchorOffset(gap.to))
            } else if node.baselineRelative {
                gaps.append(node.spacing - (previous.size.height - previous.anchorOffset(.lastBaseline)) - next.anchorOffset(.firstBaseline))
            } else {
                gaps.append(node.spacing - next.insetTop)
            }
        }
        guard let first = children.first, let last = children.last else { return (gaps, 0, 0) }
        if node.baselineRelative {
            return (gaps, -first.anchorOffset(.firstBaseline), -(last.size.height - last.anchorOffset(.lastBaseline)))
        }
        return (gaps, -first.insetTop, 0)
    }

    /// Places the children top to bottom. Each top is rounded to the pixel grid from the previous child's rounded
    /// top (and snapped down to the baseline grid for labels that ask, R9):
    /// - after an explicit `gap`: the previous child's `from` anchor + the gap − this child's `to` anchor;
    /// - with `baselineRelative` (UIStackView.isBaselineRelativeArrangement: "the vertical space between views
    ///   are measured from the last baseline of a text-based view, to the first baseline of the view below it.
    ///   Top and bottom views are also positioned so that their closest baseline is the specified distance away
    ///   from the stack view's edge"): last baseline + `spacing` = next first baseline, the first baseline
    ///   `padding.top` below the top edge and the last one `padding.bottom` above the bottom edge;
    /// - else `spacing` below the previous frame, measured to the child's alignment rect (R4's capitals).
    func placeVertically(_ stack: StackItem, _ children: [Measured], extras: [Double],
                         contentWidth: Double) -> (elements: [LayoutElement], height: Double) {
        let node = stack.node
        let gaps = stack.gapsBefore
        var elements: [LayoutElement] = []
        var y = node.padding.top
        var previous: Measured?
        var previousTop = 0.0
        for (index, measured) in children.enumerated() {
            let extra = index > 0 ? extras[index - 1] : 0
            var top: Double
            if let previous, let gap = gaps[index - 1] {
                top = previousTop + previous.anchorOffset(gap.from) + gap.value - measured.anchorOffset(gap.to) + extra
            } else if node.baselineRelative {
                top = previous.map { previousTop + $0.anchorOffset(.lastBaseline) + node.spacing + extra }
                    ?? node.padding.top
                top -= measured.anchorOffset(.firstBaseline)
            } else {
                top = (previous != nil ? y + node.spacing + extra : y) - measured.insetTop
            }
            top = model.frameGrid.round(top, scale)
            if let grid, measured.anchorElement?.snapsToGrid == true {
                top = BaselineGridLineStack.ceilToGrid(top, grid)
            }
            // Leading is the left edge left to right and the right edge right to left.
            let leftInset = rightToLeft ? node.padding.trailing : node.padding.leading
            let x: Double
            switch (alignment(of: stack.arranged[index], in: node), rightToLeft) {
            case (.center, _): x = leftInset + (contentWidth - measured.size.width) / 2
            case (.trailing, false), (.leading, true): x = leftInset + contentWidth - measured.size.width
            default: x = leftInset
            }
            elements.append(contentsOf: measured.elements.map { moved($0, dx: model.frameGrid.round(x, scale), dy: top) })
            previous = measured
            previousTop = top
            y = top + measured.size.height
        }
        if node.baselineRelative, let last = previous {
            return (elements, previousTop + last.anchorOffset(.lastBaseline) + node.padding.bottom)
        }
        return (elements, y + node.padding.bottom)
    }

    /// The stack's own element (first, so it is drawn before its children) over its children's.
    func finish(_ stack: StackItem, _ children: [LayoutElement], _ size: Size) -> Measured {
        let frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var element = LayoutElement(id: stack.id, kind: .stack, frame: frame, content: .stack)
        element.background = stack.node.background
        return Measured(elements: [element] + children, size: size)
    }
}
