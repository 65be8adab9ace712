import GhostlineImage

/// A white (or other) page to draw synthetic "text" on: axis-aligned rectangles standing for letters, with
/// exact anti-aliasing — a pixel partly inside a rectangle gets the ink mixed in by the area it covers — so
/// every expected number in the tests can be worked out from the rectangles' coordinates.
struct Canvas {
    var image: RGBAImage

    init(width: Int, height: Int, background: Color = .white) {
        image = RGBAImage(width: width, height: height, fill: background)
    }

    /// Fills the rectangle [x0, x1) × [y0, y1) (pixels, fractions allowed) with `ink`, each pixel mixed by its
    /// covered area: `new = old + (ink − old) × coverage`, rounded.
    mutating func fill(x0: Double, y0: Double, x1: Double, y1: Double, ink: Color = .black) {
        for py in Int(y0.rounded(.down))..<Int(y1.rounded(.up)) {
            for px in Int(x0.rounded(.down))..<Int(x1.rounded(.up)) {
                let coverage = overlap(Double(px), x0, x1) * overlap(Double(py), y0, y1)
                guard coverage > 0 else { continue }
                let old = image[px, py]
                func mix(_ o: UInt8, _ i: UInt8) -> UInt8 {
                    UInt8((Double(o) + (Double(i) - Double(o)) * coverage).rounded())
                }
                image[px, py] = Color(red: mix(old.red, ink.red), green: mix(old.green, ink.green),
                                      blue: mix(old.blue, ink.blue), alpha: 255)
            }
        }
    }

    /// Fills whole pixels: columns x..<x+width, rows y..<y+height.
    mutating func fill(x: Int, y: Int, width: Int, height: Int, ink: Color = .black) {
        fill(x0: Double(x), y0: Double(y), x1: Double(x + width), y1: Double(y + height), ink: ink)
    }

    /// How much of the unit interval [p, p+1) lies inside [a, b).
    private func overlap(_ p: Double, _ a: Double, _ b: Double) -> Double {
        max(0, min(p + 1, b) - max(p, a))
    }
}

extension RGBAImage {
    /// The image moved `dx` right and `dy` down; uncovered pixels get `fill`.
    func shifted(dx: Int, dy: Int, fill: Color = .white) -> RGBAImage {
        var out = RGBAImage(width: width, height: height, fill: fill)
        for y in 0..<height {
            for x in 0..<width {
                let sx = x - dx, sy = y - dy
                if sx >= 0, sx < width, sy >= 0, sy < height { out[x, y] = self[sx, sy] }
            }
        }
        return out
    }
}

/// The published YIQ formulas, written out again here so the tests never take their expected numbers from the
/// code under test.
enum Reference {
    static func yiq(_ c: Color) -> (y: Double, i: Double, q: Double) {
        // Blend onto white by alpha first.
        let a = Double(c.alpha) / 255
        let r = 255 + (Double(c.red) - 255) * a
        let g = 255 + (Double(c.green) - 255) * a
        let b = 255 + (Double(c.blue) - 255) * a
        return (0.29889531 * r + 0.58662247 * g + 0.11448223 * b,
                0.59597799 * r - 0.27417610 * g - 0.32180189 * b,
                0.21147017 * r - 0.52261711 * g + 0.31114694 * b)
    }

    static func delta(_ c1: Color, _ c2: Color) -> Double {
        let p = yiq(c1), q = yiq(c2)
        return 0.5053 * (p.y - q.y) * (p.y - q.y) + 0.299 * (p.i - q.i) * (p.i - q.i)
            + 0.1957 * (p.q - q.q) * (p.q - q.q)
    }

    /// Red against cyan; `maxDeltaIsTheLargestPossibleDistance` checks it is the maximum.
    static let maxDelta = delta(Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 255))

    /// The diff image's grey for an unchanged pixel: Y (on white) faded towards white.
    static func fadedGrey(_ c: Color, fade: Double = 0.1) -> Color {
        let v = UInt8((255 + (yiq(c).y - 255) * fade).rounded())
        return Color(red: v, green: v, blue: v)
    }
}
