import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineShaping
import GhostlineSupport
import Yams

/// Reads a scene's YAML into a `SceneDescription`: every key checked against what is allowed at its place,
/// every value's type and range, every enum's spelling, ids unique, gaps between two children, the size of
/// the tree bounded. Nothing is opened here: fonts and images are the resolver's job.
struct SceneParser {
    let file: String
    /// The scene's lines that may hold a byte order mark (U+FEFF, or its `\uFEFF` escape), as scalars, by their
    /// index: `text(_:)` reads a scalar's raw form there, where YAML parsing drops the mark. Only these lines are kept,
    /// and as arrays, so finding a column costs nothing: walking every label's line to its column made a scene of
    /// 10,000 labels on one line quadratic (8 s to read).
    let linesWithByteOrderMark: [Int: [Unicode.Scalar]]

    /// Brackets and stacks may nest this deep; aliases may expand to at most this many elements.
    static let maximumNesting = 64
    static let maximumElements = 10_000
    static let maximumTextCharacters = SceneLoader.maximumTextCharacters

    /// Ids seen so far, for the duplicate check.
    var ids: [String: YAMLCursor] = [:]
    /// Elements parsed so far, the root stack included (the layout JSON lists it as an element too): YAML aliases can
    /// repeat a subtree exponentially, so the count is capped.
    var elementCount = 0
    /// True while the children of a `stack: absolute` are read: only they may have `x` and `y`.
    var placing = false
    /// The stack whose children are being read, when it arranges them (vertical or horizontal): only its children
    /// may have `grow`, `shrink` and `alignSelf`. nil at the root, in an overlay and in a `stack: absolute`.
    var arranging: (axis: StackAxis, distribution: StackDistribution)?
    /// Characters of label text read so far.
    var textCharacters = 0

    init(file: String, source: String = "") {
        self.file = file
        var lines: [Int: [Unicode.Scalar]] = [:]
        if source.unicodeScalars.contains("\u{FEFF}") || source.range(of: "feff", options: .caseInsensitive) != nil {
            for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.unicodeScalars.contains("\u{FEFF}") || line.range(of: "feff", options: .caseInsensitive) != nil {
                lines[index] = Array(line.unicodeScalars)
            }
        }
        self.linesWithByteOrderMark = lines
    }

    static func parse(_ text: String, path: String) throws(SceneError) -> SceneDescription {
        try YAMLSafety.checkNesting(text, path: path, maximumNesting: maximumNesting)
        guard let node = try YAMLSafety.compose(text, path: path, resolver: resolver(for: text)) else {
            throw SceneError(file: path, keyPath: "", problem: "the scene is empty", fix: "start with `canvas:` and `root:` (see the README's scene format)")
        }
        var parser = SceneParser(file: path, source: text)
        return try parser.scene(YAMLCursor(node: node, path: "", file: path))
    }

    /// Tags resolved while composing `text`: merge keys (`<<`) only, and only when the text has a `<<` at all. The
    /// cursor reads numbers, booleans and nulls from a scalar's text itself, so Yams' default rules would only cost
    /// start-up: they are regular expressions, and creating the first one initialises Foundation's and ICU's regex
    /// machinery, 1.5 ms of a 25 ms render, for tags nothing reads.
    static func resolver(for text: String) -> Resolver {
        text.contains("<<") ? Resolver.basic.appending(.merge) : .basic
    }

    static let topKeys = ["include", "canvas", "model", "colors", "fontDirectories", "systemFonts", "fonts", "fallback", "styles",
                          "ignore", "minColorDifference", "root"]

    static let canvasKeys = ["width", "height", "scale", "background", "grid", "contentSize", "layoutDirection", "device",
                             "colorScheme"]
    static let ignoreKeys = ["x", "y", "width", "height"]
    static let insetKeys = ["top", "leading", "bottom", "trailing"]
    static let fontEntryKeys = ["file", "index", "metrics"]
    static let metricsKeys = ["unitsPerEm", "ascender", "descender", "lineGap", "capHeight", "xHeight"]
    static let schemeKeys = ["light", "dark"]

    /// The scene's `colors:`, read before anything that may name one.
    var colorNames = ColorNames()

