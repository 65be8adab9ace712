import GhostlineGeometry
import GhostlineImage

/// Boxes, lines and images, clipped to the canvas before any per-pixel work.
enum Shapes {
    /// Fills a rectangle with optionally rounded corners, anti-aliased by the distance from each pixel's
    /// centre to the shape's edge (coverage = ½ − distance, clamped), which is exact for straight edges.
    static func fillRoundedRect(_ canvas: inout PixelCanvas, rect: Rect, radius: Double, scale: Scale, color: Color) {
        let s = scale.value
        let x0 = rect.minX * s, y0 = rect.minY * s, x1 = rect.maxX * s, y1 = rect.maxY * s
        let r = max(0, min(radius * s, (x1 - x0) / 2, (y1 - y0) / 2))
        let halfW = (x1 - x0) / 2, halfH = (y1 - y0) / 2
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        // Only the part on the canvas: an element can lie partly or wholly outside a fixed-height canvas.
        let top = max(0, clampedInt(y0.rounded(.down))), bottom = min(canvas.height, clampedInt(y1.rounded(.up)))
        let left = max(0, clampedInt(x0.rounded(.down))), right = min(canvas.width, clampedInt(x1.rounded(.up)))
        guard top < bottom, left < right else { return }
        for y in top..<bottom {
            let py = abs(Double(y) + 0.5 - cy) - (halfH - r)
            /// The coverage byte of pixel x in this row.
            func coverage(_ x: Int) -> UInt8 {
                // Signed distance from the pixel centre to a rounded box (negative inside).
                let px = abs(Double(x) + 0.5 - cx) - (halfW - r)
                let outside = (max(px, 0) * max(px, 0) + max(py, 0) * max(py, 0)).squareRoot()
                let distance = outside + min(max(px, py), 0) - r
                let coverage = min(1, max(0, 0.5 - distance))
                return UInt8((coverage * 255).rounded())
            }
            // The edges pixel by pixel, from each end inward until a pixel is fully covered; the distance only falls
            // toward the centre column (every step above is monotonic), so every pixel between the two is fully
            // covered too and is filled as a span: the same bytes as computing each pixel, without its square root.
            var first = left
            while first < right {
                let c = coverage(first)
                if c == 255 { break }
                canvas.blend(x: first, y: y, color: color, coverage: c)
                first += 1
            }
            guard first < right else { continue }
            var last = right - 1
            while last > first {
                let c = coverage(last)
                if c == 255 { break }
                canvas.blend(x: last, y: y, color: color, coverage: c)
                last -= 1
            }
            canvas.fillSpan(y: y, columns: first..<last + 1, color: color)
        }
    }

