import Foundation
import GhostlineGeometry
import GhostlineLayout
import GhostlineSupport

// The Swift builder's element functions beyond the basics in SceneBuilder.swift, and modifiers in SwiftUI's manner,
// so that every key a scene file has is one call away in Swift (SceneBuilderCoverageTests walks the key tables).

/// Flexible space along the holding stack's axis (`spacer:`), at least `minLength` points long.
public func Spacer(minLength: Double = 0) -> ElementDescription {
    .spacer(SpacerNode(minLength: minLength))
}

/// Children in one frame, each aligned in it, drawn in order (`overlay:`, SwiftUI's `ZStack`).
public func Overlay(id: String? = nil, alignment: OverlayAlignment = .center,
                    @SceneContentBuilder _ content: () -> [ElementDescription]) -> ElementDescription {
    .overlay(OverlayDescription(id: id, alignment: alignment, children: content()))
}

/// Children at their own points (`stack: absolute`): each child's `.placed(x:y:)` puts its frame's top-left corner
/// there, as a design tool's frame or CSS's `position: absolute` does. Without `height` the stack is as tall as
/// its lowest child's bottom.
public func AbsoluteStack(id: String? = nil, width: Double? = nil, height: Double? = nil,
                          @SceneContentBuilder _ content: () -> [ElementDescription]) -> ElementDescription {
    var stack = StackDescription(id: id, size: SizeConstraints(width: width, height: height), children: content())
    stack.positioning = .absolute
    return .stack(stack)
}

extension ElementDescription {
    /// Insets between a label's frame and its text (`padding:`), or a stack's layout margins; any other element is
    /// wrapped in a stack with these margins, as SwiftUI's `.padding()` wraps a view.
    public func padding(_ insets: EdgeInsets) -> ElementDescription {
        switch self {
        case .label(var label): label.padding = insets; return .label(label)
        case .stack(var stack): stack.padding = insets; return .stack(stack)
        default: return .stack(StackDescription(padding: insets, children: [self]))
        }
    }

    /// The same padding on every side.
    public func padding(_ all: Double) -> ElementDescription { padding(EdgeInsets(all: all)) }

    /// A fill behind the element's frame (`background:`), with rounded corners and a border inside the frame.
    public func background(_ color: SceneColor, cornerRadius: Double = 0,
                           border: (width: Double, color: SceneColor)? = nil) -> ElementDescription {
        background(color, cornerRadius: cornerRadius, border: border.map { BorderDescription(width: $0.width, color: $0.color) })
    }

    /// A fill behind the element's frame with a border on the sides named, e.g.
    /// `.background("white", border: BorderDescription(top: .init(width: 0.5, color: "separator")))`.
    public func background(_ color: SceneColor, cornerRadius: Double = 0, border: BorderDescription?) -> ElementDescription {
        let background = BackgroundDescription(color: color, cornerRadius: cornerRadius, border: border)
        switch self {
        case .label(var label): label.background = background; return .label(label)
        case .stack(var stack): stack.background = background; return .stack(stack)
        case .box(var box): box.background = background; return .box(box)
        case .image(var image): image.background = background; return .image(image)
        case .overlay(var overlay): overlay.background = background; return .overlay(overlay)
        case .gap, .spacer: return self
        }
    }

    /// UILabel's autoshrink on a label (`adjustsFontSizeToFitWidth: true`, `minimumScaleFactor`, and
    /// `baselineAdjustment` when given); any other element is returned as it is.
    public func adjustsFontSizeToFitWidth(minimumScaleFactor: Double,
                                          baselineAdjustment: BaselineAdjustment? = nil) -> ElementDescription {
        guard case .label(var label) = self else { return self }
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = minimumScaleFactor
        label.baselineAdjustment = baselineAdjustment ?? label.baselineAdjustment
        return .label(label)
    }

    /// UILabel's `allowsDefaultTighteningForTruncation` on a label; any other element is returned as it is.
    public func allowsDefaultTighteningForTruncation(_ allows: Bool = true) -> ElementDescription {
        guard case .label(var label) = self else { return self }
        label.allowsDefaultTighteningForTruncation = allows
        return .label(label)
    }

