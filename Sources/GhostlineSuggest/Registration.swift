import GhostlineGeometry
import GhostlineImage

/// How far a label's whole area (its text with its fill, border and padding) moved between the render and the
/// design, found by sliding one image's profile over the other's.
///
/// Why besides the ink measurement: a label's ink is looked for in the design where the render has it, inside the
/// render's fill. When a layout change moves a field or a button by a few points, the design's fill edge and the
/// page beside it fall inside that window and the measurement reads them as text (a field "4 lines high", "24 pt
/// lower"). The area's row profile moves as one block, so the shift that lines the profiles up is how far the
/// element moved, whatever is inside it. One number per axis, in device pixels, nil when the area is flat.
package struct Registration: Equatable {
    /// Points the area moved down (positive) and right.
    var dy: Double
    var dx: Double?

    /// The shift of `frame` (points) from `render` to `design`, searched `reach` points either way.
    static func find(frame: Rect, render: RGBAImage, design: RGBAImage, scale: Double, background: Color,
                     reach: Double = 48) -> Registration? {
        let width = min(render.width, design.width), height = min(render.height, design.height)
        let x0 = max(0, Int((frame.minX * scale).rounded(.down))), x1 = min(width, Int((frame.maxX * scale).rounded(.up)))
        let y0 = max(0, Int((frame.minY * scale).rounded(.down))), y1 = min(height, Int((frame.maxY * scale).rounded(.up)))
        guard x1 - x0 >= 2, y1 - y0 >= 2 else { return nil }
        let r = Int(reach * scale)
        func ink(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
            let i = (y * image.width + x) * 4
            let p = image.pixels
            return Double(abs(Int(p[i]) - Int(background.red)) + abs(Int(p[i + 1]) - Int(background.green))
                          + abs(Int(p[i + 2]) - Int(background.blue)))
        }
        func rows(_ image: RGBAImage, _ from: Int, _ to: Int) -> [Double] {
            (from..<to).map { y in (x0..<x1).reduce(0) { $0 + ink(image, $1, y) } / Double(x1 - x0) }
        }
        let own = rows(render, y0, y1)
        let mean = own.reduce(0, +) / Double(own.count)
        guard own.map({ ($0 - mean) * ($0 - mean) }).reduce(0, +) / Double(own.count) > 4 else { return nil }
        let lo = max(0, y0 - r), hi = min(height, y1 + r)
        let theirs = rows(design, lo, hi)
        let variance = own.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(own.count)
        // An area whose profile no shift reproduces changed rather than moved (a size, a text): no registration.
        guard let (dy, residual) = bestShift(own, start: y0, in: theirs, from: lo, range: -r...r), residual <= 0.05 * variance
        else { return nil }
        // Columns over the rows the design has the area in.
        let c0 = max(0, x0 - r), c1 = min(width, x1 + r)
        func columns(_ image: RGBAImage, _ from: Int, _ to: Int, rowShift: Int) -> [Double] {
            (from..<to).map { x in
                var sum = 0.0
                for y in y0..<y1 where y + rowShift >= 0 && y + rowShift < height { sum += ink(image, x, y + rowShift) }
                return sum / Double(y1 - y0)
            }
        }
        let ownColumns = columns(render, x0, x1, rowShift: 0)
        let dx = bestShift(ownColumns, start: x0, in: columns(design, c0, c1, rowShift: dy), from: c0, range: -r...r)?.shift
        return Registration(dy: Double(dy) / scale, dx: dx.map { Double($0) / scale })
    }

    /// The shift of `profile` (which starts at `start`) that best matches `other` (which starts at `from`): the least
    /// mean squared difference over at least 80% overlap, the smallest shift among equals, with that difference. Nil
    /// when no shift has that overlap.
    static func bestShift(_ profile: [Double], start: Int, in other: [Double], from: Int,
                          range: ClosedRange<Int>) -> (shift: Int, residual: Double)? {
        var best: (cost: Double, shift: Int)?
        for shift in range {
            var sum = 0.0, count = 0
            for (i, value) in profile.enumerated() {
                let j = start + i + shift - from
                guard j >= 0, j < other.count else { continue }
                let d = value - other[j]
                sum += d * d
                count += 1
            }
            guard count * 5 >= profile.count * 4 else { continue }
            let cost = sum / Double(count)
            if best == nil || cost < best!.cost - 1e-9 || (abs(cost - best!.cost) <= 1e-9 && abs(shift) < abs(best!.shift)) {
                best = (cost, shift)
            }
        }
        return best.map { ($0.shift, $0.cost) }
    }
}
