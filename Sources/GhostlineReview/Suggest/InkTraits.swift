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

    /// The largest difference of one channel between two colours.
    static func channelDistance(_ a: Color, _ b: Color) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }
}
