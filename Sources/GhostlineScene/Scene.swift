import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout

/// A scene ready for layout: the canvas, the model, and a tree of resolved nodes (fonts opened, styles applied,
/// images decoded).
public struct Scene: Sendable {
    public var canvas: Canvas
    public var model: LayoutModel
    public var contentSize: ContentSizeCategory
    public var root: LayoutNode
    /// The scene file, for messages and for resolving relative paths.
    public var sourcePath: String

    public init(canvas: Canvas, model: LayoutModel, contentSize: ContentSizeCategory = .default, root: LayoutNode,
                sourcePath: String) {
        self.canvas = canvas; self.model = model; self.contentSize = contentSize; self.root = root
        self.sourcePath = sourcePath
    }

    /// Lays the scene out in its model at its scale.
    public func layout() -> SceneLayout {
        StackLayouter(model: model, scale: canvas.scale).layout(root, canvas: canvas)
    }
}

/// Settings from the command line that take precedence over the scene file's.
public struct SceneOverrides: Sendable {
    public var scale: Scale?
    public var model: LayoutModel?
    public var contentSize: ContentSizeCategory?
    public init(scale: Scale? = nil, model: LayoutModel? = nil, contentSize: ContentSizeCategory? = nil) {
        self.scale = scale; self.model = model; self.contentSize = contentSize
    }
}
