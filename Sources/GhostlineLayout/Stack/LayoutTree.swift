import GhostlineGeometry
import GhostlineShaping

/// The input of scene layout: a tree of stacks and leaves, already resolved (fonts opened, styles applied).
/// The scene module builds it from YAML; tests and a future testing library can build it directly.
public indirect enum LayoutNode: Sendable {
    /// A text label (UILabel).
    case label(LabelNode)
    /// A filled rectangle, optionally rounded (a plain UIView with a background colour).
    case box(BoxNode)
    /// A bitmap at a fixed size by default (UIImageView).
    case image(ImageNode)
    /// A stack of children along one axis (UIStackView).
    case stack(StackNode)
    /// Children in one frame, drawn in order (SwiftUI's ZStack).
    case overlay(OverlayNode)
    /// An explicit gap between the neighbours on either side, measured between two anchors.
    case gap(GapNode)
    /// Flexible space along the stack's axis.
    case spacer(SpacerNode)
}

/// A label in a layout tree: text, paragraph style and how stacks should treat it (UILabel in a UIStackView).
public struct LabelNode: Sendable {
    /// The id the layout JSON and review reports name the label by; nil gets a generated one (`label1`, `label2`, …
    /// in document order).
    public var id: String?
    /// The label's text and character styles.
    public var text: AttributedText
    /// The label's paragraph settings: alignment, `numberOfLines`, line height, wrapping.
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
    /// Insets between the frame and the text (a UIButton's content insets, SwiftUI's `.padding()`): the label hugs
    /// its text plus these, and a frame set from outside lays the text out that much narrower.
    public var padding: EdgeInsets = .zero
    /// Drawn behind the label's frame (padding included).
    public var background: Background?
    /// Its share of the stack's leftover room or shortfall, and its own cross-axis alignment; the stack decides
    /// by default.
    public var flex = FlexOptions()
    /// In a `stack: absolute`, where its frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// The design document's object id it was imported from, carried into the layout JSON; nil when none.
    public var sourceID: String?
    /// Creates a label with no size constraints and UIKit's default priorities.
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

/// A filled, optionally rounded rectangle: a plain UIView with a background colour.
public struct BoxNode: Sendable {
    /// The box's id; nil gets a generated one (`box1`, `box2`, …).
    public var id: String?
    /// nil: no width of its own (a plain UIView without an intrinsic size), as wide as the stack lets it be.
    public var width: Double?
    /// The box's fixed height in points (required: a stack never stretches or squeezes it vertically).
    public var height: Double
    /// Minimums and maximums (its `width` and `height` above are its fixed size).
    public var size: SizeConstraints = .none
    /// Its fill, resolved by the renderer.
    public var paint: PaintID
    /// Corner radius in points (CALayer's `cornerRadius`); 0 for square corners.
    public var cornerRadius: Double
    /// Drawn behind the box (a border on a box is drawn this way too).
    public var background: Background?
    /// Its share of the stack's leftover room or shortfall, and its own cross-axis alignment; the stack decides
    /// by default.
    public var flex = FlexOptions()
    /// In a `stack: absolute`, where its frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// The design document's object id it was imported from, carried into the layout JSON; nil when none.
    public var sourceID: String?
    /// Creates a box; `width` nil lets the stack decide its width.
    public init(id: String? = nil, width: Double?, height: Double, paint: PaintID, cornerRadius: Double = 0) {
        self.id = id; self.width = width; self.height = height; self.paint = paint; self.cornerRadius = cornerRadius
    }
}

/// A bitmap of a given size. Layout needs only its size; the pixels are paint, resolved by the renderer.
public struct ImageNode: Sendable {
    /// The image's id; nil gets a generated one (`image1`, `image2`, …).
    public var id: String?
    /// The bitmap, as the renderer's palette entry.
    public var paint: PaintID
    /// Where it came from, for the layout JSON.
    public var source: String
    /// The image's intrinsic content size in points (UIImageView's: the bitmap's size at its scale).
    public var width: Double
    /// The intrinsic height in points (see ``width``).
    public var height: Double
    /// Required size constraints; by default the image is fixed at `width` × `height`.
    public var size: SizeConstraints
    /// Hugging and compression resistance, used when ``size`` leaves the stack room to stretch or squeeze the image.
    public var priorities = ContentPriorities()
    /// Drawn behind the image's frame.
    public var background: Background?
    /// Its share of the stack's leftover room or shortfall, and its own cross-axis alignment; the stack decides
    /// by default.
    public var flex = FlexOptions()
    /// In a `stack: absolute`, where its frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// The design document's object id it was imported from, carried into the layout JSON; nil when none.
    public var sourceID: String?
    /// `size: nil` fixes the image at `width` × `height`; pass `.none` to let a stack stretch or squeeze it by
    /// its priorities.
    public init(id: String? = nil, paint: PaintID, source: String, width: Double, height: Double,
                size: SizeConstraints? = nil) {
        self.id = id; self.paint = paint; self.source = source; self.width = width; self.height = height
        self.size = size ?? SizeConstraints(width: width, height: height)
    }
}

/// How a stack places its children: one after another along its axis (UIStackView, a CSS flex box), or each at
/// its own point (a design tool's frame, CSS's `position: absolute`).
public enum StackPositioning: String, Sendable, Codable, CaseIterable { case arranged, absolute }

/// Where a child of an absolute stack sits: its frame's top-left corner, in points from the stack's top-left corner
/// (y down). Design coordinates: a right-to-left layout does not mirror them.
public struct Placement: Sendable, Hashable {
    /// Points from the stack's left edge to the child's.
    public var x: Double
    /// Points from the stack's top edge to the child's.
    public var y: Double
    /// A placement at `x`, `y`.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// The axis a stack arranges its children along: `vertical` (top to bottom) or `horizontal` (leading to trailing).
public enum StackAxis: String, Sendable, Codable, CaseIterable { case vertical, horizontal }

/// Cross-axis alignment of a stack's children (UIStackView.Alignment, plus the text anchors of R12). `fill`
/// stretches every child across the stack (a label stretched taller centres its text, as UILabel does).
public enum StackAlignment: String, Sendable, Codable, CaseIterable {
    /// For vertical stacks: `fill` gives every child the stack's inner width; `leading`, `center` and `trailing` keep
    /// each child's fitting width and place it at that side (mirrored right to left) or in the middle.
    case fill, leading, center, trailing               // vertical stacks
    /// For horizontal stacks: `top` and `bottom` put each child against that edge of the row; `firstBaseline` and
    /// `lastBaseline` line up the children's first or last baselines (views without text by their bottom), as
    /// UIStackView does. `center` centres children on the row in either kind of stack.
    case top, bottom, firstBaseline, lastBaseline      // horizontal stacks (center works on both)
    /// For horizontal stacks, Ghostline's additions: `capHeight` lines up the middles of the labels' capitals (between
    /// the cap height and the first baseline), `xHeightCenter` the middles of their x-height bands (R12); views
    /// without text are centred on their middle.
    case capHeight, xHeightCenter
}

/// An anchor on an element, for gaps: offsets from its frame's top.
public enum Anchor: String, Sendable, Codable, CaseIterable {
    /// `top` is the alignment-rect top (the capitals' top for a label with `alignCapHeight`, else the frame's top),
    /// `bottom` the frame's bottom, `firstBaseline` and `lastBaseline` a label's baselines (the bottom for views
    /// without text, as UIView's baseline anchors), `capHeight` the top of a label's capitals (the top for views
    /// without text).
    case top, bottom, firstBaseline, lastBaseline, capHeight
}

/// An explicit gap between two neighbouring children, from an anchor of the one above to an anchor of the one
/// below (R11: `from: lastBaseline, to: capHeight` is the distance a designer measures). It replaces the stack's
/// `spacing` between those two, like UIStackView's custom spacing after a view. In a horizontal stack a gap is
/// measured edge to edge and its anchors are not used.
public struct GapNode: Sendable {
    /// The distance in points from `from` on the upper child to `to` on the lower one; may be negative.
    public var value: Double
    /// The anchor on the child before the gap; `bottom` by default.
    public var from: Anchor
    /// The anchor on the child after the gap; `top` by default.
    public var to: Anchor
    /// Creates a gap; with the default anchors it is a plain frame-to-frame distance.
    public init(value: Double, from: Anchor = .bottom, to: Anchor = .top) { self.value = value; self.from = from; self.to = to }
}

/// A stack in a layout tree: UIStackView's axis, spacing, alignment and distribution, with layout margins.
public struct StackNode: Sendable {
    /// The stack's id; nil gets a generated one (`stack1`, `stack2`, …).
    public var id: String?
    /// The direction children follow each other; `vertical` by default.
    public var axis: StackAxis
    /// The stack's layout margins (UIStackView with `isLayoutMarginsRelativeArrangement`).
    public var padding: EdgeInsets
    /// The gap between neighbours, frame to frame (baseline to baseline with `baselineRelative`); the minimum
    /// gap for `equalSpacing` and `equalCentering`.
    public var spacing: Double
    /// How children are placed across the axis; `fill` by default, as UIStackView.
    public var alignment: StackAlignment
    /// How the stack's length along its axis is shared among the children; `fill` by default, as UIStackView.
    public var distribution: StackDistribution = .fill
    /// Vertical stacks only: `spacing` runs from a view's last baseline to the next one's first baseline, and the
    /// first and last baselines sit the top and bottom padding inside the stack's edges
    /// (UIStackView.isBaselineRelativeArrangement).
    public var baselineRelative = false
    /// The stack's own required size constraints; none by default (it takes its content's size).
    public var size: SizeConstraints = .none
    /// Drawn behind the stack's frame, before its children.
    public var background: Background?
    /// `arranged` (the default): children follow each other along ``axis``. `absolute`: each child sits at its own
    /// ``Placement`` (a design tool's frame, CSS's `position: absolute`), and axis, spacing, alignment, distribution
    /// and padding are not used.
    public var positioning: StackPositioning = .arranged
    /// Its share of the stack's leftover room or shortfall, and its own cross-axis alignment; the stack decides
    /// by default.
    public var flex = FlexOptions()
    /// In a `stack: absolute`, where its frame's top-left corner sits; nil elsewhere.
    public var placement: Placement?
    /// The design document's object id it was imported from, carried into the layout JSON; nil when none.
    public var sourceID: String?
    /// The arranged children in order (top to bottom, or leading to trailing), gaps and spacers among them.
    public var children: [LayoutNode]
    /// Creates a stack with `fill` distribution, no baseline-relative arrangement and no size constraints.
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
    /// Pixels per point: the grid that frames, heights and baselines are rounded to; @3x by default.
    public var scale: Scale
    /// The page's fill, resolved by the renderer.
    public var background: PaintID
    /// Baseline grid unit in points, if the scene uses one.
    public var grid: Double?
    /// UIKit's `semanticContentAttribute`: right-to-left mirrors horizontal stacks and the leading/trailing
    /// sides, and is the base direction of `natural` paragraphs that have no strong character.
    public var layoutDirection: TextDirection
    /// Creates a canvas; by default it is as tall as its content, at @3x, left to right, with no baseline grid.
    public init(width: Double, height: Double? = nil, scale: Scale = .x3, background: PaintID, grid: Double? = nil,
                layoutDirection: TextDirection = .leftToRight) {
        self.width = width; self.height = height; self.scale = scale; self.background = background; self.grid = grid
        self.layoutDirection = layoutDirection
    }
}
