import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineRaster
import GhostlineScene

/// Renders one scene in all 12 Dynamic Type content size categories and lays the renders out on one sheet, each
/// under a caption naming its category, so a designer sees at a glance how the component grows.
///
/// The sheet is itself laid out as a scene (stacks of captions and images) and drawn by the same renderer, at
/// the scene's scale, so every render is copied pixel for pixel.
public struct ContactSheet {
    public struct Cell: Sendable {
        public var category: ContentSizeCategory
        public var layout: SceneLayout
        public var image: RGBAImage
        /// The colours the cell's layout refers to (its layout JSON names them).
        public var palette: Palette
    }

    public var renderer: SnapshotRenderer
    public var columns: Int

    public init(renderer: SnapshotRenderer = SnapshotRenderer(), columns: Int = 4) {
        self.renderer = renderer
        self.columns = max(1, columns)
    }

    /// Whether the scene at `scenePath` changes with the content size category at all (a style with a
    /// `textStyle` or `scalesWith`); if not, its 12 cells are identical.
    public func scalesWithContentSize(scenePath: String) throws(SceneError) -> Bool {
        try SceneLoader(fonts: renderer.fonts).describe(path: scenePath).scalesWithContentSize
    }

    /// Renders every category, calling `progress(done, total, category)` after each.
    public func cells(scenePath: String, overrides: SceneOverrides = SceneOverrides(),
                      progress: (Int, Int, ContentSizeCategory) -> Void = { _, _, _ in }) throws(SceneError) -> [Cell] {
        var cells: [Cell] = []
        let categories = ContentSizeCategory.allCases
        for (index, category) in categories.enumerated() {
            var perCategory = overrides
            perCategory.contentSize = category
            let scene = try renderer.loadScene(path: scenePath, overrides: perCategory)
            let (layout, image) = try renderer.render(scene)
            cells.append(Cell(category: category, layout: layout, image: image, palette: scene.palette))
            progress(index + 1, categories.count, category)
        }
        return cells
    }

    /// The sheet: `columns` renders a row, 16 pt apart, each captioned with its category.
    public func compose(_ cells: [Cell]) throws(FontError) -> RGBAImage {
        guard let first = cells.first else { return RGBAImage(width: 1, height: 1, fill: .white) }
        let scale = first.layout.canvas.scale
        let captionFont: Font
        do {
            captionFont = try renderer.fonts.font(FontLocator.locate(family: "Inter", weight: .semibold))
        } catch {
            captionFont = try renderer.fonts.font(FontLocator.locate(family: "DejaVu Sans"))
        }
        var palette = Palette()
        let caption = TextStyle(font: captionFont, pointSize: 13, paint: palette.add(Color(red: 0x3C, green: 0x3C, blue: 0x43)))
        var rows: [LayoutNode] = []
        for start in stride(from: 0, to: cells.count, by: columns) {
            let row = cells[start..<min(start + columns, cells.count)].map { cell -> LayoutNode in
                let size = Size(width: Double(cell.image.width) / scale.value, height: Double(cell.image.height) / scale.value)
                return .stack(StackNode(axis: .vertical, spacing: 4, alignment: .leading, children: [
                    .label(LabelNode(id: "caption-\(cell.category.rawValue)", text: cell.category.rawValue, style: caption)),
                    .image(ImageNode(id: cell.category.rawValue, paint: palette.add(cell.image), source: cell.category.rawValue,
                                     width: size.width, height: size.height)),
                ]))
            }
            rows.append(.stack(StackNode(axis: .horizontal, spacing: 16, alignment: .top, children: row)))
        }
        let root = LayoutNode.stack(StackNode(axis: .vertical, padding: EdgeInsets(all: 16), spacing: 16, alignment: .leading,
                                              children: rows))
        let widest = stride(from: 0, to: cells.count, by: columns).map { start in
            cells[start..<min(start + columns, cells.count)].reduce(0.0) { $0 + Double($1.image.width) / scale.value + 16 }
        }.max() ?? 0
        let canvas = Canvas(width: widest + 16, scale: scale, background: palette.add(Color(red: 0xF2, green: 0xF2, blue: 0xF7)))
        let layout = StackLayouter(model: .uikit, scale: scale).layout(root, canvas: canvas)
        return renderer.renderer.render(layout, palette: palette)
    }
}
