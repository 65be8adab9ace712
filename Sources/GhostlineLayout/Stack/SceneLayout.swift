import GhostlineGeometry

/// The result of laying out a scene: every element's frame on the canvas, in points (y down from the top).
public struct SceneLayout: Sendable {
    public var canvas: Canvas
    /// The canvas height after `auto` was resolved, in points.
    public var height: Double
    public var model: LayoutModel
    /// Elements in drawing order (a stack before its children).
    public var elements: [LayoutElement]
}

public struct LayoutElement: Sendable {
    public enum Kind: String, Sendable, Codable { case label, box, image, stack }
    public enum Content: Sendable {
        case label(LabelLayout)
        case box(paint: PaintID, cornerRadius: Double)
        case image(paint: PaintID, source: String)
        case stack
    }
    public var id: String
    public var kind: Kind
    /// Frame on the canvas, in points.
    public var frame: Rect
    public var content: Content
    /// Points from the frame's top to the element's alignment-rect top: the cap-height inset (R4) for labels
    /// with `alignCapHeight`, else 0. Stacks and gaps measure "top" from here, as Auto Layout does.
    public var alignmentInsetTop: Double = 0
    /// True for a label laid out on the baseline grid: stacks put its top on a grid line.
    public var snapsToGrid: Bool = false

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
        case (.firstBaseline, _), (.lastBaseline, _): return frame.height
        case (.capHeight, _): return 0
        }
    }
}
