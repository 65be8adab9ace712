import GhostlineGeometry

extension Arranger {
    /// A `stack: absolute`: each child at its own placement (a design tool's frame, CSS's `position: absolute`), in
    /// drawing order. A label without a `width` (or `maxWidth`) sets one line per paragraph however far that reaches,
    /// as a design tool's auto-width text; an image or a box with `width` takes its own width; a box without one
    /// reaches the stack's right edge. Every child
    /// keeps its own height. The stack is as wide as it is offered (or its `width`) and, without a `height`, as tall
    /// as its lowest child's bottom: CSS would make it 0 tall, but a hand-written container is meant to hold what it
    /// places, and a design document's frame always has its height. Placements are design coordinates: they are
    /// not mirrored right to left, and the model's frame grid rounds them as it rounds every other frame.
    func measureAbsolute(_ stack: StackItem, _ item: ArrangedItem, width: Double, exact: Bool, height: Double?) -> Measured {
        let size = constraints(item)
        let frameWidth = exact ? size.clamp(width, .horizontal) : fittingWidth(item, within: width)
        var elements: [LayoutElement] = []
        var bottom = 0.0
        for child in stack.items {
            let at = placement(child) ?? Placement(x: 0, y: 0)
            let dx = model.frameGrid.round(at.x, scale), dy = model.frameGrid.round(at.y, scale)
            let room = Self.ownsItsLines(child) ? Self.unbounded : max(0, frameWidth - dx)
            let measured = measure(child, width: room, exact: !hasIntrinsicLength(child, along: .horizontal), height: nil)
            bottom = max(bottom, dy + measured.size.height)
            elements += measured.elements.map { moved($0, dx: dx, dy: dy) }
        }
        let frameHeight = size.clamp(height ?? bottom, .vertical)
        var element = LayoutElement(id: stack.id, kind: .stack, frame: Rect(x: 0, y: 0, width: frameWidth, height: frameHeight),
                                    content: .stack)
        element.background = stack.node.background
        return Measured(elements: [element] + elements, size: Size(width: frameWidth, height: frameHeight))
    }

    /// A label without a width of its own, in an absolute stack, is a design tool's auto-width text: one line per
    /// paragraph however far that reaches, never wrapped at the stack's edge (CSS would wrap it there).
    static func ownsItsLines(_ item: ArrangedItem) -> Bool {
        guard case .label(let label) = item else { return false }
        return label.node.size.fixed(.horizontal) == nil && label.node.size.maxWidth == nil
    }

    /// The room offered to a label that owns its lines: more than any canvas.
    static let unbounded = 1_000_000.0

    /// The width an absolute stack's children reach: the largest `x` plus the child's intrinsic width (`within`
    /// nil) or fitting width in the room left of `within`; a child without a width of its own reaches nothing.
    func absoluteExtent(_ stack: StackItem, within limit: Double?) -> Double {
        stack.items.map { child -> Double in
            let x = placement(child)?.x ?? 0
            guard hasIntrinsicLength(child, along: .horizontal) else { return 0 }
            let own = Self.ownsItsLines(child) ? intrinsicWidth(child) ?? 0
                : limit.map { fittingWidth(child, within: max(0, $0 - x)) } ?? intrinsicWidth(child) ?? 0
            return x + own
        }.max() ?? 0
    }

    /// An absolute stack keeps its size as firmly as its firmest child along `axis`, as an overlay does.
    func absolutePriorities(_ stack: StackItem, along axis: StackAxis) -> (hugging: Int, compressionResistance: Int) {
        let children = stack.items.filter { hasIntrinsicLength($0, along: axis) }.map { priorities($0, along: axis) }
        guard !children.isEmpty else { return (Self.weakFit, ContentPriorities.defaultCompressionResistance) }
        return (children.map(\.0).max()!, children.map(\.1).max()!)
    }

    /// Where a child of an absolute stack sits; nil for one without a placement (and for gaps and spacers).
    func placement(_ item: ArrangedItem) -> Placement? {
        switch item {
        case .label(let label): return label.node.placement
        case .box(_, let box): return box.placement
        case .image(_, let image): return image.placement
        case .stack(let stack): return stack.node.placement
        case .overlay(let overlay): return overlay.node.placement
        case .spacer, .gap: return nil
        }
    }

    /// The design document's object id an item was imported from, for its element in the layout JSON.
    func sourceID(_ item: ArrangedItem) -> String? {
        switch item {
        case .label(let label): return label.node.sourceID
        case .box(_, let box): return box.sourceID
        case .image(_, let image): return image.sourceID
        case .stack(let stack): return stack.node.sourceID
        case .overlay(let overlay): return overlay.node.sourceID
        case .spacer, .gap: return nil
        }
    }
}