    /// A band `width` points wide inside a rounded rectangle's edge (a CALayer border, a CSS border in the border
    /// box): the outer shape's coverage less that of the shape inset by `width`, whose radius shrinks by as much.
    /// A band wider than half the shape fills it.
    ///
    /// Row by row, only the pixels at the edges of either shape are worked out one by one: between the outer edge's
    /// fully covered pixel and the inner shape's first touched one the band is solid and filled as a span, and the
    /// inner shape's fully covered middle is skipped, so a large bordered frame costs its perimeter, not its area.
    static func strokeRoundedRect(_ canvas: inout PixelCanvas, rect: Rect, radius: Double, width: Double, scale: Scale, color: Color) {
        let s = scale.value
        let outer = RoundedBox(x0: rect.minX * s, y0: rect.minY * s, x1: rect.maxX * s, y1: rect.maxY * s, radius: radius * s)
        let w = width * s
        let inner = RoundedBox(x0: outer.x0 + w, y0: outer.y0 + w, x1: outer.x1 - w, y1: outer.y1 - w, radius: max(0, outer.r - w))
        let top = max(0, clampedInt(outer.y0.rounded(.down))), bottom = min(canvas.height, clampedInt(outer.y1.rounded(.up)))
        let left = max(0, clampedInt(outer.x0.rounded(.down))), right = min(canvas.width, clampedInt(outer.x1.rounded(.up)))
        guard top < bottom, left < right else { return }
        let innerEmpty = inner.x1 <= inner.x0 || inner.y1 <= inner.y0
        func band(_ x: Int, _ cy: Double) -> Double {
            let cx = Double(x) + 0.5
            return outer.coverage(cx, cy) - (innerEmpty ? 0 : inner.coverage(cx, cy))
        }
        func plot(_ x: Int, _ y: Int, _ value: Double) {
            guard value > 0 else { return }
            canvas.blend(x: x, y: y, color: color, coverage: UInt8((min(1, value) * 255).rounded()))
        }
        for y in top..<bottom {
            let cy = Double(y) + 0.5
            // The outer edge from each end inward until a pixel is fully inside the outer shape.
            var first = left
            while first < right, outer.coverage(Double(first) + 0.5, cy) < 1 { plot(first, y, band(first, cy)); first += 1 }
            guard first < right else { continue }
            var last = right - 1
            while last > first, outer.coverage(Double(last) + 0.5, cy) < 1 { plot(last, y, band(last, cy)); last -= 1 }
            // Pixels first...last are fully inside the outer shape: the band there is 1 − the inner coverage.
            let touchesInner = !innerEmpty && cy > inner.y0 - 0.5 && cy < inner.y1 + 0.5
            guard touchesInner else { canvas.fillSpan(y: y, columns: first..<last + 1, color: color); continue }
            let innerLeft = max(first, min(last + 1, clampedInt((inner.x0 - 0.5).rounded(.down))))
            let innerRight = min(last, max(first - 1, clampedInt((inner.x1 + 0.5).rounded(.up))))
            if first < innerLeft { canvas.fillSpan(y: y, columns: first..<innerLeft, color: color) }
            if innerRight < last { canvas.fillSpan(y: y, columns: innerRight + 1..<last + 1, color: color) }
            guard innerLeft <= innerRight else { continue }
            var x = innerLeft
            while x <= innerRight, inner.coverage(Double(x) + 0.5, cy) < 1 { plot(x, y, band(x, cy)); x += 1 }
            var z = innerRight
            while z > x, inner.coverage(Double(z) + 0.5, cy) < 1 { plot(z, y, band(z, cy)); z -= 1 }
        }
    }

    /// A rounded rectangle in pixels, for coverage by signed distance (the same measure `fillRoundedRect` uses).
    struct RoundedBox {
        let x0, y0, x1, y1, r: Double
        init(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double) {
            self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
            r = max(0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
        }
        /// The share of a pixel centred at (`px`, `py`) inside the shape: ½ − signed distance, clamped to 0…1.
        func coverage(_ px: Double, _ py: Double) -> Double {
            let dx = abs(px - (x0 + x1) / 2) - ((x1 - x0) / 2 - r)
            let dy = abs(py - (y0 + y1) / 2) - ((y1 - y0) / 2 - r)
            let outside = (max(dx, 0) * max(dx, 0) + max(dy, 0) * max(dy, 0)).squareRoot()
            return min(1, max(0, 0.5 - (outside + min(max(dx, dy), 0) - r)))
        }
    }

    /// `rect` with each edge rounded to the nearest device pixel (Chromium's `PixelSnappedIntRect`: the right edge is
    /// rounded where it lies, so a box keeps its place when its width is fractional).
    static func pixelSnapped(_ rect: Rect, _ scale: Scale) -> Rect {
        let x0 = scale.roundToPixel(rect.minX), y0 = scale.roundToPixel(rect.minY)
        return Rect(x: x0, y: y0, width: scale.roundToPixel(rect.maxX) - x0, height: scale.roundToPixel(rect.maxY) - y0)
    }

    static func strokeRect(_ canvas: inout PixelCanvas, rect: Rect, scale: Scale, color: Color) {
        let x0 = pixel(rect.minX, scale), x1 = pixel(rect.maxX, scale) - 1
        let y0 = pixel(rect.minY, scale), y1 = pixel(rect.maxY, scale) - 1
        guard x1 >= x0, y1 >= y0 else { return }
        canvas.fill(x0: x0, x1: x1 + 1, y0: y0, y1: y0 + 1, color: color)
        canvas.fill(x0: x0, x1: x1 + 1, y0: y1, y1: y1 + 1, color: color)
        canvas.fill(x0: x0, x1: x0 + 1, y0: y0, y1: y1 + 1, color: color)
        canvas.fill(x0: x1, x1: x1 + 1, y0: y0, y1: y1 + 1, color: color)
    }

