import GhostlineGeometry
import GhostlineImage

extension Shapes {
    /// One side of a border as the renderer draws it: its width in points and its colour.
    struct SideBand {
        var width: Double
        var color: Color
    }

    /// A border whose sides differ (a cell's top hairline, a tab bar's top edge): the band between the frame's
    /// rounded outline and the same outline moved in by each side's own width, each pixel painted in the colour of
    /// the side it belongs to. Where two sides meet, the corner is split on the line from the outer corner to the
    /// inner one (a pixel belongs to the side whose band it lies deeper in, measured in that side's widths), as CSS
    /// splits a corner between two border colours. The inner outline's radius is the outer one less the widest side.
    /// A uniform border is drawn by ``strokeRoundedRect(_:rect:radius:width:scale:color:)``, not here.
    static func strokeSides(_ canvas: inout PixelCanvas, rect: Rect, radius: Double, top: SideBand?, left: SideBand?,
                            bottom: SideBand?, right: SideBand?, scale: Scale) {
        let s = scale.value
        let t = (top?.width ?? 0) * s, l = (left?.width ?? 0) * s, b = (bottom?.width ?? 0) * s, r = (right?.width ?? 0) * s
        guard max(t, l, b, r) > 0 else { return }
        let outer = RoundedBox(x0: rect.minX * s, y0: rect.minY * s, x1: rect.maxX * s, y1: rect.maxY * s, radius: radius * s)
        let inner = RoundedBox(x0: outer.x0 + l, y0: outer.y0 + t, x1: outer.x1 - r, y1: outer.y1 - b,
                               radius: max(0, outer.r - max(t, l, b, r)))
        let innerEmpty = inner.x1 <= inner.x0 || inner.y1 <= inner.y0
        let rowTop = max(0, clampedInt(outer.y0.rounded(.down))), rowBottom = min(canvas.height, clampedInt(outer.y1.rounded(.up)))
        let columnLeft = max(0, clampedInt(outer.x0.rounded(.down))), columnRight = min(canvas.width, clampedInt(outer.x1.rounded(.up)))
        guard rowTop < rowBottom, columnLeft < columnRight else { return }
        /// The side a point in the band belongs to: the one it is deepest in, relative to that side's width.
        func side(_ px: Double, _ py: Double) -> SideBand? {
            var best: SideBand?
            var depth = Double.infinity
            for (band, width, distance) in [(top, t, py - outer.y0), (left, l, px - outer.x0),
                                            (bottom, b, outer.y1 - py), (right, r, outer.x1 - px)] {
                guard let band, width > 0 else { continue }
                let relative = distance / width
                if relative < depth { depth = relative; best = band }
            }
            return best
        }
        for y in rowTop..<rowBottom {
            let cy = Double(y) + 0.5
            // Rows crossing the inner outline's straight part have band pixels only near the left and right edges.
            let straight = !innerEmpty && cy > inner.y0 + inner.r + 1 && cy < inner.y1 - inner.r - 1
            let leftEnd = max(columnLeft, min(columnRight, clampedInt((inner.x0 + 1).rounded(.up))))
            let rightStart = max(leftEnd, min(columnRight, clampedInt((inner.x1 - 1).rounded(.down))))
            let spans: [Range<Int>] = straight ? [columnLeft..<leftEnd, rightStart..<columnRight] : [columnLeft..<columnRight]
            for span in spans where !span.isEmpty {
                for x in span {
                    let cx = Double(x) + 0.5
                    let coverage = outer.coverage(cx, cy) - (innerEmpty ? 0 : inner.coverage(cx, cy))
                    guard coverage > 0, let band = side(cx, cy) else { continue }
                    canvas.blend(x: x, y: y, color: band.color, coverage: UInt8((min(1, coverage) * 255).rounded()))
                }
            }
        }
    }
}
