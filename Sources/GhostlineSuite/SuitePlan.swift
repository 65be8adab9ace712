import Foundation
import GhostlineCheck
import GhostlineSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GhostlineGeometry
import GhostlineLayout
import GhostlineScene
import GhostlineReview

/// One check of a suite: a scene rendered with one model, content size and scale, compared with one design
/// export or recorded reference. Paths are ready to open (relative to the working directory, as the manifest's
/// directory joined with what it wrote).
public struct SuiteCase: Sendable, Equatable {
    /// What the render is compared with.
    public enum Target: Sendable, Equatable {
        /// A design export, which the suite only reads.
        case design(String)
        /// A reference snapshot, which `--update` records.
        case reference(String)

        /// The file, whichever it is.
        public var path: String { switch self { case .design(let p), .reference(let p): return p } }
        /// Every file a check writes when it records this target (`--update`, an approval): a reference and the
        /// layout JSON recorded beside it; nothing for a design export, which the suite never writes.
        public var recordedFiles: [String] {
            guard case .reference(let p) = self else { return [] }
            return [p, SuiteCheck.layoutPath(ofReference: p)]
        }
    }

    /// The case's place in the whole plan: reports, shards and merges are ordered by it.
    public var index: Int
    /// Unique in the plan: the entry's name, then `.model` and `.contentSize` when the entry checks several.
    public var id: String
    /// `id` made safe as a file name (the HTML pages and thumbnails), unique in the plan too.
    public var fileStem: String
    /// The scene file.
    public var scene: String
    /// The design export or reference, placeholders filled in.
    public var target: Target
    /// Where `--update` writes the render of a design case; nil = nowhere.
    public var render: String?
    /// What the case asks for; nil = the scene's own (a scale from the design's `@Nx` name, else the scene's).
    public var model: LayoutModel?
    /// The content size category asked for; nil = the scene's own.
    public var contentSize: ContentSizeCategory?
    /// The colour scheme asked for; nil = the scene's own.
    public var colorScheme: ColorScheme? = nil
    /// The device asked for (its width and scale replace the scene's); nil = the scene's own canvas.
    public var device: String? = nil
    /// The scale asked for; nil = the design's `@Nx` suffix, else the scene's.
    public var scale: Scale?
    /// The entry's options over the manifest's defaults.
    public var options: SuiteCheckOptions
    /// The same scene's design exports in the entry's other colour schemes (same model, size and device): a colour
    /// fix is checked against them too (issue 31, item 4).
    public var otherSchemes: [DesignCheck.SchemeDesign] = []
    /// Why the case cannot run, found while planning (a convention directory's scene without a design); the
    /// case then fails with this line instead of stopping the suite.
    public var problem: String?
}

/// Every check a suite makes, in order: a manifest's entries expanded (globs, models × content sizes), or a
/// directory laid out by the convention `scenes/NAME.yaml` ↔ `designs/NAME@Nx.png`.
public struct SuitePlan: Sendable {
    /// The suite's name: the manifest's `name:`, else its directory's name.
    public var name: String
    /// The manifest file or the convention directory the plan came from.
    public var source: String
    /// Every check, in plan order (`index` = position).
    public var cases: [SuiteCase]
    /// The manifest's `fontDirectories:`, which every check's scene sees.
    public var fontDirectories: [FontDirectory] = []
    /// The manifest's `systemFonts:`; nil keeps the runner's choice.
    public var systemFonts: Bool?
    /// The manifest's `cache:` (absolute): where `ghostline suite` keeps results unless `--cache` or `--no-cache` says
    /// otherwise.
    public var cacheDirectory: String?
    /// The design documents the manifest's entries name (absolute), in the order first named: the suite index lints
    /// them.
    public var documents: [String] = []

    /// More checks than any app needs; a glob over a huge tree stops here instead of exhausting memory.
    public static let maximumCases = 100_000
    /// The manifest a directory is looked in for.
    public static let manifestName = "ghostline.yaml"

