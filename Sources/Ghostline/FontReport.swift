import GhostlineFonts
import GhostlineScene
import GhostlineSupport

/// What every font a scene names resolved to on this machine, and why: what `ghostline fonts` prints, as a value.
///
/// It is read from the resolved scene (``Scene/fontResolutions``), never looked up again, so it names exactly the
/// fonts a render of that scene draws with. Entries come in this order: the named styles in the order written
/// (a style no label uses has no font and is listed in ``unusedStyles``), then labels' inline styles and styled
/// runs in the order the tree has them, then the `fallback:` entries.
public struct FontReport: Sendable {
    /// One font found: the resolution and the identity of the font it opened.
    public struct Entry: Sendable {
        /// What asked, what it asked for, how it was found, and the font.
        public var resolution: FontResolution
        /// File, face, PostScript name, version, `head.fontRevision` and SHA-256 of the font found.
        public var identity: FontIdentity

        public init(resolution: FontResolution) {
            self.resolution = resolution
            self.identity = resolution.font.identity
        }
    }

    /// The scene file.
    public var scene: String
    /// The fonts the scene saw: the caller's set with the scene's `fontDirectories:` and `systemFonts:` applied.
    public var fontSet: FontSet
    /// The fonts found, in the order above.
    public var entries: [Entry]
    /// Named styles no label has as its style, in the order written: nothing was looked up for them. (A run that
    /// names one is listed under its label.)
    public var unusedStyles: [String]

    /// The report of `scene`, whose fonts were found in `fontSet` when the scene does not say (a scene built directly).
    public init(scene: Scene, fontSet: FontSet) {
        self.scene = scene.sourcePath
        self.fontSet = scene.fontSet ?? fontSet
        let resolutions = scene.fontResolutions
        var entries: [Entry] = []
        var unused: [String] = []
        for name in scene.styleNames {
            if let found = resolutions.first(where: { $0.subject == .style(name) }) {
                entries.append(Entry(resolution: found))
            } else {
                unused.append(name)
            }
        }
        for resolution in resolutions {
            if case .label = resolution.subject { entries.append(Entry(resolution: resolution)) }
        }
        for resolution in resolutions {
            if case .fallback = resolution.subject { entries.append(Entry(resolution: resolution)) }
        }
        self.entries = entries
        self.unusedStyles = unused
    }

    // MARK: Text

    /// The report for a person: the font set, then one block per entry.
    public var text: String {
        var lines = ["fonts of \(scene)", "font set: \(Self.describe(fontSet))"]
        for entry in entries {
            let resolution = entry.resolution
            let request = resolution.request
            let identity = entry.identity
            lines += [
                "",
                "\(resolution.subject)",
                "  asked for  \(request.name), weight \(request.weight.value), \(request.italic ? "italic" : "upright")",
                "  found as   \(Self.describe(resolution.source, request: request))",
                "  file       \(identity.file), face \(identity.faceIndex)",
                "  name       \(identity.postScriptName)",
            ] + (resolution.font.variations.isEmpty ? [] : [
                "  instance   " + resolution.font.variations.map { "\($0.tag) \(Self.number($0.value))" }.joined(separator: ", "),
            ]) + [
                "  version    \(identity.version.isEmpty ? "(none)" : identity.version), head.fontRevision \(identity.revision)",
                "  sha256     \(identity.sha256)",
            ]
        }
        for name in unusedStyles {
            lines += ["", "style \(name)", "  no label has this style: nothing was looked up"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An axis value as people write it: `450`, `-10`, `12.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// `the system's fonts`, `the system's fonts and /a, /b`, `only /a, /b (system fonts off)`.
    static func describe(_ set: FontSet) -> String {
        let directories = set.directories.joined(separator: ", ")
        if !set.systemFonts { return "only \(directories) (system fonts off)" }
        return set.directories.isEmpty ? "the system's fonts" : "the system's fonts and \(directories)"
    }

    /// How a request was answered, in words.
    static func describe(_ source: FontResolution.Source, request: FontResolution.Request) -> String {
        switch source {
        case .namedFont(let name): return "the fonts: entry \(name)"
        case .file(let path): return "the file \(path)"
        case .family: return "the family \(request.name) through fontconfig"
        case .snappedFamily(let weight, let italic):
            var changes: [String] = []
            if weight != request.weight.value { changes.append("weight \(request.weight.value) asked, \(weight) found") }
            if italic != request.italic { changes.append(italic ? "upright asked, italic found" : "italic asked, upright found") }
            return "the family \(request.name) through fontconfig, nearest face (\(changes.joined(separator: "; ")))"
        case .postScriptName: return "the PostScript name \(request.name) through fontconfig"
        case .namedInstance(let family, let instance): return "the named instance \(instance) of \(family)'s variable font"
        }
    }

    // MARK: JSON

    /// The report as JSON, keys in a fixed order: `scene`, `fontSet`, `fonts` (one object per entry: `subject`,
    /// `request`, `source`, `font`) and `unusedStyles`.
    public var json: JSONValue {
        .object([
            ("scene", .string(scene)),
            ("fontSet", .object([("directories", .array(fontSet.directories.map(JSONValue.string))),
                                 ("systemFonts", .bool(fontSet.systemFonts))])),
            ("fonts", .array(entries.map(Self.json))),
            ("unusedStyles", .array(unusedStyles.map(JSONValue.string))),
        ])
    }

    static func json(_ entry: Entry) -> JSONValue {
        let resolution = entry.resolution
        let identity = entry.identity
        let subject: [(String, JSONValue)]
        switch resolution.subject {
        case .style(let name): subject = [("kind", .string("style")), ("name", .string(name))]
        case .label(let label, let run):
            subject = [("kind", .string("label")), ("label", .string(label))] + (run.map { [("run", .integer($0))] } ?? [])
        case .fallback(let index): subject = [("kind", .string("fallback")), ("index", .integer(index))]
        }
        let source: [(String, JSONValue)]
        switch resolution.source {
        case .namedFont(let name): source = [("kind", .string("fontsEntry")), ("name", .string(name))]
        case .file(let path): source = [("kind", .string("file")), ("path", .string(path))]
        case .family: source = [("kind", .string("family"))]
        case .snappedFamily(let weight, let italic):
            source = [("kind", .string("snappedFamily")), ("weight", .integer(weight)), ("italic", .bool(italic))]
        case .postScriptName: source = [("kind", .string("postScriptName"))]
        case .namedInstance(let family, let instance):
            source = [("kind", .string("namedInstance")), ("family", .string(family)), ("instance", .string(instance))]
        }
        return .object([
            ("subject", .object(subject)),
            ("request", .object([("name", .string(resolution.request.name)), ("weight", .integer(resolution.request.weight.value)),
                                 ("italic", .bool(resolution.request.italic))])),
            ("source", .object(source)),
            ("font", .object([("file", .string(identity.file)), ("faceIndex", .integer(identity.faceIndex)),
                              ("postScriptName", .string(identity.postScriptName)), ("version", .string(identity.version)),
                              ("revision", .number(identity.revision)), ("sha256", .string(identity.sha256))]
                             + (resolution.font.variations.isEmpty ? [] : [("variations", .object(
                                 resolution.font.variations.map { ($0.tag, .number($0.value)) }))]))),
        ])
    }
}
