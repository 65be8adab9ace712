import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout

/// Styles, labels and the rest of the tree.
extension ResolverState {
    /// A style description as layout wants it: the character style (font opened, size from Dynamic Type when
    /// `textStyle` is set, colour in the palette) and the paragraph style. How its font was found is recorded for
    /// `subject`.
    mutating func resolve(_ style: StyleDescription,
                          for subject: FontResolution.Subject) throws(SceneError) -> (TextStyle, ParagraphStyle) {
        var size = style.size
        var lineHeight = style.lineHeight
        var weight = style.weight ?? .regular
        if let textStyle = style.textStyle {
            let spec = DynamicType.spec(textStyle, contentSize)
            size = spec.pointSize
            weight = style.weight ?? spec.weight
            // UIKit applies a text style's size and weight, never the HIG table's line height (measured on
            // iOS: title1 at Large is the font's 33.667 pt at @3x, not 34); design kits and so the css model do.
            if style.lineHeightFromTextStyle || (model.textStyleSuppliesLineHeight && lineHeight == nil && style.lineHeightPercent == nil) {
                lineHeight = spec.lineHeight
            }
        } else if let curve = style.scalesWith, let own = size {
            // UIFontMetrics(forTextStyle: curve).scaledFont(for:maximumPointSize:) on the style's own font.
            (size, lineHeight) = DynamicType.scaled(size: own, lineHeight: lineHeight, with: curve, at: contentSize,
                                                    maximumPointSize: style.maximumPointSize)
            if style.lineHeightFromTextStyle {
                throw error(style.marks["lineHeight"] ?? style.mark, "`lineHeight: textStyle` needs a `textStyle` in the same style",
                            fix: "give the line height in points: it scales with `scalesWith` as the size does")
            }
        } else if style.lineHeightFromTextStyle {
            throw error(style.marks["lineHeight"] ?? style.mark, "`lineHeight: textStyle` needs a `textStyle` in the same style",
                        fix: "add `textStyle: body` (or another text style), or give the line height in points")
        }
        guard let size else {
            throw error(style.mark, "the style has no size", fix: "add `size: 17` (points) or `textStyle: body`")
        }
        guard let fontName = style.font else {
            throw error(style.mark, "missing required key `font`",
                        fix: "name a font: a key of `fonts:`, a family such as Inter, or a PostScript name")
        }
        // Percentages are of the size finally used (after Dynamic Type), as Figma and CSS `em`s are.
        if let percent = style.lineHeightPercent { lineHeight = model.percentLineHeight.points(percent, of: size) }
        let letterSpacing = style.letterSpacing ?? style.letterSpacingPercent.map { $0 / 100 * size } ?? 0
        let request = FontResolution.Request(name: fontName, weight: weight, italic: style.italic ?? false)
        // On a variable font: the weight on `wght`, the size on `opsz` (unless `opticalSizing: none`), then the
        // explicit axes, which win (CSS Fonts 4 §7, Core Text's automatic optical size).
        let variations = FontVariationRequest(weight: weight.value,
                                              opticalSize: (style.opticalSizing ?? .auto) == .auto ? size : nil,
                                              settings: style.variations ?? [])
        let (font, source) = try self.font(request, mark: style.marks["font"], variations: variations,
                                           explicitWeight: style.weight != nil || style.textStyle != nil)
        fontResolutions.append(FontResolution(subject: subject, request: request, source: source, font: font))
        var text = TextStyle(font: font, pointSize: size, letterSpacing: letterSpacing, kerning: style.kerning ?? true,
                             ligatures: style.ligatures ?? true, baselineOffset: style.baselineOffset ?? 0,
                             underline: try decoration(style.underline, key: "underline", style: style),
                             strikethrough: try decoration(style.strikethrough, key: "strikethrough", style: style),
                             language: style.language, paint: palette.add(try color(style.color ?? "label", default: .black, mark: style.marks["color"])))
        text.variations = variations
        text.features = style.features ?? []
        text.textCase = style.textCase ?? .none
        text.textSpacingTrim = style.textSpacingTrim ?? .normal
        if case .snappedFamily = source {
            text.requestedFace = RequestedFace(name: request.name, weight: request.weight.value, italic: request.italic)
        }
        var paragraph = ParagraphStyle()
        paragraph.lineHeight = lineHeight
        paragraph.lineHeightStrategy = style.lineHeightStrategy ?? .padded
        paragraph.lineSpacing = style.lineSpacing ?? 0
        paragraph.paragraphSpacing = style.paragraphSpacing ?? 0
        paragraph.paragraphSpacingBefore = style.paragraphSpacingBefore ?? 0
        paragraph.minimumLineHeight = style.minimumLineHeight ?? 0
        paragraph.maximumLineHeight = style.maximumLineHeight ?? 0
        paragraph.lineHeightMultiple = style.lineHeightMultiple ?? 0
        paragraph.firstLineHeadIndent = style.firstLineHeadIndent ?? 0
        paragraph.headIndent = style.headIndent ?? 0
        paragraph.tailIndent = style.tailIndent ?? 0
        paragraph.alignment = style.alignment ?? .natural
        paragraph.language = style.language
        paragraph.lineBreak = style.lineBreak
        // A setting the model has no use for is refused rather than ignored; the first one set, in this order.
        let given = [("lineBreak", style.lineBreak != nil), ("whiteSpace", style.whiteSpace != nil),
                     ("overflowWrap", style.overflowWrap != nil), ("wordBreak", style.wordBreak != nil),
                     ("hyphens", style.hyphens != nil), ("hyphenationFactor", style.hyphenationFactor != nil)]
        try refuseUnused(given, marks: style.marks)
        paragraph.whiteSpace = style.whiteSpace ?? .preWrap
        paragraph.overflowWrap = style.overflowWrap ?? .breakWord
        paragraph.wordBreak = style.wordBreak ?? .normal
        paragraph.hyphens = style.hyphens ?? .manual
        paragraph.hyphenationFactor = style.hyphenationFactor ?? 0
        return (text, paragraph)
    }

