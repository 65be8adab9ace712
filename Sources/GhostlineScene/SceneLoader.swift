import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import Yams

/// Reads a scene file (YAML; JSON is YAML too) as `shared/SCENE-FORMAT.md` defines it and resolves it into a
/// `Scene`. Every problem is a `SceneError` naming the file, line:column, key path and the fix.
public struct SceneLoader {
    public var fonts: FontLibrary

    public init(fonts: FontLibrary = .shared) { self.fonts = fonts }

    public func load(path: String, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SceneError(file: path, keyPath: "", problem: "no such scene file", fix: "check the path")
        }
        guard !isDirectory.boolValue else {
            throw SceneError(file: path, keyPath: "", problem: "this is a directory", fix: "pass a scene file (.yaml or .json)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, keyPath: "", problem: "cannot read the scene file", fix: "check the path and permissions")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError(file: path, keyPath: "", problem: "the file is not UTF-8 text", fix: "save the scene as UTF-8 YAML or JSON")
        }
        return try parse(text, path: path, overrides: overrides)
    }

    /// Parses scene text; `path` names it in errors and anchors relative paths.
    public func parse(_ text: String, path: String, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
        try Self.checkNesting(text, path: path)
        let node: Node
        do {
            guard let composed = try Yams.compose(yaml: text) else {
                throw SceneError(file: path, keyPath: "", problem: "the scene is empty", fix: "start with `canvas:` and `root:` (see SCENE-FORMAT.md)")
            }
            node = composed
        } catch let error as SceneError {
            throw error
        } catch let error as YamlError {
            throw Self.describe(error, path: path)
        } catch {
            throw SceneError(file: path, keyPath: "", problem: "not valid YAML (\(error))", fix: "fix the syntax")
        }
        var resolver = Resolver(file: path, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                fonts: fonts, overrides: overrides)
        return try resolver.scene(YAMLCursor(node: node, path: "", file: path))
    }

    /// Scenes nest a few levels deep; the YAML parser recurses once per level, so a pathological document (thousands
    /// of nested brackets or indents) would overflow the stack. Refuse anything deeper than `maximumNesting`
    /// before parsing, pointing at where it gets too deep.
    static let maximumNesting = 64

    static func checkNesting(_ text: String, path: String) throws(SceneError) {
        var depth = 0
        var line = 1, column = 0
        var quote: Character?
        var lineStart = true
        var indent = 0
        for character in text {
            column += 1
            if character == "\n" {
                line += 1; column = 0; lineStart = true; indent = 0
                if quote == "\n" { quote = nil }   // a comment ends with its line; quoted text may span lines
                continue
            }
            if lineStart {
                if character == " " { indent += 1; continue }
                lineStart = false
                // Block nesting needs at least one column of indentation a level.
                if indent > maximumNesting * 8 {
                    throw SceneError(file: path, line: line, column: column, keyPath: "",
                                     problem: "indented \(indent) columns, far deeper than any scene needs",
                                     fix: "flatten the structure (at most \(maximumNesting) levels)")
                }
            }
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "#": quote = "\n"   // a comment runs to the end of the line
            case "[", "{":
                depth += 1
                if depth > maximumNesting {
                    throw SceneError(file: path, line: line, column: column, keyPath: "",
                                     problem: "brackets nest more than \(maximumNesting) levels deep",
                                     fix: "flatten the structure")
                }
            case "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
    }

    static func describe(_ error: YamlError, path: String) -> SceneError {
        switch error {
        case .reader(let problem, let offset, _, let yaml):
            var line = 1, column = 1
            if let offset {
                for (index, character) in yaml.utf8.enumerated() {
                    if index >= offset { break }
                    if character == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
                }
            }
            return SceneError(file: path, line: line, column: column, keyPath: "",
                              problem: "not readable as YAML text (\(problem))", fix: "save the scene as plain UTF-8 text")
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return SceneError(file: path, line: mark.line, column: mark.column, keyPath: "",
                              problem: "YAML syntax error: \(detail)", fix: "fix the indentation or quoting at this place")
        default:
            let detail = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            return SceneError(file: path, keyPath: "", problem: "not valid YAML (\(detail))", fix: "fix the syntax")
        }
    }
}

/// Walks the document; holds what earlier sections define for later ones (fonts → styles → root).
private struct Resolver {
    let file: String
    let directory: String
    let fonts: FontLibrary
    let overrides: SceneOverrides

