import Foundation
import GhostlineFonts
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineRaster
import GhostlineScene

/// The pipeline in one place: scene file → layout → pixels → PNG. The CLI is a thin shell over this, and a
/// testing library can call it the same way.
public struct SnapshotRenderer: Sendable {
    public var fonts: FontLibrary
    public var renderer: Renderer

    public init(fonts: FontLibrary = .shared, glyphCache: GlyphCache = .shared) {
        self.fonts = fonts
        self.renderer = Renderer(glyphCache: glyphCache)
    }

    public func loadScene(path: String, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
        try SceneLoader(fonts: fonts).load(path: path, overrides: overrides)
    }

    /// Lays out and renders a scene.
    public func render(_ scene: Scene, debug: DebugOverlay = []) -> (layout: SceneLayout, image: RGBAImage) {
        let layout = scene.layout()
        return (layout, renderer.render(layout, debug: debug))
    }
}

/// Writes text atomically (temporary file in the same directory, then rename), so a reader never sees half a
/// layout JSON.
public enum AtomicText {
    public static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