    /// A decoration as layout draws it: nil for none or `false`; its colour added to the palette (nil = the text's).
    mutating func decoration(_ description: DecorationDescription?, key: String,
                             style: StyleDescription) throws(SceneError) -> TextDecorationStyle? {
        guard let description, description.isOn else { return nil }
        var paint: PaintID?
        if let color = description.color {
            paint = palette.add(try self.color(color, default: .black, mark: style.marks[key], keyPath: key + ".color"))
        }
        return TextDecorationStyle(line: description.line ?? .single, pattern: description.pattern ?? .solid, paint: paint)
    }

    /// The description a reference stands for (a named style looked up, an inline one as written).
    func description(of reference: StyleReference) throws(SceneError) -> StyleDescription {
        switch reference {
        case .inline(let style):
            return style
        case .named(let name, let mark):
            guard let named = styles[name] else {
                throw error(mark, "no style named `\(name)`",
                            fix: "define it under `styles:` (defined: \(styles.keys.sorted().joined(separator: ", ")))")
            }
            return named
        }
    }

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
            return .box(resolved)
        case .image(let image): return .image(try self.image(image))
        case .stack(let inner): return .stack(try self.stack(inner))
        case .overlay(let overlay):
            var resolved = OverlayNode(id: overlay.id, alignment: overlay.alignment, children: [])
            resolved.size = overlay.size
            resolved.background = try background(overlay.background)
            resolved.placement = overlay.placement
            resolved.sourceID = overlay.sourceID
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
            border = Border(width: b.width, paint: palette.add(try color(b.color, default: .black, mark: background.mark)))
        }
        return Background(paint: fill, cornerRadius: background.cornerRadius, border: border)
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
        return node
    }

    /// The `@2x`/`@3x` suffix of an image file's name (before the extension), as UIImage reads it; 1 without one.
    static func fileScale(_ path: String) -> Double {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for factor in [2, 3] where name.hasSuffix("@\(factor)x") { return Double(factor) }
        return 1
    }
}

extension ResolverState {
    /// Throws the model's refusal of the first setting of `given` that is set and that the model has no use for, at
    /// the place `marks` names for it: a setting is refused rather than silently ignored.
    func refuseUnused(_ given: [(key: String, isSet: Bool)], marks: [String: SourceMark]) throws(SceneError) {
        for (key, isSet) in given where isSet {
            if let refused = model.refusal(of: key) { throw error(marks[key], refused.problem, fix: refused.fix) }
        }
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
