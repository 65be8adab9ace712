import GhostlineSupport

/// Reads a Sketch document (Sketch 52 and later write JSON text; older files' archived text is counted as skipped):
/// artboards become frames; groups add their origin to their children's; symbol instances are replaced by their
/// master's layers, with the instance's text overrides applied; hidden layers are skipped and counted.
struct SketchReader {
    let file: String
    let name: String
    let source: SketchSource
    let limits: DesignImportLimits
    var skipped = SkipCounts()
    var layersVisited = 0
    /// Symbol masters by `symbolID`, from every page and from libraries (`foreignSymbols`).
    var masters: [String: JSONValue] = [:]
    /// Shared text styles by object id.
    var styles: [String: DesignTextStyle] = [:]
    var styleOrder: [String] = []

    init(file: String, name: String, source: SketchSource, limits: DesignImportLimits) {
        self.file = file; self.name = name; self.source = source; self.limits = limits
    }

    /// An entry name Sketch writes: `document.json`, `meta.json`, `pages/<id>.json`; nothing with `..`, a leading `/`
    /// or a backslash.
    static func isSafeEntry(_ entry: String) -> Bool {
        guard !entry.isEmpty, !entry.hasPrefix("/"), !entry.contains("\\"), entry.utf8.count < 512 else { return false }
        return !entry.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }

    func json(_ entry: String) throws(DesignImportError) -> JSONValue? {
        guard let bytes = try source.bytes(entry) else { return nil }
        return try DesignReader.parse(bytes, file: file, place: entry)
    }

    func fail(_ place: String, _ problem: String, _ fix: String = "re-save the document from Sketch") -> DesignImportError {
        DesignImportError(file: file, place: place, problem: problem, fix: fix)
    }

    mutating func read() throws(DesignImportError) -> DesignDocument {
        guard let document = try json("document.json") else {
            throw fail("", "no document.json", "give a .sketch file or a folder Sketch's file format unzips to")
        }
        let meta = try json("meta.json")
        let version = meta?["appVersion"]?.stringValue ?? meta?["appVersion"]?.doubleValue.map { JSONValue.format($0) }
        readStyles(document)
        var pageJSON: [(entry: String, page: JSONValue)] = []
        let refs = document["pages"]?.arrayValue ?? []
        guard refs.count <= limits.maximumPages else {
            throw fail("document.json: pages", "\(refs.count) pages, more than \(limits.maximumPages)", "split the document")
        }
        for (index, ref) in refs.enumerated() {
            guard let target = ref["_ref"]?.stringValue else {
                throw fail("document.json: pages[\(index)]", "a page reference without `_ref`")
            }
            let entry = target.hasSuffix(".json") ? target : target + ".json"
            guard Self.isSafeEntry(entry), entry.hasPrefix("pages/") else {
                throw fail("document.json: pages[\(index)]", "the page reference `\(target)` does not name a file under pages/")
            }
            guard let page = try json(entry) else { throw fail(entry, "the page the document lists is missing") }
            pageJSON.append((entry, page))
        }
        // Symbol masters first, from every page and every library, so an instance finds a master on a later page.
        for (_, page) in pageJSON { collectMasters(page) }
        for foreign in document["foreignSymbols"]?.arrayValue ?? [] {
            if let master = foreign["symbolMaster"] { collectMasters(master) }
        }
        var pages: [DesignPage] = []
        for (entry, page) in pageJSON {
            pages.append(try readPage(page, entry: entry))
        }
        return DesignDocument(format: .sketch, name: name, version: version, pages: pages,
                              textStyles: styleOrder.compactMap { styles[$0] }, skipped: skipped)
    }

    mutating func readStyles(_ document: JSONValue) {
        var entries = document["layerTextStyles"]?["objects"]?.arrayValue ?? []
        for foreign in document["foreignTextStyles"]?.arrayValue ?? [] {
            if let local = foreign["localSharedStyle"] { entries.append(local) }
        }
        for entry in entries {
            guard let id = entry["do_objectID"]?.stringValue, let name = entry["name"]?.stringValue,
                  let encoded = entry["value"]?["textStyle"]?["encodedAttributes"], styles[id] == nil else { continue }
            styles[id] = DesignTextStyle(id: id, name: name, attributes: SketchText.attributes(encoded, base: nil))
            styleOrder.append(id)
        }
    }

    mutating func collectMasters(_ layer: JSONValue) {
        if layer["_class"]?.stringValue == "symbolMaster", let id = layer["symbolID"]?.stringValue, masters[id] == nil {
            masters[id] = layer
        }
        for child in layer["layers"]?.arrayValue ?? [] { collectMasters(child) }
    }

