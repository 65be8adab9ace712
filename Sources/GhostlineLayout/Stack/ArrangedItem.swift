import GhostlineGeometry

/// A layout node made ready to be measured more than once: a stack asks a child for its intrinsic length, then
/// lays it out at the length its distribution gives it. Ids are given once, in document order (a stack before
/// its children, the order of the layout JSON), and each label is shaped once.
indirect enum ArrangedItem {
    case label(LabelItem)
    case box(id: String, node: BoxNode)
    case image(id: String, node: ImageNode)
    case stack(StackItem)
    case overlay(OverlayItem)
    /// A spacer, with the axis of the stack that holds it: its `minLength` is along that axis only.
    case spacer(SpacerNode, axis: StackAxis)
    case gap(GapNode)

    var isGap: Bool { if case .gap = self { return true }; return false }

    /// The item's own per-child settings (a spacer's and a gap's are the stack's).
    var flex: FlexOptions {
        switch self {
        case .label(let label): return label.node.flex
        case .box(_, let box): return box.flex
        case .image(_, let image): return image.flex
        case .stack(let stack): return stack.node.flex
        case .overlay(let overlay): return overlay.node.flex
        case .spacer, .gap: return .none
        }
    }
}

struct LabelItem {
    var id: String
    var node: LabelNode
    /// Where its shaped paragraph and layouts live in the pass's `LabelLayoutCache`.
    var slot: Int
    /// UILabel with numberOfLines ≠ 1 wraps when squeezed.
    var wraps: Bool { node.paragraph.numberOfLines != 1 }
}

struct StackItem {
    var id: String
    /// Unique within the pass (ids may repeat: an author's `stack2` and a generated one), for caching.
    var serial: Int
    /// The stack's settings (its `children` are in `items`).
    var node: StackNode
    var items: [ArrangedItem]
    /// The children that take part in the arrangement (gaps only change the space between two of them).
    var arranged: [ArrangedItem] { items.filter { !$0.isGap } }
    /// Whether a child has an `alignSelf` of its own: the row then sizes its line by its baseline groups.
    var childrenAlignThemselves: Bool { items.contains { $0.flex.alignSelf != nil } }

    /// The explicit gap (if any) before each arranged child after the first.
    var gapsBefore: [GapNode?] {
        var result: [GapNode?] = []
        var pending: GapNode?
        for item in items {
            if case .gap(let gap) = item { pending = gap; continue }
            result.append(pending)
            pending = nil
        }
        return Array(result.dropFirst())
    }
}

struct OverlayItem {
    var id: String
    /// Unique within the pass, for caching (overlays share the stacks' counter and cache).
    var serial: Int
    /// The overlay's settings (its `children` are in `items`).
    var node: OverlayNode
    var items: [ArrangedItem]
}

/// The label layouts of one layout pass, by label and width. Measuring a stack asks for the same label at the
/// same width several times (intrinsic width, fitting width, final width); this keeps the answers apart from
/// the layout logic. One pass, one thread: it is never shared.
final class LabelLayoutCache {
    private var prepared: [LabelLayouter.Prepared] = []
    private var layouts: [[Double: LabelLayout]] = []

    func add(_ input: LabelLayouter.Input) -> Int {
        prepared.append(LabelLayouter.prepare(input))
        layouts.append([:])
        return prepared.count - 1
    }

    func prepared(_ slot: Int) -> LabelLayouter.Prepared { prepared[slot] }

    private var minContent: [Int: Double] = [:]

    /// The label's CSS min-content width (its longest word), computed once.
    func minContentWidth(_ slot: Int) -> Double {
        if let known = minContent[slot] { return known }
        let width = LabelLayouter.minContentWidth(prepared[slot])
        minContent[slot] = width
        return width
    }

    /// The label broken at `width` (nil: unconstrained, one line per paragraph).
    func layout(_ slot: Int, width: Double?) -> LabelLayout {
        let key = width ?? .infinity
        if let known = layouts[slot][key] { return known }
        let layout = LabelLayouter.layout(prepared[slot], width: width)
        layouts[slot][key] = layout
        return layout
    }
}