    var contentSize = ContentSizeCategory.default
    var scale = Scale.x3
    var fontFiles: [String: (FontFile, FontMetricsOverride?)] = [:]
    var styles: [String: YAMLCursor] = [:]
    var grid: Double?
    /// Ids seen so far, for the duplicate check.
    var ids: [String: YAMLCursor] = [:]
    /// Elements resolved so far: YAML aliases can repeat a subtree exponentially, so the count is capped.
    var elementCount = 0
    static let maximumElements = 10_000

    /// Same as the PNG reader's limit, so every render can be read back.
    static let maximumSidePixels = PNGCodec.maximumSidePixels

    init(file: String, directory: String, fonts: FontLibrary, overrides: SceneOverrides) {
        self.file = file; self.directory = directory; self.fonts = fonts; self.overrides = overrides
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).standardized.path
    }

    mutating func scene(_ document: YAMLCursor) throws(SceneError) -> Scene {
        let top = try document.mapping(allowed: ["canvas", "model", "fonts", "styles", "root"])
        let canvasCursor = try top.required("canvas", fix: "add `canvas: { width: 375 }`")
        let canvasKeys = try canvasCursor.mapping(allowed: ["width", "height", "scale", "background", "grid", "contentSize"])
        let width = try canvasKeys.required("width", fix: "give the canvas width in points, e.g. `width: 375`")
            .number("a width in points", range: 1...10_000)
        var height: Double?
        if let h = canvasKeys["height"] {
            if !h.isNumber, (try? h.string()) == "auto" { height = nil } else { height = try h.number("a height in points or `auto`", range: 1...100_000) }
        }
        if let s = canvasKeys["scale"] { scale = Scale(try s.integer(range: 1...3)) }
        if let override = overrides.scale { scale = override }
        let widthCursor = canvasKeys["width"]!
        if width * scale.value > Double(Self.maximumSidePixels) {
            throw widthCursor.error("\(width) pt is \(Int(width * scale.value)) px at \(scale), over the \(Self.maximumSidePixels) px limit",
                                    fix: "use a smaller width or scale")
        }
        if let height, height * scale.value > Double(Self.maximumSidePixels) {
            throw canvasKeys["height"]!.error("\(height) pt is \(Int(height * scale.value)) px at \(scale), over the \(Self.maximumSidePixels) px limit",
                                              fix: "use a smaller height or scale")
        }
        var background = Color.white
        if let b = canvasKeys["background"] { background = try color(b) }
        grid = try canvasKeys["grid"]?.number("a grid unit in points", range: 0.5...1000)
        if let grid, let g = canvasKeys["grid"], (grid * scale.value).rounded() != grid * scale.value {
            throw g.error("a \(grid) pt grid puts baselines between pixels at \(scale)",
                          fix: "use a multiple of 1/\(scale.factor) pt, e.g. 4 or 8")
        }
        if let c = canvasKeys["contentSize"] { contentSize = try contentSizeCategory(c) }
        if let override = overrides.contentSize { contentSize = override }
        var model = LayoutModel.uikit
        if let m = top["model"] { model = try m.choice(LayoutModel.self) }
        if let override = overrides.model { model = override }

        if let f = top["fonts"] {
            for (name, entry) in try f.namedEntries() { fontFiles[name] = try fontEntry(entry) }
        }
        if let s = top["styles"] {
            for (name, entry) in try s.namedEntries() {
                _ = try entry.mapping(allowed: Self.styleKeys)   // check keys now, resolve where used
                styles[name] = entry
            }
        }
        let rootCursor = try top.required("root", fix: "add `root:` with a stack of children")
        let root = try stack(rootCursor)
        return Scene(canvas: Canvas(width: width, height: height, scale: scale, background: background, grid: grid),
                     model: model, contentSize: contentSize, root: .stack(root), sourcePath: file)
    }

