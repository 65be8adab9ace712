import GhostlineGeometry

extension Arranger {
    /// An overlay: every child measured in the overlay's width (a child with a width of its own at its fitting width,
    /// one without at the overlay's), the overlay as large as its largest child within its own constraints, and
    /// each child placed by the alignment, on the pixel grid, in drawing order.
    func measureOverlay(_ overlay: OverlayItem, _ item: ArrangedItem, width: Double, exact: Bool, height: Double?) -> Measured {
        let size = constraints(item)
        let frameWidth = exact ? size.clamp(width, .horizontal) : fittingWidth(item, within: width)
        let children = overlay.items.map { child -> (Measured, Bool) in
            let sized = hasIntrinsicLength(child, along: .horizontal)
            return (measure(child, width: frameWidth, exact: !sized, height: nil), hasIntrinsicLength(child, along: .vertical))
        }
        let natural = children.filter(\.1).map(\.0.size.height).max() ?? 0
        let frameHeight = size.clamp(height ?? natural, .vertical)
        var (fx, fy) = overlay.node.alignment.fractions
        if rightToLeft { fx = 1 - fx }
        var elements: [LayoutElement] = []
        var anchors: OverlayTextAnchors?
        for (measured, _) in children {
            let dx = model.frameGrid.round((frameWidth - measured.size.width) * fx, scale)
            let dy = model.frameGrid.round((frameHeight - measured.size.height) * fy, scale)
            if anchors == nil, let first = measured.anchorElement, first.kind == .label || first.kind == .overlay,
               first.kind != .overlay || { if case .overlay(let a) = first.content { return a != nil }; return false }() {
                anchors = OverlayTextAnchors(firstBaseline: dy + first.anchorOffset(.firstBaseline),
                                             lastBaseline: dy + first.anchorOffset(.lastBaseline),
                                             capHeight: dy + first.anchorOffset(.capHeight))
            }
            elements += measured.elements.map { moved($0, dx: dx, dy: dy) }
        }
        var element = LayoutElement(id: overlay.id, kind: .overlay, frame: Rect(x: 0, y: 0, width: frameWidth, height: frameHeight),
                                    content: .overlay(textAnchors: anchors))
        element.background = overlay.node.background
        return Measured(elements: [element] + elements, size: Size(width: frameWidth, height: frameHeight))
    }
}
