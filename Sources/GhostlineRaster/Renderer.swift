import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout

/// Guides drawn over a render to show where the layout put things.
public struct DebugOverlay: OptionSet, Sendable, Hashable {
    /// The set's bits, one per guide.
    public let rawValue: Int
    /// Creates a set of guides from its bits.
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

    /// Each guide's name as the CLI's `--debug` list spells it (matched without regard to case).
    public static let names: [(String, DebugOverlay)] = [
        ("boxes", .boxes), ("baselines", .baselines), ("capHeight", .capHeight), ("xHeight", .xHeight), ("grid", .grid),
    ]

    /// Every guide.
    public static let all: DebugOverlay = [.boxes, .baselines, .capHeight, .xHeight, .grid]

    /// The colour a guide is drawn in (the debug legend shows it).
    public static func color(of guide: DebugOverlay) -> Color {
        switch guide {
        case .boxes: return boxColor
        case .baselines: return baselineColor
        case .capHeight: return capHeightColor
        case .xHeight: return xHeightColor
        default: return gridColor
        }
    }

    /// Guide colours, distinct from each other and from typical UI text.
    static let boxColor = Color(red: 0xFF, green: 0x00, blue: 0xCC, alpha: 0xB0)
    static let baselineColor = Color(red: 0x00, green: 0x66, blue: 0xFF, alpha: 0xD0)
    static let capHeightColor = Color(red: 0x00, green: 0xAA, blue: 0x44, alpha: 0xD0)
    static let xHeightColor = Color(red: 0xFF, green: 0x88, blue: 0x00, alpha: 0xD0)
    static let gridColor = Color(red: 0x00, green: 0xBB, blue: 0xDD, alpha: 0x50)
}

/// Paints a laid-out scene into pixels at the canvas's scale, resolving its paints in a `Palette`.
///
/// Text is drawn unhinted with quarter-pixel horizontal positions, glyph bitmaps from a shared `GlyphCache`;
/// baselines land on whole device pixels (the uikit model puts them there by R3; css baselines are rounded
/// to the nearest pixel, as browsers snap them). Only what lands on the canvas is rasterized.
public struct Renderer: Sendable {
    /// Where glyph bitmaps come from and are kept; the process-wide cache by default, so renders share glyphs.
    public var glyphCache: GlyphCache

    /// Creates a renderer that uses `glyphCache` for glyph bitmaps.
    public init(glyphCache: GlyphCache) { self.glyphCache = glyphCache }

    /// Paints `layout` into a new image of the canvas's size in pixels, in drawing order (a stack before its
    /// children), then draws the requested guides on top.
    ///
    /// The image is `ceil(width × scale)` by `ceil(height × scale)` pixels, with the canvas height after `auto` was
    /// resolved. This method does not check the scene's size limits (the callers do); it clamps a nonsensical size
    /// to between 1 and 32,768 pixels a side instead of trapping. Nothing throws; an image paint missing from
    /// `palette` draws nothing and a colour paint missing from it draws black.
    /// - Parameters:
    ///   - layout: The laid-out scene.
    ///   - palette: The colours and bitmaps the layout's paint ids stand for.
    ///   - debug: Guides to draw over the render; none by default.
    /// - Returns: The render, straight-alpha RGBA.
    public func render(_ layout: SceneLayout, palette: Palette, debug: DebugOverlay = []) -> RGBAImage {
        let scale = layout.canvas.scale
        // Callers check the canvas size first (SnapshotRenderer); clamping here keeps a direct caller from
        // trapping on an empty, negative or absurd size.
        let width = min(max(1, scale.ceilPixels(min(layout.canvas.width, 1e6))), 1 << 15)
        let height = min(max(1, scale.ceilPixels(max(-1e6, min(layout.height, 1e6)))), 1 << 15)
        var canvas = PixelCanvas(width: width, height: height, background: palette.color(layout.canvas.background))
        if debug.contains(.grid), let grid = layout.canvas.grid, grid > 0 {
            var y = 0.0
            while y <= layout.height {
                Shapes.horizontalLine(&canvas, yPoints: y, from: 0, to: layout.canvas.width, scale: scale, color: DebugOverlay.gridColor)
                y += grid
            }
        }
        let text = TextPainter(glyphCache: glyphCache, scale: scale)
        // Frames kept in LayoutUnits (css) are painted as Chromium paints boxes: each edge snapped to the nearest
        // device pixel. Frames on the pixel grid (uikit) are unchanged by it.
        let snaps = layout.model.frameGrid == .layoutUnits
        for element in layout.elements {
            let frame = snaps ? Shapes.pixelSnapped(element.frame, scale) : element.frame
            if let background = element.background {
                Shapes.fillRoundedRect(&canvas, rect: frame, radius: background.cornerRadius, scale: scale,
                                       color: palette.color(background.paint))
                if let border = background.border {
                    if let side = border.uniform {
                        if side.width > 0 {
                            Shapes.strokeRoundedRect(&canvas, rect: frame, radius: background.cornerRadius, width: side.width,
                                                     scale: scale, color: palette.color(side.paint))
                        }
                    } else {
                        // Leading and trailing are the left and right edges left to right, mirrored right to left.
                        func band(_ side: Border.Side?) -> Shapes.SideBand? {
                            side.map { Shapes.SideBand(width: $0.width, color: palette.color($0.paint)) }
                        }
                        let rightToLeft = layout.canvas.layoutDirection == .rightToLeft
                        Shapes.strokeSides(&canvas, rect: frame, radius: background.cornerRadius, top: band(border.top),
                                           left: band(rightToLeft ? border.trailing : border.leading), bottom: band(border.bottom),
                                           right: band(rightToLeft ? border.leading : border.trailing), scale: scale)
                    }
                }
            }
            switch element.content {
            case .box(let paint, let radius):
                Shapes.fillRoundedRect(&canvas, rect: frame, radius: radius, scale: scale, color: palette.color(paint))
            case .image(let paint, _):
                if let image = palette.image(paint) { Shapes.draw(image, in: frame, scale: scale, on: &canvas) }
            case .label:
                text.draw(element, palette: palette, on: &canvas)
            case .stack, .overlay:
                break
            }
        }
        for element in layout.elements {
            if debug.contains(.boxes) { Shapes.strokeRect(&canvas, rect: element.frame, scale: scale, color: DebugOverlay.boxColor) }
            guard let label = element.labelLayout else { continue }
            for line in element.canvasLines {
                let left = element.frame.minX, right = element.frame.maxX
                let guides: [(DebugOverlay, Double, Color)] = [
                    (.baselines, 0, DebugOverlay.baselineColor),
                    (.capHeight, scale.roundToPixel(label.metrics.capHeight), DebugOverlay.capHeightColor),
                    (.xHeight, scale.roundToPixel(label.metrics.xHeight), DebugOverlay.xHeightColor),
                ]
                for (option, above, color) in guides where debug.contains(option) {
                    Shapes.horizontalLine(&canvas, yPoints: line.baseline - above, from: left, to: right, scale: scale, color: color)
                }
            }
        }
        return canvas.takeImage()
    }
}