    /// A plan of checks made elsewhere (tests, or a caller's own expansion).
    public init(name: String, source: String, cases: [SuiteCase]) {
        self.name = name; self.source = source; self.cases = cases
    }

    /// The plan for `path`: a manifest file; a directory holding `ghostline.yaml`; or a directory laid out by the
    /// convention. nil = the working directory.
    public static func load(_ path: String?) throws(SuiteError) -> SuitePlan {
        let path = path ?? "."
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .usage("\(Escaping.oneLine(path)): no such manifest or directory; pass a ghostline.yaml or the suite's directory")
        }
        guard isDirectory.boolValue else { return try SuitePlan(manifestAt: path) }
        let manifest = join(path, manifestName)
        if FileManager.default.fileExists(atPath: manifest) { return try SuitePlan(manifestAt: manifest) }
        return try SuiteConvention.plan(directory: path)
    }

    /// Reads, parses and expands the manifest at `path`.
    public init(manifestAt path: String) throws(SuiteError) {
        let manifest: SuiteManifest
        do { manifest = try SuiteManifest.load(path: path) } catch { throw .manifest(error) }
        try self.init(manifest: manifest)
    }

    /// Expands a parsed manifest. A glob that matches nothing and two checks with one id are manifest errors at
    /// the entry's place; a scene or design that does not exist is not (its check fails when it runs).
    public init(manifest: SuiteManifest) throws(SuiteError) {
        let directory = Self.directory(of: manifest.path)
        var cases: [SuiteCase] = []
        var owners: [String: String] = [:]   // id → the entry's key path, for the duplicate message
        var imports = DocumentImports(manifest: manifest, directory: directory)
        for entry in manifest.entries {
            let options = entry.options.over(manifest.defaults)
            let scenes: [String]
            if let document = entry.document {
                scenes = [try imports.scene(for: entry, document)]
            } else if entry.sceneIsGlob {
                scenes = Self.matching(Self.join(Self.escapingGlob(directory), entry.scene))
                guard !scenes.isEmpty else {
                    throw .manifest(SceneError(file: manifest.path, mark: entry.marks["scene"],
                                               problem: "the glob `\(entry.scene)` matches no file",
                                               fix: "check the pattern; it is relative to the manifest's directory"))
                }
            } else {
                scenes = [Self.join(directory, entry.scene)]
            }
            let models: [LayoutModel?] = options.models ?? [nil]
            let sizes: [ContentSizeCategory?] = options.contentSizes ?? [nil]
            let schemes: [ColorScheme?] = options.colorSchemes ?? [nil]
            let devices: [String?] = options.devices ?? [nil]
            // Every combination of the variants the entry lists, models outermost.
            let variants = models.flatMap { model in sizes.flatMap { size in schemes.flatMap { scheme in
                devices.map { device in (model, size, scheme, device) } } } }
            for scene in scenes {
                let first = cases.count
                defer { Self.linkSchemes(&cases, from: first) }
                let base = entry.name ?? Self.stem(scene)   // an artboard's scene is named after the artboard
                for (model, size, scheme, device) in variants {
                    var id = base
                    if models.count > 1, let model { id += "." + model.rawValue }
                    if sizes.count > 1, let size { id += "." + size.rawValue }
                    if schemes.count > 1, let scheme { id += "." + scheme.rawValue }
                    if devices.count > 1, let device { id += "." + device.replacingOccurrences(of: " ", with: "-") }
                    if let owner = owners[id] {
                        throw .manifest(SceneError(file: manifest.path, mark: entry.mark,
                                                   problem: "the check `\(id)` is already made by \(owner)",
                                                   fix: "give one of the entries its own `name:`"))
                    }
                    owners[id] = entry.mark.keyPath
                    var values = ["name": base]
                    values["model"] = model?.rawValue
                    values["contentSize"] = size?.rawValue
                    values["colorScheme"] = scheme?.rawValue
                    values["device"] = device
                    values["scale"] = options.scale.map { String($0.factor) }
                    let target: SuiteCase.Target
                    switch entry.target {
                    case .design(let template): target = .design(Self.join(directory, SuiteManifest.expand(template, values)))
                    case .reference(let template): target = .reference(Self.join(directory, SuiteManifest.expand(template, values)))
                    }
                    cases.append(SuiteCase(index: cases.count, id: id, fileStem: id, scene: scene, target: target,
                                           render: entry.render.map { Self.join(directory, SuiteManifest.expand($0, values)) },
                                           model: model, contentSize: size, scale: options.scale, options: options))
                    cases[cases.count - 1].colorScheme = scheme
                    cases[cases.count - 1].device = device
                    guard cases.count <= Self.maximumCases else {
                        throw .manifest(SceneError(file: manifest.path, mark: entry.mark,
                                                   problem: "the manifest expands to more than \(Self.maximumCases) checks",
                                                   fix: "narrow the globs or split the suite"))
                    }
                }
            }
        }
        let name = manifest.name ?? URL(fileURLWithPath: directory).standardized.lastPathComponent
        self.init(name: name, source: manifest.path, cases: Self.assigningFileStems(cases))
        for directory in manifest.fontDirectories {
            if let error = directory.missing() { throw .manifest(error) }
        }
        fontDirectories = manifest.fontDirectories
        systemFonts = manifest.systemFonts
        cacheDirectory = manifest.cache
        documents = imports.documents
    }

    /// Gives each design case from `first` on the design paths of its siblings in the other colour schemes.
    static func linkSchemes(_ cases: inout [SuiteCase], from first: Int) {
        for i in first..<cases.count {
            guard case .design = cases[i].target, let own = cases[i].colorScheme else { continue }
            cases[i].otherSchemes = cases[first..<cases.count].compactMap { other in
                guard case .design(let path) = other.target, let scheme = other.colorScheme, scheme != own,
                      other.model == cases[i].model, other.contentSize == cases[i].contentSize, other.device == cases[i].device else { return nil }
                return DesignCheck.SchemeDesign(scheme: scheme, design: path)
            }
        }
    }

    /// A digest of what the plan checks (ids and paths, in order), so reports of different plans — another
    /// manifest, another commit's globs — are never merged as shards of one run. FNV-1a, 64 bits: stable across
    /// machines and Swift versions, unlike `Hasher`.
    public var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in cases {
            for byte in "\(c.id)\t\(c.scene)\t\(c.target.path)\n".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        return "fnv1a64:" + String(hash, radix: 16).leftPadded(to: 16)
    }

    // MARK: Paths

    /// Ids as file names: characters outside `A–Z a–z 0–9 . _ -` become `_`, and a name taken by an earlier
    /// case gets `-2`, `-3`, … so every page and thumbnail has its own file.
    static func assigningFileStems(_ cases: [SuiteCase]) -> [SuiteCase] {
        var taken = Set<String>()
        return cases.map { c in
            var c = c
            let safe = String(c.id.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
            var stem = safe.hasPrefix(".") ? "_" + safe.dropFirst() : safe
            var n = 2
            while !taken.insert(stem.lowercased()).inserted { stem = "\(safe)-\(n)"; n += 1 }
            c.fileStem = stem
            return c
        }
    }

    /// A path relative to `directory` (the manifest's), kept relative to the working directory when it was.
    static func join(_ directory: String, _ path: String) -> String {
        if path.hasPrefix("/") || directory == "." || directory.isEmpty { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// `directory` with its glob characters escaped, to prefix a pattern.
    static func escapingGlob(_ directory: String) -> String {
        var out = ""
        for character in directory {
            if "*?[]\\".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// The file name without its extension: `scenes/login.yaml` → `login`.
    static func stem(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    /// The regular files a pattern matches, sorted by their bytes (not the locale) so every machine gets the
    /// same order. Glob characters in the directory part are escaped: only the pattern the manifest wrote globs.
    static func matching(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob(pattern, 0, nil, &result) == 0 else { return [] }
        var paths: [String] = []
        for i in 0..<Int(result.gl_pathc) {
            guard let raw = result.gl_pathv[i] else { continue }
            let path = String(cString: raw)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { paths.append(path) }
        }
        return paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
