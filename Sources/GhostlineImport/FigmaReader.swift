import GhostlineSupport

/// Reads a Figma REST file response: top-level frames of each canvas (and of sections) become frames; every node's
/// `absoluteBoundingBox` is made relative to its top frame's; instances arrive expanded, overrides applied, so they
/// are walked like frames; `visible: false` nodes are skipped and counted.
struct FigmaReader {
    let file: String
    let json: JSONValue
    let limits: DesignImportLimits
    var skipped = SkipCounts()
    var visited = 0
    /// Text style names by style id (`styles`, `styleType: TEXT`).
    var styleNames: [String: String] = [:]
    /// The attributes each text style's users have, to find the style's own (the most common) afterwards.
    var styleUses: [String: [DesignTextAttributes]] = [:]
    var styleOrder: [String] = []

    init(file: String, json: JSONValue, limits: DesignImportLimits) { self.file = file; self.json = json; self.limits = limits }

    func fail(_ place: String, _ problem: String, _ fix: String = "save the response of GET /v1/files/:key as it came") -> DesignImportError {
        DesignImportError(file: file, place: place, problem: problem, fix: fix)
    }

    mutating func read() throws(DesignImportError) -> DesignDocument {
        if case .object(let members) = json["styles"] ?? .null {
            for (id, style) in members where style["styleType"]?.stringValue == "TEXT" {
                styleNames[id] = style["name"]?.stringValue ?? id
            }
        }
        guard let document = json["document"], case .object = document else { throw fail("document", "`document` is not an object") }
        let canvases = document["children"]?.arrayValue ?? []
        guard canvases.count <= limits.maximumPages else { throw fail("document.children", "\(canvases.count) pages, more than \(limits.maximumPages)") }
        var pages: [DesignPage] = []
        for (index, canvas) in canvases.enumerated() {
            guard canvas["visible"]?.boolValue != false else { skipped.add("hidden layers"); continue }
            var frames: [DesignFrame] = []
            var loose: [DesignLayer] = []
            try topLevel(canvas["children"]?.arrayValue ?? [], place: "document.children[\(index)]", frames: &frames, loose: &loose)
            if !loose.isEmpty {
                frames.append(SketchReader.looseFrame(loose, page: canvas["name"]?.stringValue ?? "Page", id: canvas["id"]?.stringValue ?? ""))
            }
            pages.append(DesignPage(id: canvas["id"]?.stringValue ?? "", name: canvas["name"]?.stringValue ?? "Page", frames: frames))
        }
        var styles: [DesignTextStyle] = []
        for id in styleOrder {
            guard let uses = styleUses[id], let name = styleNames[id] else { continue }
            styles.append(DesignTextStyle(id: id, name: name, attributes: Self.mostCommon(uses)))
        }
        // A layer matches its style when its attributes are the style's (the most common among the style's users).
        let byName = Dictionary(styles.map { ($0.name, $0.attributes) }, uniquingKeysWith: { a, _ in a })
        pages = pages.map { page in
            var page = page
            page.frames = page.frames.map { frame in
                var frame = frame
                frame.layers = frame.layers.map { layer in
                    guard case .text(var text) = layer, let name = text.styleName, let style = byName[name] else { return layer }
                    text.matchesStyle = text.runs.count == 1 && text.runs[0].attributes == style
                    return .text(text)
                }
                return frame
            }
            return page
        }
        let version = json["schemaVersion"]?.intValue.map(String.init)
        return DesignDocument(format: .figma, name: json["name"]?.stringValue ?? "Figma file", version: version, pages: pages,
                              textStyles: styles, skipped: skipped)
    }

    static func mostCommon(_ uses: [DesignTextAttributes]) -> DesignTextAttributes {
        var counts: [(DesignTextAttributes, Int)] = []
        for use in uses {
            if let i = counts.firstIndex(where: { $0.0 == use }) { counts[i].1 += 1 } else { counts.append((use, 1)) }
        }
        return counts.max { $0.1 < $1.1 }!.0
    }

    mutating func topLevel(_ nodes: [JSONValue], place: String, frames: inout [DesignFrame], loose: inout [DesignLayer]) throws(DesignImportError) {
        for (index, node) in nodes.enumerated() {
            let here = "\(place).children[\(index)]"
            guard node["visible"]?.boolValue != false else { skipped.add("hidden layers"); continue }
            switch node["type"]?.stringValue ?? "" {
            case "SECTION":
                try topLevel(node["children"]?.arrayValue ?? [], place: here, frames: &frames, loose: &loose)
            case "FRAME", "COMPONENT", "COMPONENT_SET", "INSTANCE":
                let box = Self.rect(node["absoluteBoundingBox"])
                var layers: [DesignLayer] = []
                for (i, child) in (node["children"]?.arrayValue ?? []).enumerated() {
                    try visit(child, origin: box, into: &layers, place: "\(here).children[\(i)]", depth: 1)
                }
                frames.append(DesignFrame(id: node["id"]?.stringValue ?? "", name: node["name"]?.stringValue ?? "Frame",
                                          width: box.width, height: box.height, background: Self.solidFill(node, skipped: &skipped),
                                          layers: layers))
            default:
                try visit(node, origin: DesignRect(x: 0, y: 0, width: 0, height: 0), into: &loose, place: here, depth: 1)
            }
        }
    }

