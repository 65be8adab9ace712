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
}

public struct LabelNode: Sendable {
    public var id: String?
    public var text: AttributedText
    public var paragraph: ParagraphStyle
    /// R4: when true the label's top anchor is the top of its capitals (its alignment rect).
    public var alignCapHeight: Bool
    /// R9/R10: place the label on the canvas's baseline grid (top, every baseline and bottom on the grid).
    public var snapToGrid: Bool
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
    public var width: Double?
    public var height: Double
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
    public var width: Double
    public var height: Double
    public init(id: String? = nil, paint: PaintID, source: String, width: Double, height: Double) {
        self.id = id; self.paint = paint; self.source = source; self.width = width; self.height = height
    }
}

public enum StackAxis: String, Sendable, Codable, CaseIterable { case vertical, horizontal }

/// Cross-axis alignment of a stack's children (UIStackView.Alignment, plus the text anchors of R12).
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
    public var padding: EdgeInsets
    public var spacing: Double
    public var alignment: StackAlignment
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