    mutating func readPage(_ page: JSONValue, entry: String) throws(DesignImportError) -> DesignPage {
        let pageName = page["name"]?.stringValue ?? "Page"
        var frames: [DesignFrame] = []
        var loose: [DesignLayer] = []
        for (index, layer) in (page["layers"]?.arrayValue ?? []).enumerated() {
            let place = "\(entry): layers[\(index)]"
            let kind = layer["_class"]?.stringValue ?? ""
            guard layer["isVisible"]?.boolValue != false else { skipped.add("hidden layers"); continue }
            switch kind {
            case "artboard":
                let frame = Self.rect(layer["frame"])
                var layers: [DesignLayer] = []
                for (i, child) in (layer["layers"]?.arrayValue ?? []).enumerated() {
                    try visit(child, origin: (0, 0), into: &layers, place: "\(place).layers[\(i)]", overrides: [:], path: "", depth: 0)
                }
                var background: DesignColor?
                if layer["hasBackgroundColor"]?.boolValue == true, let color = layer["backgroundColor"] {
                    background = SketchText.color(color)
                }
                frames.append(DesignFrame(id: layer["do_objectID"]?.stringValue ?? "", name: layer["name"]?.stringValue ?? "Artboard",
                                          width: frame.width, height: frame.height, background: background, layers: layers))
            case "symbolMaster":
                skipped.add("symbol masters (imported where an instance uses them)")
            default:
                try visit(layer, origin: (0, 0), into: &loose, place: place, overrides: [:], path: "", depth: 0)
            }
        }
        if !loose.isEmpty { frames.append(Self.looseFrame(loose, page: pageName, id: page["do_objectID"]?.stringValue ?? "")) }
        return DesignPage(id: page["do_objectID"]?.stringValue ?? "", name: pageName, frames: frames)
    }

    /// Layers that sit on the page outside any artboard: one frame around them all, its origin their top-left.
    static func looseFrame(_ layers: [DesignLayer], page: String, id: String) -> DesignFrame {
        let rects = layers.map { layer -> DesignRect in
            switch layer { case .text(let t): return t.frame; case .shape(let s): return s.frame }
        }
        let minX = rects.map(\.x).min() ?? 0, minY = rects.map(\.y).min() ?? 0
        let maxX = rects.map { $0.x + $0.width }.max() ?? 0, maxY = rects.map { $0.y + $0.height }.max() ?? 0
        let moved = layers.map { layer -> DesignLayer in
            switch layer {
            case .text(var t):
                t.frame.x -= minX; t.frame.y -= minY
                if var ink = t.inkBounds { ink.x -= minX; ink.y -= minY; t.inkBounds = ink }
                return .text(t)
            case .shape(var s): s.frame.x -= minX; s.frame.y -= minY; return .shape(s)
            }
        }
        return DesignFrame(id: id, name: page + " (outside artboards)", width: (maxX - minX).rounded(.up),
                           height: (maxY - minY).rounded(.up), background: nil, layers: moved)
    }

