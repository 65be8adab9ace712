import Foundation
import GhostlineGeometry
import GhostlineLayout
import GhostlineScene
import GhostlineSupport
import Yams

extension SuiteManifest {
    /// Reads and parses a manifest file. Nothing else is opened: scenes and designs are looked for when the
    /// manifest is expanded, so a missing design fails its entry, not the manifest.
    public static func load(path: String) throws(SceneError) -> SuiteManifest {
        let text: String
        do throws(SafeFile.Failure) { text = try SafeFile.text(of: path, limit: SceneLoader.maximumFileBytes) } catch {
            let (problem, fix) = switch error {
            case .missing: ("no such manifest", "check the path, or pass the suite's directory")
            case .directory: ("this is a directory", "pass the manifest file (ghostline.yaml)")
            case .unreadable(.notRegularFile): ("not a regular file", "pass the manifest file (ghostline.yaml)")
            case .unreadable(.tooLarge): ("larger than \(SceneLoader.maximumFileBytes >> 20) MiB", "use globs instead of listing every scene")
            case .unreadable(.unreadable): ("cannot read the manifest", "check the path and permissions")
            case .notUTF8: ("the file is not UTF-8 text", "save the manifest as UTF-8 YAML")
            }
            throw SceneError(file: path, keyPath: "", problem: problem, fix: fix)
        }
        return try parse(text, path: path)
    }

    /// Parses manifest text; `path` names it in errors and places its relative paths.
    public static func parse(_ text: String, path: String) throws(SceneError) -> SuiteManifest {
        try YAMLSafety.checkNesting(text, path: path, maximumNesting: SuiteManifestParser.maximumNesting)
        guard let node = try YAMLSafety.compose(text, path: path) else {
            throw SceneError(file: path, keyPath: "", problem: "the manifest is empty",
                             fix: "list the checks under `entries:`, e.g. `- { scene: scenes/login.yaml, design: designs/login@3x.png }`")
        }
        return try SuiteManifestParser(file: path).manifest(YAMLCursor(node: node, path: "", file: path))
    }
}

/// Checks every key of a manifest against what is allowed at its place, every value's type and range, and that
/// each entry's paths can name every check it asks for (several content sizes need `{contentSize}` in the
/// design's path, a glob needs `{name}`), so a manifest that cannot work fails before anything runs.
struct SuiteManifestParser {
    let file: String

    static let maximumNesting = 16
    /// Entries written in one manifest (globs and variants expand beyond this; `SuitePlan` bounds the total).
    static let maximumEntries = 10_000
    static let topKeys = ["name", "fontDirectories", "systemFonts", "cache", "defaults", "entries"]
    static let optionKeys = ["model", "scale", "contentSize", "colorScheme", "device", "threshold", "tolerance", "maxDiffPixels", "baselineTolerance", "minColorDifference", "includeAA", "ignore"]
    static let entryKeys = ["name", "scene", "document", "artboard", "design", "reference", "render"] + optionKeys

    func manifest(_ document: YAMLCursor) throws(SceneError) -> SuiteManifest {
        let top = try document.mapping(allowed: Self.topKeys)
        let name = try top["name"].map { cursor throws(SceneError) in try nonEmptyText(cursor, what: "a suite name") }
        let defaults = try top["defaults"].map { cursor throws(SceneError) in
            try options(try cursor.mapping(allowed: Self.optionKeys))
        } ?? SuiteCheckOptions()
        let list = try top.required("entries", fix: "list the checks, e.g. `entries: [ { scene: scenes/login.yaml, design: designs/login@3x.png } ]`")
        let items = try list.sequence()
        guard !items.isEmpty else {
            throw list.error("no entries", fix: "list at least one `- { scene: …, design: … }`")
        }
        guard items.count <= Self.maximumEntries else {
            throw list.error("\(items.count) entries, more than \(Self.maximumEntries)", fix: "use globs (`scene: scenes/*.yaml`)")
        }
        var entries: [SuiteManifestEntry] = []
        for item in items { entries.append(try entry(item, defaults: defaults)) }
        var manifest = SuiteManifest(path: file, name: name, defaults: defaults, entries: entries)
        manifest.fontDirectories = try FontDirectory.parse(top["fontDirectories"], file: file)
        manifest.systemFonts = try top["systemFonts"]?.bool()
        if let cursor = top["cache"] {
            let folder = try nonEmptyText(cursor, what: "the suite cache's folder")
            // Relative to the manifest, like every other path it names.
            manifest.cache = folder.hasPrefix("/") ? folder
                : URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(folder).standardized.path
        }
        return manifest
    }