    /// Size constraints (`width`, `height`, `minWidth`, `minHeight`, `maxWidth`, `maxHeight`), added to the ones
    /// the element has. A box's `height` and `width` are its own size.
    public func frame(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, minHeight: Double? = nil,
                      maxWidth: Double? = nil, maxHeight: Double? = nil) -> ElementDescription {
        func merged(_ size: SizeConstraints) -> SizeConstraints {
            SizeConstraints(width: width ?? size.width, height: height ?? size.height, minWidth: minWidth ?? size.minWidth,
                            minHeight: minHeight ?? size.minHeight, maxWidth: maxWidth ?? size.maxWidth,
                            maxHeight: maxHeight ?? size.maxHeight)
        }
        /// A box's and an image's constraints hold minimums and maximums only (their own `width` and `height` are
        /// their size).
        func bounds(_ size: SizeConstraints) -> SizeConstraints {
            var bounds = merged(size)
            bounds.width = nil; bounds.height = nil
            return bounds
        }
        switch self {
        case .label(var label): label.size = merged(label.size); return .label(label)
        case .stack(var stack): stack.size = merged(stack.size); return .stack(stack)
        case .overlay(var overlay): overlay.size = merged(overlay.size); return .overlay(overlay)
        case .box(var box):
            if let width { box.width = width }
            if let height { box.height = height }
            box.size = bounds(box.size)
            return .box(box)
        case .image(var image):
            if let width { image.width = width }
            if let height { image.height = height }
            image.size = bounds(image.size)
            return .image(image)
        case .gap, .spacer: return self
        }
    }

    /// Content hugging and compression resistance (`hugging`, `compressionResistance`) of a label or image: one
    /// priority for both axes, or a pair.
    public func priorities(hugging: (horizontal: Int, vertical: Int)? = nil,
                           compressionResistance: (horizontal: Int, vertical: Int)? = nil) -> ElementDescription {
        func apply(_ p: inout ContentPriorities) {
            if let hugging { p.horizontalHugging = hugging.horizontal; p.verticalHugging = hugging.vertical }
            if let compressionResistance {
                p.horizontalCompressionResistance = compressionResistance.horizontal
                p.verticalCompressionResistance = compressionResistance.vertical
            }
        }
        switch self {
        case .label(var label): apply(&label.priorities); return .label(label)
        case .image(var image): apply(&image.priorities); return .image(image)
        default: return self
        }
    }

    /// The same priorities on both axes.
    public func priorities(hugging: Int? = nil, compressionResistance: Int? = nil) -> ElementDescription {
        priorities(hugging: hugging.map { ($0, $0) }, compressionResistance: compressionResistance.map { ($0, $0) })
    }

    /// A label's `alignCapHeight` (its top is the top of its capitals) and `snapToGrid` (its baselines on the
    /// canvas's grid).
    public func anchoring(alignCapHeight: Bool = false, snapToGrid: Bool = false) -> ElementDescription {
        guard case .label(var label) = self else { return self }
        label.alignCapHeight = alignCapHeight
        label.snapToGrid = snapToGrid
        return .label(label)
    }

    /// Where a child of an ``AbsoluteStack`` sits (`x`, `y`): its frame's top-left corner, in points from the
    /// stack's. Named apart from SwiftUI's `.position`, which places a view's centre.
    public func placed(x: Double, y: Double) -> ElementDescription {
        let at = Placement(x: x, y: y)
        switch self {
        case .label(var label): label.placement = at; return .label(label)
        case .stack(var stack): stack.placement = at; return .stack(stack)
        case .box(var box): box.placement = at; return .box(box)
        case .image(var image): image.placement = at; return .image(image)
        case .overlay(var overlay): overlay.placement = at; return .overlay(overlay)
        case .gap, .spacer: return self
        }
    }

    /// The design document's object id the element stands for (`source:`), which the layout JSON carries.
    public func source(_ id: String) -> ElementDescription {
        switch self {
        case .label(var label): label.sourceID = id; return .label(label)
        case .stack(var stack): stack.sourceID = id; return .stack(stack)
        case .box(var box): box.sourceID = id; return .box(box)
        case .image(var image): image.sourceID = id; return .image(image)
        case .overlay(var overlay): overlay.sourceID = id; return .overlay(overlay)
        case .gap, .spacer: return self
        }
    }