    mutating func scene(_ document: YAMLCursor) throws(SceneError) -> SceneDescription {
        let top = try document.mapping(allowed: Self.topKeys)
        // Style guides first: their colour names are usable everywhere in the scene (the scene's own come after
        // and may redefine them).
        var guide: StyleGuide?
        if let include = top["include"] {
            guide = try StyleGuide.load(include, directory: URL(fileURLWithPath: file).deletingLastPathComponent().path,
                                        chain: [URL(fileURLWithPath: file).standardized.path])
            colorNames = ColorNames(scene: guide!.colors)
        }
        if let c = top["colors"] { try colors(c) }
        let canvas = try self.canvas(try top.required("canvas", fix: "add `canvas: { width: 375 }`"))
        let model = try top["model"]?.choice(LayoutModel.self)
        var fonts: [NamedFont] = []
        if let f = top["fonts"] {
            for (name, entry) in try f.namedEntries() { fonts.append(try fontEntry(name, entry)) }
        }
        var fallback: [FontReference] = []
        if let f = top["fallback"] {
            let items = f.isSequence ? try f.sequence() : [f]
            for item in items { fallback.append(FontReference(try item.string(), mark: item.mark)) }
        }
        var styles: [NamedStyle] = []
        var includedFiles: [String] = []
        if let s = top["styles"] {
            for (name, entry) in try s.namedEntries() { styles.append(NamedStyle(name: name, style: try style(entry))) }
        }
        var fontDirectories = try Self.fontDirectories(top["fontDirectories"], file: file)
        var systemFonts = try top["systemFonts"]?.bool()
        if var guide {
            guide.merge(StyleGuide(fonts: fonts, styles: styles, fontDirectories: fontDirectories, systemFonts: systemFonts))
            fonts = guide.fonts
            styles = guide.styles
            includedFiles = guide.files
            fontDirectories = guide.fontDirectories
            systemFonts = guide.systemFonts
        }
        var ignore: [Rect] = []
        var ignoreMarks: [SourceMark] = []
        if let list = top["ignore"] {
            // A single box, or a label id, is what a suite manifest's `ignore:` takes; a scene's lists boxes only,
            // so the error says where each belongs instead of only "expected a list" or "expected a mapping".
            if list.isMapping {
                throw list.error("a scene's `ignore:` is a list of boxes, and this is one box",
                                 fix: "write it as a list: `ignore: [ { x: 0, y: 0, width: 375, height: 44 } ]`")
            }
            for item in try list.sequence() {
                ignoreMarks.append(item.mark)
                if !item.isMapping, !item.isSequence, let id = try? item.string() {
                    throw item.error("`\(id)` is not a box: a scene's `ignore:` lists boxes in points, and a label id belongs in a suite manifest's `ignore:`",
                                     fix: "write a box here, `{ x: 0, y: 0, width: 375, height: 44 }`, or move `\(id)` to the entry's `ignore:` in ghostline.yaml and run `ghostline suite`")
                }
                let keys = try item.mapping(allowed: Self.ignoreKeys)
                func value(_ key: String, _ range: ClosedRange<Double>) throws(SceneError) -> Double {
                    try keys.required(key, fix: "give x, y, width and height in points").number("points", range: range)
                }
                ignore.append(Rect(x: try value("x", -10_000...100_000), y: try value("y", -10_000...100_000),
                                   width: try value("width", 0.01...100_000), height: try value("height", 0.01...100_000)))
            }
        }
        let minColorDifference = try top["minColorDifference"]?.number("a CIEDE2000 difference from 0 to 100", range: 0...100)
        let rootCursor = try top.required("root", fix: "add `root:` with a stack of children")
        elementCount += 1   // the root stack is an element, as the layout JSON lists it
        let root = try stack(rootCursor)
        var description = SceneDescription(canvas: canvas, model: model, fonts: fonts, fallback: fallback, styles: styles, root: root,
                                sourcePath: file)
        description.ignore = ignore
        description.ignoreMarks = ignoreMarks
        description.minColorDifference = minColorDifference
        description.includedFiles = includedFiles
        description.fontDirectories = fontDirectories
        description.systemFonts = systemFonts
        description.colors = colorNames
        return description
    }

    /// `fontDirectories:`, one path or a list, relative to the directory of `file`, which names them.
    static func fontDirectories(_ cursor: YAMLCursor?, file: String) throws(SceneError) -> [FontDirectory] {
        try FontDirectory.parse(cursor, file: file)
    }

