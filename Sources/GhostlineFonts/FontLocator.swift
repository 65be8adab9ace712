import CFontconfig
import Foundation

/// Where a font lives: a file and a face index inside it.
public struct FontFile: Hashable, Sendable, Codable {
    public var path: String
    public var faceIndex: Int
    public init(path: String, faceIndex: Int = 0) { self.path = path; self.faceIndex = faceIndex }
}

/// Finds fonts by family and weight (or PostScript name) through fontconfig, the way Linux desktop applications do,
/// so scenes can say `font: Inter` instead of a path.
///
/// Each locator owns its own fontconfig configuration, built from a ``FontSet``: the system's configuration
/// (`FcInitLoadConfigAndFonts`), optionally with directories added, or a bare configuration holding only the given
/// directories (no file under /etc/fonts is read). Two locators with different font sets answer independently in one
/// process. fontconfig always answers with *some* font; the locator checks the answer's family and refuses a
/// stand-in, because silently laying out "Inter" with DejaVu would make every number downstream wrong.
public final class FontLocator: @unchecked Sendable {
    /// Debian packages that provide the families Ghostline's fixtures and docs use; named in "not installed" errors.
    public static let debianPackages: [(familyPrefix: String, package: String)] = [
        ("Inter", "fonts-inter"),
        ("DejaVu", "fonts-dejavu-core"),
        ("Liberation", "fonts-liberation2"),
        ("Noto Sans CJK", "fonts-noto-cjk"),
        ("Noto", "fonts-noto-core"),
        ("Roboto", "fonts-roboto"),
    ]

    public static func debianPackage(forFamily family: String) -> String? {
        debianPackages.first { family.lowercased().hasPrefix($0.familyPrefix.lowercased()) }?.package
    }

    /// The fonts this locator can see.
    public let fontSet: FontSet

    /// Creates a locator for `fontSet`. Nothing is loaded until the first look-up: a scene that names only font
    /// files never pays for fontconfig. `environment` decides where fontconfig's answers are kept between processes
    /// (`GHOSTLINE_FONT_CACHE`, the XDG cache directory; see ``FontNameCache``); only the plain system font set uses
    /// that cache, because its validation knows fontconfig's own configuration and nothing added to it.
    public init(fontSet: FontSet = .system, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.fontSet = fontSet
        self.environment = environment
    }

    private let environment: [String: String]

