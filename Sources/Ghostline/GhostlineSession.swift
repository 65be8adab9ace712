import Foundation
import GhostlineCheck
import GhostlineDiff
import GhostlineFonts
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineRaster
import GhostlineRender
import GhostlineReview
import GhostlineScene
import GhostlineSuite

/// The front door: one value that owns a font world and does Ghostline's jobs — render, layout, matrix, metrics,
/// fonts, check, suite — returning values (images and PNG bytes in memory, layout JSON, typed warnings). It never
/// writes a file or prints: the CLI, the testing products, the suite, the bench and the fuzz targets write what comes
/// back.
///
/// ```swift
/// let session = GhostlineSession()                       // the system's fonts
/// let render = try session.render(path: "card.yaml")
/// try Data(render.png()).write(to: URL(fileURLWithPath: "card@3x.png"))
/// for warning in render.warnings { print(warning) }
///
/// // A hermetic session: only these directories' fonts, whatever else is installed.
/// let pinned = GhostlineSession(fontSet: FontSet(directories: ["/repo/fonts"], systemFonts: false))
/// ```
///
/// Why a session and not free functions: the fonts it has opened, fontconfig's answers and the glyph bitmaps it has
/// drawn are its own state, kept warm between jobs (a suite, a review server) and never shared with another session
/// by accident. Two sessions with different font sets work side by side in one process. It is thread-safe.
public final class GhostlineSession: Sendable {
    /// The font world: which fonts are visible, names to files, opened fonts, fallback.
    public let fonts: FontContext
    /// Glyph bitmaps drawn so far, reused by every render of this session.
    public let glyphCache: GlyphCache
    /// The render pipeline over this session's fonts and glyph cache.
    package let renderer: SnapshotRenderer

    /// A session over `fonts` (by default the system's fonts) with an empty glyph cache.
    public init(fonts: FontContext = FontContext(), glyphCache: GlyphCache = GlyphCache()) {
        self.fonts = fonts
        self.glyphCache = glyphCache
        self.renderer = SnapshotRenderer(fonts: fonts, glyphCache: glyphCache)
    }

    /// A session that sees `fontSet`: extra font directories, or only them with `systemFonts: false`.
    public convenience init(fontSet: FontSet) {
        self.init(fonts: FontContext(fontSet: fontSet))
    }

    // MARK: Scenes

    /// A scene loader over this session's fonts, for callers that parse and resolve in separate steps.
    public var loader: SceneLoader { SceneLoader(fonts: fonts, images: .imageReader) }

    /// Reads and parses a scene file (YAML or JSON) without opening fonts or images.
    public func describe(path: String) throws(SceneError) -> SceneDescription {
        try loader.describe(path: path)
    }

    /// Reads, parses and resolves a scene file.
    public func scene(path: String, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
        try loader.load(path: path, overrides: overrides)
    }

    /// Resolves a scene description (parsed from a file, or built in Swift).
    public func scene(_ description: SceneDescription, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
        try loader.resolve(description, overrides: overrides)
    }

    /// The one-label scene of a text snapshot (`ghostline render --text`).
    public func scene(_ text: TextSnapshot, overrides: SceneOverrides = SceneOverrides(),
                      directory: String = FileManager.default.currentDirectoryPath) throws(TextSnapshotError) -> Scene {
        try text.scene(loader: loader, overrides: overrides, directory: directory)
    }

    // MARK: Jobs

    /// Lays out a scene: every frame and line in points, the layout JSON, and what is worth a warning.
    public func layout(_ scene: Scene) -> LaidOutScene {
        LaidOutScene(scene: scene, layout: scene.layout())
    }

    /// Lays out and draws a scene, with the guides of `debug` (and their legend under the render).
    ///
    /// - Throws: ``SceneError`` when the laid-out canvas cannot be a PNG (empty, or over 16,384 px a side), before any
    ///   pixel memory is allocated.
    public func render(_ scene: Scene, debug: DebugOverlay = []) throws(SceneError) -> RenderedScene {
        var (layout, image) = try renderer.render(scene, debug: debug)
        if !debug.isEmpty {
            // The legend lists what is drawn: no grid entry for a scene without a grid.
            let drawn = scene.canvas.grid == nil ? debug.subtracting(.grid) : debug
            image = DebugLegend.appended(to: image, guides: drawn, scale: scene.canvas.scale, renderer: renderer)
        }
        return RenderedScene(laidOut: LaidOutScene(scene: scene, layout: layout), image: image)
    }

    /// Reads, resolves, lays out and draws a scene file.
    public func render(path: String, overrides: SceneOverrides = SceneOverrides(),
                       debug: DebugOverlay = []) throws(SceneError) -> RenderedScene {
        try render(try scene(path: path, overrides: overrides), debug: debug)
    }

    /// The Dynamic Type matrix of a scene: one render per content size category, composed on a contact sheet.
    ///
    /// - Parameter progress: called after each cell (done, total, category), for a progress line.
    public func matrix(_ description: SceneDescription, overrides: SceneOverrides = SceneOverrides(), columns: Int = 4,
                       progress: (Int, Int, ContentSizeCategory) -> Void = { _, _, _ in }) throws -> ContentSizeMatrix {
        let sheet = ContactSheet(renderer: renderer, columns: columns)
        let cells = try sheet.cells(description: description, overrides: overrides, progress: progress)
        let image = try sheet.compose(cells)
        return ContentSizeMatrix(cells: cells, image: image, scalesWithContentSize: description.scalesWithContentSize,
                                 sourcePath: description.sourcePath)
    }

