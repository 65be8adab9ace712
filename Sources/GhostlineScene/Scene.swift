import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout

/// A resolved scene: the layout tree, the canvas, and the palette its paints refer to.
public struct Scene: Sendable {
    /// The canvas: width, height (nil for `auto`), scale, background paint, grid and layout direction.
    public var canvas: Canvas
    /// The layout model, after the overrides were applied.
    public var model: LayoutModel
    /// The Dynamic Type category the text styles were sized for, after the overrides were applied.
    public var contentSize: ContentSizeCategory
    /// The layout tree, with fonts opened and styles applied.
    public var root: LayoutNode
    /// The colours and bitmaps the tree's `PaintID`s stand for.
    public var palette: Palette
    /// The scene's font cascade (its `fallback:` list, then fontconfig).
    public var fallback: FontFallback
    /// The scene file's path (for a scene built in Swift, a made-up `scene.swift` in its directory).
    public var sourcePath: String
    /// Every file the scene was made from: the scene itself, its font files and its images. Outputs must never
    /// overwrite one of them.
    public var inputFiles: [String] = []
    /// Warnings from reading the scene's images (a file without its end marker, read anyway), one line each, for
    /// the caller to show; they change nothing in the layout.
    public var warnings: [String] = []
    /// Areas, in points, a design review leaves out (`ignore:`).
    public var ignore: [Rect] = []
    /// `minColorDifference:` (CIEDE2000), for a review whose caller set none; nil = the review's default.
    public var minColorDifference: Double?
    /// How each font the scene's styles and `fallback:` name was found, in the order the resolver met them
    /// (`fallback:` first, then styles as labels use them); empty for a scene built directly.
    public var fontResolutions: [FontResolution] = []
    /// The names of `styles:` in the order written (a style guide's before the scene's), each once: the order
    /// `ghostline fonts` lists them in, and how it knows a style no label uses (it has no resolution).
    public var styleNames: [String] = []
    /// The fonts the scene saw: the caller's font set with the scene's `fontDirectories:` and `systemFonts:`
    /// applied; nil for a scene built directly.
    public var fontSet: FontSet?

    /// Creates a resolved scene directly, for callers that build the layout tree themselves (a contact sheet).
    public init(canvas: Canvas, model: LayoutModel, contentSize: ContentSizeCategory = .default, root: LayoutNode,
                palette: Palette, fallback: FontFallback = FontFallback(), sourcePath: String) {
        self.canvas = canvas; self.model = model; self.contentSize = contentSize; self.root = root
        self.palette = palette; self.fallback = fallback; self.sourcePath = sourcePath
    }

    /// Lays the scene out: every element's frame in points and every label's lines. Nothing throws; the resolver has
    /// already refused what layout could not handle.
    public func layout() -> SceneLayout {
        StackLayouter(model: model, scale: canvas.scale, fallback: fallback).layout(root, canvas: canvas)
    }
}

/// What a caller (the CLI's `--scale`, `--model` and `--content-size`) sets over the scene's own values; nil
/// keeps the scene's.
public struct SceneOverrides: Sendable {
    /// Replaces `canvas.scale`.
    public var scale: Scale?
    /// Replaces `model:`.
    public var model: LayoutModel?
    /// Replaces `canvas.contentSize`.
    public var contentSize: ContentSizeCategory?
    /// Replaces `canvas.colorScheme`.
    public var colorScheme: ColorScheme?
    /// Replaces the canvas's width and scale with a device's (Apple's name; `scale` still wins over its scale).
    public var device: String?
    /// Sets the model's ``LayoutModel/chromiumFonts`` (`--chromium-fonts`): where Chromium found the design's fonts.
    /// Not a scene key, because it describes how the export being compared was drawn, not the screen; only the css
    /// model takes `.installed`.
    public var chromiumFonts: ChromiumFonts?
    /// Creates overrides; by default none.
    public init(scale: Scale? = nil, model: LayoutModel? = nil, contentSize: ContentSizeCategory? = nil,
                colorScheme: ColorScheme? = nil) {
        self.scale = scale; self.model = model; self.contentSize = contentSize; self.colorScheme = colorScheme
    }
}
