import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineRaster

/// A strip under a debug render that names each guide in the colour it is drawn in.
///
/// Why: five thin coloured lines mean nothing to someone who did not write the renderer; a render passed around
/// in a design review has to explain itself. The strip is laid out as a small scene (one row per guide: a swatch
/// and a caption) and drawn by the same renderer at the render's scale, then joined under the render. The layout
/// JSON is the scene's alone: the legend is paint, not layout.
public enum DebugLegend {
    /// What each guide marks, in the order the legend lists them.
    public static let entries: [(guide: DebugOverlay, caption: String)] = [
        (.boxes, "boxes: every element's frame"),
        (.baselines, "baselines: where each line's glyphs sit"),
        (.capHeight, "capHeight: the top of the capitals"),
        (.xHeight, "xHeight: the top of the lowercase"),
        (.grid, "grid: the scene's baseline grid"),
    ]

    /// `image` (a render at `scale`) with the legend for `guides` under it; the image itself when there are none.
    package static func appended(to image: RGBAImage, guides: DebugOverlay, scale: Scale,
                                renderer: SnapshotRenderer) -> RGBAImage {
        let shown = entries.filter { guides.contains($0.guide) }
        guard !shown.isEmpty, image.width > 0 else { return image }
        let font: Font
        do {
            font = try renderer.fonts.library.font(renderer.fonts.locator.locate(family: "Inter"))
        } catch {
            guard let fallback = try? renderer.fonts.library.font(renderer.fonts.locator.locate(family: "DejaVu Sans")) else { return image }
            font = fallback
        }
        var palette = Palette()
        let text = TextStyle(font: font, pointSize: 11, paint: palette.add(Color(red: 0x3C, green: 0x3C, blue: 0x43)))
        let rows = shown.map { entry -> LayoutNode in
            .stack(StackNode(axis: .horizontal, spacing: 6, alignment: .center, children: [
                .box(BoxNode(id: "swatch", width: 16, height: 4, paint: palette.add(opaque(DebugOverlay.color(of: entry.guide))))),
                .label(LabelNode(id: "legend", text: entry.caption, style: text)),
            ]))
        }
        let root = LayoutNode.stack(StackNode(axis: .vertical, padding: EdgeInsets(all: 8), spacing: 4, alignment: .leading,
                                              children: rows))
        let width = Double(image.width) / scale.value
        let canvas = Canvas(width: width, scale: scale, background: palette.add(Color(red: 0xF2, green: 0xF2, blue: 0xF7)))
        let layout = StackLayouter(model: .uikit, scale: scale).layout(root, canvas: canvas)
        let strip = renderer.renderer.render(layout, palette: palette)
        guard strip.width == image.width, image.height + strip.height <= SnapshotRenderer.maximumSidePixels else { return image }
        return RGBAImage(width: image.width, height: image.height + strip.height, pixels: image.pixels + strip.pixels)
    }

    /// A guide's colour at full opacity, so the swatch on the legend's grey reads as the colour itself.
    static func opaque(_ color: Color) -> Color {
        Color(red: color.red, green: color.green, blue: color.blue)
    }
}
