import GhostlineGeometry
import GhostlineImage

/// What a label's ink looks like in one image, beyond where it is: its strongest colour and how much of it there
/// is. Read from the line ink boxes against the colour under the text.
///
/// Why: a colour or weight a designer chose shows in the ink itself, not in positions. The strongest pixel (the one
/// furthest from the colour under the text) is the text colour wherever a stroke is a pixel or more wide; the ink
/// mass (the sum of each pixel's share of that colour) grows with stroke weight at a given width.
struct InkTraits: Equatable {
    /// The pixel furthest from the colour under the text.
    var strongest: Color
    /// Σ over the ink boxes of each pixel's distance from the under colour ÷ the strongest pixel's: in pixels.
    var mass: Double

    /// The traits of the ink in `boxes` (points) of `image`, over `under`; nil when the boxes hold no ink.
    static func measure(_ image: RGBAImage, boxes: [Rect], scale: Scale, under: Color) -> InkTraits? {
        func distance(_ c: Color) -> Int {
            abs(Int(c.red) - Int(under.red)) + abs(Int(c.green) - Int(under.green)) + abs(Int(c.blue) - Int(under.blue))
        }
        var strongest = under, strongestDistance = 0, total = 0
        let pixelBoxes = boxes.map { box -> (Int, Int, Int, Int) in
            let x0 = max(0, Int((box.minX * scale.value).rounded(.down))), y0 = max(0, Int((box.minY * scale.value).rounded(.down)))
            let x1 = min(image.width, Int((box.maxX * scale.value).rounded(.up))), y1 = min(image.height, Int((box.maxY * scale.value).rounded(.up)))
            return (x0, y0, x1, y1)
        }
        for (x0, y0, x1, y1) in pixelBoxes where x0 < x1 && y0 < y1 {
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let d = distance(image[x, y])
                    total += d
                    if d > strongestDistance { strongestDistance = d; strongest = image[x, y] }
                }
            }
        }
        guard strongestDistance >= 24 else { return nil }
        strongest.alpha = 255
        return InkTraits(strongest: strongest, mass: Double(total) / Double(strongestDistance))
    }

    /// How far the ink leans (horizontal shift per unit of height, positive to the right going up; about 0.2 for an
    /// italic, 0 for upright text), from the lines' ink boxes and baselines (points).
    ///
    /// Why this measure: each line's ink between its top and its baseline is cut into an upper and a lower half, and
    /// each half summed down its columns into a profile. The shift that best lines the upper profile up with the lower
    /// one is how far each stroke moved over half the height: local to each letter, so which letters a line holds (and
    /// where it wraps) matters little, where a slope fitted to the whole line follows its tall letters.
    static func lean(_ image: RGBAImage, lines: [(ink: Rect, baseline: Double)], scale: Scale, under: Color) -> Double? {
        func distance(_ c: Color) -> Double {
            Double(abs(Int(c.red) - Int(under.red)) + abs(Int(c.green) - Int(under.green)) + abs(Int(c.blue) - Int(under.blue)))
        }
        var scores: [Int: Double] = [:]
        var heights: [Double] = []
        for line in lines {
            let top = max(0, Int((line.ink.minY * scale.value).rounded()))
            let base = min(image.height, Int((line.baseline * scale.value).rounded()))
            let x0 = max(0, Int((line.ink.minX * scale.value).rounded(.down))), x1 = min(image.width, Int((line.ink.maxX * scale.value).rounded(.up)))
            let half = (base - top) / 2
            guard half >= 4, x1 - x0 > 2 * half else { continue }
            func profile(_ rows: Range<Int>) -> [Double] {
                (x0..<x1).map { x in rows.reduce(0) { $0 + distance(image[x, $1]) } }
            }
            let upper = profile(top..<top + half), lower = profile(top + half..<top + 2 * half)
            let reach = Int((Double(half) * 0.4).rounded(.up))
            for shift in -reach...reach {
                var sum = 0.0
                for x in max(0, -shift)..<min(lower.count, upper.count - shift) { sum += upper[x + shift] * lower[x] }
                scores[shift, default: 0] += sum
            }
            heights.append(Double(half))
        }
        guard let best = scores.max(by: { $0.value < $1.value || ($0.value == $1.value && abs($0.key) > abs($1.key)) }),
              !heights.isEmpty else { return nil }
        return Double(best.key) / (heights.reduce(0, +) / Double(heights.count))
    }

    /// The largest difference of one channel between two colours.
    static func channelDistance(_ a: Color, _ b: Color) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }
}
