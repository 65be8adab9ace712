import CFontconfig
import Foundation

/// Where a font lives: a file and a face index inside it.
public struct FontFile: Hashable, Sendable, Codable {
    public var path: String
    public var faceIndex: Int
    public init(path: String, faceIndex: Int = 0) { self.path = path; self.faceIndex = faceIndex }
}

/// Finds installed fonts by family and weight (or PostScript name) through fontconfig, the way Linux desktop
/// applications do, so scenes can say `font: Inter` instead of a path.
///
/// fontconfig always answers with *some* font; the locator checks the answer's family and refuses a stand-in,
/// because silently laying out "Inter" with DejaVu would make every number downstream wrong.
public enum FontLocator {
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

    /// The installed font of `family` closest to `weight` (upright unless `italic`).
    public static func locate(family: String, weight: FontWeight = .regular, italic: Bool = false) throws(FontError) -> FontFile {
        let found: FontFile? = withConfig { config in
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, family)
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight.value)))
            FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let match = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
            defer { FcPatternDestroy(match) }
            guard familyNames(of: match).contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame }) else {
                return nil
            }
            return fontFile(of: match)
        }
        guard let found else { throw .familyNotInstalled(family: family, package: debianPackage(forFamily: family)) }
        return found
    }

    /// The installed font whose PostScript name is `postScriptName` (e.g. `Inter-SemiBold`), if any.
    public static func locate(postScriptName: String) -> FontFile? {
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
            return (0..<count).compactMap { fonts[$0].flatMap(fontFile(of:)) }
                .min { ($0.path, $0.faceIndex) < ($1.path, $1.faceIndex) }
        }
    }

    /// Resolves a scene's font name: a PostScript name first (`Inter-SemiBold`), then a family (`Inter`) at the
    /// weight and slant asked for.
    ///
    /// Each answer is remembered for the life of the process. Why: a suite resolves the same few names for every
    /// one of hundreds of scenes, and each fontconfig query (a list of every face, then a match) cost a twentieth of
    /// a card's check. fontconfig itself reads its configuration once per process, so it would not see a font
    /// installed meanwhile either: remembering changes no answer. Fonts found are also kept on disk for the next
    /// process (`FontNameCache`, which says when it trusts them), so a process whose names are all known there
    /// never starts fontconfig.
    public static func locate(name: String, weight: FontWeight = .regular, italic: Bool = false) throws(FontError) -> FontFile {
        let key = NameQuery(name: name, weight: weight, italic: italic)
        answersLock.lock()
        let known = answers[key]
        answersLock.unlock()
        if let known { return try known.get() }
        let answer = Result { () throws(FontError) -> FontFile in try lookUp(name: name, weight: weight, italic: italic) }
        answersLock.lock()
        answers[key] = answer
        lookUps[key, default: 0] += 1
        answersLock.unlock()
        return try answer.get()
    }

    /// How many times `locate(name:weight:italic:)` has looked beyond this process's memory (the on-disk cache, then
    /// fontconfig) for this name, weight and slant (tests read it).
    public static func lookUps(name: String, weight: FontWeight = .regular, italic: Bool = false) -> Int {
        answersLock.lock()
        defer { answersLock.unlock() }
        return lookUps[NameQuery(name: name, weight: weight, italic: italic)] ?? 0
    }

    private typealias NameQuery = FontNameCache.Query
    private nonisolated(unsafe) static var answers: [NameQuery: Result<FontFile, FontError>] = [:]
    private nonisolated(unsafe) static var lookUps: [NameQuery: Int] = [:]
    private static let answersLock = NSLock()

    /// The on-disk answers this process reads and adds to (`GHOSTLINE_FONT_CACHE`, else the per-user cache).
    static let nameCache = FontNameCache(
        location: FontNameCache.defaultLocation(ProcessInfo.processInfo.environment),
        context: FontNameCache.context(ProcessInfo.processInfo.environment, fontconfigVersion: Int(FcGetVersion())),
        watchedPaths: { watchedPaths(environment: ProcessInfo.processInfo.environment) })

    private static func lookUp(name: String, weight: FontWeight, italic: Bool) throws(FontError) -> FontFile {
        let query = NameQuery(name: name, weight: weight, italic: italic)
        let cache = nameCache
        if let known = cache.answer(for: query) { return known }
        let found = try askFontconfig(name: name, weight: weight, italic: italic)
        cache.remember(found, for: query)
        return found
    }

    private static func askFontconfig(name: String, weight: FontWeight, italic: Bool) throws(FontError) -> FontFile {
        let face = locate(postScriptName: name)
        if weight == .regular && !italic, let face { return face }
        do {
            return try locate(family: name, weight: weight, italic: italic)
        } catch {
            // A PostScript name names one face: with a weight or slant that no family of that name has, keep it.
            if let face { return face }
            throw error
        }
    }

    // MARK: fontconfig plumbing

    /// fontconfig's configuration is process-wide and not thread-safe to initialise; one lock guards it.
    private nonisolated(unsafe) static var config: OpaquePointer?
    private nonisolated(unsafe) static var loads = 0
    private static let lock = NSLock()

    /// How many times this process has loaded fontconfig's configuration: 0 until a font is first looked up by name
    /// (or for a character no listed font has), 1 from then on. Loading parses every file under /etc/fonts, which is
    /// most of what fontconfig costs a render (3–4 ms), so a scene that names only font files must never do it, and
    /// no process does it twice. Tests read this to prove both.
    public static var configurationLoads: Int {
        lock.lock()
        defer { lock.unlock() }
        return loads
    }

    /// Runs `body` with fontconfig's configuration, loading it on first use. Nothing else in Ghostline calls
    /// fontconfig, so a scene that names only font files never pays for it.
    static func withConfig<T>(_ body: (OpaquePointer) -> T?) -> T? {
        lock.lock()
        defer { lock.unlock() }
        if loads == 0 {
            // Once, even when it fails (no configuration at all): every later look-up then finds nothing, quickly.
            config = FcInitLoadConfigAndFonts()
            loads += 1
        }
        guard let config else { return nil }
        return body(config)
    }

    /// What fontconfig's answers depend on, on disk: every configuration file and directory it read, every font
    /// directory it scans (listed even when missing, so creating one is seen), and the per-user configuration
    /// places fontconfig's default configuration includes if they exist.
    static func watchedPaths(environment: [String: String]) -> [String] {
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

    static func familyNames(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, index, &value) == FcResultMatch, let value {
            names.append(String(cString: value))
            index += 1
        }
        return names
    }

    static func fontFile(of pattern: OpaquePointer) -> FontFile? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontFile(path: String(cString: file), faceIndex: Int(index))
    }
}
