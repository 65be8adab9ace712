import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineRaster

/// A resolved scene: the layout tree, the canvas, and the palette its paints refer to.
public struct Scene: Sendable {
    public var canvas: Canvas
    public var model: LayoutModel
    public var contentSize: ContentSizeCategory
    public var root: LayoutNode
    /// The colours and bitmaps the tree's `PaintID`s stand for.
    public var palette: Palette
    /// The scene's font cascade (its `fallback:` list, then fontconfig).
    public var fallback: FontFallback
    public var sourcePath: String
    /// Every file the scene was made from: the scene itself, its font files and its images. Outputs must never
    /// overwrite one of them.
    public var inputFiles: [String] = []
    /// Warnings from reading the scene's images (a file without its end marker, read anyway), one line each, for
    /// the caller to show; they change nothing in the layout.
    public var warnings: [String] = []
    /// Areas, in points, a design review leaves out (`ignore:`).
    public var ignore: [Rect] = []

    public init(canvas: Canvas, model: LayoutModel, contentSize: ContentSizeCategory = .default, root: LayoutNode,
                palette: Palette, fallback: FontFallback = FontFallback(), sourcePath: String) {
        self.canvas = canvas; self.model = model; self.contentSize = contentSize; self.root = root
        self.palette = palette; self.fallback = fallback; self.sourcePath = sourcePath
    }

    public func layout() -> SceneLayout {
        StackLayouter(model: model, scale: canvas.scale, fallback: fallback).layout(root, canvas: canvas)
    }
}

public struct SceneOverrides: Sendable {
    public var scale: Scale?
    public var model: LayoutModel?
    public var contentSize: ContentSizeCategory?
    public init(scale: Scale? = nil, model: LayoutModel? = nil, contentSize: ContentSizeCategory? = nil) {
        self.scale = scale; self.model = model; self.contentSize = contentSize
    }
}
