import Foundation
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout

/// Labels (their styles resolved by `resolve(_:for:)`, a run's inheriting from its label's) and the rest of the tree.
extension ResolverState {
    mutating func stack(_ stack: StackDescription) throws(SceneError) -> StackNode {
        var node = StackNode(id: stack.id, axis: stack.axis, padding: stack.padding, spacing: stack.spacing,
                             alignment: stack.alignment, children: [])
        node.distribution = stack.distribution
        node.baselineRelative = stack.baselineRelative
        node.size = stack.size
        node.background = try background(stack.background)
        node.positioning = stack.positioning
        node.placement = stack.placement
        node.sourceID = stack.sourceID
        node.flex = try flex(stack.flex, marks: stack.flexMarks)
        node.children.reserveCapacity(stack.children.count)
        for child in stack.children { node.children.append(try self.node(child)) }
        return node
    }

    /// One child of a stack or overlay as a layout node.
    mutating func node(_ child: ElementDescription) throws(SceneError) -> LayoutNode {
        switch child {
        case .label(let label): return .label(try self.label(label))
        case .box(let box):
            var resolved = BoxNode(id: box.id, width: box.width, height: box.height,
                                   paint: palette.add(try color(box.color, default: .black, mark: nil)), cornerRadius: box.cornerRadius)
            resolved.size = box.size
            resolved.background = try background(box.background)
            resolved.placement = box.placement
            resolved.sourceID = box.sourceID
            resolved.flex = try flex(box.flex, marks: box.flexMarks)
            return .box(resolved)
        case .image(let image): return .image(try self.image(image))
        case .stack(let inner): return .stack(try self.stack(inner))
        case .overlay(let overlay):
            var resolved = OverlayNode(id: overlay.id, alignment: overlay.alignment, children: [])
            resolved.size = overlay.size
            resolved.background = try background(overlay.background)
            resolved.placement = overlay.placement
            resolved.sourceID = overlay.sourceID
            resolved.flex = try flex(overlay.flex, marks: overlay.flexMarks)
            for child in overlay.children { resolved.children.append(try node(child)) }
            return .overlay(resolved)
        case .gap(let gap): return .gap(gap)
        case .spacer(let spacer): return .spacer(spacer)
        }
    }

    /// A background's colours in the scheme being drawn, added to the palette.
    mutating func background(_ background: BackgroundDescription?) throws(SceneError) -> Background? {
        guard let background else { return nil }
        let fill = palette.add(try color(background.color, default: .black, mark: background.mark))
        var border: Border?
        if let b = background.border {
            func side(_ side: BorderDescription.Side?) throws(SceneError) -> Border.Side? {
                guard let side else { return nil }
                return Border.Side(width: side.width, paint: palette.add(try color(side.color, default: .black, mark: background.mark)))
            }
            border = Border(top: try side(b.top), leading: try side(b.leading), bottom: try side(b.bottom), trailing: try side(b.trailing))
        }
        return Background(paint: fill, cornerRadius: background.cornerRadius, border: border)
    }

    /// An element's per-child settings, if its model has them: the uikit model refuses `shrink` (CSS's flex-shrink).
    func flex(_ options: FlexOptions, marks: [String: SourceMark]) throws(SceneError) -> FlexOptions {
        if options.shrink != nil, let refused = model.refusal(of: "shrink") {
            throw error(marks["shrink"], refused.problem, fix: refused.fix, keyPath: marks["shrink"] == nil ? "shrink" : "")
        }
        return options
    }

