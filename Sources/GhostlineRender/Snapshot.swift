import Foundation
import GhostlineFonts
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineRaster
import GhostlineScene
import GhostlineSupport

/// The pipeline in one place: scene file → layout → pixels → PNG, over a font world and glyph cache the caller owns.
/// `GhostlineSession` holds one and is the library's door; the render, review and suite modules take this renderer
/// from it, so one session's fonts serve every job it does. There is no renderer with a world of its own.
package struct SnapshotRenderer: Sendable {
    /// The font world scenes are resolved in.
    public var fonts: FontContext
    public var renderer: Renderer

    /// A renderer that resolves scenes in `fonts` and keeps glyph bitmaps in `glyphCache` (both the caller's; a
    /// ``GhostlineSession`` owns one of each).
    public init(fonts: FontContext, glyphCache: GlyphCache) {
        self.fonts = fonts
        self.renderer = Renderer(glyphCache: glyphCache)
    }

    /// This renderer over the font world `fontSet` derives from its own (the same context when the sets are equal),
    /// sharing its glyph cache: what a suite whose manifest pins font directories renders with.
    public func deriving(_ fontSet: FontSet) -> SnapshotRenderer {
        SnapshotRenderer(fonts: fonts.context(for: fontSet), glyphCache: renderer.glyphCache)
    }

    public func loadScene(path: String, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
        try SceneLoader(fonts: fonts, images: .imageReader).load(path: path, overrides: overrides)
    }

    /// Lays out and renders a scene. Throws when the laid-out canvas cannot be a PNG (empty, negative or beyond
    /// the 16384 px a side that Ghostline's PNG reader accepts), before any pixel memory is allocated.
    public func render(_ scene: Scene, debug: DebugOverlay = []) throws(SceneError) -> (layout: SceneLayout, image: RGBAImage) {
        let layout = scene.layout()
        try Self.checkCanvas(layout, scene: scene)
        return (layout, renderer.render(layout, palette: scene.palette, debug: debug))
    }

    /// The canvas of a laid-out scene in pixels, as the renderer will allocate it (after `checkCanvas`).
    public static func pixelSize(of layout: SceneLayout) -> (width: Int, height: Int) {
        let scale = layout.canvas.scale
        return (scale.ceilPixels(layout.canvas.width), scale.ceilPixels(layout.height))
    }

    /// Renders a layout already made (and checked) by the caller: the second half of `render(_:debug:)`, for a
    /// caller that looks at the canvas size in between.
    public func render(_ layout: SceneLayout, of scene: Scene) -> RGBAImage {
        renderer.render(layout, palette: scene.palette)
    }

    /// The scene's layout drawn again on a clear canvas: the render's own ink only, which the ghost image lays
    /// over the design exactly (no un-blending of the background needed).
    public func renderOverlay(_ layout: SceneLayout, of scene: Scene) -> RGBAImage {
        var clear = layout
        var palette = scene.palette
        clear.canvas.background = palette.add(.clear)
        return renderer.render(clear, palette: palette)
    }

    /// The largest canvas side in pixels: the same limit the PNG reader enforces, so every render can be read back.
    public static let maximumSidePixels = RGBAImage.maximumSidePixels

    /// Refuses a laid-out canvas that cannot be a PNG (no height, or taller than `maximumSidePixels` at its scale),
    /// before any pixel memory is allocated.
    public static func checkCanvas(_ layout: SceneLayout, scene: Scene) throws(SceneError) {
        let scale = layout.canvas.scale
        let heightPixels = layout.height * scale.value
        guard layout.height.isFinite, heightPixels >= 1 else {
            throw SceneError(file: scene.sourcePath, keyPath: "canvas.height",
                             problem: "the content is \(JSONValue.format(layout.height)) pt tall, so there is nothing to draw",
                             fix: "check negative spacing or gaps, or give canvas.height")
        }
        guard heightPixels <= Double(maximumSidePixels) else {
            throw SceneError(file: scene.sourcePath, keyPath: "canvas.height",
                             problem: "the content is \(JSONValue.format(layout.height)) pt tall (\(Int(heightPixels)) px at \(scale)), over the \(maximumSidePixels) px limit",
                             fix: "shorten the text, lower the scale, or split the scene")
        }
    }
}

