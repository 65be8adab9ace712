import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineShaping

/// Where a value came from in a scene file, so an error found while resolving it (a font that is not
/// installed, an undefined style) still names the line, column and key path. Values built in Swift have none.
public struct SourceMark: Hashable, Sendable {
    public var line: Int?
    public var column: Int?
    public var keyPath: String
    public init(line: Int? = nil, column: Int? = nil, keyPath: String) {
        self.line = line; self.column = column; self.keyPath = keyPath
    }
}

/// A scene as written: plain values, nothing opened or looked up yet. The YAML parser produces it (checking
/// every key, type and range), and so can Swift code; `SceneResolver` then opens fonts and images, applies
/// Dynamic Type and turns it into a `Scene` ready for layout.
public struct SceneDescription: Sendable {
    public var canvas: CanvasDescription
    public var model: LayoutModel?
    /// Named fonts: a file (with face index and metric overrides).
    public var fonts: [NamedFont]
    /// Fonts tried, in order, for characters a style's own font lacks (names or files), before fontconfig.
    public var fallback: [FontReference]
    public var styles: [NamedStyle]
    public var root: StackDescription
    /// Areas, in points, a design review leaves out of every statistic (a status bar, a clock, an avatar).
    public var ignore: [Rect] = []
    /// The style guides `include:` read (nested ones too), which `Scene.inputFiles` lists.
    public var includedFiles: [String] = []
    /// The scene file, for relative paths and error messages.
    public var sourcePath: String

    public init(canvas: CanvasDescription, model: LayoutModel? = nil, fonts: [NamedFont] = [], fallback: [FontReference] = [],
                styles: [NamedStyle] = [], root: StackDescription, sourcePath: String) {
        self.canvas = canvas; self.model = model; self.fonts = fonts; self.fallback = fallback; self.styles = styles
        self.root = root; self.sourcePath = sourcePath
    }
}

public struct CanvasDescription: Sendable {
    public var width: Double
    /// nil = `auto` (fit the content).
    public var height: Double?
    public var scale: Int?
    public var background: Color?
    public var grid: Double?
    public var contentSize: ContentSizeCategory?
    public var layoutDirection: TextDirection?
    public var marks: [String: SourceMark] = [:]

    public init(width: Double, height: Double? = nil, scale: Int? = nil, background: Color? = nil, grid: Double? = nil,
                contentSize: ContentSizeCategory? = nil, layoutDirection: TextDirection? = nil) {
        self.width = width; self.height = height; self.scale = scale; self.background = background; self.grid = grid
        self.contentSize = contentSize; self.layoutDirection = layoutDirection
    }
}

public struct NamedFont: Sendable {
    public var name: String
    public var file: String
    public var faceIndex: Int
    public var metrics: FontMetricsOverride?
    public var mark: SourceMark?
    public init(name: String, file: String, faceIndex: Int = 0, metrics: FontMetricsOverride? = nil, mark: SourceMark? = nil) {
        self.name = name; self.file = file; self.faceIndex = faceIndex; self.metrics = metrics; self.mark = mark
    }
}

/// A font named in `fallback:`: a key of `fonts:`, an installed family or PostScript name, or a file path.
public struct FontReference: Sendable {
    public var name: String
    public var mark: SourceMark?
    public init(_ name: String, mark: SourceMark? = nil) { self.name = name; self.mark = mark }
}

public struct NamedStyle: Sendable {
    public var name: String
    public var style: StyleDescription
    public init(name: String, style: StyleDescription) { self.name = name; self.style = style }
}

/// A style by name, or written in place.
public enum StyleReference: Sendable {
    case named(String, mark: SourceMark?)
    case inline(StyleDescription)
}

/// One child of a stack.
public indirect enum ElementDescription: Sendable {
    case label(LabelDescription)
    case box(BoxDescription)
    case image(ImageDescription)
    case stack(StackDescription)
    case gap(GapNode)
    case spacer(SpacerNode)
}

public struct StackDescription: Sendable {
    public var id: String?
    public var axis: StackAxis = .vertical
    public var padding: EdgeInsets = .zero
    public var spacing: Double = 0
    public var alignment: StackAlignment = .fill
    public var distribution: StackDistribution = .fill
    /// Vertical stacks: spacing and padding measured to baselines (UIStackView.isBaselineRelativeArrangement).
    public var baselineRelative = false
    public var size: SizeConstraints = .none
    public var children: [ElementDescription] = []
    public var mark: SourceMark?
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
    case plain(String)
    case runs([RunDescription])
}

public struct RunDescription: Sendable {
    public var text: String
    /// nil = the label's style; a named or inline style inherits every key it does not set from the label's.
    public var style: StyleReference?
    public var mark: SourceMark?
    public init(text: String, style: StyleReference? = nil, mark: SourceMark? = nil) {
        self.text = text; self.style = style; self.mark = mark
    }
}

public struct LabelDescription: Sendable {
    public var id: String?
    public var text: LabelText
    public var style: StyleReference
    public var numberOfLines: Int?
    public var alignment: TextAlignment?
    public var lineBreakMode: LineBreakMode?
    public var alignCapHeight: Bool = false
    public var snapToGrid: Bool = false
    public var baseWritingDirection: WritingDirection?
    public var size: SizeConstraints = .none
    public var priorities = ContentPriorities()
    public var marks: [String: SourceMark] = [:]
    public init(id: String? = nil, text: LabelText, style: StyleReference, numberOfLines: Int? = nil,
                alignment: TextAlignment? = nil, lineBreakMode: LineBreakMode? = nil, alignCapHeight: Bool = false,
                snapToGrid: Bool = false, baseWritingDirection: WritingDirection? = nil) {
        self.id = id; self.text = text; self.style = style; self.numberOfLines = numberOfLines; self.alignment = alignment
        self.lineBreakMode = lineBreakMode; self.alignCapHeight = alignCapHeight; self.snapToGrid = snapToGrid
        self.baseWritingDirection = baseWritingDirection
    }
}

public struct BoxDescription: Sendable {
    public var id: String?
    public var width: Double?
    public var height: Double
    public var color: Color
    public var cornerRadius: Double
    /// Minimums and maximums (`width` and `height` above are the fixed size).
    public var size: SizeConstraints = .none
    public init(id: String? = nil, width: Double? = nil, height: Double, color: Color = Color(red: 0xDD, green: 0xDD, blue: 0xDD),
                cornerRadius: Double = 0) {
        self.id = id; self.width = width; self.height = height; self.color = color; self.cornerRadius = cornerRadius
    }
}

public struct ImageDescription: Sendable {
    public var id: String?
    /// Relative to the scene file.
    public var file: String
    /// Fixed display size in points; nil: the bitmap's own size at its `@Nx` scale (UIImage's), which a stack may
    /// stretch or squeeze by the image's priorities.
    public var width: Double?
    public var height: Double?
    /// Minimums and maximums (`width` and `height` above are the fixed size).
    public var size: SizeConstraints = .none
    public var priorities = ContentPriorities()
    public var mark: SourceMark?
    public init(id: String? = nil, file: String, width: Double? = nil, height: Double? = nil, mark: SourceMark? = nil) {
        self.id = id; self.file = file; self.width = width; self.height = height; self.mark = mark
    }
}