    /// A frame; a value that is missing, not a number or not finite is 0.
    static func rect(_ json: JSONValue?) -> DesignRect {
        func value(_ key: String) -> Double { json?[key]?.doubleValue.flatMap { $0.isFinite ? $0 : nil } ?? 0 }
        return DesignRect(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
    }

    /// One layer and what it holds. `origin` is the enclosing group's top-left on the screen; `overrides` the text
    /// and symbol overrides of the instances around it, keyed by the path of object ids below the instance;
    /// `path` that path so far; `prefix` the instance ids in front of copied layers' ids.
    mutating func visit(_ layer: JSONValue, origin: (Double, Double), into layers: inout [DesignLayer], place: String,
                        overrides: [String: JSONValue], path: String, depth: Int, prefix: String = "") throws(DesignImportError) {
        layersVisited += 1
        guard layersVisited <= limits.maximumLayers else {
            throw fail(place, "more than \(limits.maximumLayers) layers (symbols included)", "split the document")
        }
        guard layer["isVisible"]?.boolValue != false else { skipped.add("hidden layers"); return }
        let kind = layer["_class"]?.stringValue ?? ""
        let objectID = layer["do_objectID"]?.stringValue ?? ""
        let here = path.isEmpty ? objectID : path + "/" + objectID
        var frame = Self.rect(layer["frame"])
        frame.x += origin.0; frame.y += origin.1
        let id = prefix + objectID
        switch kind {
        case "text":
            if (layer["rotation"]?.doubleValue ?? 0) != 0 { skipped.add("rotation (text imported upright)") }
            guard var text = SketchText.text(layer, frame: frame, id: id, styles: styles, skipped: &skipped) else { return }
            if let value = overrides[here + "_stringValue"]?.stringValue {
                text.runs = [DesignRun(text: value, attributes: text.runs.first?.attributes ?? DesignTextAttributes(size: 12))]
                text.inkBounds = nil
                text.frameFitsText = false
            }
            if let styleID = overrides[here + "_textStyle"]?.stringValue, let style = styles[styleID] {
                text.runs = [DesignRun(text: text.string, attributes: style.attributes)]
                text.styleName = style.name
                text.matchesStyle = true
                text.inkBounds = nil
                text.frameFitsText = false
            }
            layers.append(.text(text))
        case "rectangle", "oval":
            if let shape = SketchShape.shape(layer, frame: frame, id: id, oval: kind == "oval", skipped: &skipped) {
                layers.append(.shape(shape))
            }
        case "shapeGroup":
            // Before Sketch 52 a plain rectangle was a shape group around one path; its fill is the group's.
            let children = layer["layers"]?.arrayValue ?? []
            if children.count == 1, let only = children.first?["_class"]?.stringValue, only == "rectangle" || only == "oval",
               let shape = SketchShape.shape(layer, frame: frame, id: id, oval: only == "oval", skipped: &skipped) {
                layers.append(.shape(shape))
            } else {
                skipped.add("vector shapes")
            }
        case "group", "artboard":
            SketchShape.countEffects(layer, &skipped)
            for (i, child) in (layer["layers"]?.arrayValue ?? []).enumerated() {
                try visit(child, origin: (frame.x, frame.y), into: &layers, place: "\(place).layers[\(i)]",
                          overrides: overrides, path: path, depth: depth, prefix: prefix)
            }
        case "symbolInstance":
            try instance(layer, frame: frame, into: &layers, place: place, overrides: overrides, path: here, depth: depth, prefix: prefix)
        case "bitmap":
            skipped.add("images")
        case "shapePath", "polygon", "star", "triangle":
            skipped.add("vector shapes")
        case "slice", "MSImmutableHotspotLayer", "hotspot":
            break
        default:
            skipped.add("unknown layers (\(kind.isEmpty ? "no _class" : kind))")
        }
    }

    /// A symbol instance: its master's layers at the instance's origin, with the instance's overrides (and those of
    /// instances around it, which win) applied. A master that contains itself, directly or through others, stops at
    /// the depth limit with one line.
    mutating func instance(_ layer: JSONValue, frame: DesignRect, into layers: inout [DesignLayer], place: String,
                           overrides outer: [String: JSONValue], path: String, depth: Int, prefix: String) throws(DesignImportError) {
        guard depth < limits.maximumSymbolDepth else {
            throw fail(place, "symbol instances nest more than \(limits.maximumSymbolDepth) deep (a symbol that contains itself?)",
                       "break the cycle in Sketch: a symbol must not contain an instance of itself")
        }
        var symbolID = layer["symbolID"]?.stringValue ?? ""
        if let swapped = outer[path + "_symbolID"]?.stringValue { symbolID = swapped }
        guard !symbolID.isEmpty, let master = masters[symbolID] else {
            skipped.add("symbol instances whose master is missing"); return
        }
        let size = Self.rect(master["frame"])
        if abs(size.width - frame.width) > 0.5 || abs(size.height - frame.height) > 0.5 {
            skipped.add("resized symbol instances (their layers kept at the master's size)")
        }
        // The instance's own overrides are keyed from its master's layers; the outer ones already carry this
        // instance's path in front, so both are re-keyed to paths below the instance.
        var overrides: [String: JSONValue] = [:]
        for value in layer["overrideValues"]?.arrayValue ?? [] {
            guard let name = value["overrideName"]?.stringValue, let v = value["value"] else { continue }
            if name.hasSuffix("_stringValue") || name.hasSuffix("_symbolID") || name.hasSuffix("_textStyle") {
                overrides[path + "/" + name] = v
            } else {
                skipped.add("symbol overrides other than text, text styles and nested symbols")
            }
        }
        for (key, value) in outer where key.hasPrefix(path + "/") { overrides[key] = value }
        let instanceID = layer["do_objectID"]?.stringValue ?? ""
        for (i, child) in (master["layers"]?.arrayValue ?? []).enumerated() {
            try visit(child, origin: (frame.x, frame.y), into: &layers, place: "\(place) (symbol \(symbolID)).layers[\(i)]",
                      overrides: overrides, path: path, depth: depth + 1, prefix: prefix + instanceID + "/")
        }
    }
}