    /// A one-device-pixel line whose top edge is at `yPoints`.
    static func horizontalLine(_ canvas: inout PixelCanvas, yPoints: Double, from: Double, to: Double, scale: Scale, color: Color) {
        let y = pixel(yPoints, scale)
        canvas.fill(x0: pixel(from, scale), x1: pixel(to, scale), y0: y, y1: y + 1, color: color)
    }

    /// Draws `image` into `rect`, sampled bilinearly in premultiplied space when the sizes differ. Only the
    /// destination pixels on the canvas are visited.
    static func draw(_ image: RGBAImage, in rect: Rect, scale: Scale, on canvas: inout PixelCanvas) {
        let x0 = pixel(rect.minX, scale), y0 = pixel(rect.minY, scale)
        let w = pixel(rect.maxX, scale) - x0, h = pixel(rect.maxY, scale) - y0
        guard w > 0, h > 0, image.width > 0, image.height > 0 else { return }
        let firstRow = max(0, -y0), endRow = min(h, canvas.height - y0)
        let firstColumn = max(0, -x0), endColumn = min(w, canvas.width - x0)
        guard firstRow < endRow, firstColumn < endColumn else { return }
        let rows = firstRow..<endRow, columns = firstColumn..<endColumn
        let sx = Double(image.width) / Double(w), sy = Double(image.height) / Double(h)
        // Each column's two source columns and weight are worked out once, not once a pixel: a 10000 pt frame is 10^8
        // pixels, and this keeps it to a few seconds. The arithmetic is the same, so the bytes are too.
        let sources = columns.map { x -> (left: Int, right: Int, weight: Double) in
            let fx = max(0, (Double(x) + 0.5) * sx - 0.5)
            let ix = min(Int(fx), image.width - 1)
            return (ix, min(ix + 1, image.width - 1), fx - Double(ix))
        }
        let canvasWidth = canvas.width
        image.pixels.withUnsafeBufferPointer { pixels in
            canvas.pixels.withUnsafeMutableBufferPointer { out in
                for y in rows {
                    let fy = max(0, (Double(y) + 0.5) * sy - 0.5)
                    let iy = min(Int(fy), image.height - 1), iy1 = min(iy + 1, image.height - 1), ty = fy - Double(iy)
                    for (slot, x) in columns.enumerated() {
                        let (ix, ix1, tx) = sources[slot]
                        var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                        func add(_ px: Int, _ py: Int, _ weight: Double) {
                            guard weight > 0 else { return }
                            let i = (py * image.width + px) * 4
                            let alpha = Double(pixels[i + 3]) / 255
                            r += Double(pixels[i]) * alpha * weight
                            g += Double(pixels[i + 1]) * alpha * weight
                            b += Double(pixels[i + 2]) * alpha * weight
                            a += Double(pixels[i + 3]) * weight
                        }
                        add(ix, iy, (1 - tx) * (1 - ty)); add(ix1, iy, tx * (1 - ty))
                        add(ix, iy1, (1 - tx) * ty); add(ix1, iy1, tx * ty)
                        func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, roundedHalfAway(v)))) }
                        let alpha = byte(a)
                        guard alpha != 0 else { continue }
                        // Source-over in premultiplied space, as PixelCanvas.blendPremultiplied does it.
                        let o = ((y0 + y) * canvasWidth + x0 + x) * 4, inverse = 255 - alpha
                        out[o] = byte(r) &+ mul255(out[o], inverse)
                        out[o + 1] = byte(g) &+ mul255(out[o + 1], inverse)
                        out[o + 2] = byte(b) &+ mul255(out[o + 2], inverse)
                        out[o + 3] = alpha &+ mul255(out[o + 3], inverse)
                    }
                }
            }
        }
    }

    /// `round(points × scale)` as a pixel index, clamped so an absurd coordinate cannot trap.
    static func pixel(_ points: Double, _ scale: Scale) -> Int {
        clampedInt((points * scale.value).rounded(.toNearestOrAwayFromZero))
    }

    static func clampedInt(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? 1 << 30 : -(1 << 30) }
        return Int(max(-1e9, min(1e9, value)))
    }
}