    mutating func label(_ label: LabelDescription) throws(SceneError) -> LabelNode {
        let base = try description(of: label.style)
        var resolved: (TextStyle, ParagraphStyle)
        // The label in font resolutions: its id, else where its style was written.
        let labelName = label.id ?? base.mark?.keyPath ?? "label"
        switch label.style {
        case .named(let name, _):
            if let cached = resolvedStyles[name] {
                resolved = cached
            } else {
                resolved = try resolve(base, for: .style(name))
                resolvedStyles[name] = resolved
            }
        case .inline:
            resolved = try resolve(base, for: .label(labelName, run: nil))
        }
        var (baseStyle, paragraph) = resolved
        if let n = label.numberOfLines { paragraph.numberOfLines = n }
        if let a = label.alignment { paragraph.alignment = a }
        if let m = label.lineBreakMode { paragraph.lineBreakMode = m }
        if let d = label.baseWritingDirection { paragraph.baseWritingDirection = d }
        paragraph.autoshrink = try autoshrink(of: label)
        if label.snapToGrid && grid == nil {
            throw error(label.marks["snapToGrid"], "snapToGrid needs a baseline grid", fix: "set `canvas.grid` (e.g. 4 or 8 points)")
        }
        let text: AttributedText
        switch label.text {
        case .plain(let string):
            text = AttributedText(string, style: baseStyle)
        case .runs(let runs):
            var pieces: [(text: String, style: TextStyle?)] = []
            for (index, run) in runs.enumerated() {
                guard let reference = run.style else { pieces.append((run.text, nil)); continue }
                let own = try description(of: reference).inheriting(from: base)
                pieces.append((run.text, try resolve(own, for: .label(labelName, run: index)).0))
            }
            text = AttributedText(base: baseStyle, pieces: pieces)
        }
        var node = LabelNode(id: label.id, text: text, paragraph: paragraph, alignCapHeight: label.alignCapHeight,
                             snapToGrid: label.snapToGrid)
        node.size = label.size
        node.priorities = label.priorities
        node.padding = label.padding
        node.background = try background(label.background)
        node.placement = label.placement
        node.sourceID = label.sourceID
        node.flex = try flex(label.flex, marks: label.flexMarks)
        return node
    }

    /// An image: its bitmap in the palette, its intrinsic size the bitmap's pixels over the `@Nx` scale in its
    /// file name (1 without one), as `UIImage(named:)` reads `icon@3x.png`; a `width` or `height` in the scene
    /// fixes that side (a required constraint), the other keeps its intrinsic length.
    mutating func image(_ image: ImageDescription) throws(SceneError) -> ImageNode {
        let path = absolute(image.file)
        let pixels: RGBAImage
        do {
            // Through the decoding the caller handed in (in Ghostline: PNG, JPEG or WebP, upright by its EXIF
            // orientation, checked before reading like every image).
            let decoded = try images.read(path)
            pixels = decoded.image
            warnings += decoded.warnings
        } catch {
            throw self.error(image.mark, "\(error)", fix: "")
        }
        inputFiles.append(path)
        let fileScale = Self.fileScale(path)
        var size = image.size
        size.width = image.width
        size.height = image.height
        var node = ImageNode(id: image.id, paint: palette.add(pixels), source: path,
                             width: image.width ?? Double(pixels.width) / fileScale,
                             height: image.height ?? Double(pixels.height) / fileScale, size: size)
        node.priorities = image.priorities
        node.background = try background(image.background)
        node.placement = image.placement
        node.sourceID = image.sourceID
        node.flex = try flex(image.flex, marks: image.flexMarks)
        return node
    }

    /// The `@2x`/`@3x` suffix of an image file's name (before the extension), as UIImage reads it; 1 without one.
    static func fileScale(_ path: String) -> Double {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for factor in [2, 3] where name.hasSuffix("@\(factor)x") { return Double(factor) }
        return 1
    }

    /// UILabel's autoshrink keys of `label`, refused (with the model's wording) by a model that has no such thing.
    func autoshrink(of label: LabelDescription) throws(SceneError) -> Autoshrink {
        let given = [("adjustsFontSizeToFitWidth", label.adjustsFontSizeToFitWidth != nil),
                     ("minimumScaleFactor", label.minimumScaleFactor != nil),
                     ("allowsDefaultTighteningForTruncation", label.allowsDefaultTighteningForTruncation != nil),
                     ("baselineAdjustment", label.baselineAdjustment != nil)]
        try refuseUnused(given, marks: label.marks)
        var autoshrink = Autoshrink()
        autoshrink.adjustsFontSizeToFitWidth = label.adjustsFontSizeToFitWidth ?? false
        autoshrink.minimumScaleFactor = label.minimumScaleFactor ?? 0
        autoshrink.allowsDefaultTighteningForTruncation = label.allowsDefaultTighteningForTruncation ?? false
        autoshrink.baselineAdjustment = label.baselineAdjustment ?? .alignBaselines
        return autoshrink
    }
}
