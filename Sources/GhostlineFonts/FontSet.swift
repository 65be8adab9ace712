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

    /// What a desktop application sees: fontconfig's configuration, nothing added.
    public static let system = FontSet()

    /// True when nothing beyond fontconfig's own configuration is involved, so fontconfig's answers may be kept on
    /// disk between processes (``FontNameCache`` validates exactly that configuration and nothing else).
    var isPlainSystem: Bool { systemFonts && directories.isEmpty }
}