/// Stack measurements of one layout pass, by stack and proposal. A stack that stretches a child measures it
/// twice (at its own height, then at the stretched one); without this, stacks nested 64 deep could multiply
/// that into exponential work.
final class StackMeasureCache {
    struct Key: Hashable {
        var serial: Int
        var width: Double
        var exact: Bool
        var height: Double?
    }
    private var measured: [Key: Measured] = [:]

    func measure(_ key: Key, _ compute: () -> Measured) -> Measured {
        if let known = measured[key] { return known }
        let result = compute()
        measured[key] = result
        return result
    }
}

extension Arranger {
    /// The element's required size constraints (a box's own width and height are fixed ones).
    func constraints(_ item: ArrangedItem, along axis: StackAxis? = nil) -> SizeConstraints {
        switch item {
        case .label(let label): return label.node.size
        case .box(_, let box):
            var size = box.size
            size.width = box.width ?? size.width
            size.height = box.height
            return size
        case .image(_, let image): return image.size
        case .stack(let stack): return stack.node.size
        case .overlay(let overlay): return overlay.node.size
        case .spacer(let spacer, let stackAxis):
            // minLength only along its own stack's axis (whichever axis is being measured): a spacer adds no
            // height to a row, and no width to a column.
            return stackAxis == .vertical ? SizeConstraints(minHeight: spacer.minLength) : SizeConstraints(minWidth: spacer.minLength)
        case .gap: return .none
        }
    }

    /// A label that may wrap, or a stack holding one: squeezing it wraps text rather than cutting it.
    func wraps(_ item: ArrangedItem) -> Bool {
        switch item {
        case .label(let label): return label.wraps
        case .stack(let stack): return stack.arranged.contains { wraps($0) }
        case .overlay(let overlay): return overlay.items.contains { wraps($0) }
        default: return false
        }
    }

    /// False for a spacer and a box without a width (along the horizontal axis): views Auto Layout gives no
    /// content size constraints.
    func hasIntrinsicLength(_ item: ArrangedItem, along axis: StackAxis) -> Bool {
        switch item {
        case .spacer, .gap: return false
        case .box(_, let box): return axis == .vertical || box.width != nil
        case .overlay(let overlay):
            return overlay.node.size.fixed(axis) != nil || overlay.items.contains { hasIntrinsicLength($0, along: axis) }
        default: return true
        }
    }

    /// The hugging and compression resistance priorities along `axis`. A nested stack has none of its own in
    /// effect: stretching it stretches its children. In a row of children (same axis) the weakest child gives
    /// first; across children that must all follow (`fill` alignment) the strongest decides; a stack whose
    /// children do not follow its width only weakly keeps its fitting size, so it stretches before content.
    func priorities(_ item: ArrangedItem, along axis: StackAxis) -> (hugging: Int, compressionResistance: Int) {
        switch item {
        case .label(let label):
            return (label.node.priorities.hugging(axis), label.node.priorities.compressionResistance(axis))
        case .image(_, let image):
            return (image.priorities.hugging(axis), image.priorities.compressionResistance(axis))
        case .stack(let stack) where stack.node.positioning == .absolute:
            return absolutePriorities(stack, along: axis)
        case .stack(let stack):
            let children = stack.arranged.map { child in
                hasIntrinsicLength(child, along: axis) ? priorities(child, along: axis) : (0, 0)
            }
            guard !children.isEmpty else { return (Self.weakFit, ContentPriorities.defaultCompressionResistance) }
            if stack.node.axis == axis {
                return (children.map(\.0).min()!, children.map(\.1).min()!)
            }
            let hugging = stack.node.alignment == .fill ? children.map(\.0).max()! : Self.weakFit
            return (hugging, children.map(\.1).max()!)
        case .overlay(let overlay):
            // The overlay is as large as its largest child: it keeps that size as firmly as its firmest child.
            let children = overlay.items.filter { hasIntrinsicLength($0, along: axis) }.map { priorities($0, along: axis) }
            guard !children.isEmpty else { return (Self.weakFit, ContentPriorities.defaultCompressionResistance) }
            return (children.map(\.0).max()!, children.map(\.1).max()!)
        default:
            return (ContentPriorities.defaultHugging, ContentPriorities.defaultCompressionResistance)
        }
    }

    /// The priority with which a stack keeps to its fitting size across children that do not stretch with it:
    /// below any content's default hugging (250), above a spacer's.
    static let weakFit = 49