    func entry(_ cursor: YAMLCursor, defaults: SuiteCheckOptions) throws(SceneError) -> SuiteManifestEntry {
        let keys = try cursor.mapping(allowed: Self.entryKeys)
        var marks: [String: SourceMark] = [:]
        for (key, value) in keys.entries { marks[key] = value.mark }
        let scene: String
        var document: SuiteManifestEntry.Document?
        switch (keys["scene"], keys["document"]) {
        case (let sceneCursor?, nil):
            scene = try nonEmptyText(sceneCursor, what: "a scene path")
            if let artboard = keys["artboard"] {
                throw artboard.error("`artboard:` picks a screen of a `document:`; this entry names a scene",
                                     fix: "remove `artboard:`, or name the design file with `document:` instead of `scene:`")
            }
        case (nil, let documentCursor?):
            scene = try nonEmptyText(documentCursor, what: "a design document path")
            let artboard = try keys.required("artboard", fix: "name the artboard (or top-level frame) to check, e.g. `artboard: Cart`")
            document = SuiteManifestEntry.Document(path: scene, artboard: try nonEmptyText(artboard, what: "an artboard name"))
            if SuiteManifest.isGlob(scene) {
                throw documentCursor.error("a document is one file, not a glob", fix: "name the .sketch or Figma JSON file")
            }
        case (_?, let documentCursor?):
            throw documentCursor.error("an entry names either a `scene:` or a `document:` and its `artboard:`, not both",
                                       fix: "keep `scene:` for a scene file, or `document:` and `artboard:` for a screen of a design file")
        case (nil, nil):
            throw cursor.error("missing required key `scene`",
                               fix: "name the scene file (or a glob), e.g. `scene: scenes/login.yaml`, or a design file with `document:` and `artboard:`")
        }
        let target: SuiteManifestEntry.Target
        let targetCursor: YAMLCursor
        switch (keys["design"], keys["reference"]) {
        case (let design?, nil): target = .design(try nonEmptyText(design, what: "a design export path")); targetCursor = design
        case (nil, let reference?): target = .reference(try nonEmptyText(reference, what: "a reference path")); targetCursor = reference
        case (_?, let reference?):
            throw reference.error("an entry has either `design:` or `reference:`, not both",
                                  fix: "keep `design:` for a design export, or `reference:` for a snapshot the suite records")
        case (nil, nil):
            throw cursor.error("missing `design:` or `reference:`",
                               fix: "add `design: designs/NAME@3x.png` (a design export) or `reference: references/NAME@3x.png` (recorded with --update)")
        }
        let renderCursor = keys["render"]
        let render = try renderCursor.map { c throws(SceneError) in try nonEmptyText(c, what: "a render path") }
        if render != nil, case .reference = target {
            throw renderCursor!.error("`render:` is for design entries; a reference entry records its render as the reference",
                                      fix: "remove `render:`")
        }
        var name: String?
        if let nameCursor = keys["name"] {
            name = try nonEmptyText(nameCursor, what: "an entry name")
            if SuiteManifest.isGlob(scene) {
                throw nameCursor.error("a glob's matches cannot share one name",
                                       fix: "remove `name:`; each match is named after its scene file")
            }
        }
        let own = try options(keys)
        let effective = own.over(defaults)
        let isReference: Bool
        if case .reference = target { isReference = true } else { isReference = false }
        try checkTemplate(targetCursor, scene: scene, options: effective, needsModel: isReference)
        if let renderCursor { try checkTemplate(renderCursor, scene: scene, options: effective, needsModel: true) }
        var entry = SuiteManifestEntry(name: name, scene: scene, target: target, render: render, options: own,
                                       mark: cursor.mark, marks: marks)
        entry.document = document
        return entry
    }

    /// A path template must use known placeholders and tell every check of the entry apart: one design per
    /// content size and per glob match (and per model where the suite writes the file).
    func checkTemplate(_ cursor: YAMLCursor, scene: String, options: SuiteCheckOptions, needsModel: Bool) throws(SceneError) {
        let template = try cursor.string()
        let used = SuiteManifest.placeholders(in: template)
        if let unknown = used.first(where: { !SuiteManifest.placeholders.contains($0) }) {
            throw cursor.error("unknown placeholder `{\(unknown)}`",
                               fix: "use \(SuiteManifest.placeholders.map { "{\($0)}" }.joined(separator: ", "))")
        }
        let given: [String: Bool] = ["model": options.models != nil, "contentSize": options.contentSizes != nil,
                                     "colorScheme": options.colorSchemes != nil, "device": options.devices != nil,
                                     "scale": options.scale != nil]
        if let missing = used.first(where: { given[$0] == false }) {
            throw cursor.error("`{\(missing)}` has no value: the entry does not set `\(missing)`",
                               fix: "set `\(missing):` on the entry or under `defaults:`, or remove the placeholder")
        }
        if SuiteManifest.isGlob(scene), !used.contains("name") {
            throw cursor.error("the glob `\(scene)` matches many scenes but this path names one file",
                               fix: "put {name} (the scene file's name) in the path, e.g. designs/{name}@3x.png")
        }
        if let sizes = options.contentSizes, sizes.count > 1, !used.contains("contentSize") {
            throw cursor.error("the entry checks \(sizes.count) content sizes (\(sizes.map(\.rawValue).joined(separator: ", "))) but this path names one file",
                               fix: "put {contentSize} in the path, e.g. designs/{name}.{contentSize}@3x.png")
        }
        if let schemes = options.colorSchemes, schemes.count > 1, !used.contains("colorScheme") {
            throw cursor.error("the entry checks \(schemes.count) colour schemes but this path names one file",
                               fix: "put {colorScheme} in the path, e.g. designs/{name}.{colorScheme}@3x.png")
        }
        if let devices = options.devices, devices.count > 1, !used.contains("device") {
            throw cursor.error("the entry checks \(devices.count) devices but this path names one file",
                               fix: "put {device} in the path, e.g. designs/{name} {device}.png")
        }
        if needsModel, let models = options.models, models.count > 1, !used.contains("model") {
            throw cursor.error("the entry checks both models but this path names one file, which the suite writes",
                               fix: "put {model} in the path, e.g. references/{name}.{model}@3x.png")
        }
    }

