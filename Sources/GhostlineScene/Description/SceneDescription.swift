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

/// One child of a stack.
public indirect enum ElementDescription: Sendable {
    /// `- label:`: a text label.
    case label(LabelDescription)
    /// `- box:`: a filled rectangle.
    case box(BoxDescription)
    /// `- image:`: a bitmap from a file.
    case image(ImageDescription)
    /// `- stack:`: a nested stack.
    case stack(StackDescription)
    /// `- overlay:`: children in one frame, drawn in order (SwiftUI's ZStack).
    case overlay(OverlayDescription)
    /// `- gap:`: an explicit distance between the two neighbours around it.
    case gap(GapNode)
    /// `- spacer:`: flexible space along the stack's axis.
    case spacer(SpacerNode)
}

extension ElementDescription {
    /// A gap or a spacer: space between children rather than a child.
    public var isSpacing: Bool {
        switch self {
        case .gap, .spacer: return true
        default: return false
        }
    }
}

/// A stack as written (`stack:` and its keys); it becomes a `StackNode`.
public struct StackDescription: Sendable {
    /// The stack's id (unique in the scene); nil gets a generated one.
    public var id: String?
    /// `stack: vertical` (the default) or `horizontal`.
    public var axis: StackAxis = .vertical
    /// Layout margins in points inside the stack's frame; none by default.
    public var padding: EdgeInsets = .zero
    /// Points between neighbours, frame to frame (baseline to baseline with ``baselineRelative``); 0 by default.
    public var spacing: Double = 0
    /// `align:`, the placement across the axis; `fill` by default. The parser refuses a value that does not apply to
    /// the stack's axis.
    public var alignment: StackAlignment = .fill
    /// `distribution:`, how the length along the axis is shared; `fill` by default.
    public var distribution: StackDistribution = .fill
    /// Vertical stacks: spacing and padding measured to baselines (UIStackView.isBaselineRelativeArrangement).
    public var baselineRelative = false
    /// The stack's `width`, `height` and minimums and maximums, in points.
    public var size: SizeConstraints = .none
    /// The children in order; a gap stands only between two other children.
    public var children: [ElementDescription] = []
    /// `background:`, drawn behind the stack's frame.
    public var background: BackgroundDescription?
    /// `stack: absolute`: children at their own `x` and `y` instead of one after another along the axis.
    public var positioning: StackPositioning = .arranged
    /// `x` and `y` in a `stack: absolute`: where the frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// `source:`, the design document's object id (Sketch's `do_objectID`, Figma's node id), carried into the layout
    /// JSON; nil when none.
    public var sourceID: String?
    /// Where the stack was written.
    public var mark: SourceMark?
    /// Creates a stack description; every key left out has the YAML default.
    public init(id: String? = nil, axis: StackAxis = .vertical, padding: EdgeInsets = .zero, spacing: Double = 0,
                alignment: StackAlignment = .fill, distribution: StackDistribution = .fill, baselineRelative: Bool = false,
                size: SizeConstraints = .none, children: [ElementDescription] = [], mark: SourceMark? = nil) {
        self.id = id; self.axis = axis; self.padding = padding; self.spacing = spacing; self.alignment = alignment
        self.distribution = distribution; self.baselineRelative = baselineRelative; self.size = size
        self.children = children; self.mark = mark
    }
}

/// A label's text: one string in the label's style, or attributed runs.
public enum LabelText: Sendable {
    /// `text:`: one string in the label's style.
    case plain(String)
    /// `runs:`: attributed text, the runs' texts put end to end.
    case runs([RunDescription])
}

/// One run of an attributed label (`runs:` item): text and an optional style of character keys.
public struct RunDescription: Sendable {
    /// The run's text.
    public var text: String
    /// nil = the label's style; a named or inline style inherits every key it does not set from the label's.
    public var style: StyleReference?
    /// Where the run was written.
    public var mark: SourceMark?
    /// Creates a run, in the label's style unless `style` is given.
    public init(text: String, style: StyleReference? = nil, mark: SourceMark? = nil) {
        self.text = text; self.style = style; self.mark = mark
    }
}