    // MARK: Intrinsic and fitting widths

    /// The item's intrinsic width: what it takes when nothing limits it (a label on one line per paragraph),
    /// within its own constraints; nil when it has none (a spacer, a box without a width).
    func intrinsicWidth(_ item: ArrangedItem) -> Double? {
        let size = constraints(item, along: .horizontal)
        switch item {
        case .label(let label):
            return size.clamp(labels.layout(label.slot, width: nil).intrinsicWidth + label.node.padding.horizontal, .horizontal)
        case .overlay(let overlay):
            let widths = overlay.items.compactMap { hasIntrinsicLength($0, along: .horizontal) ? intrinsicWidth($0) : nil }
            guard let widest = widths.max() else { return size.fixed(.horizontal) }
            return size.clamp(widest, .horizontal)
        case .box(_, let box): return box.width.map { size.clamp($0, .horizontal) }
        case .image(_, let image): return size.clamp(image.width, .horizontal)
        case .spacer, .gap: return nil
        case .stack(let stack) where stack.node.positioning == .absolute:
            return size.clamp(absoluteExtent(stack, within: nil), .horizontal)
        case .stack(let stack):
            let padding = stack.node.padding.horizontal
            if stack.node.axis == .vertical {
                let widest = stack.arranged.map { intrinsicWidth($0) ?? constraints($0, along: .horizontal).minimum(.horizontal) }.max() ?? 0
                return size.clamp(widest + padding, .horizontal)
            }
            let spans = stack.arranged.map { span($0, along: .horizontal, natural: intrinsicWidth($0)) }
            let fitting = StackDistributor.fittingLength(spans, gaps: horizontalGaps(stack), stack.node.distribution)
            return size.clamp(fitting + padding, .horizontal)
        }
    }

    /// The width the item takes when offered at most `limit` and not stretched: a label wraps at the limit and
    /// keeps the width of its longest line (UILabel's intrinsic size at a preferred maximum width); a box
    /// without a width takes all it is offered.
    func fittingWidth(_ item: ArrangedItem, within limit: Double) -> Double {
        let size = constraints(item, along: .horizontal)
        if let fixed = size.fixed(.horizontal) { return fixed }
        let offered = min(limit, size.maximum(.horizontal))
        switch item {
        case .label(let label):
            let padding = label.node.padding.horizontal
            let text: Double
            switch model.labelFitting {
            case .longestLine:
                text = labels.layout(label.slot, width: max(0, offered - padding)).intrinsicWidth
            case .shrinkToFit:
                // One line when it fits; else all the width offered (CSS never narrows a box to its wrapped lines).
                let oneLine = labels.layout(label.slot, width: nil).intrinsicWidth
                text = oneLine + padding <= offered ? oneLine : max(0, offered - padding)
            }
            return size.clamp(min(text + padding, offered), .horizontal)
        case .overlay(let overlay):
            let sized = overlay.items.filter { hasIntrinsicLength($0, along: .horizontal) }
            guard !sized.isEmpty else { return size.clamp(offered, .horizontal) }
            return size.clamp(sized.map { fittingWidth($0, within: offered) }.max()!, .horizontal)
        case .box: return size.clamp(offered, .horizontal)
        case .image(_, let image): return size.clamp(min(image.width, offered), .horizontal)
        case .spacer, .gap: return 0
        case .stack(let stack) where stack.node.positioning == .absolute:
            return size.clamp(min(absoluteExtent(stack, within: offered), offered), .horizontal)
        case .stack(let stack):
            let padding = stack.node.padding.horizontal
            if stack.node.axis == .horizontal {
                return size.clamp(min(intrinsicWidth(item) ?? 0, offered), .horizontal)
            }
            let inner = max(0, offered - padding)
            let widest = stack.arranged.map { fittingWidth($0, within: inner) }.max() ?? 0
            return size.clamp(widest + padding, .horizontal)
        }
    }

    /// A horizontal stack's gaps between neighbours, frame to frame: `spacing`, or a gap's value (UIKit's custom
    /// spacing after a view).
    func horizontalGaps(_ stack: StackItem) -> [Double] {
        stack.gapsBefore.map { $0?.value ?? stack.node.spacing }
    }
}
