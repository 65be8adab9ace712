import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineShaping

/// Where a value came from in a scene file, so an error found while resolving it (a font that is not
/// installed, an undefined style) still names the line, column and key path. Values built in Swift have none.
public struct SourceMark: Hashable, Sendable {
    /// 1-based line of the value in the scene file; nil for values built in Swift.
    public var line: Int?
    /// 1-based column of the value in the scene file; nil for values built in Swift.
    public var column: Int?
    /// The dotted key path to the value (`root.children[2].label.style`), which errors print even without a line.
    public var keyPath: String
    /// Creates a mark; a scene built in Swift may give just a key path.
    public init(line: Int? = nil, column: Int? = nil, keyPath: String) {
        self.line = line; self.column = column; self.keyPath = keyPath
    }
}

/// A scene as written: plain values, nothing opened or looked up yet. The YAML parser produces it (checking
/// every key, type and range), and so can Swift code; `SceneResolver` then opens fonts and images, applies
/// Dynamic Type and turns it into a `Scene` ready for layout.
/// A font directory a scene or style guide names, made absolute, with the place it was written.
public struct FontDirectory: Sendable, Hashable {
    /// The directory's absolute path.
    public var path: String
    /// Where it was written (nil for a scene built in Swift).
    public var mark: SourceMark?
    /// The file that names it.
    public var file: String
    public init(path: String, mark: SourceMark? = nil, file: String) { self.path = path; self.mark = mark; self.file = file }

    /// `fontDirectories:`, one path or a list, relative to the directory of `file`, which names them.
    public static func parse(_ cursor: YAMLCursor?, file: String) throws(SceneError) -> [FontDirectory] {
        guard let cursor else { return [] }
        let base = URL(fileURLWithPath: file).deletingLastPathComponent()
        var directories: [FontDirectory] = []
        for item in cursor.isSequence ? try cursor.sequence() : [cursor] {
            let name = try item.string()
            guard !name.isEmpty else { throw item.error("an empty font directory", fix: "name a directory of font files, e.g. `fonts/`") }
            let path = name.hasPrefix("/") ? URL(fileURLWithPath: name).standardized.path
                                           : base.appendingPathComponent(name).standardized.path
            directories.append(FontDirectory(path: path, mark: item.mark, file: file))
        }
        return directories
    }

    /// The error when the directory does not exist, or nil when it does.
    public func missing() -> SceneError? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return nil }
        return SceneError(file: file, mark: mark, keyPath: mark?.keyPath ?? "fontDirectories",
                          problem: "font directory \(path) does not exist",
                          fix: "fix the path (relative to the file that names it), or install the package that provides it")
    }
}

public struct SceneDescription: Sendable {
    /// `canvas:`: size, scale, background, grid, content size category and layout direction.
    public var canvas: CanvasDescription
    /// `model:`; nil means `uikit`, unless the caller's ``SceneOverrides`` set one.
    public var model: LayoutModel?
    /// Named fonts: a file (with face index and metric overrides).
    public var fonts: [NamedFont]
    /// Fonts tried, in order, for characters a style's own font lacks (names or files), before fontconfig.
    public var fallback: [FontReference]
    /// `styles:`, in the order written; a later definition of a name (from a scene after its includes) replaces an
    /// earlier one.
    public var styles: [NamedStyle]
    /// `colors:`: the scene's named colours, above iOS's.
    public var colors = ColorNames()
    /// `root:`, the root stack. It fills the canvas's width.
    public var root: StackDescription
    /// Areas, in points, a design review leaves out of every statistic (a status bar, a clock, an avatar).
    public var ignore: [Rect] = []
    /// Where each `ignore` box was written (parallel to `ignore`; empty for a scene built in Swift), so that a box a
    /// review cannot use is named by its line and column like every other scene error.
    public var ignoreMarks: [SourceMark] = []
    /// `minColorDifference:`: the scene's perceptual floor for faint areas (CIEDE2000), for a review whose caller set
    /// none; nil = the review's default.
    public var minColorDifference: Double?
    /// The style guides `include:` read (nested ones too), which `Scene.inputFiles` lists.
    public var includedFiles: [String] = []
    /// `fontDirectories:` (absolute, each with where it was written) and `systemFonts:` from the scene and its style
    /// guides: the fonts the scene may see, added to (and with `systemFonts: false`, narrowing) the caller's.
    public var fontDirectories: [FontDirectory] = []
    /// `systemFonts:`; nil keeps the caller's choice.
    public var systemFonts: Bool?
    /// The scene file, for relative paths and error messages.
    public var sourcePath: String

    /// The error for `ignore` box `index` that a review refused for `reason` (a clause such as "it lies outside the
    /// 375×200 pt image"): the scene's file, the box's line and column and its key path, and `fix`.
    public func ignoreError(index: Int, problem: String, fix: String) -> SceneError {
        let mark = ignoreMarks.indices.contains(index) ? ignoreMarks[index] : nil
        return SceneError(file: sourcePath, mark: mark, keyPath: "ignore[\(index)]", problem: problem, fix: fix)
    }