    /// The font of `family` closest to `weight`, upright unless `italic`, as fontconfig ranks the family's faces.
    ///
    /// An upright request never yields an italic or oblique face, even where fontconfig would rank one first: a
    /// variable font's italic file can carry a named instance whose name is the bare family ("Inter"), and drawing
    /// every regular label in italic because of it is the worst kind of silent difference. An italic request takes
    /// fontconfig's first face of the family (an italic one when the family has it).
    public func locate(family: String, weight: FontWeight = .regular, italic: Bool = false) throws(FontError) -> FontFile {
        let found: FontFile? = withConfig { config in
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, family)
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight.value)))
            FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let sorted = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
            defer { FcFontSetDestroy(sorted) }
            guard let fonts = sorted.pointee.fonts else { return nil }
            let wanted = FcWeightFromOpenType(Int32(weight.value))
            var chosen: OpaquePointer?
            for index in 0..<Int(sorted.pointee.nfont) {
                guard let candidate = fonts[index],
                      Self.familyNames(of: candidate).contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame })
                else { continue }
                if !italic && Self.slant(of: candidate) != FC_SLANT_ROMAN { continue }
                if chosen == nil { chosen = candidate }
                // CSS font matching (Fonts 4 §5.2): a face whose weight *range* holds the weight asked for matches it
                // exactly, so a variable font that can draw 450 beats a static Medium. fontconfig ranks by the
                // distance to either, so the family's first face is kept only when it is the weight asked for.
                guard let first = chosen, Self.weight(of: first) != Double(wanted) else { break }
                if Self.variableWeightRange(of: candidate).map({ $0.contains(Double(wanted)) }) == true {
                    chosen = candidate
                    break
                }
            }
            // The pattern fontconfig would render: the candidate with the request's properties filled in.
            guard let chosen, let rendered = FcFontRenderPrepare(config, pattern, chosen) else { return nil }
            defer { FcPatternDestroy(rendered) }
            return Self.fontFile(of: rendered)
        }
        guard let found else { throw notFound(family) }
        return found
    }

    /// The error for a name this locator cannot find: which package to install, or (without system fonts) which
    /// directories were searched.
    func notFound(_ family: String) -> FontError {
        fontSet.systemFonts ? .familyNotInstalled(family: family, package: Self.debianPackage(forFamily: family))
                            : .familyNotInFontSet(family: family, directories: fontSet.directories)
    }

    /// The font whose PostScript name is `postScriptName` (e.g. `Inter-SemiBold`), if this locator sees one.
    public func locate(postScriptName: String) -> FontFile? {
        withConfig { config in
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, postScriptName)
            guard let objects = FcObjectSetCreate() else { return nil }
            defer { FcObjectSetDestroy(objects) }
            FcObjectSetAdd(objects, FC_FILE)
            FcObjectSetAdd(objects, FC_INDEX)
            guard let list = FcFontList(config, pattern, objects) else { return nil }
            defer { FcFontSetDestroy(list) }
            let count = Int(list.pointee.nfont)
            guard count > 0, let fonts = list.pointee.fonts else { return nil }
            // Several copies may be installed; pick the lexicographically first path so the answer is stable.
            return (0..<count).compactMap { fonts[$0].flatMap(Self.fontFile(of:)) }
                .min { ($0.path, $0.faceIndex) < ($1.path, $1.faceIndex) }
        }
    }

    /// Resolves a scene's font name: a family (`Inter`) at the weight and slant asked for, else a face's exact
    /// PostScript name (`Inter-SemiBold`), as CoreText resolves a name.
    ///
    /// Each answer is remembered for the life of the locator. Why: a suite resolves the same few names for every
    /// one of hundreds of scenes, and each fontconfig query (a list of every face, then a match) cost a twentieth of
    /// a card's check. fontconfig reads its configuration once per locator, so it would not see a font installed
    /// meanwhile either: remembering changes no answer. For the system font set, fonts found are also kept on disk
    /// for the next process (``FontNameCache``, which says when it trusts them), so a process whose names are all
    /// known there never starts fontconfig.
    public func locate(name: String, weight: FontWeight = .regular, italic: Bool = false) throws(FontError) -> FontFile {
        let key = NameQuery(name: name, weight: weight, italic: italic)
        answersLock.lock()
        let known = answers[key]
        answersLock.unlock()
        if let known { return try known.get() }
        let answer = Result { () throws(FontError) -> FontFile in try lookUp(name: name, weight: weight, italic: italic) }
        answersLock.lock()
        answers[key] = answer
        lookUpCounts[key, default: 0] += 1
        answersLock.unlock()
        return try answer.get()
    }

    /// How many times `locate(name:weight:italic:)` has looked beyond this locator's memory (the on-disk cache, then
    /// fontconfig) for this name, weight and slant (tests read it).
    public func lookUps(name: String, weight: FontWeight = .regular, italic: Bool = false) -> Int {
        answersLock.lock()
        defer { answersLock.unlock() }
        return lookUpCounts[NameQuery(name: name, weight: weight, italic: italic)] ?? 0
    }

    private typealias NameQuery = FontNameCache.Query
    private var answers: [NameQuery: Result<FontFile, FontError>] = [:]
    private var lookUpCounts: [NameQuery: Int] = [:]
    private let answersLock = NSLock()

    /// The on-disk answers this locator reads and adds to (`GHOSTLINE_FONT_CACHE`, else the per-user cache); nil for a
    /// font set other than the plain system one.
    private lazy var nameCache: FontNameCache? = {
        guard fontSet.isPlainSystem else { return nil }
        let environment = self.environment
        return FontNameCache(
            location: FontNameCache.defaultLocation(environment),
            context: FontNameCache.context(environment, fontconfigVersion: Int(FcGetVersion())),
            watchedPaths: { [unowned self] in self.watchedPaths() })
    }()
    private let nameCacheLock = NSLock()

    private func lookUp(name: String, weight: FontWeight, italic: Bool) throws(FontError) -> FontFile {
        let query = NameQuery(name: name, weight: weight, italic: italic)
        nameCacheLock.lock()
        let cache = nameCache
        nameCacheLock.unlock()
        if let known = cache?.answer(for: query) { return known }
        let found = try askFontconfig(name: name, weight: weight, italic: italic)
        cache?.remember(found, for: query)
        return found
    }

    /// The family first: a family name must never be taken for a PostScript name, because a variable font's named
    /// instance may be called by the bare family (Debian's variable Inter names its italic file's default instance
    /// "Inter"). Only a name that is no family is looked up as a PostScript name, which names one face whatever the
    /// weight and slant asked for.
    private func askFontconfig(name: String, weight: FontWeight, italic: Bool) throws(FontError) -> FontFile {
        do {
            return try locate(family: name, weight: weight, italic: italic)
        } catch {
            if let face = locate(postScriptName: name) { return face }
            throw error
        }
    }

    // MARK: fontconfig plumbing

    /// This locator's configuration, built on first use; nil after a failed build (every look-up then finds nothing,
    /// quickly).
    private var config: OpaquePointer?
    private var loads = 0
    /// fontconfig configurations are not safe to build or query from two threads at once; one lock per locator.
    private let lock = NSLock()

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    /// How many times this locator has built its fontconfig configuration: 0 until a font is first looked up by name
    /// (or for a character no listed font has), 1 from then on. Building the system's parses every file under
    /// /etc/fonts, which is most of what fontconfig costs a render (3–4 ms), so a scene that names only font files
    /// must never do it, and no locator does it twice. Tests read this to prove both.
    public var configurationLoads: Int {
        lock.lock()
        defer { lock.unlock() }
        return loads
    }

    /// Runs `body` with this locator's configuration, building it on first use. Nothing else in Ghostline calls
    /// fontconfig, so a scene that names only font files never pays for it.
    func withConfig<T>(_ body: (OpaquePointer) -> T?) -> T? {
        lock.lock()
        defer { lock.unlock() }
        if loads == 0 {
            loads += 1
            config = Self.buildConfig(fontSet)
        }
        guard let config else { return nil }
        return body(config)
    }

    /// The system's configuration with `directories` added, or (without system fonts) an empty configuration holding
    /// only `directories`: no configuration file is parsed, so no substitution rule, alias or font from elsewhere on
    /// the machine can take part.
    private static func buildConfig(_ fontSet: FontSet) -> OpaquePointer? {
        guard fontSet.systemFonts else { return hermeticConfig(fontSet.directories) }
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        for directory in fontSet.directories {
            _ = FcConfigAppFontAddDir(config, directory)
        }
        return config
    }

    /// A configuration of `directories` alone, written in memory: no file under /etc/fonts (or the user's) is read,
    /// so no rule, alias or font from the rest of the machine takes part. It keeps fontconfig's scan cache in the
    /// user's cache directory, as the system configuration does (without one, fontconfig complains on stderr that
    /// it cannot write a cache, and rescans the directories every time).
    private static func hermeticConfig(_ directories: [String]) -> OpaquePointer? {
        guard let config = FcConfigCreate() else { return nil }
        let xml = "<?xml version=\"1.0\"?><fontconfig><cachedir prefix=\"xdg\">fontconfig</cachedir>"
            + directories.map { "<dir>\(xmlEscaped($0))</dir>" }.joined() + "</fontconfig>"
        guard FcConfigParseAndLoadFromMemory(config, xml, FcTrue) == FcTrue, FcConfigBuildFonts(config) == FcTrue else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// A path as XML text.
    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// What fontconfig's answers depend on, on disk: every configuration file and directory it read, every font
    /// directory it scans (listed even when missing, so creating one is seen), and the per-user configuration
    /// places fontconfig's default configuration includes if they exist.
    func watchedPaths() -> [String] {
        var paths: [String] = withConfig { config -> [String] in
            var paths: [String] = []
            for list in [FcConfigGetConfigFiles(config), FcConfigGetConfigDirs(config), FcConfigGetFontDirs(config)] {
                guard let list else { continue }
                while let path = FcStrListNext(list) { paths.append(String(cString: path)) }
                FcStrListDone(list)
            }
            return paths
        } ?? []
        if let home = environment["HOME"], home.hasPrefix("/") {
            let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
            paths += [config + "/fontconfig", config + "/fontconfig/fonts.conf", config + "/fontconfig/conf.d",
                      home + "/.fonts.conf", home + "/.fonts.conf.d"]
        }
        var seen = Set<String>()
        return paths.filter { $0.hasPrefix("/") && seen.insert($0).inserted }
    }
}
