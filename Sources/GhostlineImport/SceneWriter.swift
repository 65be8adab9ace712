import GhostlineSupport

/// One file an import writes, relative to the output folder.
public struct ImportedFile: Sendable, Equatable {
    public var path: String
    public var contents: String
}

/// What `ghostline import` writes for a document: a scene per frame (`<page>/<frame>.yaml`, css model, the frame's
/// size, every element in a `stack: absolute` at the document's frame with its object id in `source:`), the
/// shared text styles as a style guide (`styles.yaml`) and as DTCG tokens (`styles.tokens.json`), and
/// `import-report.json`. Pure: the caller's font mapping is the only thing it asks, and the files are returned,
/// not written, so the CLI writes them all or none.
public struct SceneWriter {
    public var fonts: FontMapping
    /// The scenes' `canvas.scale`.
    public var scale = 3
    /// Scenes that stand alone: no `include:`, every style inline (lint loads them without writing files).
    public var standalone = false
    /// How a fixed text box becomes a label. `designTool` (import): as the tool draws it, text at the top of the
    /// box and running past it (no height), centred in it (`height`, as UILabel centres), or cut off (`TRUNCATE`:
    /// `height`). `frame` (lint's uikit side): the box as the app's label frame, `height` always.
    public enum FixedBoxes: Sendable { case designTool, frame }
    public var fixedBoxes = FixedBoxes.designTool
    /// A `lineHeightStrategy` written into every style with a line height (lint's uikit side: `minMax`, the
    /// paragraph style a design document records, R8); nil writes none.
    public var lineHeightStrategy: String?
    public init(fonts: FontMapping) { self.fonts = fonts }

    /// A summary of one frame written, for the report.
    struct FrameSummary { var page: String; var name: String; var id: String; var path: String; var texts: Int; var shapes: Int }

