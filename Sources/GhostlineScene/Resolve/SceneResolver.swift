import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineShaping

/// Turns a `SceneDescription` into a `Scene` ready for layout: scale, model and content size from the
/// description or the command line's overrides; fonts opened (files, fontconfig names, the fallback list);
/// Dynamic Type applied; colours and images collected into the palette; the limits that keep a render
/// possible enforced. Errors name the place the description recorded.
public struct SceneResolver {
    /// The font world names are found in and fonts are opened through.
    public var fonts: FontContext
    /// How image elements' files become pixels (GhostlinePNG's `ImageDecoding.imageReader` in Ghostline).
    public var images: ImageDecoding
    /// Scale, model and content size that replace the description's.
    public var overrides: SceneOverrides

    /// Creates a resolver that finds fonts through `fonts` and reads images with `images`; by default with no
    /// overrides.
    public init(fonts: FontContext, images: ImageDecoding, overrides: SceneOverrides = SceneOverrides()) {
        self.fonts = fonts; self.images = images; self.overrides = overrides
    }

    /// Same as the image readers' limit, so every render can be read back.
    static let maximumSidePixels = RGBAImage.maximumSidePixels

    /// The font context a scene sees: the resolver's, with the scene's `fontDirectories:` added and, with
    /// `systemFonts: false`, the system's fonts left out. Every directory must exist.
    func fontContext(for description: SceneDescription) throws(SceneError) -> FontContext {
        guard !description.fontDirectories.isEmpty || description.systemFonts != nil else { return fonts }
        for directory in description.fontDirectories {
            if let error = directory.missing() { throw error }
        }
        let set = fonts.fontSet.adding(description.fontDirectories.map(\.path), systemFonts: description.systemFonts)
        return fonts.context(for: set)
    }

    /// Turns `description` into a scene ready for layout.
    ///
    /// - Throws: ``SceneError`` when the canvas is more than 16,384 pixels on a side at the scale in use, the grid is
    ///   not on whole pixels, a font file does not exist or a font cannot be found or opened, a style is undefined or
    ///   has no size or font, a style uses a key its model does not have (a CSS key in the uikit model,
    ///   `hyphenationFactor` in the css model), `lineHeight: textStyle` has no `textStyle`, a label snaps to a grid
    ///   the canvas lacks, or an image cannot be read.
    public func resolve(_ description: SceneDescription) throws(SceneError) -> Scene {
        let context = try fontContext(for: description)
        var state = ResolverState(description: description, fonts: context, images: images, overrides: overrides)
        return try state.scene()
    }
}

/// The resolver's working state: what earlier sections define for later ones, and caches.
struct ResolverState {
    let description: SceneDescription
    let fonts: FontContext
    let images: ImageDecoding
    let file: String
    let directory: String
    var scale = Scale.x3
    var contentSize = ContentSizeCategory.default
    var model = LayoutModel.uikit
    var grid: Double?
    var colorScheme = ColorScheme.light
    var palette = Palette()
    var namedFonts: [String: NamedFont] = [:]
    var styles: [String: StyleDescription] = [:]
    var fallback = FontFallback()
    /// Resolved named styles, so a hundred labels in `body` open its font once.
    var resolvedStyles: [String: (TextStyle, ParagraphStyle)] = [:]
    /// Files read while resolving (fonts and images), for `Scene.inputFiles`.
    var inputFiles: [String] = []
    /// What reading the scene's files noticed but got past (an image without its end marker, a family without the
    /// weight asked for), one line each.
    var warnings: [String] = []
    /// The family requests already warned about, so a style used by a hundred labels warns once.
    var snappedRequests: Set<String> = []
    /// How each font was found, for `Scene.fontResolutions`.
    var fontResolutions: [FontResolution] = []
    let overrides: SceneOverrides

    init(description: SceneDescription, fonts: FontContext, images: ImageDecoding, overrides: SceneOverrides) {
        self.description = description
        self.fonts = fonts
        self.images = images
        self.overrides = overrides
        self.file = description.sourcePath
        self.directory = URL(fileURLWithPath: description.sourcePath).deletingLastPathComponent().path
    }

    func error(_ mark: SourceMark?, _ problem: String, fix: String, keyPath: String = "") -> SceneError {
        SceneError(file: file, mark: mark, keyPath: keyPath, problem: problem, fix: fix)
    }

