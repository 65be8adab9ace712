import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineShaping

/// Scenes written in Swift, one to one with the YAML format, so a test needs no scene file:
///
/// ```swift
/// let body = StyleDescription(font: "Inter", size: 17, lineHeight: 24)
/// let card = SceneDescription(width: 375, scale: 3) {
///     VStack(padding: 8, spacing: 8) {
///         Label("Pixel-perfect line height", id: "title", style: .init(font: "Inter-SemiBold", size: 28, lineHeight: 38))
///         Label("Designs set a line height; UIKit sets line spacing.", id: "body", style: body)
///     }
/// }
/// ```
///
/// Both forms give the same `SceneDescription`, resolved by the same `SceneResolver`: a card written in Swift
/// renders the same bytes as its YAML twin. Relative paths (images, font files) resolve against `directory`.
@resultBuilder
public enum SceneContentBuilder {
    /// One child written in the block.
    public static func buildExpression(_ element: ElementDescription) -> [ElementDescription] { [element] }
    /// Several children at once (a list built elsewhere), spliced in place.
    public static func buildExpression(_ elements: [ElementDescription]) -> [ElementDescription] { elements }
    /// The block's children, in the order written.
    public static func buildBlock(_ parts: [ElementDescription]...) -> [ElementDescription] { parts.flatMap { $0 } }
    /// Children under an `if` without `else`; none when the condition is false.
    public static func buildOptional(_ part: [ElementDescription]?) -> [ElementDescription] { part ?? [] }
    /// Children of the `if` branch of an `if`/`else` or the first `switch` case.
    public static func buildEither(first: [ElementDescription]) -> [ElementDescription] { first }
    /// Children of the `else` branch or a later `switch` case.
    public static func buildEither(second: [ElementDescription]) -> [ElementDescription] { second }
    /// Children written in a `for` loop, in loop order.
    public static func buildArray(_ parts: [[ElementDescription]]) -> [ElementDescription] { parts.flatMap { $0 } }
}

extension SceneDescription {
    /// A scene whose root is a vertical stack of `content` (write a `VStack` or `HStack` inside for its padding,
    /// spacing and alignment, as YAML's `root:` does).
    public init(width: Double? = nil, device: String? = nil, height: Double? = nil, scale: Int? = nil,
                background: SceneColor? = nil, grid: Double? = nil,
                contentSize: ContentSizeCategory? = nil, layoutDirection: TextDirection? = nil, model: LayoutModel? = nil,
                colorScheme: ColorScheme? = nil, colors: KeyValuePairs<String, SceneColor> = [:],
                fontDirectories: [String] = [], systemFonts: Bool? = nil,
                fonts: [NamedFont] = [], fallback: [String] = [], styles: [String: StyleDescription] = [:],
                ignore: [Rect] = [], minColorDifference: Double? = nil, directory: String = "/",
                @SceneContentBuilder content: () -> [ElementDescription]) {
        let children = content()
        let root: StackDescription
        if children.count == 1, case .stack(let only) = children[0] {
            root = only
        } else {
            root = StackDescription(children: children)
        }
        // A device gives the width and scale a scene leaves out; an unknown one is an error when the scene resolves.
        let screen = device.flatMap(AppleTables.device(named:))
        self.init(canvas: CanvasDescription(width: width ?? screen?.width ?? 0, height: height, scale: scale ?? screen?.scale,
                                            background: background, grid: grid,
                                            contentSize: contentSize, layoutDirection: layoutDirection,
                                            colorScheme: colorScheme),
                  model: model, fonts: fonts, fallback: fallback.map { FontReference($0) },
                  styles: styles.sorted { $0.key < $1.key }.map { NamedStyle(name: $0.key, style: $0.value) },
                  root: root, sourcePath: directory.hasSuffix("/") ? directory + "scene.swift" : directory + "/scene.swift")
        // `fontDirectories:` and `systemFonts:`, relative to `directory` as the YAML keys are to the scene file.
        self.fontDirectories = fontDirectories.map { path in
            FontDirectory(path: path.hasPrefix("/") ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).standardized.path,
                          file: sourcePath)
        }
        self.systemFonts = systemFonts
        self.minColorDifference = minColorDifference
        self.colors = ColorNames(scene: colors.map { (name: $0.key, color: $0.value) })
        self.canvas.device = device
        self.ignore = ignore
    }
}

