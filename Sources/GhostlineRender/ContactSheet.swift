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
    /// One category's render, with the layout it was drawn from.
    public struct Cell: Sendable {
        /// The content size category the cell was resolved in.
        public var category: ContentSizeCategory
        /// The scene's layout in that category (what `matrix` writes as the cell's layout JSON).
        public var layout: SceneLayout
        /// The render, at the scene's scale.
        public var image: RGBAImage
        /// The colours the cell's layout refers to (its layout JSON names them).
        public var palette: Palette
        /// The files the cell's scene was read from (the scene, its style guides, fonts and images): outputs
        /// must not overwrite them.
        public var inputFiles: [String] = []
    }

    /// The font library and renderer used for the cells and the sheet.
    package var renderer: SnapshotRenderer
    /// Renders a row; at least 1 (4 by default, three rows for the twelve categories).
    public var columns: Int

    /// Creates a contact sheet maker; a `columns` below 1 is taken as 1.
    package init(renderer: SnapshotRenderer, columns: Int = 4) {
        self.renderer = renderer
        self.columns = max(1, columns)
    }

    /// Whether the scene at `scenePath` changes with the content size category at all (a style with a
    /// `textStyle` or `scalesWith`); if not, its 12 cells are identical.
    public func scalesWithContentSize(scenePath: String) throws(SceneError) -> Bool {
        try SceneLoader(fonts: renderer.fonts).describe(path: scenePath).scalesWithContentSize
    }

    /// Renders every category, calling `progress(done, total, category)` after each.
    ///
    /// All twelve are laid out first (cheap) and the sheet's size is checked against the PNG limit before any
    /// cell is drawn: twelve large cells would otherwise take gigabytes for a sheet that cannot be written.
    public func cells(scenePath: String, overrides: SceneOverrides = SceneOverrides(),
                      progress: (Int, Int, ContentSizeCategory) -> Void = { _, _, _ in }) throws(SceneError) -> [Cell] {
        let description = try SceneLoader(fonts: renderer.fonts).describe(path: scenePath)
        return try cells(description: description, overrides: overrides, progress: progress)
    }

    /// Renders every category of a parsed scene (from standard input, or built in Swift).
    public func cells(description: SceneDescription, overrides: SceneOverrides = SceneOverrides(),
                      progress: (Int, Int, ContentSizeCategory) -> Void = { _, _, _ in }) throws(SceneError) -> [Cell] {
        let loader = SceneLoader(fonts: renderer.fonts)
        let scenePath = description.sourcePath
        let categories = ContentSizeCategory.allCases
        var laidOut: [(ContentSizeCategory, Scene, SceneLayout)] = []
        for category in categories {
            var perCategory = overrides
            perCategory.contentSize = category
            let scene = try loader.resolve(description, overrides: perCategory)
            let layout = scene.layout()
            try SnapshotRenderer.checkCanvas(layout, scene: scene)
            laidOut.append((category, scene, layout))
        }
        let size = sheetSize(laidOut.map { Size(width: $0.2.canvas.width, height: $0.2.height) })
        let scale = laidOut.first?.2.canvas.scale ?? Scale(1)
        let limit = Double(SnapshotRenderer.maximumSidePixels)
        if size.width * scale.value > limit || size.height * scale.value > limit {
            let pixels = "\(Int((size.width * scale.value).rounded(.up)))×\(Int((size.height * scale.value).rounded(.up))) px"
            let fewer = max(1, Int(limit / scale.value / max(1, size.width / Double(columns))))
            throw SceneError(file: scenePath, keyPath: "canvas",
                             problem: "the contact sheet would be \(pixels) at \(scale), over the \(SnapshotRenderer.maximumSidePixels) px limit of a side",
                             fix: size.width * scale.value > limit && columns > 1
                                ? "use fewer columns (--columns \(min(fewer, columns - 1))) or a lower --scale"
                                : "use a lower --scale, or render the categories one at a time with --content-size")
        }
        var cells: [Cell] = []
        for (index, (category, scene, layout)) in laidOut.enumerated() {
            let image = renderer.renderer.render(layout, palette: scene.palette)
            cells.append(Cell(category: category, layout: layout, image: image, palette: scene.palette, inputFiles: scene.inputFiles))
            progress(index + 1, categories.count, category)
        }
        return cells
    }

    /// The sheet's size in points for cells of these sizes (in category order): what `compose` lays out, worked
    /// out without drawing — 16 pt margins and gaps, a 4 pt gap and a 13 pt caption line over each cell.
    public func sheetSize(_ cells: [Size]) -> Size {
        let captionHeight = 22.0   // generous: Inter/DejaVu 13 pt lines are 15.7–16 pt; over-estimating is safe
        var width = 0.0, height = 16.0
        for start in stride(from: 0, to: cells.count, by: columns) {
            let row = cells[start..<min(start + columns, cells.count)]
            width = max(width, row.reduce(0) { $0 + $1.width + 16 })
            height += (row.map(\.height).max() ?? 0) + captionHeight + 4 + 16
        }
        return Size(width: width + 16, height: height)
    }

    /// The sheet: `columns` renders a row, 16 pt apart, each captioned with its category.
    public func compose(_ cells: [Cell]) throws(FontError) -> RGBAImage {
        guard let first = cells.first else { return RGBAImage(width: 1, height: 1, fill: .white) }
        let scale = first.layout.canvas.scale
        let captionFont: Font
        do {
            captionFont = try renderer.fonts.library.font(renderer.fonts.locator.locate(family: "Inter", weight: .semibold))
        } catch {
            captionFont = try renderer.fonts.library.font(renderer.fonts.locator.locate(family: "DejaVu Sans"))
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
