import GhostlineGeometry

/// How each child takes part in its stack's distribution: its span (natural length, bounds, priorities), its
/// per-child flex settings, and, in the css model, the automatic minimum flex shrinking stops at.
extension Arranger {
    /// How the item takes part in a distribution along `axis`, with `natural` as its intrinsic length.
    func span(_ item: ArrangedItem, along axis: StackAxis, natural: Double?) -> ArrangedSpan {
        let size = constraints(item, along: axis)
        let minimum = size.minimum(axis), maximum = max(minimum, size.maximum(axis))
        let (hugging, resistance) = priorities(item, along: axis)
        let intrinsic = hasIntrinsicLength(item, along: axis)
        let start = intrinsic ? (natural ?? minimum) : minimum
        let length = max(minimum, min(maximum, start))
        // A priority of 1000 is required, as in Auto Layout: required hugging keeps the view from growing past its
        // intrinsic length, required compression resistance from shrinking below it (within its size bounds).
        var low = minimum, high = maximum
        if intrinsic && hugging >= ContentPriorities.required { high = max(low, min(high, length)) }
        if intrinsic && resistance >= ContentPriorities.required { low = min(high, max(low, length)) }
        let options = item.flex
        var span = ArrangedSpan(natural: length, minimum: low, maximum: high,
                                hasIntrinsicLength: intrinsic, hugging: hugging, compressionResistance: resistance,
                                wraps: wraps(item), grow: options.grow, shrink: options.shrink ?? FlexOptions.defaultShrink)
        if model.stackShrink == .flexShrink {
            // A minimum written on the element (even `minWidth: 0`, as CSS's `min-width: 0`) replaces CSS's automatic
            // one (`min-width: auto`).
            let written = axis == .horizontal ? size.minWidth : size.minHeight
            let automatic = written != nil ? low : automaticMinimum(item, along: axis, natural: length)
            span.shrinkFloor = min(length, max(low, min(high, automatic)))
        }
        return span
    }

    /// CSS's automatic minimum size of a flex item (css-flexbox-1 §4.5, `min-width: auto`): across a row, a
    /// label that truncates (one line, `overflow: hidden` in CSS) has none, a wrapping label its longest word, a
    /// nested stack or overlay its min-content width, a box without a width none; down a column, every child its
    /// content's height.
    func automaticMinimum(_ item: ArrangedItem, along axis: StackAxis, natural: Double) -> Double {
        guard axis == .horizontal else { return natural }
        if case .label(let label) = item, label.node.paragraph.numberOfLines == 1 { return 0 }
        return minContentWidth(item)
    }

    /// The item's min-content width (CSS's min-content contribution): a wrapping label's longest word, a one-line
    /// label's whole text, a row's children's added up, a column's or an overlay's widest; within its own size
    /// constraints, padding included.
    func minContentWidth(_ item: ArrangedItem) -> Double {
        let size = constraints(item, along: .horizontal)
        if let fixed = size.fixed(.horizontal) { return fixed }
        switch item {
        case .label(let label):
            let text = label.wraps ? labels.minContentWidth(label.slot) : labels.layout(label.slot, width: nil).intrinsicWidth
            return size.clamp(text + label.node.padding.horizontal, .horizontal)
        case .box: return size.minimum(.horizontal)
        case .image(_, let image): return size.clamp(image.width, .horizontal)
        case .spacer, .gap: return size.minimum(.horizontal)
        case .overlay(let overlay):
            return size.clamp(overlay.items.map { minContentWidth($0) }.max() ?? 0, .horizontal)
        case .stack(let stack) where stack.node.positioning == .absolute:
            return size.clamp(absoluteExtent(stack, within: nil), .horizontal)
        case .stack(let stack):
            let children = stack.arranged.map { minContentWidth($0) }
            let content = stack.node.axis == .horizontal ? children.reduce(0, +) + horizontalGaps(stack).reduce(0, +)
                                                         : children.max() ?? 0
            return size.clamp(content + stack.node.padding.horizontal, .horizontal)
        }
    }
}