    /// A scene colour in the scheme being drawn; a name nothing defines (possible only from the Swift builder, as the
    /// parser checks YAML's names) or a cycle of names is an error.
    func color(_ color: SceneColor?, default fallback: Color, mark: SourceMark?, keyPath: String = "") throws(SceneError) -> Color {
        guard let color else { return fallback }
        switch description.colors.resolve(color, scheme: colorScheme) {
        case .success(let value):
            return value
        case .failure(.unknown(let name)):
            throw error(mark, "`\(name)` is not a colour",
                        fix: "write \"#RRGGBB\" or \"#RRGGBBAA\", a name from the scene's colors, or one of iOS's (label, systemBlue, …)",
                        keyPath: keyPath)
        case .failure(.cycle(let names)):
            throw error(mark, "the colour names go round in a circle: \(names.joined(separator: " → "))",
                        fix: "give one of them a value, e.g. \"#0A84FF\"", keyPath: keyPath)
        }
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).standardized.path
    }

    mutating func scene() throws(SceneError) -> Scene {
        var canvas = description.canvas
        if let name = overrides.device ?? canvas.device {
            guard let device = AppleTables.device(named: name) else {
                throw error(nil, "`\(name)` is not a device Ghostline knows", fix: "use one of: "
                            + AppleTables.devices.map(\.name).joined(separator: ", "), keyPath: "canvas.device")
            }
            // An override puts the scene on the device's screen; the scene's own device gave its defaults already.
            if overrides.device != nil {
                canvas.width = device.width
                canvas.scale = device.scale
                canvas.device = device.name
            }
        }
        guard canvas.width > 0 else {
            throw error(nil, "the canvas has no width", fix: "give a width in points, or a device", keyPath: "canvas.width")
        }
        if let factor = canvas.scale { scale = Scale(factor) }
        if let override = overrides.scale { scale = override }
        let limit = SceneResolver.maximumSidePixels
        if canvas.width * scale.value > Double(limit) {
            throw error(canvas.marks["width"], "\(canvas.width) pt is \(Int(canvas.width * scale.value)) px at \(scale), over the \(limit) px limit",
                        fix: "use a smaller width or scale", keyPath: "canvas.width")
        }
        if let height = canvas.height, height * scale.value > Double(limit) {
            throw error(canvas.marks["height"], "\(height) pt is \(Int(height * scale.value)) px at \(scale), over the \(limit) px limit",
                        fix: "use a smaller height or scale", keyPath: "canvas.height")
        }
        grid = canvas.grid
        if let grid, (grid * scale.value).rounded() != grid * scale.value {
            throw error(canvas.marks["grid"], "a \(grid) pt grid puts baselines between pixels at \(scale)",
                        fix: "use a multiple of 1/\(scale.factor) pt, e.g. 4 or 8", keyPath: "canvas.grid")
        }
        contentSize = overrides.contentSize ?? canvas.contentSize ?? .default
        model = overrides.model ?? description.model ?? .uikit
        if let fonts = overrides.chromiumFonts, fonts != model.chromiumFonts {
            guard model.lineStacking == .halfLeading else {
                throw error(nil, "Chromium's `\(fonts.rawValue)` fonts are a rule of the css model, and this scene is laid out in the \(model.name) model",
                            fix: "lay the scene out with `model: css` (or --model css), or drop --chromium-fonts", keyPath: "model")
            }
            model.chromiumFonts = fonts
        }
        colorScheme = overrides.colorScheme ?? canvas.colorScheme ?? .light
        // UIKit's defaults: a view controller's view is `systemBackground`, a label's text `label` (white and black in
        // light, black and white in dark).
        let background = palette.add(try color(canvas.background ?? "systemBackground", default: .white, mark: nil,
                                               keyPath: "canvas.background"))

        for font in description.fonts {
            let path = absolute(font.file)
            guard FileManager.default.fileExists(atPath: path) else {
                throw error(font.mark, "font file \(path) does not exist",
                            fix: "fix the path, or install the package that provides it (fonts-inter, fonts-dejavu-core)")
            }
            var resolved = font
            resolved.file = path
            namedFonts[font.name] = resolved
        }
        for named in description.styles { styles[named.name] = named.style }
        var fallbackFonts: [Font] = []
        for (index, reference) in description.fallback.enumerated() {
            let request = FontResolution.Request(name: reference.name)
            let (font, source) = try self.font(request, mark: reference.mark, acceptsPath: true)
            fontResolutions.append(FontResolution(subject: .fallback(index), request: request, source: source, font: font))
            fallbackFonts.append(font)
        }
        fallback = FontFallback(fonts: fallbackFonts, context: fonts)

        let root = try stack(description.root)
        let layoutCanvas = Canvas(width: canvas.width, height: canvas.height, scale: scale, background: background, grid: grid,
                                  layoutDirection: canvas.layoutDirection ?? .leftToRight)
        var scene = Scene(canvas: layoutCanvas, model: model, contentSize: contentSize, root: .stack(root), palette: palette,
                          fallback: fallback, sourcePath: file)
        scene.inputFiles = [file] + description.includedFiles + namedFonts.values.map(\.file).sorted() + inputFiles
        scene.ignore = description.ignore
        scene.minColorDifference = description.minColorDifference
        scene.warnings = warnings
        scene.fontResolutions = fontResolutions
        scene.fontSet = fonts.fontSet
        var seen = Set<String>()
        scene.styleNames = description.styles.map(\.name).filter { seen.insert($0).inserted }
        return scene
    }

    // MARK: Fonts

    /// A font by name, and how it was found: a key of `fonts:`, then an installed family or PostScript name, then a
    /// variable font's named instance written as family and instance name (`Inter Medium`); with `acceptsPath`, a
    /// file path too (the fallback list may name files).
    ///
    /// A variable font is opened at the instance `variations` asks for. Its `weight` sets `wght` only where the
    /// weight chose the face (a family looked up) or was written (`explicitWeight`): a `fonts:` file or a named
    /// instance keeps its own weight otherwise.
    mutating func font(_ request: FontResolution.Request, mark: SourceMark?, acceptsPath: Bool = false,
                       variations: FontVariationRequest = .none,
                       explicitWeight: Bool = false) throws(SceneError) -> (Font, FontResolution.Source) {
        let name = request.name
        var wanted = variations
        do {
            let base: Font, source: FontResolution.Source
            if let named = namedFonts[name] {
                base = try fonts.library.font(FontFile(path: named.file, faceIndex: named.faceIndex), metricsOverride: named.metrics)
                source = .namedFont(name)
            } else if acceptsPath && (name.contains("/") || name.hasSuffix(".ttf") || name.hasSuffix(".otf") || name.hasSuffix(".ttc")) {
                let path = absolute(name)
                base = try fonts.font(path: path)
                source = .file(path)
            } else {
                do {
                    base = try fonts.font(named: name, weight: request.weight, italic: request.italic)
                    source = FontResolution.source(of: base, for: request)
                } catch {
                    guard let (font, instance) = namedInstance(name) else { throw error }
                    wanted.base = instance.coordinates
                    base = font
                    source = .namedInstance(family: font.familyName, instance: instance.name)
                }
            }
            switch source {
            case .family, .snappedFamily:
                if model.chromiumFonts == .installed, let instance = Self.installedInstance(of: base, weight: wanted.weight ?? 400,
                                                                                             italic: request.italic) {
                    // Chromium on Linux draws a variable font it found by family name at one of its named instances,
                    // the one nearest the weight (a tie goes to the lighter), and leaves `font-variation-settings`
                    // unapplied: measured in Chromium 156 (Fixtures/browser/chromium-installed-variable.json).
                    wanted = FontVariationRequest(opticalSize: wanted.opticalSize, base: instance.coordinates)
                }
            default: if !explicitWeight { wanted.weight = nil }
            }
            let font = try fonts.library.instance(of: base, wanted)
            guard case .snappedFamily = source else { return (font, source) }
            // `variations: { wght: … }` wins over `weight`: the weight drawn is the one the style set on the axis.
            if wanted.settings.contains(where: { $0.tag == "wght" }) && font.axes.contains(where: { $0.tag == "wght" }) {
                return (font, .family)
            }
            // The instance may be the weight asked for (a variable font at 450): then nothing snapped.
            let drawn = FontResolution.source(of: font, for: request)
            if case .snappedFamily = drawn { noteSnapping(font, request: request, mark: mark) }
            return (font, drawn)
        } catch {
            throw self.error(mark, "\(error)", fix: "")
        }
    }


    /// Warns once when a family name found a face of another weight or slant than asked for (`Inter` at 450 draws
    /// with Inter Medium when only the static Inter is installed): the render is still right for what is installed,
    /// but a reader comparing it with a design must know the face differs. A PostScript name names one face, so
    /// it never warns (``FontResolution/source(of:for:)`` decides).
    mutating func noteSnapping(_ font: Font, request: FontResolution.Request, mark: SourceMark?) {
        let (name, weight, italic) = (request.name, request.weight, request.italic)
        let key = "\(name) \(weight.value)\(italic ? " italic" : "")"
        guard snappedRequests.insert(key).inserted else { return }
        let place = mark.flatMap { mark in mark.line.map { "\(file):\($0):\(mark.column ?? 1)" } } ?? file
        let asked = "weight \(weight.value)\(italic ? " italic" : "")"
        let got = "\(font.familyName) \(font.styleName) (weight \(font.weight)\(font.isItalic ? ", italic" : ""))"
        warnings.append("\(place): \(name) has no face at \(asked) here; it draws with \(got) — use a weight the family "
                        + "has, or install the face the design uses")
    }
}
