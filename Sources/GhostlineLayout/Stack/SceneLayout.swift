import GhostlineGeometry

/// The result of laying out a scene: every element's frame on the canvas, in points (y down from the top).
public struct SceneLayout: Sendable {
    /// The canvas as given; its `height` is still nil for `height: auto` (see ``height``).
    public var canvas: Canvas
    /// The canvas height after `auto` was resolved, in points.
    public var height: Double
    /// The model the labels were laid out in.
    public var model: LayoutModel
    /// Elements in drawing order (a stack before its children).
    public var elements: [LayoutElement]

    /// A layout from its parts (what ``StackLayouter`` returns; tools and tests may build one directly).
    public init(canvas: Canvas, height: Double, model: LayoutModel, elements: [LayoutElement]) {
        self.canvas = canvas; self.height = height; self.model = model; self.elements = elements
    }
}

/// One laid-out element: a label, box, image or stack, with its frame on the canvas and what to draw in it.
/// Spacers and gaps take space but produce no element.
public struct LayoutElement: Sendable {
    /// What kind of element it is; the raw value is the layout JSON's `kind`.
    public enum Kind: String, Sendable, Codable { case label, box, image, stack, overlay }
    /// What the renderer draws in the frame.
    public enum Content: Sendable {
        /// A label's lines, relative to the frame.
        case label(LabelLayout)
        /// A fill with rounded corners (radius in points).
        case box(paint: PaintID, cornerRadius: Double)
        /// A bitmap from the palette, stretched to the frame, and where it came from.
        case image(paint: PaintID, source: String)
        /// A stack draws nothing itself; its children follow it as elements of their own.
        case stack
        /// An overlay draws nothing itself either; its anchors are those of its first label child (points from the
        /// overlay's top), so a row aligned on baselines lines a button's text up with its neighbours'.
        case overlay(textAnchors: OverlayTextAnchors?)
    }
    /// The element's id: the one the scene gave, else generated per kind in document order (`label1`, `stack2`, …).
    public var id: String
    /// Label, box, image or stack.
    public var kind: Kind
    /// Frame on the canvas, in points.
    public var frame: Rect
    /// What to draw; for a label, its whole ``LabelLayout``.
    public var content: Content
    /// Points from the frame's top to the element's alignment-rect top: the cap-height inset (R4) for labels
    /// with `alignCapHeight`, else 0. Stacks and gaps measure "top" from here, as Auto Layout does.
    public var alignmentInsetTop: Double = 0
    /// True for a label laid out on the baseline grid: stacks put its top on a grid line.
    public var snapsToGrid: Bool = false
    /// Drawn behind the frame before the element's own content; nil for none.
    public var background: Background?
    /// The design document's object id the element was imported from (`source:`), which the layout JSON carries so
    /// a tool can go back from a label to its layer; nil when none.
    public var sourceID: String?

    /// An element from its parts; no alignment inset, grid snapping or background unless set afterwards.
    public init(id: String, kind: Kind, frame: Rect, content: Content) {
        self.id = id; self.kind = kind; self.frame = frame; self.content = content
    }

    /// Label lines with x and baseline converted to canvas points.
    public var canvasLines: [LabelLine] {
        guard case .label(let layout) = content else { return [] }
        return layout.lines.map { line in
            var moved = line
            moved.x += frame.x
            moved.baseline += frame.y
            return moved
        }
    }

    /// The label's layout, or nil for other kinds.
    public var labelLayout: LabelLayout? {
        if case .label(let layout) = content { return layout }
        return nil
    }

    /// Offset of an anchor from the frame's top, in points. Views without text use their bottom for baselines
    /// (as UIView does) and their top for the cap height.
    public func anchorOffset(_ anchor: Anchor) -> Double {
        switch (anchor, content) {
        case (.top, _): return alignmentInsetTop
        case (.bottom, _): return frame.height
        case (.firstBaseline, .label(let layout)): return layout.anchors.firstBaseline
        case (.lastBaseline, .label(let layout)): return layout.anchors.lastBaseline
        case (.capHeight, .label(let layout)): return layout.anchors.capHeight
        case (.firstBaseline, .overlay(let text?)): return text.firstBaseline
        case (.lastBaseline, .overlay(let text?)): return text.lastBaseline
        case (.capHeight, .overlay(let text?)): return text.capHeight
        case (.firstBaseline, _), (.lastBaseline, _): return frame.height
        case (.capHeight, _): return 0
        }
    }
}

/// The text anchors an overlay takes from its first label child, in points from the overlay's top.
public struct OverlayTextAnchors: Sendable, Hashable {
    public var firstBaseline: Double
    public var lastBaseline: Double
    public var capHeight: Double
}
