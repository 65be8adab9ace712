import GhostlineGeometry
import GhostlineShaping

/// Lays out a tree of stacks the way UIStackView and Auto Layout would place it, in one model.
///
/// Frames are snapped to the pixel grid (Auto Layout rounds view frames to the screen's scale); text inside
/// labels follows the label rules (R2–R8). A stack measures its children, then places them along its axis with
/// `spacing`, or with an explicit `gap` between two anchors where the scene asks for one.
public struct StackLayouter {
    public var model: LayoutModel
    public var scale: Scale
    /// The canvas's baseline grid, for labels that snap to it. Snapping is relative to the enclosing stack's
    /// top, which is the canvas's top for the root stack.
    public var grid: Double?
    /// The font cascade for characters a label's fonts lack.
    public var fallback: FontFallback
    /// Right-to-left mirrors horizontal stacks and swaps leading and trailing (UIKit's semanticContentAttribute).
    public var layoutDirection: TextDirection = .leftToRight

    public init(model: LayoutModel, scale: Scale, grid: Double? = nil, fallback: FontFallback = FontFallback()) {
        self.model = model; self.scale = scale; self.grid = grid; self.fallback = fallback
    }

    /// Lays out `root` on `canvas`; the root fills the canvas width.
    public func layout(_ root: LayoutNode, canvas: Canvas) -> SceneLayout {
        var layouter = self
        if layouter.grid == nil { layouter.grid = canvas.grid }
        layouter.layoutDirection = canvas.layoutDirection
        return layouter.layoutOnGrid(root, canvas: canvas)
    }

    private var rightToLeft: Bool { layoutDirection == .rightToLeft }

    private func layoutOnGrid(_ root: LayoutNode, canvas: Canvas) -> SceneLayout {
        var counter = IDCounter()
        var elements: [LayoutElement] = []
        let size = place(root, at: Point(x: 0, y: 0), width: canvas.width, fill: true, counter: &counter, into: &elements)
        return SceneLayout(canvas: canvas, height: canvas.height ?? scale.ceilToPixel(size.height), model: model,
                           elements: elements)
    }

    struct IDCounter {
        var counts: [LayoutElement.Kind: Int] = [:]
        mutating func next(_ kind: LayoutElement.Kind, _ id: String?) -> String {
            counts[kind, default: 0] += 1
            return id ?? "\(kind.rawValue)\(counts[kind]!)"
        }
    }

    /// A child measured but not yet placed: its elements are laid out at the origin and moved afterwards.
    private struct Measured {
        var elements: [LayoutElement]
        var size: Size
        /// The child's own top-level element (the first in `elements`), whose anchors align it.
        var anchorElement: LayoutElement? { elements.first }
    }

    @discardableResult
    private func place(_ node: LayoutNode, at origin: Point, width: Double, fill: Bool, counter: inout IDCounter,
                       into elements: inout [LayoutElement]) -> Size {
        let measured = measure(node, width: width, fill: fill, counter: &counter)
        elements.append(contentsOf: measured.elements.map { moved($0, dx: origin.x, dy: origin.y) })
        return measured.size
    }

    private func measure(_ node: LayoutNode, width: Double, fill: Bool, counter: inout IDCounter) -> Measured {
        switch node {
        case .label(let label):
            let input = LabelLayouter.Input(text: label.text, paragraph: label.paragraph, model: model, scale: scale,
                                            baselineGrid: label.snapToGrid ? grid : nil, fallback: fallback,
                                            layoutDirection: layoutDirection)
            // Analysis and shaping once; breaking at full width, then again at the label's own width.
            let prepared = LabelLayouter.prepare(input)
            var layout = LabelLayouter.layout(prepared, width: width)
            if !fill && layout.intrinsicWidth < width {
                layout = LabelLayouter.layout(prepared, width: layout.intrinsicWidth)
            }
            let frame = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
            var element = LayoutElement(id: counter.next(.label, label.id), kind: .label, frame: frame, content: .label(layout))
            if label.alignCapHeight { element.alignmentInsetTop = layout.anchors.capHeight }
            element.snapsToGrid = label.snapToGrid && grid != nil && model == .uikit
            return Measured(elements: [element], size: frame.size)
        case .box(let box):
            let frame = Rect(x: 0, y: 0, width: box.width ?? width, height: box.height)
            return Measured(elements: [LayoutElement(id: counter.next(.box, box.id), kind: .box, frame: frame,
                                                     content: .box(paint: box.paint, cornerRadius: box.cornerRadius))],
                            size: frame.size)
        case .image(let image):
            let frame = Rect(x: 0, y: 0, width: image.width, height: image.height)
            return Measured(elements: [LayoutElement(id: counter.next(.image, image.id), kind: .image, frame: frame,
                                                     content: .image(paint: image.paint, source: image.source))],
                            size: frame.size)
        case .gap:
            return Measured(elements: [], size: .zero)
        case .stack(let stack):
            return stack.axis == .vertical ? measureVertical(stack, width: width, fill: fill, counter: &counter)
                                           : measureHorizontal(stack, width: width, fill: fill, counter: &counter)
        }
    }