    /// A frame; a value that is missing, not a number or not finite is 0.
    static func rect(_ json: JSONValue?) -> DesignRect {
        func value(_ key: String) -> Double { json?[key]?.doubleValue.flatMap { $0.isFinite ? $0 : nil } ?? 0 }
        return DesignRect(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
    }

    static func color(_ json: JSONValue?, opacity: Double) -> DesignColor? {
        guard let json else { return nil }
        return DesignColor(red: json["r"]?.doubleValue ?? 0, green: json["g"]?.doubleValue ?? 0, blue: json["b"]?.doubleValue ?? 0,
                           alpha: (json["a"]?.doubleValue ?? 1) * opacity)
    }

    /// The top visible solid fill (Figma paints the list bottom to top); other kinds are counted.
    static func solidFill(_ node: JSONValue, skipped: inout SkipCounts) -> DesignColor? {
        let fills = (node["fills"]?.arrayValue ?? []).filter { $0["visible"]?.boolValue != false }
        guard let top = fills.last else { return nil }
        guard top["type"]?.stringValue == "SOLID" else {
            skipped.add(top["type"]?.stringValue == "IMAGE" ? "images" : "gradient and image fills"); return nil
        }
        return color(top["color"], opacity: top["opacity"]?.doubleValue ?? 1)
    }

    mutating func visit(_ node: JSONValue, origin: DesignRect, into layers: inout [DesignLayer], place: String, depth: Int) throws(DesignImportError) {
        visited += 1
        guard visited <= limits.maximumLayers else { throw fail(place, "more than \(limits.maximumLayers) layers", "split the file") }
        guard node["visible"]?.boolValue != false else { skipped.add("hidden layers"); return }
        let type = node["type"]?.stringValue ?? ""
        var frame = Self.rect(node["absoluteBoundingBox"])
        frame.x -= origin.x; frame.y -= origin.y
        let id = node["id"]?.stringValue ?? ""
        if (node["effects"]?.arrayValue ?? []).contains(where: { $0["visible"]?.boolValue != false }) { skipped.add("effects (shadows, blurs)") }
        switch type {
        case "TEXT":
            if let text = try self.text(node, frame: frame, id: id, origin: origin, place: place) { layers.append(.text(text)) }
        case "RECTANGLE", "ELLIPSE":
            if let color = Self.solidFill(node, skipped: &skipped) {
                var radius = node["cornerRadius"]?.doubleValue ?? 0
                if type == "ELLIPSE" { radius = min(frame.width, frame.height) / 2 }
                layers.append(.shape(DesignShape(id: id, name: node["name"]?.stringValue ?? "", frame: frame, color: color,
                                                 cornerRadius: min(radius, min(frame.width, frame.height) / 2))))
            }
        case "FRAME", "GROUP", "INSTANCE", "COMPONENT", "COMPONENT_SET", "SECTION":
            if type != "GROUP", let color = Self.solidFill(node, skipped: &skipped) {
                let radius = node["cornerRadius"]?.doubleValue ?? 0
                layers.append(.shape(DesignShape(id: id, name: node["name"]?.stringValue ?? "", frame: frame, color: color,
                                                 cornerRadius: min(radius, min(frame.width, frame.height) / 2))))
            }
            for (i, child) in (node["children"]?.arrayValue ?? []).enumerated() {
                try visit(child, origin: origin, into: &layers, place: "\(place).children[\(i)]", depth: depth + 1)
            }
        case "VECTOR", "LINE", "STAR", "REGULAR_POLYGON", "BOOLEAN_OPERATION":
            skipped.add("vector shapes")
        case "SLICE", "STICKY", "CONNECTOR", "SHAPE_WITH_TEXT", "WIDGET", "EMBED", "LINK_UNFURL", "TABLE", "TABLE_CELL", "STAMP":
            skipped.add("other nodes (\(type))")
        default:
            skipped.add("unknown nodes (\(type.isEmpty ? "no type" : type))")
        }
    }

    /// A TEXT node: `style` over the runs `characterStyleOverrides` (one style id per UTF-16 unit, the tail left
    /// out when it is the base) and `styleOverrideTable` mark.
    mutating func text(_ node: JSONValue, frame: DesignRect, id: String, origin: DesignRect, place: String) throws(DesignImportError) -> DesignText? {
        let characters = node["characters"]?.stringValue ?? ""
        let utf16 = Array(characters.utf16)
        let fill = Self.solidFill(node, skipped: &skipped)
        let base = Self.attributes(node["style"], over: nil, fill: fill, skipped: &skipped)
        var table: [Int: DesignTextAttributes] = [:]
        if case .object(let entries) = node["styleOverrideTable"] ?? .null {
            for (key, value) in entries {
                guard let n = Int(key) else { continue }
                var overrideFill = fill
                if let fills = value["fills"] { overrideFill = Self.solidFill(.object([("fills", fills)]), skipped: &skipped) }
                table[n] = Self.attributes(value, over: base, fill: overrideFill, skipped: &skipped)
            }
        }
        let marks = (node["characterStyleOverrides"]?.arrayValue ?? []).map { $0.intValue ?? 0 }
        var runs: [DesignRun] = []
        var start = 0
        while start < utf16.count {
            let mark = start < marks.count ? marks[start] : 0
            var end = start + 1
            while end < utf16.count, (end < marks.count ? marks[end] : 0) == mark { end += 1 }
            let attributes = table[mark] ?? base
            let piece = SketchText.piece(utf16, start, end)
            if let last = runs.last, last.attributes == attributes { runs[runs.count - 1].text += piece }
            else { runs.append(DesignRun(text: piece, attributes: attributes)) }
            start = end
        }
        if runs.isEmpty { runs = [DesignRun(text: "", attributes: base)] }
        let behaviour: TextBehaviour
        switch node["style"]?["textAutoResize"]?.stringValue {
        case "WIDTH_AND_HEIGHT": behaviour = .autoWidth
        case "HEIGHT": behaviour = .autoHeight
        case "TRUNCATE": behaviour = .truncating
        default: behaviour = .fixed
        }
        var text = DesignText(id: id, name: node["name"]?.stringValue ?? "", frame: frame, runs: runs, behaviour: behaviour)
        switch node["style"]?["textAlignVertical"]?.stringValue {
        case "CENTER": text.verticalAlignment = "center"
        case "BOTTOM": text.verticalAlignment = "bottom"
        default: break
        }
        if let styleID = node["styles"]?["text"]?.stringValue, styleNames[styleID] != nil {
            text.styleName = styleNames[styleID]
            if styleUses[styleID] == nil { styleOrder.append(styleID) }
            styleUses[styleID, default: []].append(base)
        }
        if let ink = node["absoluteRenderBounds"], case .object = ink {
            var bounds = Self.rect(ink)
            bounds.x -= origin.x; bounds.y -= origin.y
            text.inkBounds = bounds
        }
        return text
    }

    /// Figma's text style keys over `base`.
    static func attributes(_ style: JSONValue?, over base: DesignTextAttributes?, fill: DesignColor?,
                           skipped: inout SkipCounts) -> DesignTextAttributes {
        var a = base ?? DesignTextAttributes(size: 12)
        guard let style else { return a }
        if let size = style["fontSize"]?.doubleValue, size > 0, size.isFinite { a.size = size }
        if let family = style["fontFamily"]?.stringValue { a.family = family; if base != nil { a.postScriptName = nil } }
        if let name = style["fontPostScriptName"]?.stringValue { a.postScriptName = name }
        if let weight = style["fontWeight"]?.doubleValue, weight >= 1, weight <= 1000 { a.weight = Int(weight) }
        if let italic = style["italic"]?.boolValue { a.italic = italic }
        if let spacing = style["letterSpacing"]?.doubleValue, spacing.isFinite { a.letterSpacing = spacing }
        if let spacing = style["paragraphSpacing"]?.doubleValue, spacing.isFinite { a.paragraphSpacing = spacing }
        if let fill { a.color = fill }
        switch style["textAlignHorizontal"]?.stringValue {
        case "LEFT": a.alignment = "left"
        case "RIGHT": a.alignment = "right"
        case "CENTER": a.alignment = "center"
        case "JUSTIFIED": a.alignment = "justified"
        default: break
        }
        switch style["textCase"]?.stringValue {
        case "UPPER": a.textCase = "upper"
        case "LOWER": a.textCase = "lower"
        case "TITLE": a.textCase = "capitalize"
        case "ORIGINAL": a.textCase = nil
        case .some: skipped.add("small caps (imported as the original case)")
        case nil: break
        }
        switch style["textDecoration"]?.stringValue {
        case "UNDERLINE": a.underline = true; a.strikethrough = false
        case "STRIKETHROUGH": a.strikethrough = true; a.underline = false
        case "NONE": a.underline = false; a.strikethrough = false
        default: break
        }
        switch style["lineHeightUnit"]?.stringValue {
        case "PIXELS":
            if let px = style["lineHeightPx"]?.doubleValue, px > 0, px.isFinite { a.lineHeight = .points(px) }
        case "FONT_SIZE_%":
            if let percent = style["lineHeightPercentFontSize"]?.doubleValue, percent > 0, percent.isFinite { a.lineHeight = .percent(percent) }
        case "INTRINSIC_%":
            // 100% is the font's own line height (CSS `normal`); another percentage is its lineHeightPx in points.
            let percent = style["lineHeightPercent"]?.doubleValue ?? 100
            if abs(percent - 100) < 0.01 { a.lineHeight = nil }
            else if let px = style["lineHeightPx"]?.doubleValue, px > 0, px.isFinite { a.lineHeight = .points(px) }
        default: break
        }
        return a
    }
}
