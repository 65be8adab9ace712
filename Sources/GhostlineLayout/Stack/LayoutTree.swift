import GhostlineGeometry
import GhostlineShaping

/// The input of scene layout: a tree of stacks and leaves, already resolved (fonts opened, styles applied).
/// The scene module builds it from YAML; tests and a future testing library can build it directly.
public indirect enum LayoutNode: Sendable {
    case label(LabelNode)
    case box(BoxNode)
    case image(ImageNode)
    case stack(StackNode)
    /// An explicit gap between the neighbours on either side, measured between two anchors.
    case gap(GapNode)
    /// Flexible space along the stack's axis.
    case spacer(SpacerNode)
}

public struct LabelNode: Sendable {
    public var id: String?
    public var text: AttributedText
    public var paragraph: ParagraphStyle
    /// R4: when true the label's top anchor is the top of its capitals (its alignment rect).
    public var alignCapHeight: Bool
    /// R9/R10: place the label on the canvas's baseline grid (top, every baseline and bottom on the grid).
    public var snapToGrid: Bool
    /// Required width and height constraints. A label stretched taller than its text centres the text
    /// vertically, as UILabel draws it; one too short shows the lines that fit.
    public var size: SizeConstraints = .none
    /// Who grows and who truncates in a stack (UIKit's defaults: hugging 250, compression resistance 750).
    public var priorities = ContentPriorities()
    public init(id: String? = nil, text: AttributedText, paragraph: ParagraphStyle = ParagraphStyle(),
                alignCapHeight: Bool = false, snapToGrid: Bool = false) {
        self.id = id; self.text = text; self.paragraph = paragraph; self.alignCapHeight = alignCapHeight
        self.snapToGrid = snapToGrid
    }

    /// Plain text in one style.
    public init(id: String? = nil, text: String, style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(),
                alignCapHeight: Bool = false, snapToGrid: Bool = false) {
        self.init(id: id, text: AttributedText(text, style: style), paragraph: paragraph, alignCapHeight: alignCapHeight,
                  snapToGrid: snapToGrid)
    }
}

public struct BoxNode: Sendable {
    public var id: String?
    /// nil: no width of its own (a plain UIView without an intrinsic size), as wide as the stack lets it be.
    public var width: Double?
    public var height: Double
    /// Minimums and maximums (its `width` and `height` above are its fixed size).
    public var size: SizeConstraints = .none
    /// Its fill, resolved by the renderer.
    public var paint: PaintID
    public var cornerRadius: Double
    public init(id: String? = nil, width: Double?, height: Double, paint: PaintID, cornerRadius: Double = 0) {
        self.id = id; self.width = width; self.height = height; self.paint = paint; self.cornerRadius = cornerRadius
    }
}

/// A bitmap of a given size. Layout needs only its size; the pixels are paint, resolved by the renderer.
public struct ImageNode: Sendable {
    public var id: String?
    public var paint: PaintID
    /// Where it came from, for the layout JSON.
    public var source: String
    /// The image's intrinsic content size in points (UIImageView's: the bitmap's size at its scale).
    public var width: Double
    public var height: Double
    /// Required size constraints; by default the image is fixed at `width` × `height`.
    public var size: SizeConstraints
    public var priorities = ContentPriorities()
    /// `size: nil` fixes the image at `width` × `height`; pass `.none` to let a stack stretch or squeeze it by
    /// its priorities.
    public init(id: String? = nil, paint: PaintID, source: String, width: Double, height: Double,
                size: SizeConstraints? = nil) {
        self.id = id; self.paint = paint; self.source = source; self.width = width; self.height = height
        self.size = size ?? SizeConstraints(width: width, height: height)
    }
}

public enum StackAxis: String, Sendable, Codable, CaseIterable { case vertical, horizontal }

/// Cross-axis alignment of a stack's children (UIStackView.Alignment, plus the text anchors of R12). `fill`
/// stretches every child across the stack (a label stretched taller centres its text, as UILabel does).
public enum StackAlignment: String, Sendable, Codable, CaseIterable {
    case fill, leading, center, trailing               // vertical stacks
    case top, bottom, firstBaseline, lastBaseline      // horizontal stacks (center works on both)
    case capHeight, xHeightCenter
}

/// An anchor on an element, for gaps: offsets from its frame's top.
public enum Anchor: String, Sendable, Codable, CaseIterable {
    case top, bottom, firstBaseline, lastBaseline, capHeight
}

public struct GapNode: Sendable {
    public var value: Double
    public var from: Anchor
    public var to: Anchor
    public init(value: Double, from: Anchor = .bottom, to: Anchor = .top) { self.value = value; self.from = from; self.to = to }
}

public struct StackNode: Sendable {
    public var id: String?
    public var axis: StackAxis
    /// The stack's layout margins (UIStackView with `isLayoutMarginsRelativeArrangement`).
    public var padding: EdgeInsets
    /// The gap between neighbours, frame to frame (baseline to baseline with `baselineRelative`); the minimum
    /// gap for `equalSpacing` and `equalCentering`.
    public var spacing: Double
    public var alignment: StackAlignment
    public var distribution: StackDistribution = .fill
    /// Vertical stacks only: `spacing` runs from a view's last baseline to the next one's first baseline, and the
    /// first and last baselines sit the top and bottom padding inside the stack's edges
    /// (UIStackView.isBaselineRelativeArrangement).
    public var baselineRelative = false
    public var size: SizeConstraints = .none
    public var children: [LayoutNode]
    public init(id: String? = nil, axis: StackAxis = .vertical, padding: EdgeInsets = .zero, spacing: Double = 0,
                alignment: StackAlignment = .fill, children: [LayoutNode]) {
        self.id = id; self.axis = axis; self.padding = padding; self.spacing = spacing; self.alignment = alignment
        self.children = children
    }
}

/// The canvas a scene is laid out on.
public struct Canvas: Sendable {
    /// Width in points.
    public var width: Double
    /// Height in points; nil = fit the content (`height: auto`).
    public var height: Double?
    public var scale: Scale
    /// The page's fill, resolved by the renderer.
    public var background: PaintID
    /// Baseline grid unit in points, if the scene uses one.
    public var grid: Double?
    /// UIKit's `semanticContentAttribute`: right-to-left mirrors horizontal stacks and the leading/trailing
    /// sides, and is the base direction of `natural` paragraphs that have no strong character.
    public var layoutDirection: TextDirection
    public init(width: Double, height: Double? = nil, scale: Scale = .x3, background: PaintID, grid: Double? = nil,
                layoutDirection: TextDirection = .leftToRight) {
        self.width = width; self.height = height; self.scale = scale; self.background = background; self.grid = grid
        self.layoutDirection = layoutDirection
    }
}
