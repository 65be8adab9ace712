import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping
@testable import GhostlineLayout

/// Scenes built as layout values: a root stack laid out on a canvas by ``StackLayouter``, as the scene module does
/// after it has parsed and resolved a file, but with every input written here in Swift. Fallback looks only at the
/// recording machine's font directories (``TestFonts/recordingMachine``), never at fontconfig's whole system.
enum Layouts {
    static let context = FontContext(fontSet: TestFonts.recordingMachine)
    static let fallback = FontFallback(context: context)

    /// `root` laid out on a canvas `width` wide (`height` nil: as tall as its content), at `scale`, in `model`.
    static func layout(_ root: StackNode, width: Double, height: Double? = nil, scale: Scale = .x3, model: LayoutModel = .uikit,
                       grid: Double? = nil, direction: TextDirection = .leftToRight) -> SceneLayout {
        let canvas = Canvas(width: width, height: height, scale: scale, background: .default, grid: grid, layoutDirection: direction)
        return StackLayouter(model: model, scale: scale, fallback: fallback).layout(.stack(root), canvas: canvas)
    }

    /// A label of plain text in one style, with the stack-facing settings a scene's label keys set.
    static func label(_ id: String, _ text: String, _ style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(),
                      size: SizeConstraints = .none, priorities: ContentPriorities = ContentPriorities(),
                      alignCapHeight: Bool = false, snapToGrid: Bool = false, placement: Placement? = nil) -> LayoutNode {
        var node = LabelNode(id: id, text: text, style: style, paragraph: paragraph, alignCapHeight: alignCapHeight, snapToGrid: snapToGrid)
        node.size = size
        node.priorities = priorities
        node.placement = placement
        return .label(node)
    }

    /// A box: `width` nil takes the width the stack gives it.
    static func box(_ id: String, width: Double? = nil, height: Double, placement: Placement? = nil) -> LayoutNode {
        var node = BoxNode(id: id, width: width, height: height, paint: .default)
        node.placement = placement
        return .box(node)
    }

    /// A stack with the settings a scene's stack keys set.
    static func stack(_ axis: StackAxis = .vertical, id: String? = nil, padding: EdgeInsets = .zero, spacing: Double = 0,
                      alignment: StackAlignment = .fill, distribution: StackDistribution = .fill,
                      size: SizeConstraints = .none, children: [LayoutNode]) -> StackNode {
        var node = StackNode(id: id, axis: axis, padding: padding, spacing: spacing, alignment: alignment, children: children)
        node.distribution = distribution
        node.size = size
        return node
    }
}

extension SceneLayout {
    /// The element with `id`, if there is one.
    func element(_ id: String) -> LayoutElement? { elements.first { $0.id == id } }
    /// Every element's frame by id.
    var frames: [String: Rect] { Dictionary(uniqueKeysWithValues: elements.map { ($0.id, $0.frame) }) }
}