    func canvas(_ cursor: YAMLCursor) throws(SceneError) -> CanvasDescription {
        let keys = try cursor.mapping(allowed: Self.canvasKeys)
        let device = try keys["device"].map { d throws(SceneError) in try Self.device(d) }
        var canvas: CanvasDescription
        if let widthCursor = keys["width"] {
            canvas = CanvasDescription(width: try widthCursor.number("a width in points", range: 1...10_000))
            canvas.marks["width"] = widthCursor.mark
        } else if let device {
            canvas = CanvasDescription(width: device.width)
        } else {
            throw cursor.error("missing required key `width`",
                               fix: "give the canvas width in points, e.g. `width: 375`, or a device: `device: iPhone 16 Pro`")
        }
        canvas.device = device?.name
        canvas.scale = device?.scale
        if let s = keys["colorScheme"] { canvas.colorScheme = try s.choice(ColorScheme.self) }
        if let h = keys["height"] {
            if !h.isNumber, (try? h.string())?.lowercased() == "auto" { canvas.height = nil } else { canvas.height = try h.number("a height in points or `auto`", range: 1...100_000) }
            canvas.marks["height"] = h.mark
        }
        if let s = keys["scale"] { canvas.scale = try s.integer(range: 1...3) }
        canvas.background = try keys["background"].map { c throws(SceneError) in try color(c) }
        if let g = keys["grid"] {
            canvas.grid = try g.number("a grid unit in points", range: 0.5...1000)
            canvas.marks["grid"] = g.mark
        }
        if let c = keys["contentSize"] { canvas.contentSize = try contentSizeCategory(c) }
        if let d = keys["layoutDirection"] { canvas.layoutDirection = try d.choice(TextDirection.self) }
        return canvas
    }

    // MARK: Values

    /// A colour: `"#RRGGBB"`, `"#RRGGBBAA"`, a name (of `colors:` or iOS's: `label`, `systemBlue`, …), or
    /// `{ light: …, dark: … }`.
    func color(_ cursor: YAMLCursor) throws(SceneError) -> SceneColor {
        if cursor.isMapping {
            let keys = try cursor.mapping(allowed: Self.schemeKeys)
            let light = try keys.required("light", fix: "give both: `{ light: \"#FFFFFF\", dark: \"#1C1C1E\" }`")
            let dark = try keys.required("dark", fix: "give both: `{ light: \"#FFFFFF\", dark: \"#1C1C1E\" }`")
            return .schemes(light: try fixedColor(light), dark: try fixedColor(dark))
        }
        let text = try cursor.string()
        if let color = Color(hex: text) { return .fixed(color) }
        guard colorNames.contains(text) else {
            let near = Spelling.nearest(to: text, among: colorNames.scene.map(\.name) + ColorNames.system.keys.sorted())
            throw cursor.error("`\(text)` is not a colour", fix: "write \"#RRGGBB\" or \"#RRGGBBAA\" in quotes, a name from `colors:`, "
                               + "or one of iOS's (label, systemBlue, systemBackground, …)" + (near.map { "; did you mean `\($0)`?" } ?? ""))
        }
        return .named(text)
    }

    /// One value of a `{ light, dark }` pair: a hex colour or a name, looked up now (each scheme takes its own).
    func fixedColor(_ cursor: YAMLCursor) throws(SceneError) -> Color {
        let text = try cursor.string()
        if let color = Color(hex: text) { return color }
        throw cursor.error("`\(text)` is not a colour", fix: "write \"#RRGGBB\" or \"#RRGGBBAA\" in quotes for each scheme")
    }

    /// `colors:`: names to colours, each a hex value, `{ light, dark }` or another name; a name may be used before
    /// the entry that defines it, and a cycle of names is an error at the first name of the cycle.
    mutating func colors(_ cursor: YAMLCursor) throws(SceneError) {
        let entries = try cursor.namedEntries()
        guard entries.count <= 1000 else {
            throw cursor.error("`colors:` has \(entries.count) names, more than 1,000", fix: "keep the colour names a scene uses")
        }
        // Names first, so an entry may name a colour defined below it; names from style guides come before.
        let earlier = colorNames.scene
        colorNames = ColorNames(scene: earlier + entries.map { (name: $0.0, color: SceneColor.named("")) })
        var scene: [(name: String, color: SceneColor)] = earlier
        for (name, entry) in entries { scene.append((name, try color(entry))) }
        colorNames = ColorNames(scene: scene)
        for (name, entry) in entries {
            for scheme in ColorScheme.allCases {
                if case .failure(.cycle(let names)) = colorNames.resolve(.named(name), scheme: scheme) {
                    throw entry.error("the colour names go round in a circle: \(names.joined(separator: " → "))",
                                      fix: "give one of them a value, e.g. \"#0A84FF\"")
                }
            }
        }
    }