    private func measureVertical(_ stack: StackNode, width: Double, fill: Bool, counter: inout IDCounter) -> Measured {
        let id = counter.next(.stack, stack.id)
        let inner = max(0, width - stack.padding.horizontal)
        let fillChildren = stack.alignment == .fill
        var children: [(Measured, GapNode?)] = []
        var pendingGap: GapNode?
        for child in stack.children {
            if case .gap(let gap) = child { pendingGap = gap; continue }
            children.append((measure(child, width: inner, fill: fillChildren, counter: &counter), pendingGap))
            pendingGap = nil
        }
        let contentWidth = fill ? inner : (children.map(\.0.size.width).max() ?? 0)
        var elements: [LayoutElement] = []
        var y = stack.padding.top
        var previous: LayoutElement?
        for (measured, gap) in children {
            var top = y
            if let previous, let gap, let next = measured.anchorElement {
                // An explicit gap: distance from the previous child's anchor to this child's anchor.
                top = previous.frame.y + previous.anchorOffset(gap.from) + gap.value - next.anchorOffset(gap.to)
            } else {
                // Spacing and padding reach the child's alignment-rect top (its capitals, with alignCapHeight).
                top = (previous != nil ? y + stack.spacing : y) - (measured.anchorElement?.alignmentInsetTop ?? 0)
            }
            top = scale.roundToPixel(top)
            if let grid, measured.anchorElement?.snapsToGrid == true {
                // R9: the label's top goes down to the next grid line; its baselines and bottom follow.
                top = BaselineGridLineStack.ceilToGrid(top, grid)
            }
            // Leading is the left edge left to right and the right edge right to left.
            let leftInset = rightToLeft ? stack.padding.trailing : stack.padding.leading
            let x: Double
            switch (stack.alignment, rightToLeft) {
            case (.center, _): x = leftInset + (contentWidth - measured.size.width) / 2
            case (.trailing, false), (.leading, true): x = leftInset + contentWidth - measured.size.width
            default: x = leftInset
            }
            let placed = measured.elements.map { moved($0, dx: scale.roundToPixel(x), dy: top) }
            elements.append(contentsOf: placed)
            previous = placed.first
            y = top + measured.size.height
        }
        let height = y + stack.padding.bottom
        let frame = Rect(x: 0, y: 0, width: contentWidth + stack.padding.horizontal, height: height)
        return Measured(elements: [LayoutElement(id: id, kind: .stack, frame: frame, content: .stack)] + elements,
                        size: frame.size)
    }

    private func measureHorizontal(_ stack: StackNode, width: Double, fill: Bool, counter: inout IDCounter) -> Measured {
        let id = counter.next(.stack, stack.id)
        let inner = max(0, width - stack.padding.horizontal)
        // Fixed-size children first; labels share what is left, each no wider than its one-line width.
        let items = stack.children.filter { if case .gap = $0 { return false }; return true }
        var fixedWidth = stack.spacing * Double(max(0, items.count - 1))
        var flexible = 0
        for item in items {
            switch item {
            case .box(let box): fixedWidth += box.width ?? 0
            case .image(let image): fixedWidth += image.width
            default: flexible += 1
            }
        }
        let share = flexible > 0 ? max(0, inner - fixedWidth) / Double(flexible) : 0
        var measuredItems = items.map { measure($0, width: share, fill: false, counter: &counter) }
        let contentHeight = measuredItems.map(\.size.height).max() ?? 0
        // Cross-axis placement: the offset of each child's anchor from its top, aligned to the largest.
        func anchor(_ m: Measured) -> Double {
            guard let element = m.anchorElement else { return 0 }
            switch stack.alignment {
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
        let usesAnchors = [.firstBaseline, .lastBaseline, .capHeight, .xHeightCenter].contains(stack.alignment)
        let maxAnchor = measuredItems.map(anchor).max() ?? 0
        var elements: [LayoutElement] = []
        var x = stack.padding.leading
        var bottom = 0.0
        let childrenWidth = measuredItems.reduce(0) { $0 + $1.size.width } + stack.spacing * Double(max(0, measuredItems.count - 1))
        let frameWidth = fill ? width : childrenWidth + stack.padding.horizontal
        for index in measuredItems.indices {
            let m = measuredItems[index]
            let dy: Double
            if usesAnchors {
                dy = maxAnchor - anchor(m)
            } else {
                switch stack.alignment {
                case .center: dy = (contentHeight - m.size.height) / 2
                case .bottom, .trailing: dy = contentHeight - m.size.height
                default: dy = 0
                }
            }
            let top = scale.roundToPixel(stack.padding.top + dy)
            // Right to left, children run from the right edge: x is measured from the leading side.
            let left = rightToLeft ? frameWidth - x - m.size.width : x
            elements.append(contentsOf: m.elements.map { moved($0, dx: scale.roundToPixel(left), dy: top) })
            bottom = max(bottom, top + m.size.height)
            x += m.size.width + stack.spacing
            measuredItems[index] = m
        }
        let frame = Rect(x: 0, y: 0, width: frameWidth,
                         height: max(bottom, stack.padding.top + contentHeight) + stack.padding.bottom)
        return Measured(elements: [LayoutElement(id: id, kind: .stack, frame: frame, content: .stack)] + elements,
                        size: frame.size)
    }

    private func moved(_ element: LayoutElement, dx: Double, dy: Double) -> LayoutElement {
        var copy = element
        copy.frame = element.frame.offsetBy(dx: dx, dy: dy)
        return copy
    }
}

extension Rect {
    var size: Size { Size(width: width, height: height) }
}