    /// A font's vertical metrics at a size, and UIKit's pixel rounding of them at a scale (`ghostline metrics`).
    ///
    /// - Parameter font: a font file, or an installed family or PostScript name found through this session's fonts.
    public func metrics(font: String, faceIndex: Int? = nil, size: Double, scale: Scale = .x3,
                        source: VerticalMetricsSource = .hhea,
                        metricsOverride: FontMetricsOverride? = nil) throws(FontMetricsReportError) -> FontMetricsReport {
        try FontMetricsReport(font: font, faceIndex: faceIndex, size: size, scale: scale, source: source,
                              metricsOverride: metricsOverride, fonts: fonts)
    }

    /// What each of a scene's styles and `fallback:` entries resolved to, how, and the identity of each font found
    /// (`ghostline fonts`): read from what resolving the scene recorded, so nothing is looked up again.
    public func fonts(_ scene: Scene) -> FontReport {
        FontReport(scene: scene, fontSet: fonts.fontSet)
    }

    /// A design check whose scene renders with this session's fonts; run it with ``DesignCheck/run(for:)``.
    ///
    /// - Parameter renderFile: the file the render will be written to, if it will be; reports name the render by it.
    public func check(_ render: DesignCheck.Render, design: String, overrides: SceneOverrides = SceneOverrides(),
                      options: ReviewOptions = ReviewOptions(), renderBackground: Color? = nil,
                      renderFile: String? = nil) -> DesignCheck {
        DesignCheck(render: render, design: design, overrides: overrides, options: options,
                    renderBackground: renderBackground, renderer: renderer, renderFile: renderFile)
    }

    /// A suite runner for `plan` whose checks render with this session's fonts and glyph cache.
    public func suite(_ plan: SuitePlan) -> SuiteRunner {
        var runner = SuiteRunner(plan: plan, renderer: renderer)
        runner.version = GhostlineVersion.current
        return runner
    }
}

/// A scene and its layout: frames, lines and baselines in points, and what a reader should be warned of.
public struct LaidOutScene: Sendable {
    /// The resolved scene.
    public var scene: Scene
    /// Every element's frame and every label's lines.
    public var layout: SceneLayout

    /// The layout JSON (`ghostline layout`, `render --layout`): frames, lines and baselines in points.
    public var json: String { LayoutJSON.encode(layout, palette: scene.palette) }

    /// What reading the scene's files noticed, then every label with characters no font could draw.
    public var warnings: [GhostlineWarning] {
        scene.warnings.map { GhostlineWarning.input($0) } + GhostlineWarning.missingGlyphs(in: layout)
    }
}

/// A rendered scene: its layout and its pixels.
public struct RenderedScene: Sendable {
    /// The scene, its layout, its layout JSON and warnings.
    public var laidOut: LaidOutScene
    /// The pixels (with the debug legend, when guides were asked for).
    public var image: RGBAImage

    /// The scene that was rendered.
    public var scene: Scene { laidOut.scene }
    /// Its layout.
    public var layout: SceneLayout { laidOut.layout }
    /// Its layout JSON.
    public var layoutJSON: String { laidOut.json }
    /// What is worth a warning (a render with warnings is still valid).
    public var warnings: [GhostlineWarning] { laidOut.warnings }
    /// Every file the render was made from; outputs must never replace one of them.
    public var inputFiles: [String] { scene.inputFiles }

    /// The PNG file's bytes (deterministic: the same pixels give the same bytes on every machine).
    public func png() throws(PNGError) -> [UInt8] { try PNGCodec.encode(image) }
}

/// A Dynamic Type matrix: one cell per content size category and the sheet composed of them.
public struct ContentSizeMatrix: Sendable {
    /// The cells, in category order, each with its layout.
    public var cells: [ContactSheet.Cell]
    /// The contact sheet.
    public var image: RGBAImage
    /// False when nothing in the scene follows Dynamic Type, so all cells are the same.
    public var scalesWithContentSize: Bool
    /// The scene file.
    public var sourcePath: String

    /// The contact sheet's PNG file bytes.
    public func png() throws(PNGError) -> [UInt8] { try PNGCodec.encode(image) }

    /// Where the layout JSON of `category` goes beside the sheet at `sheet`: `SHEET-<category>.json` in `directory`,
    /// else in the sheet's own directory. Nil when the sheet goes to standard output (`-`) and no directory is given:
    /// there is no file to name the layouts after.
    public static func layoutPath(for category: ContentSizeCategory, sheet: String, directory: String?) -> String? {
        let toStandardOutput = sheet == OutputFiles.standardOutput
        if toStandardOutput && directory == nil { return nil }
        let sheetURL = URL(fileURLWithPath: toStandardOutput ? "sheet" : sheet)
        let folder = directory.map { URL(fileURLWithPath: $0) } ?? sheetURL.deletingLastPathComponent()
        return folder.appendingPathComponent("\(sheetURL.deletingPathExtension().lastPathComponent)-\(category.rawValue).json").path
    }

    /// What is worth a warning: a matrix of identical cells.
    public var warnings: [GhostlineWarning] {
        scalesWithContentSize ? [] : [.nothingScalesWithContentSize(scene: sourcePath)]
    }
}