    public mutating func files(for document: DesignDocument, source: String) -> (files: [ImportedFile], report: ImportReport) {
        var files: [ImportedFile] = []
        var skipped = document.skipped
        var pageSlugs = Slugs()
        var frames: [FrameSummary] = []
        let styleNames = styleSlugs(document.textStyles)
        for page in document.pages {
            let folder = pageSlugs.make(page.name, fallback: "page")
            var frameSlugs = Slugs()
            for frame in page.frames {
                guard frame.width >= 1, frame.width <= 10_000, frame.height >= 0, frame.height <= 10_000 else {
                    skipped.add("frames outside the scene's size limits (1 to 10,000 points)"); continue
                }
                var frame = frame
                frame.layers = frame.layers.filter { layer in
                    let r: DesignRect
                    switch layer { case .text(let t): r = t.frame; case .shape(let s): r = s.frame }
                    let inside = [r.x, r.y].allSatisfy { $0.isFinite && abs($0) <= 10_000 }
                        && [r.width, r.height].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 10_000 }
                    if !inside { skipped.add("layers outside the scene's limits (±10,000 points)") }
                    if fixedBoxes == .designTool, inside, case .text(let t) = layer, t.behaviour == .fixed, t.verticalAlignment == "bottom" {
                        skipped.add("text at the bottom of its box (imported centred in it)")
                    }
                    return inside
                }
                let characters = frame.layers.reduce(0) { sum, layer in
                    if case .text(let t) = layer { return sum + t.string.unicodeScalars.count }; return sum
                }
                guard frame.layers.count < 10_000, characters <= 200_000 else {
                    skipped.add("frames over the scene's limits (10,000 elements, 200,000 characters)"); continue
                }
                let path = folder + "/" + frameSlugs.make(frame.name, fallback: "frame") + ".yaml"
                files.append(ImportedFile(path: path, contents: scene(frame, page: page, document: document, source: source,
                                                                       styles: styleNames)))
                let texts = frame.layers.filter { if case .text = $0 { return true }; return false }.count
                frames.append(FrameSummary(page: page.name, name: frame.name, id: frame.id, path: path, texts: texts,
                                           shapes: frame.layers.count - texts))
            }
        }
        files.append(ImportedFile(path: "styles.yaml", contents: styleGuide(document, names: styleNames, source: source)))
        files.append(ImportedFile(path: "styles.tokens.json", contents: tokens(document, names: styleNames)))
        let report = ImportReport(document: document, source: source, frames: frames.map {
            ImportReport.Frame(page: $0.page, name: $0.name, id: $0.id, scene: $0.path, textLayers: $0.texts, shapes: $0.shapes)
        }, skipped: skipped, fonts: fonts.choices)
        files.append(ImportedFile(path: "import-report.json", contents: report.json.serialized() + "\n"))
        return (files, report)
    }

    // MARK: Scenes

    mutating func scene(_ frame: DesignFrame, page: DesignPage, document: DesignDocument, source: String, styles: [String: String]) -> String {
        var out = "# Imported by `ghostline import` from \(comment(source)) (\(document.format.rawValue.capitalized)"
        out += (document.version.map { " \(comment($0))" } ?? "") + "): page \(q(page.name)), frame \(q(frame.name)).\n"
        out += "# Every element sits at the document's frame; `source:` is the layer's object id in the document.\n"
        out += "model: css\n" + (standalone ? "" : "include: ../styles.yaml\n")
        // A canvas is at least a point tall; a design tool allows a 0-tall frame (a rule, a divider).
        // The scale asked for, lowered for a frame that would be more than 16,384 pixels a side (the scene limit).
        let fits = max(1, Int(16_384 / max(frame.width, frame.height, 1)))
        out += "canvas: { width: \(n(frame.width)), height: \(n(max(1, frame.height))), scale: \(min(scale, fits))"
        out += (frame.background.map { ", background: \(q($0.hex))" } ?? "") + " }\n"
        out += "root:\n  stack: absolute\n" + (frame.id.isEmpty ? "" : "  source: \(q(String(frame.id.prefix(1_000))))\n") + "  children:\n"
        var ids = Slugs()
        if frame.layers.isEmpty { out = out.replacingOccurrences(of: "  children:\n", with: "  children: []\n") }
        for layer in frame.layers {
            switch layer {
            case .shape(let shape):
                out += "    - box: { id: \(q(ids.make(shape.name, fallback: "box")))" + (shape.id.isEmpty ? "" : ", source: \(q(String(shape.id.prefix(1_000))))")
                out += ", x: \(n(shape.frame.x)), "
                out += "y: \(n(shape.frame.y)), width: \(n(max(0, shape.frame.width))), height: \(n(max(0, shape.frame.height))), "
                out += "color: \(q(shape.color.hex))" + (shape.cornerRadius > 0 ? ", cornerRadius: \(n(shape.cornerRadius))" : "") + " }\n"
            case .text(let text):
                out += label(text, id: ids.make(text.name, fallback: "label"), styles: styles)
            }
        }
        return out
    }

    mutating func label(_ text: DesignText, id: String, styles: [String: String]) -> String {
        var out = "    - label:\n        id: \(q(id))\n" + (text.id.isEmpty ? "" : "        source: \(q(String(text.id.prefix(1_000))))\n")
        out += "        x: \(n(text.frame.x))\n        y: \(n(text.frame.y))\n"
        // An auto-width box is its text's own width (it never wraps): the label hugs its text, as a UILabel without a
        // width constraint does. Every other box gives its width.
        if text.behaviour != .autoWidth { out += "        width: \(n(max(0, text.frame.width)))\n" }
        if text.behaviour == .truncating || text.behaviour == .fixed && (fixedBoxes == .frame || text.verticalAlignment != "top") {
            out += "        height: \(n(max(0, text.frame.height)))\n"
        }
        let first = text.runs[0].attributes
        if text.runs.count == 1 {
            out += "        text: \(q(text.runs[0].text))\n"
        } else {
            out += "        runs:\n"
            for run in text.runs {
                let keys = characterKeys(run.attributes)
                out += "          - { text: \(q(run.text))" + (run.attributes == first ? "" : ", style: { \(keys) }") + " }\n"
            }
        }
        if !standalone, let name = text.styleName, text.matchesStyle, let slug = styles[name] {
            out += "        style: \(q(slug))\n"
        } else {
            out += "        style: { \(styleKeys(first)) }"
            if let name = text.styleName { out += "   # \(comment(name)), with the layer's own changes" }
            out += "\n"
        }
        return out
    }

    /// A style's keys on one line: the character keys, then the paragraph keys.
    mutating func styleKeys(_ a: DesignTextAttributes) -> String {
        var keys = characterKeys(a)
        if let height = a.lineHeight {
            switch height {
            case .points(let p): keys += ", lineHeight: \(n(clamp(p, 1...2000)))"
            case .percent(let p): keys += ", lineHeight: \(q(n(clamp(p, 1...1000)) + "%"))"
            }
        }
        if a.lineHeight != nil, let strategy = lineHeightStrategy { keys += ", lineHeightStrategy: \(strategy)" }
        if a.paragraphSpacing != 0 { keys += ", paragraphSpacing: \(n(clamp(a.paragraphSpacing, 0...1000)))" }
        if a.alignment != "natural" { keys += ", alignment: \(a.alignment)" }
        return keys
    }

    mutating func characterKeys(_ a: DesignTextAttributes) -> String {
        let choice = fonts.choose(a)
        var keys = "font: \(q(choice.font))"
        if let weight = choice.weight, weight != 400 { keys += ", weight: \(weight)" }
        if choice.italic { keys += ", italic: true" }
        keys += ", size: \(n(clamp(a.size, 1...1000)))"
        if let color = a.color { keys += ", color: \(q(color.hex))" }
        if a.letterSpacing != 0 { keys += ", letterSpacing: \(n(clamp(a.letterSpacing, -100...100)))" }
        if let textCase = a.textCase { keys += ", textCase: \(textCase)" }
        if a.underline { keys += ", underline: true" }
        if a.strikethrough { keys += ", strikethrough: true" }
        return keys
    }

    // MARK: Style guide and tokens

    func styleSlugs(_ styles: [DesignTextStyle]) -> [String: String] {
        var slugs = Slugs(), names: [String: String] = [:]
        for style in styles where names[style.name] == nil { names[style.name] = slugs.make(style.name, fallback: "style") }
        return names
    }

    mutating func styleGuide(_ document: DesignDocument, names: [String: String], source: String) -> String {
        var out = "# The shared text styles of \(comment(source)), imported by `ghostline import`.\n"
        guard !document.textStyles.isEmpty else { return out + "styles: {}\n" }
        out += "styles:\n"
        var written = Set<String>()
        for style in document.textStyles {
            guard let slug = names[style.name], written.insert(slug).inserted else { continue }
            out += "  \(q(slug)): { \(styleKeys(style.attributes)) }   # \(comment(style.name))\n"
        }
        return out
    }

    /// The styles as W3C design tokens (`$type: typography`), grouped by the slashes of their names, for the tools
    /// of a design-token pipeline; `ghostline tokens import` reads them back.
    mutating func tokens(_ document: DesignDocument, names: [String: String]) -> String {
        var members: [(String, JSONValue)] = []
        var written = Set<String>()
        for style in document.textStyles {
            guard let slug = names[style.name], written.insert(slug).inserted else { continue }
            let choice = fonts.choose(style.attributes)
            var value: [(String, JSONValue)] = [("fontFamily", .string(choice.font)), ("fontSize", .string(n(style.attributes.size) + "px"))]
            value.append(("fontWeight", .integer(choice.weight ?? 400)))
            if choice.italic { value.append(("fontStyle", .string("italic"))) }
            switch style.attributes.lineHeight {
            case .points(let p): value.append(("lineHeight", .string(n(p) + "px")))
            case .percent(let p): value.append(("lineHeight", .number(p / 100)))
            case nil: break
            }
            value.append(("letterSpacing", .string(n(style.attributes.letterSpacing) + "px")))
            members.append((slug, .object([("$type", .string("typography")), ("$value", .object(value)),
                                           ("$description", .string(style.name))])))
        }
        return JSONValue.object(members).serialized() + "\n"
    }

    // MARK: Text

    /// A value within the scene's range for its key (a document can hold any number; a scene refuses those).
    func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : range.lowerBound
    }

    /// A YAML double-quoted scalar: JSON's escaping is valid YAML, and the characters YAML does not allow in a file
    /// even where JSON does (DEL, the C1 controls, U+FFFE and U+FFFF) are escaped too: a document's ids and names
    /// can hold any of them, and the scene must still load.
    func q(_ text: String) -> String { Self.yamlPrintable(JSONValue.string(text).serialized()) }

    static func yamlPrintable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
    /// A number in points, at most three decimals, no trailing zeros.
    func n(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
    /// Text for a YAML comment: one line, printable characters only.
    func comment(_ text: String) -> String {
        String(String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
            && $0.value != 0xFFFE && $0.value != 0xFFFF && $0 != "\u{2028}" && $0 != "\u{2029}" }).prefix(120))
    }
}

/// File and id names from design names: letters and digits kept (any script), everything else one `-`, lowercased,
/// at most 48 characters, unique (`-2`, `-3` …).
struct Slugs {
    private var used = Set<String>()
    mutating func make(_ name: String, fallback: String) -> String {
        var slug = ""
        for c in name.lowercased() {
            if c.isLetter || c.isNumber { slug.append(c) } else if !slug.isEmpty && !slug.hasSuffix("-") { slug.append("-") }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(48))
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = fallback }
        var candidate = slug, n = 2
        while used.contains(candidate) { candidate = "\(slug)-\(n)"; n += 1 }
        used.insert(candidate)
        return candidate
    }
}
