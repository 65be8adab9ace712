import Foundation

/// Which fonts a ``FontContext`` can see: the system's (what fontconfig's configuration lists), extra directories,
/// or only those directories.
///
/// Why a value: the same scene must give the same pixels on a laptop and on CI. With `systemFonts: false` no
/// configuration under /etc/fonts is read, so installing another font package cannot change which face a name
/// resolves to or which font a fallback character comes from; only the files in `directories` (and a scene's own
/// `fonts:` files, opened by path) are visible.
public struct FontSet: Hashable, Sendable {
    /// Directories scanned for fonts (recursively, as fontconfig scans a font directory), as absolute paths.
    public var directories: [String]
    /// Whether the system's fontconfig configuration (and every font it lists) is visible too.
    public var systemFonts: Bool

    /// A font set of `directories`, plus the system's fonts unless `systemFonts` is false.
    public init(directories: [String] = [], systemFonts: Bool = true) {
        self.directories = directories
        self.systemFonts = systemFonts
    }

    /// A font set of directories a person named (`--font-dir`), each of which must exist; they are kept as absolute,
    /// standardized paths. Without the system's fonts, at least one directory is needed.
    public init(checkingDirectories directories: [String], systemFonts: Bool) throws(FontSetError) {
        var checked: [String] = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .noSuchDirectory(directory)
            }
            checked.append(URL(fileURLWithPath: directory).standardizedFileURL.path)
        }
        if !systemFonts && checked.isEmpty { throw .noFontVisible }
        self.init(directories: checked, systemFonts: systemFonts)
    }

    /// What a desktop application sees: fontconfig's configuration, nothing added.
    public static let system = FontSet()

    /// This set with `more` directories added (each once) and the system's fonts kept only if both this set and
    /// `systemFonts` (nil: no opinion) allow them: what a scene's `fontDirectories:` and `systemFonts:` make of the
    /// caller's set. A scene can narrow what the caller sees, never widen it past a caller's `systemFonts: false`.
    public func adding(_ more: [String], systemFonts: Bool?) -> FontSet {
        var seen = Set(directories)
        return FontSet(directories: directories + more.filter { seen.insert($0).inserted },
                       systemFonts: self.systemFonts && (systemFonts ?? true))
    }

    /// True when nothing beyond fontconfig's own configuration is involved, so fontconfig's answers may be kept on
    /// disk between processes (``FontNameCache`` validates exactly that configuration and nothing else).
    var isPlainSystem: Bool { systemFonts && directories.isEmpty }
}

/// A font set that cannot be made from what a person named.
public enum FontSetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path is not an existing directory.
    case noSuchDirectory(String)
    /// Neither the system's fonts nor any directory: nothing could be drawn.
    case noFontVisible

    public var description: String {
        switch self {
        case .noSuchDirectory(let path): return "\(path): no such directory; check the path"
        case .noFontVisible: return "no font would be visible; add a font directory, or keep the system's fonts"
        }
    }
}
