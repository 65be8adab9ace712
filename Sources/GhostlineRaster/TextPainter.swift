import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout

/// Draws a label's glyph runs and their decorations.
struct TextPainter {
    let glyphCache: GlyphCache
    let scale: Scale

    func draw(_ element: LayoutElement, palette: Palette, on canvas: inout PixelCanvas) {
        let s = scale.value
        let bins = GlyphCache.subpixelBins
        for line in element.canvasLines {
            for run in line.runs {
                let color = palette.color(run.paint)
                let pixelsPerEm = run.pointSize * s
                // Glyphs cannot reach further than a few ems from their pen: skip what cannot touch the canvas
                // before asking for a bitmap (a 1000 pt paragraph mostly below the canvas rasterizes nothing).
                let reach = 4 * pixelsPerEm
                let baselinePixel = Shapes.pixel(line.baseline - run.baselineOffset, scale)
                guard Double(baselinePixel) + reach >= 0, Double(baselinePixel) - reach <= Double(canvas.height) else { continue }
                for glyph in run.glyphs {
                    let penX = (line.x + glyph.x) * s
                    guard penX + reach >= 0, penX - reach <= Double(canvas.width) else { continue }
                    var whole = Int(penX.rounded(.down))
                    var bin = Int(((penX - Double(whole)) * Double(bins)).rounded())
                    if bin == bins { whole += 1; bin = 0 }
                    let bitmap = glyphCache.bitmap(font: run.font, glyph: glyph.glyph, pixelsPerEm: pixelsPerEm, bin: bin,
                                                    synthesis: run.synthesis)
                    guard bitmap.width > 0 else { continue }
                    let left = whole + bitmap.left
                    let top = baselinePixel - Int((glyph.y * s).rounded()) - bitmap.top
                    composite(bitmap, left: left, top: top, color: color, on: &canvas)
                }
                for decoration in [run.underline, run.strikethrough].compactMap({ $0 }) {
                    let lineColor = decoration.style.paint.map { palette.color($0) } ?? color
                    let x0 = Shapes.pixel(line.x + run.x, scale), x1 = Shapes.pixel(line.x + run.x + run.width, scale)
                    for stroke in decoration.strokes {
                        // Blink's lines are whole pixels from the baseline's own rounded pixel; a font's line is
                        // rounded where it falls.
                        let top = decoration.anchoredToBaselinePixel
                            ? baselinePixel + Shapes.clampedInt((stroke.offset * s).rounded(.toNearestOrAwayFromZero))
                            : Shapes.clampedInt(((line.baseline - run.baselineOffset + stroke.offset) * s).rounded(.toNearestOrAwayFromZero))
                        let thickness = max(1, Shapes.clampedInt((stroke.thickness * s).rounded(.toNearestOrAwayFromZero)))
                        for (a, b) in Self.dashSpans(x0: x0, x1: x1, dashes: decoration.dashes, scale: s) {
                            canvas.fill(x0: a, x1: b, y0: top, y1: top + thickness, color: lineColor)
                        }
                    }
                }
            }
        }
    }

    /// The inked pixel columns of a decoration from `x0` to `x1`: the whole span when solid, else the pattern's on
    /// lengths (points, times `scale` device pixels each, at least one pixel) repeated from the run's left edge, so
    /// a pattern restarts with ink at every run as UIKit draws each run's line on its own.
    static func dashSpans(x0: Int, x1: Int, dashes: [Double], scale: Double) -> [(Int, Int)] {
        guard !dashes.isEmpty else { return [(x0, x1)] }
        let pixels = dashes.map { max(1, Int(($0 * scale).rounded(.toNearestOrAwayFromZero))) }
        var spans: [(Int, Int)] = []
        var x = x0, index = 0
        while x < x1 {
            let length = pixels[index % pixels.count]
            if index % 2 == 0 { spans.append((x, min(x1, x + length))) }
            x += length
            index += 1
        }
        return spans
    }

    /// Composites a glyph: coverage in the text's colour, or a colour bitmap as it is (faded by the colour's alpha).
    private func composite(_ bitmap: GlyphBitmap, left: Int, top: Int, color: Color, on canvas: inout PixelCanvas) {
        let firstRow = max(0, -top), endRow = min(bitmap.height, canvas.height - top)
        let firstColumn = max(0, -left), endColumn = min(bitmap.width, canvas.width - left)
        guard firstRow < endRow, firstColumn < endColumn else { return }
        let rows = firstRow..<endRow, columns = firstColumn..<endColumn
        if let rgba = bitmap.color {
            rgba.withUnsafeBufferPointer { pixels in
                canvas.blend(premultiplied: pixels, bitmapWidth: bitmap.width, rows: rows, columns: columns, left: left, top: top,
                             opacity: color.alpha)
            }
            return
        }
        bitmap.coverage.withUnsafeBufferPointer { coverage in
            canvas.blend(coverage: coverage, bitmapWidth: bitmap.width, rows: rows, columns: columns, left: left, top: top,
                         color: color)
        }
    }
}