/// A label as written (`label:` and its keys); it becomes a `LabelNode`.
public struct LabelDescription: Sendable {
    /// The label's id (unique in the scene), used by the layout JSON and review reports; nil gets a generated one.
    public var id: String?
    /// The text: plain, or runs.
    public var text: LabelText
    /// The label's style, named or inline. Its paragraph keys apply to the whole label; runs only add character keys.
    public var style: StyleReference
    /// UILabel's `numberOfLines` (0 = unlimited); nil leaves the paragraph default, 0.
    public var numberOfLines: Int?
    /// Overrides the style's `alignment` for this label.
    public var alignment: TextAlignment?
    /// UILabel's `lineBreakMode`; nil leaves `wordWrap`.
    public var lineBreakMode: LineBreakMode?
    /// R4: make the label's top anchor the top of its capitals, so stack spacing and gaps reach the capitals.
    public var alignCapHeight: Bool = false
    /// R9, R10: put the label's top, baselines and bottom on the canvas's grid (uikit model). Resolving throws when
    /// the canvas has no `grid`.
    public var snapToGrid: Bool = false
    /// The paragraph direction; nil leaves `natural` (from the text).
    public var baseWritingDirection: WritingDirection?
    /// UILabel's `adjustsFontSizeToFitWidth` (uikit model): shrink the text to fit, down to ``minimumScaleFactor``.
    public var adjustsFontSizeToFitWidth: Bool?
    /// UILabel's `minimumScaleFactor` (0…1; 0, the default, means no shrinking).
    public var minimumScaleFactor: Double?
    /// UILabel's `allowsDefaultTighteningForTruncation`: tighten one line before truncating it.
    public var allowsDefaultTighteningForTruncation: Bool?
    /// UILabel's `baselineAdjustment`: where a shrunk single line sits; nil leaves `alignBaselines`.
    public var baselineAdjustment: BaselineAdjustment?
    /// The label's `width`, `height` and minimums and maximums, in points.
    public var size: SizeConstraints = .none
    /// `hugging` and `compressionResistance`; UIKit's defaults (250, 750) unless written.
    public var priorities = ContentPriorities()
    /// Where each of the label's keys was written, for errors found while resolving (such as `snapToGrid` without a
    /// grid).
    public var marks: [String: SourceMark] = [:]
    /// `padding:`, insets between the frame and the text; none by default.
    public var padding: EdgeInsets = .zero
    /// `background:`, drawn behind the label's frame (padding included).
    public var background: BackgroundDescription?
    /// `x` and `y` in a `stack: absolute`: where the frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// `source:`, the design document's object id (Sketch's `do_objectID`, Figma's node id), carried into the layout
    /// JSON; nil when none.
    public var sourceID: String?
    /// Creates a label description; size constraints and priorities keep their defaults.
    public init(id: String? = nil, text: LabelText, style: StyleReference, numberOfLines: Int? = nil,
                alignment: TextAlignment? = nil, lineBreakMode: LineBreakMode? = nil, alignCapHeight: Bool = false,
                snapToGrid: Bool = false, baseWritingDirection: WritingDirection? = nil) {
        self.id = id; self.text = text; self.style = style; self.numberOfLines = numberOfLines; self.alignment = alignment
        self.lineBreakMode = lineBreakMode; self.alignCapHeight = alignCapHeight; self.snapToGrid = snapToGrid
        self.baseWritingDirection = baseWritingDirection
    }
}

/// A box as written (`box:`): a filled, optionally rounded rectangle.
public struct BoxDescription: Sendable {
    /// The box's id (unique in the scene); nil gets a generated one.
    public var id: String?
    /// A fixed width in points; nil for a box as wide as its stack lets it be.
    public var width: Double?
    /// The fixed height in points (required in a scene file).
    public var height: Double
    /// The fill; light grey (`#DDDDDD`) by default, as a placeholder.
    public var color: SceneColor
    /// The corner radius in points; 0 by default.
    public var cornerRadius: Double
    /// Minimums and maximums (`width` and `height` above are the fixed size).
    public var size: SizeConstraints = .none
    /// `background:`, drawn behind the box (its own fill draws over it; a border is the common use).
    public var background: BackgroundDescription?
    /// `x` and `y` in a `stack: absolute`: where the frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// `source:`, the design document's object id (Sketch's `do_objectID`, Figma's node id), carried into the layout
    /// JSON; nil when none.
    public var sourceID: String?
    /// Creates a box description, light grey with square corners unless told otherwise.
    public init(id: String? = nil, width: Double? = nil, height: Double, color: SceneColor = "#DDDDDD",
                cornerRadius: Double = 0) {
        self.id = id; self.width = width; self.height = height; self.color = color; self.cornerRadius = cornerRadius
    }
}