/// A vertical stack (`stack: vertical`).
public func VStack(id: String? = nil, padding: EdgeInsets = .zero, spacing: Double = 0, align: StackAlignment = .fill,
                   @SceneContentBuilder _ content: () -> [ElementDescription]) -> ElementDescription {
    .stack(StackDescription(id: id, axis: .vertical, padding: padding, spacing: spacing, alignment: align, children: content()))
}

/// A vertical stack with the same padding on every side.
public func VStack(id: String? = nil, padding: Double, spacing: Double = 0, align: StackAlignment = .fill,
                   @SceneContentBuilder _ content: () -> [ElementDescription]) -> ElementDescription {
    VStack(id: id, padding: EdgeInsets(all: padding), spacing: spacing, align: align, content)
}

/// A horizontal stack (`stack: horizontal`).
public func HStack(id: String? = nil, padding: EdgeInsets = .zero, spacing: Double = 0, align: StackAlignment = .fill,
                   @SceneContentBuilder _ content: () -> [ElementDescription]) -> ElementDescription {
    .stack(StackDescription(id: id, axis: .horizontal, padding: padding, spacing: spacing, alignment: align, children: content()))
}

/// A horizontal stack with the same padding on every side.
public func HStack(id: String? = nil, padding: Double, spacing: Double = 0, align: StackAlignment = .fill,
                   @SceneContentBuilder _ content: () -> [ElementDescription]) -> ElementDescription {
    HStack(id: id, padding: EdgeInsets(all: padding), spacing: spacing, align: align, content)
}

/// A label in a style written in place (`style: { … }`).
public func Label(_ text: String, id: String? = nil, style: StyleDescription, numberOfLines: Int? = nil,
                  alignment: TextAlignment? = nil, lineBreakMode: LineBreakMode? = nil,
                  baseWritingDirection: WritingDirection? = nil) -> ElementDescription {
    .label(LabelDescription(id: id, text: .plain(text), style: .inline(style), numberOfLines: numberOfLines, alignment: alignment,
                            lineBreakMode: lineBreakMode, baseWritingDirection: baseWritingDirection))
}

/// A label in a named style of the scene's `styles`.
public func Label(_ text: String, id: String? = nil, style name: String, numberOfLines: Int? = nil,
                  alignment: TextAlignment? = nil, lineBreakMode: LineBreakMode? = nil,
                  baseWritingDirection: WritingDirection? = nil) -> ElementDescription {
    .label(LabelDescription(id: id, text: .plain(text), style: .named(name, mark: nil), numberOfLines: numberOfLines,
                            alignment: alignment, lineBreakMode: lineBreakMode, baseWritingDirection: baseWritingDirection))
}

/// A label of attributed runs (`runs:`), each in the label's style or its own.
public func Label(runs: [RunDescription], id: String? = nil, style: StyleReference, numberOfLines: Int? = nil,
                  alignment: TextAlignment? = nil, lineBreakMode: LineBreakMode? = nil,
                  baseWritingDirection: WritingDirection? = nil) -> ElementDescription {
    .label(LabelDescription(id: id, text: .runs(runs), style: style, numberOfLines: numberOfLines, alignment: alignment,
                            lineBreakMode: lineBreakMode, baseWritingDirection: baseWritingDirection))
}

/// A run of text: in the label's style, or in `style` (which inherits what it does not set from the label's).
public func Run(_ text: String, style: StyleDescription? = nil) -> RunDescription {
    RunDescription(text: text, style: style.map { .inline($0) })
}

/// A filled box, an image placeholder (`box:`).
public func Box(id: String? = nil, width: Double? = nil, height: Double, color: SceneColor = "#DDDDDD",
                cornerRadius: Double = 0) -> ElementDescription {
    .box(BoxDescription(id: id, width: width, height: height, color: color, cornerRadius: cornerRadius))
}

/// An image file (PNG, JPEG or WebP) drawn at a size in points (`image:`), its path relative to the scene's
/// directory.
public func Image(_ file: String, id: String? = nil, width: Double, height: Double) -> ElementDescription {
    .image(ImageDescription(id: id, file: file, width: width, height: height))
}

/// An explicit gap between two neighbours (`gap:`), measured between two anchors.
public func Gap(_ value: Double, from: Anchor = .bottom, to: Anchor = .top) -> ElementDescription {
    .gap(GapNode(value: value, from: from, to: to))
}

extension StyleReference: ExpressibleByStringLiteral {
    /// A named style: `style: "body"`.
    public init(stringLiteral name: String) { self = .named(name, mark: nil) }
}
