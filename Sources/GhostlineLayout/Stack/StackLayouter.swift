import GhostlineGeometry
import GhostlineShaping

/// Lays out a tree of stacks the way UIStackView and Auto Layout would place it, in one model.
///
/// Frames are snapped to the pixel grid (Auto Layout rounds view frames to the screen's scale); text inside
/// labels follows the label rules (R2–R8). A stack asks its children for their intrinsic lengths, shares its
/// length among them by its `distribution` (`StackDistributor`: hugging and compression resistance decide who
/// grows and who gives way), then places them along its axis with `spacing`, or with an explicit `gap` between
/// two anchors where the scene asks for one, and across it by its `alignment`.
public struct StackLayouter {
    /// The model every label is laid out in.
    public var model: LayoutModel
    /// The pixel grid frames, label heights and baselines are rounded to.
    public var scale: Scale
    /// The canvas's baseline grid, for labels that snap to it. Snapping is relative to the enclosing stack's
    /// top, which is the canvas's top for the root stack.
    public var grid: Double?
    /// The font cascade for characters a label's fonts lack.
    public var fallback: FontFallback

    /// Creates a layouter; `grid` nil uses the canvas's grid, and the fallback cascade defaults to fontconfig's.
    public init(model: LayoutModel, scale: Scale, grid: Double? = nil, fallback: FontFallback = FontFallback()) {
        self.model = model; self.scale = scale; self.grid = grid; self.fallback = fallback
    }

    /// Lays out `root` on `canvas`; the root fills the canvas width.
    public func layout(_ root: LayoutNode, canvas: Canvas) -> SceneLayout {
        let arranger = Arranger(model: model, scale: scale, grid: grid ?? canvas.grid, fallback: fallback,
                                layoutDirection: canvas.layoutDirection, labels: LabelLayoutCache(), stacks: StackMeasureCache())
        var counter = IDCounter()
        let item = arranger.arrange(root, counter: &counter)
        let measured = arranger.measure(item, width: canvas.width, exact: true, height: nil)
        return SceneLayout(canvas: canvas, height: canvas.height ?? scale.ceilToPixel(measured.size.height), model: model,
                           elements: measured.elements)
    }

    struct IDCounter {
        var counts: [LayoutElement.Kind: Int] = [:]
        var stacks = 0
        mutating func next(_ kind: LayoutElement.Kind, _ id: String?) -> String {
            counts[kind, default: 0] += 1
            return id ?? "\(kind.rawValue)\(counts[kind]!)"
        }
    }
}

/// A child measured but not yet placed: its elements are laid out at the origin and moved afterwards.
struct Measured {
    var elements: [LayoutElement]
    var size: Size
    /// The child's own top-level element (the first in `elements`), whose anchors align it; nil for a spacer.
    var anchorElement: LayoutElement? { elements.first }

    /// An anchor's offset from the child's top. A spacer, like a view without text, has its baselines at its
    /// bottom (UIView's baseline anchors are its bottom).
    func anchorOffset(_ anchor: Anchor) -> Double {
        if let element = anchorElement { return element.anchorOffset(anchor) }
        return anchor == .top || anchor == .capHeight ? 0 : size.height
    }

    /// The alignment-rect inset at the top (R4's cap-height inset for labels with `alignCapHeight`).
    var insetTop: Double { anchorElement?.alignmentInsetTop ?? 0 }
}

/// One layout pass: the layouter's settings and the pass's label cache. The measuring itself is split by stack
/// axis (`Arranger+Vertical`, `Arranger+Horizontal`).
struct Arranger {
    var model: LayoutModel
    var scale: Scale
    var grid: Double?
    var fallback: FontFallback
    var layoutDirection: TextDirection
    let labels: LabelLayoutCache
    let stacks: StackMeasureCache

    var rightToLeft: Bool { layoutDirection == .rightToLeft }

    /// Gives ids in document order and shapes every label once.
    func arrange(_ node: LayoutNode, counter: inout StackLayouter.IDCounter) -> ArrangedItem {
        switch node {
        case .label(let label):
            let input = LabelLayouter.Input(text: label.text, paragraph: label.paragraph, model: model, scale: scale,
                                            baselineGrid: label.snapToGrid ? grid : nil, fallback: fallback,
                                            layoutDirection: layoutDirection)
            return .label(LabelItem(id: counter.next(.label, label.id), node: label, slot: labels.add(input)))
        case .box(let box): return .box(id: counter.next(.box, box.id), node: box)
        case .image(let image): return .image(id: counter.next(.image, image.id), node: image)
        case .gap(let gap): return .gap(gap)
        case .spacer(let spacer): return .spacer(spacer, axis: .vertical)   // the holding stack sets the axis below
        case .stack(let stack):
            let id = counter.next(.stack, stack.id)
            counter.stacks += 1
            let serial = counter.stacks
            var settings = stack
            settings.children = []
            let items = stack.children.map { child -> ArrangedItem in
                let item = arrange(child, counter: &counter)
                if case .spacer(let spacer, _) = item { return .spacer(spacer, axis: stack.axis) }
                return item
            }
            return .stack(StackItem(id: id, serial: serial, node: settings, items: items))
        case .overlay(let overlay):
            let id = counter.next(.overlay, overlay.id)
            counter.stacks += 1
            let serial = counter.stacks
            var settings = overlay
            settings.children = []
            let items = overlay.children.map { arrange($0, counter: &counter) }
            return .overlay(OverlayItem(id: id, serial: serial, node: settings, items: items))
        }
    }