    /// A stack's `distribution` and `baselineRelative`.
    public func arrangement(distribution: StackDistribution? = nil, baselineRelative: Bool? = nil) -> ElementDescription {
        guard case .stack(var stack) = self else { return self }
        if let distribution { stack.distribution = distribution }
        if let baselineRelative { stack.baselineRelative = baselineRelative }
        return .stack(stack)
    }
}

extension StyleDescription {
    /// This style with one key set: `StyleDescription(font: "Inter", size: 17).with(\.strikethrough, true)`. Every
    /// key of a style is a property of its character or paragraph group, and the key path names it without the
    /// group (`\.strikethrough`, `\.lineSpacing`), as a scene file does; so every key is reachable this way.
    public func with<Value>(_ key: WritableKeyPath<CharacterStyleDescription, Value>, _ value: Value) -> StyleDescription {
        var copy = self
        copy.character[keyPath: key] = value
        return copy
    }

    /// This style with one paragraph key set: `.with(\.lineSpacing, 4)`.
    public func with<Value>(_ key: WritableKeyPath<ParagraphStyleDescription, Value>, _ value: Value) -> StyleDescription {
        var copy = self
        copy.paragraph[keyPath: key] = value
        return copy
    }

    /// This style with a property of its own set (a whole group, say): `.with(\.paragraph, shared)`.
    public func with<Value>(_ key: WritableKeyPath<StyleDescription, Value>, _ value: Value) -> StyleDescription {
        var copy = self
        copy[keyPath: key] = value
        return copy
    }
}

extension SceneDescription {
    /// This scene with the fonts and styles of style guide files (`include:`), paths relative to the scene's
    /// directory; the scene's own definitions come after the guides' and replace a name defined in both.
    public func including(_ files: [String]) throws(SceneError) -> SceneDescription {
        let list = "include: " + JSONValue.array(files.map { .string($0) }).serialized() + "\n"
        guard let node = try YAMLSafety.compose(list, path: sourcePath, resolver: SceneParser.resolver(for: list)),
              let cursor = try YAMLCursor(node: node, path: "", file: sourcePath).mapping(allowed: ["include"])["include"] else {
            return self
        }
        let directory = URL(fileURLWithPath: sourcePath).deletingLastPathComponent().path
        var guide = try StyleGuide.load(cursor, directory: directory, chain: [sourcePath])
        guide.merge(StyleGuide(fonts: fonts, styles: styles, fontDirectories: fontDirectories, systemFonts: systemFonts))
        var copy = self
        copy.fonts = guide.fonts
        copy.styles = guide.styles
        copy.fontDirectories = guide.fontDirectories
        copy.systemFonts = guide.systemFonts
        copy.includedFiles += guide.files
        copy.colors = ColorNames(scene: guide.colors + colors.scene)
        return copy
    }
}

extension ElementDescription {
    /// The element's per-child settings, changed by `change`; gaps and spacers have none and are returned as they are.
    func withFlex(_ change: (inout FlexOptions) -> Void) -> ElementDescription {
        switch self {
        case .label(var label): change(&label.flex); return .label(label)
        case .stack(var stack): change(&stack.flex); return .stack(stack)
        case .box(var box): change(&box.flex); return .box(box)
        case .image(var image): change(&image.flex); return .image(image)
        case .overlay(var overlay): change(&overlay.flex); return .overlay(overlay)
        case .gap, .spacer: return self
        }
    }

    /// A share of its stack's leftover room (`grow:`; CSS `flex-grow`, SwiftUI's `.frame(maxWidth: .infinity)`).
    public func grow(_ share: Double = 1) -> ElementDescription { withFlex { $0.grow = share } }

    /// Its share of a shortfall in the css model (`shrink:`; CSS `flex-shrink`).
    public func shrink(_ share: Double) -> ElementDescription { withFlex { $0.shrink = share } }

    /// Its own alignment across its stack (`alignSelf:`; CSS `align-self`).
    public func alignSelf(_ alignment: StackAlignment) -> ElementDescription { withFlex { $0.alignSelf = alignment } }
}