    /// Creates a description from its parts; `ignore` and `includedFiles` start empty.
    public init(canvas: CanvasDescription, model: LayoutModel? = nil, fonts: [NamedFont] = [], fallback: [FontReference] = [],
                styles: [NamedStyle] = [], root: StackDescription, sourcePath: String) {
        self.canvas = canvas; self.model = model; self.fonts = fonts; self.fallback = fallback; self.styles = styles
        self.root = root; self.sourcePath = sourcePath
    }
}

/// The `canvas:` section as written: every key but `width` may be left to its default.
public struct CanvasDescription: Sendable {
    /// Width in points (1 to 10,000 in a scene file). The root stack fills it.
    public var width: Double
    /// nil = `auto` (fit the content).
    public var height: Double?
    /// Pixels per point (1, 2 or 3); nil means 3, unless an override sets it.
    public var scale: Int?
    /// The page's colour; nil means white.
    public var background: SceneColor?
    /// Which value of a two-scheme colour is drawn; nil means light, unless an override sets it.
    public var colorScheme: ColorScheme?
    /// The device named by `device:` (as Apple names it), which gave the width and scale when they were not written.
    public var device: String?
    /// The baseline grid unit in points for labels with `snapToGrid` (R9, R10); nil for none. Resolving throws when
    /// the grid does not fall on whole pixels at the scale in use.
    public var grid: Double?
    /// The Dynamic Type category text styles are sized for; nil means Large, unless an override sets it.
    public var contentSize: ContentSizeCategory?
    /// `leftToRight` (nil) or `rightToLeft`: mirrors stacks and sets the direction of `natural` paragraphs without a
    /// strong character.
    public var layoutDirection: TextDirection?
    /// Where `width`, `height` and `grid` were written, so that the resolver's size and grid errors name the line.
    public var marks: [String: SourceMark] = [:]

    /// Creates a canvas description; every key left out takes its default when the scene is resolved.
    public init(width: Double, height: Double? = nil, scale: Int? = nil, background: SceneColor? = nil, grid: Double? = nil,
                contentSize: ContentSizeCategory? = nil, layoutDirection: TextDirection? = nil,
                colorScheme: ColorScheme? = nil) {
        self.width = width; self.height = height; self.scale = scale; self.background = background; self.grid = grid
        self.contentSize = contentSize; self.layoutDirection = layoutDirection; self.colorScheme = colorScheme
    }
}

/// One entry of `fonts:`: a name of the scene's choosing for one face of a font file.
public struct NamedFont: Sendable {
    /// The name styles and `fallback:` use for it.
    public var name: String
    /// The font file (`.ttf`, `.otf` or `.ttc`), relative to the scene file or absolute. Resolving throws when it does
    /// not exist.
    public var file: String
    /// The face inside a collection (`index:`, 0 to 255); 0 for a single-face file.
    public var faceIndex: Int
    /// Other vertical metrics in font units (`metrics:`); the glyphs stay the file's. nil keeps the file's own.
    public var metrics: FontMetricsOverride?
    /// Where the entry's file was written, for errors about it.
    public var mark: SourceMark?
    /// Creates a named font.
    public init(name: String, file: String, faceIndex: Int = 0, metrics: FontMetricsOverride? = nil, mark: SourceMark? = nil) {
        self.name = name; self.file = file; self.faceIndex = faceIndex; self.metrics = metrics; self.mark = mark
    }
}

/// A font named in `fallback:`: a key of `fonts:`, an installed family or PostScript name, or a file path.
public struct FontReference: Sendable {
    /// The font as written: a `fonts:` key, an installed family or PostScript name, or a path (one with a `/` or a
    /// `.ttf`, `.otf` or `.ttc` ending).
    public var name: String
    /// Where the name was written, for errors about it.
    public var mark: SourceMark?
    /// Creates a reference to a font by name or path.
    public init(_ name: String, mark: SourceMark? = nil) { self.name = name; self.mark = mark }
}

/// One entry of `styles:`: a name and the style it stands for.
public struct NamedStyle: Sendable {
    /// The name labels and runs refer to.
    public var name: String
    /// The style as written.
    public var style: StyleDescription
    /// Creates a named style.
    public init(name: String, style: StyleDescription) { self.name = name; self.style = style }
}

/// A style by name, or written in place.
public enum StyleReference: Sendable {
    /// A style of `styles:` by name (`style: body`), with where the name was written. Resolving throws when the scene
    /// defines no such style.
    case named(String, mark: SourceMark?)
    /// A style written in place (`style: { font: Inter, size: 17 }`).
    case inline(StyleDescription)
}