    /// Lays the item out `width` wide (`exact`), or at most `width` wide at its fitting width; `height` is set when
    /// the parent stretches or squeezes it vertically, else it takes its own height.
    func measure(_ item: ArrangedItem, width: Double, exact: Bool, height: Double?) -> Measured {
        var measured = measureContent(item, width: width, exact: exact, height: height)
        if let id = sourceID(item), !measured.elements.isEmpty { measured.elements[0].sourceID = id }
        return measured
    }

    func measureContent(_ item: ArrangedItem, width: Double, exact: Bool, height: Double?) -> Measured {
        let size = constraints(item)
        switch item {
        case .label(let label):
            let width = exact ? size.clamp(width, .horizontal) : fittingWidth(item, within: width)
            // Padding: the text is laid out inside the insets, and the frame holds both.
            let padding = label.node.padding
            let textWidth = max(0, width - padding.horizontal)
            var layout = labels.layout(label.slot, width: textWidth)
            let target = size.clamp(height ?? layout.size.height + padding.vertical, .vertical)
            let textHeight = max(0, target - padding.vertical)
            if abs(textHeight - layout.size.height) > 1e-9 { layout = fitted(label, layout, width: textWidth, height: textHeight) }
            if padding != .zero { layout = layout.padded(padding, rightToLeft: rightToLeft) }
            let frame = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
            var element = LayoutElement(id: label.id, kind: .label, frame: frame, content: .label(layout))
            element.background = label.node.background
            if label.node.alignCapHeight { element.alignmentInsetTop = layout.anchors.capHeight }
            element.snapsToGrid = label.node.snapToGrid && grid != nil && model.snapsToBaselineGrid
            return Measured(elements: [element], size: frame.size)
        case .box(let id, let box):
            let frame = Rect(x: 0, y: 0, width: size.clamp(width, .horizontal), height: size.clamp(height ?? box.height, .vertical))
            var element = LayoutElement(id: id, kind: .box, frame: frame, content: .box(paint: box.paint, cornerRadius: box.cornerRadius))
            element.background = box.background
            return Measured(elements: [element], size: frame.size)
        case .image(let id, let image):
            let frame = Rect(x: 0, y: 0, width: size.clamp(exact ? width : min(image.width, width), .horizontal),
                             height: size.clamp(height ?? image.height, .vertical))
            var element = LayoutElement(id: id, kind: .image, frame: frame, content: .image(paint: image.paint, source: image.source))
            element.background = image.background
            return Measured(elements: [element], size: frame.size)
        case .spacer, .gap:
            return Measured(elements: [], size: Size(width: exact ? width : 0, height: height ?? 0))
        case .stack(let stack):
            return stacks.measure(.init(serial: stack.serial, width: width, exact: exact, height: height)) {
                if stack.node.positioning == .absolute { return measureAbsolute(stack, item, width: width, exact: exact, height: height) }
                return stack.node.axis == .vertical ? measureVertical(stack, width: width, exact: exact, height: height)
                                                    : measureHorizontal(stack, width: width, exact: exact, height: height)
            }
        case .overlay(let overlay):
            return stacks.measure(.init(serial: overlay.serial, width: width, exact: exact, height: height)) {
                measureOverlay(overlay, item, width: width, exact: exact, height: height)
            }
        }
    }

    func moved(_ element: LayoutElement, dx: Double, dy: Double) -> LayoutElement {
        var copy = element
        copy.frame = element.frame.offsetBy(dx: dx, dy: dy)
        return copy
    }

    /// A length the distribution changed, on the pixel grid (Auto Layout rounds frames to the screen's pixels);
    /// lengths it left alone stay exactly as measured.
    func snapped(_ length: Double, natural: Double) -> Double {
        abs(length - natural) < 1e-9 ? natural : model.frameGrid.round(length, scale)
    }
}

extension Rect {
    var size: Size { Size(width: width, height: height) }
}