/// An image as written (`image:`): a PNG, JPEG or WebP file shown at a size in points.
public struct ImageDescription: Sendable {
    /// The image's id (unique in the scene); nil gets a generated one.
    public var id: String?
    /// Relative to the scene file.
    public var file: String
    /// Fixed display size in points; nil: the bitmap's own size at its `@Nx` scale (UIImage's), which a stack may
    /// stretch or squeeze by the image's priorities.
    public var width: Double?
    /// The fixed display height in points; nil for the bitmap's own (see ``width``).
    public var height: Double?
    /// Minimums and maximums (`width` and `height` above are the fixed size).
    public var size: SizeConstraints = .none
    /// `hugging` and `compressionResistance`, for a side without a fixed size.
    public var priorities = ContentPriorities()
    /// `background:`, drawn behind the image's frame.
    public var background: BackgroundDescription?
    /// `x` and `y` in a `stack: absolute`: where the frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// `source:`, the design document's object id (Sketch's `do_objectID`, Figma's node id), carried into the layout
    /// JSON; nil when none.
    public var sourceID: String?
    /// Where the file was written, for errors about reading it.
    public var mark: SourceMark?
    /// Creates an image description; a side left nil takes the bitmap's size.
    public init(id: String? = nil, file: String, width: Double? = nil, height: Double? = nil, mark: SourceMark? = nil) {
        self.id = id; self.file = file; self.width = width; self.height = height; self.mark = mark
    }
}

/// `background:` as written: a fill with rounded corners and an optional border inside the frame.
public struct BackgroundDescription: Sendable {
    /// The fill.
    public var color: SceneColor
    /// Corner radius in points; 0 by default.
    public var cornerRadius: Double
    /// `border: { width, color }`: a band inside the frame's edge; nil for none.
    public var border: (width: Double, color: SceneColor)?
    /// Where it was written, for errors about its colours.
    public var mark: SourceMark?

    /// Creates a background: a fill, square corners and no border unless given.
    public init(color: SceneColor, cornerRadius: Double = 0, border: (width: Double, color: SceneColor)? = nil,
                mark: SourceMark? = nil) {
        self.color = color; self.cornerRadius = cornerRadius; self.border = border; self.mark = mark
    }
}

/// An overlay as written (`overlay:`): children in one frame, each aligned in it, drawn in order.
public struct OverlayDescription: Sendable {
    /// The overlay's id (unique in the scene); nil gets a generated one.
    public var id: String?
    /// Where children smaller than the overlay go; `center` by default.
    public var alignment: OverlayAlignment
    /// Its `width`, `height` and minimums and maximums; by default its largest child's size.
    public var size: SizeConstraints = .none
    /// `background:`, drawn behind the overlay's frame.
    public var background: BackgroundDescription?
    /// `x` and `y` in a `stack: absolute`: where the frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// `source:`, the design document's object id (Sketch's `do_objectID`, Figma's node id), carried into the layout
    /// JSON; nil when none.
    public var sourceID: String?
    /// The children, in drawing order (no gaps or spacers).
    public var children: [ElementDescription]
    /// Where it was written.
    public var mark: SourceMark?

    /// Creates an overlay description.
    public init(id: String? = nil, alignment: OverlayAlignment = .center, size: SizeConstraints = .none,
                background: BackgroundDescription? = nil, children: [ElementDescription], mark: SourceMark? = nil) {
        self.id = id; self.alignment = alignment; self.size = size; self.background = background
        self.children = children; self.mark = mark
    }
}