    func options(_ keys: YAMLCursor.Mapping) throws(SceneError) -> SuiteCheckOptions {
        var options = SuiteCheckOptions()
        if let cursor = keys["model"] {
            options.models = try oneOrMany(cursor, what: "model") { c throws(SceneError) in try c.choice(LayoutModel.self) }
        }
        options.scale = try keys["scale"].map { c throws(SceneError) in Scale(try c.integer(range: 1...3)) }
        if let cursor = keys["contentSize"] {
            options.contentSizes = try oneOrMany(cursor, what: "content size") { c throws(SceneError) in
                let text = try c.string()
                guard let category = ContentSizeCategory(name: text) else {
                    throw c.error("`\(text)` is not a content size category",
                                  fix: "use one of: \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: " ")) (any case)")
                }
                return category
            }
        }
        if let cursor = keys["colorScheme"] {
            options.colorSchemes = try oneOrMany(cursor, what: "colour scheme") { c throws(SceneError) in try c.choice(ColorScheme.self) }
        }
        if let cursor = keys["device"] {
            options.devices = try oneOrMany(cursor, what: "device") { c throws(SceneError) in
                let text = try c.string()
                guard let device = Devices.screen(named: text) else {
                    throw c.error("`\(text)` is not a device Ghostline knows",
                                  fix: "use one of: \(Devices.names.joined(separator: ", "))")
                }
                return device.name
            }
        }
        options.threshold = try keys["threshold"]?.number("a threshold from 0 to 1", range: 0...1)
        options.tolerance = try keys["tolerance"]?.number("a ratio from 0 to 1", range: 0...1)
        options.maxDiffPixels = try keys["maxDiffPixels"]?.integer(range: 0...1 << 40)
        options.baselineTolerance = try keys["baselineTolerance"]?.number("points", range: 0...1000)
        options.minColorDifference = try keys["minColorDifference"]?.number("a CIEDE2000 difference from 0 to 100", range: 0...100)
        options.includeAA = try keys["includeAA"]?.bool()
        if let list = keys["ignore"] {
            var boxes: [Rect] = []
            var labels: [String] = []
            for item in try list.sequence() {
                // A label's id (`- clock`) or a box in points (`- { x: 0, y: 0, width: 390, height: 47 }`).
                if !item.isMapping {
                    let id = try nonEmptyText(item, what: "a label id or a box { x, y, width, height }")
                    if labels.contains(id) { throw item.error("the label `\(id)` is listed twice", fix: "list each once") }
                    labels.append(id)
                    continue
                }
                let box = try item.mapping(allowed: ["x", "y", "width", "height"])
                func value(_ key: String, _ range: ClosedRange<Double>) throws(SceneError) -> Double {
                    try box.required(key, fix: "give x, y, width and height in points").number("points", range: range)
                }
                boxes.append(Rect(x: try value("x", -10_000...100_000), y: try value("y", -10_000...100_000),
                                  width: try value("width", 0.01...100_000), height: try value("height", 0.01...100_000)))
            }
            options.ignore = boxes
            options.ignoreLabels = labels
        }
        return options
    }

    /// A value or a list of values (`model: css` or `model: [uikit, css]`), none repeated.
    func oneOrMany<T: Equatable>(_ cursor: YAMLCursor, what: String,
                                 _ read: (YAMLCursor) throws(SceneError) -> T) throws(SceneError) -> [T] {
        let items = cursor.isSequence ? try cursor.sequence() : [cursor]
        guard !items.isEmpty else { throw cursor.error("an empty list", fix: "name at least one \(what), or remove the key") }
        var values: [T] = []
        for item in items {
            let value = try read(item)
            if values.contains(value) { throw item.error("this \(what) is listed twice", fix: "list each once") }
            values.append(value)
        }
        return values
    }

    func nonEmptyText(_ cursor: YAMLCursor, what: String) throws(SceneError) -> String {
        let text = try cursor.string()
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw cursor.error("expected \(what), got nothing", fix: "write \(what)") }
        guard !text.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw cursor.error("\(what) on more than one line", fix: "write it on one line")
        }
        return text
    }
}