    /// A device by Apple's name, case and spaces aside (`iPhone 16 Pro`, `iphone16pro`).
    static func device(_ cursor: YAMLCursor) throws(SceneError) -> (name: String, width: Double, scale: Int) {
        let text = try cursor.string()
        guard let found = AppleTables.device(named: text) else {
            let names = AppleTables.devices.map(\.name)
            let near = Spelling.nearest(to: text, among: names)
            throw cursor.error("`\(text)` is not a device Ghostline knows",
                               fix: (near.map { "did you mean `\($0)`? " } ?? "") + "use one of: " + names.joined(separator: ", "))
        }
        return found
    }

    func contentSizeCategory(_ cursor: YAMLCursor) throws(SceneError) -> ContentSizeCategory {
        let text = try cursor.string()
        guard let value = ContentSizeCategory(name: text) else {
            throw cursor.error("`\(text)` is not a content size category",
                               fix: "use one of: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: " ")) (any case), or UIKit's names (extraSmall … extraExtraExtraLarge, accessibilityMedium … accessibilityExtraExtraExtraLarge)")
        }
        return value
    }

    func insets(_ cursor: YAMLCursor) throws(SceneError) -> EdgeInsets {
        if cursor.isNumber { return EdgeInsets(all: try cursor.number("padding in points", range: 0...10_000)) }
        let keys = try cursor.mapping(allowed: Self.insetKeys)
        func side(_ key: String) throws(SceneError) -> Double { try keys[key]?.number("padding in points", range: 0...10_000) ?? 0 }
        return EdgeInsets(top: try side("top"), leading: try side("leading"), bottom: try side("bottom"), trailing: try side("trailing"))
    }

    // MARK: Fonts

    func fontEntry(_ name: String, _ cursor: YAMLCursor) throws(SceneError) -> NamedFont {
        if !cursor.isMapping {
            return NamedFont(name: name, file: try cursor.string(), mark: cursor.mark)
        }
        let keys = try cursor.mapping(allowed: Self.fontEntryKeys)
        let index = try keys["index"]?.integer(range: 0...255) ?? 0
        let fileCursor = try keys.required("file", fix: "name the font file, e.g. `file: /usr/share/fonts/…/Inter-Regular.otf`")
        var metrics: FontMetricsOverride?
        if let m = keys["metrics"] {
            let mk = try m.mapping(allowed: Self.metricsKeys)
            func units(_ key: String, _ range: ClosedRange<Int>) throws(SceneError) -> Int? { try mk[key]?.integer(range: range) }
            metrics = FontMetricsOverride(unitsPerEm: try units("unitsPerEm", 16...16384), ascender: try units("ascender", 1...65535),
                                          descender: try units("descender", -65535...0), lineGap: try units("lineGap", -65535...65535),
                                          capHeight: try units("capHeight", 0...65535), xHeight: try units("xHeight", 0...65535))
        }
        return NamedFont(name: name, file: try fileCursor.string(), faceIndex: index, metrics: metrics, mark: fileCursor.mark)
    }

    /// Text that ends up in a label. libyaml drops a U+FEFF at the start of a scalar (written as a character or
    /// as `\uFEFF`), which would make every layout offset of the label one short; the raw scalar in the file
    /// tells whether there was one.
    func text(_ cursor: YAMLCursor) throws(SceneError) -> String {
        let value = try cursor.string()
        guard !value.unicodeScalars.starts(with: ["\u{FEFF}"]), let mark = cursor.node.mark,
              let line = linesWithByteOrderMark[mark.line - 1] else { return value }
        var raw = line.dropFirst(max(0, mark.column - 1))
        if raw.first == "\"" || raw.first == "'" { raw = raw.dropFirst() }
        func lowercased(_ count: Int) -> String { String(String.UnicodeScalarView(raw.prefix(count))).lowercased() }
        let escaped = lowercased(6) == "\\ufeff" || lowercased(10) == "\\u0000feff"
        if raw.first == "\u{FEFF}" || (escaped && cursor.isDoubleQuoted) { return "\u{FEFF}" + value }
        return value
    }

    /// A BCP 47 tag: letters, digits and hyphens, starting with a 2–3 letter language.
    func language(_ cursor: YAMLCursor) throws(SceneError) -> String {
        let text = try cursor.string()
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let valid = text.count <= 35 && parts.allSatisfy { !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            && (2...3).contains(parts[0].count) && parts[0].allSatisfy(\.isLetter)
        guard valid else {
            throw cursor.error("`\(text)` is not a BCP 47 language tag", fix: "write a tag such as en, ja, zh-Hans, ar or pt-BR")
        }
        return text
    }
}
