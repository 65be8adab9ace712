import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout

/// Guides drawn over a render to show where the layout put things.
public struct DebugOverlay: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Every element's frame.
    public static let boxes = DebugOverlay(rawValue: 1 << 0)
    /// Every line's baseline.
    public static let baselines = DebugOverlay(rawValue: 1 << 1)
    /// The top of the capitals of every line.
    public static let capHeight = DebugOverlay(rawValue: 1 << 2)
    /// The x-height line of every line.
    public static let xHeight = DebugOverlay(rawValue: 1 << 3)
    /// The scene's baseline grid.
    public static let grid = DebugOverlay(rawValue: 1 << 4)

    public static let names: [(String, DebugOverlay)] = [
        ("boxes", .boxes), ("baselines", .baselines), ("capHeight", .capHeight), ("xHeight", .xHeight), ("grid", .grid),
    ]

    /// Guide colours, distinct from each other and from typical UI text.
    static let boxColor = Color(red: 0xFF, green: 0x00, blue: 0xCC, alpha: 0xB0)
    static let baselineColor = Color(red: 0x00, green: 0x66, blue: 0xFF, alpha: 0xD0)
    static let capHeightColor = Color(red: 0x00, green: 0xAA, blue: 0x44, alpha: 0xD0)
    static let xHeightColor = Color(red: 0xFF, green: 0x88, blue: 0x00, alpha: 0xD0)
    static let gridColor = Color(red: 0x00, green: 0xBB, blue: 0xDD, alpha: 0x50)
}

/// Paints a laid-out scene into pixels at the canvas's scale.
///
/// Text is drawn unhinted with quarter-pixel horizontal positions, glyph bitmaps from a shared `GlyphCache`;
/// baselines land on whole device pixels (the uikit model puts them there by R3; css baselines are rounded
/// to the nearest pixel, as browsers snap them).
public struct Renderer: Sendable {
    public var glyphCache: GlyphCache

    public init(glyphCache: GlyphCache = .shared) { self.glyphCache = glyphCache }

    public func render(_ layout: SceneLayout, debug: DebugOverlay = []) -> RGBAImage {
        let scale = layout.canvas.scale
        // Callers check the canvas size first (SnapshotRenderer); clamping here keeps a direct caller from
        // trapping on an empty, negative or absurd size.
        let width = min(max(1, scale.ceilPixels(min(layout.canvas.width, 1e6))), 1 << 15)
        let height = min(max(1, scale.ceilPixels(max(-1e6, min(layout.height, 1e6)))), 1 << 15)
        var canvas = PixelCanvas(width: width, height: height, background: layout.canvas.background)
        if debug.contains(.grid), let grid = layout.canvas.grid, grid > 0 {
            var y = 0.0
            while y <= layout.height { horizontalLine(&canvas, yPoints: y, from: 0, to: layout.canvas.width, scale: scale, color: DebugOverlay.gridColor); y += grid }
        }
        for element in layout.elements {
            switch element.content {
            case .box(let color, let radius):
                fillRoundedRect(&canvas, rect: element.frame, radius: radius, scale: scale, color: color)
            case .image(let image, _):
                draw(image, in: element.frame, scale: scale, on: &canvas)
            case .label(let label, let color):
                drawText(element: element, label: label, color: color, scale: scale, on: &canvas)
            case .stack:
                break
            }
        }
        for element in layout.elements {
            if debug.contains(.boxes) { strokeRect(&canvas, rect: element.frame, scale: scale, color: DebugOverlay.boxColor) }
            guard let label = element.labelLayout else { continue }
            for line in element.canvasLines {
                let left = element.frame.minX, right = element.frame.maxX
                if debug.contains(.baselines) { horizontalLine(&canvas, yPoints: line.baseline, from: left, to: right, scale: scale, color: DebugOverlay.baselineColor) }
                if debug.contains(.capHeight) { horizontalLine(&canvas, yPoints: line.baseline - scale.roundToPixel(label.metrics.capHeight), from: left, to: right, scale: scale, color: DebugOverlay.capHeightColor) }
                if debug.contains(.xHeight) { horizontalLine(&canvas, yPoints: line.baseline - scale.roundToPixel(label.metrics.xHeight), from: left, to: right, scale: scale, color: DebugOverlay.xHeightColor) }
            }
        }
        return canvas.image()
    }

    // MARK: Text

    private func drawText(element: LayoutElement, label: LabelLayout, color: Color, scale: Scale, on canvas: inout PixelCanvas) {
        let font = label.font
        let pixelsPerEm = label.metrics.pointSize * scale.value
        let bins = GlyphCache.subpixelBins
        for line in element.canvasLines {
            let baselinePixel = Int((line.baseline * scale.value).rounded(.toNearestOrAwayFromZero))
            for glyph in line.glyphs {
                let penX = (line.x + glyph.x) * scale.value
                var whole = Int(penX.rounded(.down))
                var bin = Int(((penX - Double(whole)) * Double(bins)).rounded())
                if bin == bins { whole += 1; bin = 0 }
                let bitmap = glyphCache.bitmap(font: font, glyph: glyph.glyph, pixelsPerEm: pixelsPerEm, bin: bin)
                guard bitmap.width > 0 else { continue }
                let left = whole + bitmap.left
                let top = baselinePixel - Int((glyph.y * scale.value).rounded()) - bitmap.top
                bitmap.coverage.withUnsafeBufferPointer { coverage in
                    for row in 0..<bitmap.height {
                        let y = top + row
                        guard y >= 0 && y < canvas.height else { continue }
                        let base = row * bitmap.width
                        for column in 0..<bitmap.width {
                            canvas.blend(x: left + column, y: y, color: color, coverage: coverage[base + column])
                        }
                    }
                }
            }
        }
    }