    // MARK: Values

    func color(_ cursor: YAMLCursor) throws(SceneError) -> Color {
        let text = try cursor.string()
        guard let color = Color(hex: text) else {
            throw cursor.error("`\(text)` is not a colour", fix: "write \"#RRGGBB\" or \"#RRGGBBAA\" in quotes")
        }
        return color
    }

    func contentSizeCategory(_ cursor: YAMLCursor) throws(SceneError) -> ContentSizeCategory {
        let text = try cursor.string()
        guard let value = ContentSizeCategory(name: text) else {
            throw cursor.error("`\(text)` is not a content size category",
                               fix: "use one of: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: " "))")
        }
        return value
    }

    func insets(_ cursor: YAMLCursor) throws(SceneError) -> EdgeInsets {
        if cursor.isNumber { return EdgeInsets(all: try cursor.number("padding in points", range: 0...10_000)) }
        let keys = try cursor.mapping(allowed: ["top", "leading", "bottom", "trailing"])
        func side(_ key: String) throws(SceneError) -> Double { try keys[key]?.number("padding in points", range: 0...10_000) ?? 0 }
        return EdgeInsets(top: try side("top"), leading: try side("leading"), bottom: try side("bottom"), trailing: try side("trailing"))
    }

    // MARK: Fonts

    func fontEntry(_ cursor: YAMLCursor) throws(SceneError) -> (FontFile, FontMetricsOverride?) {
        if !cursor.isMapping {
            return (try fontPath(cursor, index: 0), nil)
        }
        let keys = try cursor.mapping(allowed: ["file", "index", "metrics"])
        let index = try keys["index"]?.integer(range: 0...255) ?? 0
        let file = try fontPath(try keys.required("file", fix: "name the font file, e.g. `file: /usr/share/fonts/…/Inter-Regular.otf`"), index: index)
        var metrics: FontMetricsOverride?
        if let m = keys["metrics"] {
            let mk = try m.mapping(allowed: ["unitsPerEm", "ascender", "descender", "lineGap", "capHeight", "xHeight"])
            func units(_ key: String, _ range: ClosedRange<Int>) throws(SceneError) -> Int? { try mk[key]?.integer(range: range) }
            metrics = FontMetricsOverride(unitsPerEm: try units("unitsPerEm", 16...16384), ascender: try units("ascender", 1...65535),
                                          descender: try units("descender", -65535...0), lineGap: try units("lineGap", -65535...65535),
                                          capHeight: try units("capHeight", 0...65535), xHeight: try units("xHeight", 0...65535))
        }
        return (file, metrics)
    }

    func fontPath(_ cursor: YAMLCursor, index: Int) throws(SceneError) -> FontFile {
        let path = absolute(try cursor.string())
        guard FileManager.default.fileExists(atPath: path) else {
            throw cursor.error("font file \(path) does not exist", fix: "fix the path, or install the package that provides it (fonts-inter, fonts-dejavu-core)")
        }
        return FontFile(path: path, faceIndex: index)
    }

    func openFont(_ file: FontFile, _ metrics: FontMetricsOverride?, at cursor: YAMLCursor) throws(SceneError) -> Font {
        do {
            return try fonts.font(file, metricsOverride: metrics)
        } catch {
            throw cursor.error("\(error)", fix: "")
        }
    }

    // MARK: Styles

