import GhostlineGeometry
import GhostlineLayout

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
    /// `grow`, `shrink` and `alignSelf`: its share of its stack's leftover room or shortfall, and its own alignment
    /// across the stack; the stack decides by default.
    public var flex = FlexOptions()
    /// Where `grow`, `shrink` and `alignSelf` were written, by key, for errors found while resolving (`shrink` in the
    /// uikit model).
    public var flexMarks: [String: SourceMark] = [:]
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
    /// `grow`, `shrink` and `alignSelf`: its share of its stack's leftover room or shortfall, and its own alignment
    /// across the stack; the stack decides by default.
    public var flex = FlexOptions()
    /// Where `grow`, `shrink` and `alignSelf` were written, by key, for errors found while resolving (`shrink` in the
    /// uikit model).
    public var flexMarks: [String: SourceMark] = [:]
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
    /// `grow`, `shrink` and `alignSelf`: its share of its stack's leftover room or shortfall, and its own alignment
    /// across the stack; the stack decides by default.
    public var flex = FlexOptions()
    /// Where `grow`, `shrink` and `alignSelf` were written, by key, for errors found while resolving (`shrink` in the
    /// uikit model).
    public var flexMarks: [String: SourceMark] = [:]
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
    /// `grow`, `shrink` and `alignSelf`: its share of its stack's leftover room or shortfall, and its own alignment
    /// across the stack; the stack decides by default.
    public var flex = FlexOptions()
    /// Where `grow`, `shrink` and `alignSelf` were written, by key, for errors found while resolving (`shrink` in the
    /// uikit model).
    public var flexMarks: [String: SourceMark] = [:]
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
    /// `grow`, `shrink` and `alignSelf`: its share of its stack's leftover room or shortfall, and its own alignment
    /// across the stack; the stack decides by default.
    public var flex = FlexOptions()
    /// Where `grow`, `shrink` and `alignSelf` were written, by key, for errors found while resolving (`shrink` in the
    /// uikit model).
    public var flexMarks: [String: SourceMark] = [:]
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