    // MARK: Shapes

    /// Fills a rectangle with optionally rounded corners, anti-aliased by the distance from each pixel's
    /// centre to the shape's edge (coverage = ½ − distance, clamped), which is exact for straight edges.
    private func fillRoundedRect(_ canvas: inout PixelCanvas, rect: Rect, radius: Double, scale: Scale, color: Color) {
        let s = scale.value
        let x0 = rect.minX * s, y0 = rect.minY * s, x1 = rect.maxX * s, y1 = rect.maxY * s
        let r = max(0, min(radius * s, (x1 - x0) / 2, (y1 - y0) / 2))
        let halfW = (x1 - x0) / 2, halfH = (y1 - y0) / 2
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        // Only the part on the canvas: an element can lie partly or wholly outside a fixed-height canvas.
        let top = max(0, Int(y0.rounded(.down))), bottom = min(canvas.height, Int(y1.rounded(.up)))
        let left = max(0, Int(x0.rounded(.down))), right = min(canvas.width, Int(x1.rounded(.up)))
        guard top < bottom, left < right else { return }
        for y in top..<bottom {
            for x in left..<right {
                // Signed distance from the pixel centre to a rounded box (negative inside).
                let px = abs(Double(x) + 0.5 - cx) - (halfW - r)
                let py = abs(Double(y) + 0.5 - cy) - (halfH - r)
                let outside = (max(px, 0) * max(px, 0) + max(py, 0) * max(py, 0)).squareRoot()
                let distance = outside + min(max(px, py), 0) - r
                let coverage = min(1, max(0, 0.5 - distance))
                canvas.blend(x: x, y: y, color: color, coverage: UInt8((coverage * 255).rounded()))
            }
        }
    }

    private func strokeRect(_ canvas: inout PixelCanvas, rect: Rect, scale: Scale, color: Color) {
        let x0 = scale.roundPixels(rect.minX), x1 = scale.roundPixels(rect.maxX) - 1
        let y0 = scale.roundPixels(rect.minY), y1 = scale.roundPixels(rect.maxY) - 1
        guard x1 >= x0, y1 >= y0 else { return }
        for x in x0...x1 { canvas.blend(x: x, y: y0, color: color, coverage: 255); canvas.blend(x: x, y: y1, color: color, coverage: 255) }
        for y in y0...y1 { canvas.blend(x: x0, y: y, color: color, coverage: 255); canvas.blend(x: x1, y: y, color: color, coverage: 255) }
    }

    /// A one-device-pixel line whose top edge is at `yPoints`.
    private func horizontalLine(_ canvas: inout PixelCanvas, yPoints: Double, from: Double, to: Double, scale: Scale, color: Color) {
        let y = scale.roundPixels(yPoints)
        let x0 = scale.roundPixels(from), x1 = scale.roundPixels(to)
        guard x1 > x0 else { return }
        for x in x0..<x1 { canvas.blend(x: x, y: y, color: color, coverage: 255) }
    }

    // MARK: Images

    /// Draws `image` into `rect`, sampled bilinearly in premultiplied space when the sizes differ.
    private func draw(_ image: RGBAImage, in rect: Rect, scale: Scale, on canvas: inout PixelCanvas) {
        let x0 = scale.roundPixels(rect.minX), y0 = scale.roundPixels(rect.minY)
        let w = scale.roundPixels(rect.maxX) - x0, h = scale.roundPixels(rect.maxY) - y0
        guard w > 0, h > 0, image.width > 0, image.height > 0 else { return }
        let sx = Double(image.width) / Double(w), sy = Double(image.height) / Double(h)
        for y in 0..<h {
            let fy = max(0, (Double(y) + 0.5) * sy - 0.5)
            let iy = min(Int(fy), image.height - 1), iy1 = min(iy + 1, image.height - 1), ty = fy - Double(iy)
            for x in 0..<w {
                let fx = max(0, (Double(x) + 0.5) * sx - 0.5)
                let ix = min(Int(fx), image.width - 1), ix1 = min(ix + 1, image.width - 1), tx = fx - Double(ix)
                var rgba = [Double](repeating: 0, count: 4)
                for (px, py, weight) in [(ix, iy, (1 - tx) * (1 - ty)), (ix1, iy, tx * (1 - ty)), (ix, iy1, (1 - tx) * ty), (ix1, iy1, tx * ty)] where weight > 0 {
                    let i = (py * image.width + px) * 4
                    let a = Double(image.pixels[i + 3]) / 255
                    rgba[0] += Double(image.pixels[i]) * a * weight
                    rgba[1] += Double(image.pixels[i + 1]) * a * weight
                    rgba[2] += Double(image.pixels[i + 2]) * a * weight
                    rgba[3] += Double(image.pixels[i + 3]) * weight
                }
                func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v.rounded()))) }
                canvas.blendPremultiplied(x: x0 + x, y: y0 + y, r: byte(rgba[0]), g: byte(rgba[1]), b: byte(rgba[2]), a: byte(rgba[3]))
            }
        }
    }
}