    /// Hebrew, Arabic, Syriac, Thaana, NKo … and their presentation forms: strong right-to-left scripts, which
    /// need bidi reordering that Ghostline does not do yet. Refusing them beats drawing them backwards.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    static let styleKeys = ["font", "size", "textStyle", "weight", "lineHeight", "lineHeightStrategy", "letterSpacing",
                            "color", "kerning", "ligatures", "lineSpacing", "paragraphSpacing", "paragraphSpacingBefore",
                            "minimumLineHeight", "maximumLineHeight", "lineHeightMultiple", "baselineOffset", "alignment"]

    /// A style's text style and paragraph settings, with Dynamic Type applied.
    func style(_ cursor: YAMLCursor) throws(SceneError) -> (TextStyle, ParagraphStyle) {
        let keys = try cursor.mapping(allowed: Self.styleKeys)
        var size = try keys["size"]?.number("a font size in points", range: 1...1000)
        var lineHeight = try keys["lineHeight"]?.number("a line height in points", range: 1...2000)
        var weight = FontWeight.regular
        if let t = keys["textStyle"] {
            let textStyle = try t.choice(DynamicTextStyle.self)
            let spec = DynamicType.spec(textStyle, contentSize)
            if keys["size"] != nil { throw t.error("both `size` and `textStyle` are set", fix: "keep one: textStyle takes its size from the Dynamic Type table") }
            size = spec.pointSize
            lineHeight = lineHeight ?? spec.lineHeight
            weight = spec.weight
        }
        if let w = keys["weight"] {
            let text = w.isNumber ? String(try w.integer(range: 1...1000)) : try w.string()
            guard let parsed = FontWeight(name: text) else {
                throw w.error("`\(text)` is not a font weight", fix: "use one of: \(FontWeight.acceptedNames), or a number 100…900")
            }
            weight = parsed
        }
        guard let size else {
            throw cursor.error("the style has no size", fix: "add `size: 17` (points) or `textStyle: body`")
        }
        let fontCursor = try keys.required("font", fix: "name a font: a key of `fonts:`, a family such as Inter, or a PostScript name")
        let fontName = try fontCursor.string()
        let font: Font
        if let (file, metrics) = fontFiles[fontName] {
            font = try openFont(file, metrics, at: fontCursor)
        } else {
            let file: FontFile
            do {
                file = try FontLocator.locate(name: fontName, weight: weight)
            } catch {
                throw fontCursor.error("\(error)", fix: "")
            }
            font = try openFont(file, nil, at: fontCursor)
        }
        var text = TextStyle(font: font, pointSize: size, lineHeight: lineHeight)
        if let s = keys["lineHeightStrategy"] { text.lineHeightStrategy = try s.choice(LineHeightStrategy.self) }
        if let l = keys["letterSpacing"] { text.letterSpacing = try l.number("letter spacing in points", range: -100...100) }
        if let c = keys["color"] { text.color = try color(c) }
        if let k = keys["kerning"] { text.kerning = try k.bool() }
        if let l = keys["ligatures"] { text.ligatures = try l.bool() }
        var paragraph = ParagraphStyle()
        func points(_ key: String, _ range: ClosedRange<Double>) throws(SceneError) -> Double? { try keys[key]?.number("points", range: range) }
        paragraph.lineSpacing = try points("lineSpacing", 0...1000) ?? 0
        paragraph.paragraphSpacing = try points("paragraphSpacing", 0...1000) ?? 0
        paragraph.paragraphSpacingBefore = try points("paragraphSpacingBefore", 0...1000) ?? 0
        paragraph.minimumLineHeight = try points("minimumLineHeight", 0...2000) ?? 0
        paragraph.maximumLineHeight = try points("maximumLineHeight", 0...2000) ?? 0
        paragraph.lineHeightMultiple = try keys["lineHeightMultiple"]?.number("a multiple", range: 0...10) ?? 0
        paragraph.baselineOffset = try points("baselineOffset", -1000...1000) ?? 0
        if let a = keys["alignment"] { paragraph.alignment = try a.choice(TextAlignment.self) }
        return (text, paragraph)
    }

    // MARK: Nodes

    mutating func stack(_ cursor: YAMLCursor, depth: Int = 0) throws(SceneError) -> StackNode {
        guard depth < SceneLoader.maximumNesting else {
            throw cursor.error("stacks nest more than \(SceneLoader.maximumNesting) levels deep", fix: "flatten the structure")
        }
        let keys = try cursor.mapping(allowed: ["stack", "id", "padding", "spacing", "align", "children"])
        var node = StackNode(children: [])
        if let s = keys["stack"] { node.axis = try s.choice(StackAxis.self) }
        node.id = try identifier(keys["id"])
        if let p = keys["padding"] { node.padding = try insets(p) }
        node.spacing = try keys["spacing"]?.number("spacing in points", range: -10_000...10_000) ?? 0
        if let a = keys["align"] {
            let alignment = try a.choice(StackAlignment.self)
            let vertical: [StackAlignment] = [.fill, .leading, .center, .trailing]
            let horizontal: [StackAlignment] = [.fill, .top, .center, .bottom, .firstBaseline, .lastBaseline, .capHeight, .xHeightCenter]
            let allowed = node.axis == .vertical ? vertical : horizontal
            guard allowed.contains(alignment) else {
                throw a.error("`\(alignment.rawValue)` does not apply to a \(node.axis.rawValue) stack",
                              fix: "use one of: \(allowed.map(\.rawValue).joined(separator: ", "))")
            }
            node.alignment = alignment
        }
        if let c = keys["children"] {
            let items = try c.sequence()
            for (index, item) in items.enumerated() {
                let child = try self.child(item, depth: depth)
                if case .gap = child {
                    // A gap sits between two neighbours; anywhere else it would be silently ignored.
                    let previousIsGap: Bool = { if case .gap = node.children.last { return true }; return false }()
                    if index == 0 || index == items.count - 1 || previousIsGap {
                        throw item.error("a gap must stand between two children", fix: "use the stack's padding for space at its ends, and one gap between two neighbours")
                    }
                }
                node.children.append(child)
            }
        }
        return node
    }

    /// An element id, checked for uniqueness: reports and tests find elements by id.
    mutating func identifier(_ cursor: YAMLCursor?) throws(SceneError) -> String? {
        guard let cursor else { return nil }
        let id = try cursor.string()
        if let first = ids[id] {
            throw cursor.error("duplicate id `\(id)` (first used at line \(first.node.mark?.line ?? 0))", fix: "give every element its own id")
        }
        ids[id] = cursor
        return id
    }

    mutating func child(_ cursor: YAMLCursor, depth: Int) throws(SceneError) -> LayoutNode {
        elementCount += 1
        guard elementCount <= Self.maximumElements else {
            throw cursor.error("the scene has more than \(Self.maximumElements) elements", fix: "split it into smaller scenes (check YAML aliases that repeat large parts)")
        }
        guard case .mapping(let mapping) = cursor.node else {
            throw cursor.error("expected a child such as `- label: {…}`", fix: "start the item with label:, box:, image:, gap: or stack:")
        }
        let keys = mapping.keys.compactMap(\.string)
        if keys.contains("stack") { return .stack(try stack(cursor, depth: depth + 1)) }
        let entry = try cursor.mapping(allowed: ["label", "box", "image", "gap"])
        guard entry.entries.count == 1, let (kind, value) = entry.entries.first else {
            throw cursor.error("a child must have exactly one of label, box, image, gap", fix: "split it into separate list items")
        }
        switch kind {
        case "label": return .label(try label(value))
        case "box": return .box(try box(value))
        case "image": return .image(try image(value))
        default: return .gap(try gap(value))
        }
    }

    mutating func label(_ cursor: YAMLCursor) throws(SceneError) -> LabelNode {
        let keys = try cursor.mapping(allowed: ["id", "text", "style", "numberOfLines", "alignment", "lineBreakMode",
                                                "alignCapHeight", "snapToGrid"])
        let textCursor = try keys.required("text", fix: "add `text: \"…\"`")
        let text = try textCursor.string()
        if let (offset, scalar) = text.unicodeScalars.enumerated().first(where: { Self.isRightToLeft($0.element) }) {
            throw textCursor.error("right-to-left text is not supported yet (U+\(String(scalar.value, radix: 16, uppercase: true)) at scalar \(offset))",
                                   fix: "Ghostline lays out left-to-right scripts only; leave this label out of the scene for now")
        }
        let styleCursor = try keys.required("style", fix: "name a style from `styles:`, or write one inline")
        var resolved: (TextStyle, ParagraphStyle)
        if styleCursor.isMapping {
            resolved = try style(styleCursor)
        } else {
            let name = try styleCursor.string()
            guard let named = styles[name] else {
                throw styleCursor.error("no style named `\(name)`", fix: "define it under `styles:` (defined: \(styles.keys.sorted().joined(separator: ", ")))")
            }
            resolved = try style(named)
        }
        if let n = keys["numberOfLines"] { resolved.1.numberOfLines = try n.integer(range: 0...10_000) }
        if let a = keys["alignment"] { resolved.1.alignment = try a.choice(TextAlignment.self) }
        if let m = keys["lineBreakMode"] { resolved.1.lineBreakMode = try m.choice(LineBreakMode.self) }
        let snap = try keys["snapToGrid"]?.bool() ?? false
        if snap && grid == nil {
            throw keys["snapToGrid"]!.error("snapToGrid needs a baseline grid", fix: "set `canvas.grid` (e.g. 4 or 8 points)")
        }
        return LabelNode(id: try identifier(keys["id"]), text: text, style: resolved.0, paragraph: resolved.1,
                         alignCapHeight: try keys["alignCapHeight"]?.bool() ?? false, snapToGrid: snap)
    }

    mutating func box(_ cursor: YAMLCursor) throws(SceneError) -> BoxNode {
        let keys = try cursor.mapping(allowed: ["id", "width", "height", "color", "cornerRadius"])
        return BoxNode(id: try identifier(keys["id"]), width: try keys["width"]?.number("a width in points", range: 0...10_000),
                       height: try keys.required("height", fix: "add `height:` in points").number("a height in points", range: 0...10_000),
                       color: try keys["color"].map { c throws(SceneError) in try color(c) } ?? Color(red: 0xDD, green: 0xDD, blue: 0xDD),
                       cornerRadius: try keys["cornerRadius"]?.number("a radius in points", range: 0...5_000) ?? 0)
    }

    mutating func image(_ cursor: YAMLCursor) throws(SceneError) -> ImageNode {
        let keys = try cursor.mapping(allowed: ["id", "file", "width", "height"])
        let fileCursor = try keys.required("file", fix: "add `file:` with a PNG path relative to the scene")
        let path = absolute(try fileCursor.string())
        let image: RGBAImage
        do {
            image = try PNGCodec.read(contentsOf: path)
        } catch {
            throw fileCursor.error("\(error)", fix: "")
        }
        return ImageNode(id: try identifier(keys["id"]), image: image, source: path,
                         width: try keys.required("width", fix: "add `width:` in points").number("a width in points", range: 0...10_000),
                         height: try keys.required("height", fix: "add `height:` in points").number("a height in points", range: 0...10_000))
    }

    func gap(_ cursor: YAMLCursor) throws(SceneError) -> GapNode {
        if cursor.isNumber { return GapNode(value: try cursor.number("a gap in points", range: -10_000...10_000)) }
        let keys = try cursor.mapping(allowed: ["value", "from", "to"])
        return GapNode(value: try keys.required("value", fix: "add `value:` in points").number("a gap in points", range: -10_000...10_000),
                       from: try keys["from"]?.choice(Anchor.self) ?? .bottom,
                       to: try keys["to"]?.choice(Anchor.self) ?? .top)
    }
}
