import GhostlineImport
import GhostlineLayout
import GhostlineRaster

/// Where a laid-out label's glyphs put ink, in points on the screen: the union of every glyph's outline box,
/// rasterized at 8 pixels per point (an eighth of a point is far below what a design tool records). It is what
/// Sketch's `glyphBounds` and Figma's `absoluteRenderBounds` record of their own rendering, so lint can say where
/// the css layout (the imported scene) puts text elsewhere than the tool did.
public enum InkBounds {
    public static let pixelsPerPoint = 8.0

    public static func of(_ element: LayoutElement) -> DesignRect? {
        guard case .label(let label) = element.content else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for line in label.lines {
            for run in line.runs {
                let ppem = run.pointSize * pixelsPerPoint
                for glyph in run.glyphs {
                    let bitmap = GlyphRasterizer.rasterize(run.font, glyph: glyph.glyph, pixelsPerEm: ppem, subpixelOffset: 0,
                                                           synthesis: run.synthesis)
                    guard bitmap.width > 0, bitmap.height > 0 else { continue }
                    let left = element.frame.x + line.x + glyph.x + Double(bitmap.left) / pixelsPerPoint
                    let top = element.frame.y + line.baseline - run.baselineOffset - glyph.y - Double(bitmap.top) / pixelsPerPoint
                    minX = min(minX, left); maxX = max(maxX, left + Double(bitmap.width) / pixelsPerPoint)
                    minY = min(minY, top); maxY = max(maxY, top + Double(bitmap.height) / pixelsPerPoint)
                }
            }
        }
        guard minX.isFinite, minY.isFinite else { return nil }
        return DesignRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
