/// Why a font could not be loaded or found. Every description is one line that names the file or family and
/// says what to do, because it ends up verbatim on a terminal.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case missingFile(path: String)
    /// FreeType could not open the file as a font (corrupt, truncated or not a font).
    case unreadable(path: String, detail: String)
    /// The file holds fewer faces than the index asks for.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// The font lacks a table Ghostline needs (hhea, or a sane unitsPerEm).
    case missingTable(path: String, table: String)
    /// fontconfig knows no font of that family (or PostScript name).
    case familyNotInstalled(family: String, package: String?)
    /// A hermetic font set (no system fonts) has no font of that family or PostScript name in its directories.
    case familyNotInFontSet(family: String, directories: [String])
    /// A metric override is unusable (e.g. unitsPerEm ≤ 0).
    case invalidOverride(detail: String)

    public var description: String {
        switch self {
        case .missingFile(let path):
            return "\(path): font file not found; check the path, or install the Debian package that provides it"
        case .unreadable(let path, let detail):
            return "\(path): not a usable font (\(detail)); point to a .ttf, .otf or .ttc file"
        case .faceIndexOutOfRange(let path, let index, let faceCount):
            return "\(path): face index \(index) is out of range, the file holds \(faceCount) face(s); use 0…\(max(faceCount - 1, 0))"
        case .missingTable(let path, let table):
            return "\(path): the font has no usable '\(table)' table; use a different font file"
        case .familyNotInstalled(let family, let package):
            if let package {
                return "font '\(family)' is not installed: run `apt-get install \(package)`, or name its file under `fonts:` in the scene"
            }
            return "font '\(family)' is not installed: install it (fc-list shows what is), or name its file under `fonts:` in the scene"
        case .familyNotInFontSet(let family, let directories):
            return "font '\(family)' is not in the font directories (\(directories.joined(separator: ", "))), and system fonts are "
                + "off: add the directory that holds it to fontDirectories (or --font-dir), or name its file under `fonts:`"
        case .invalidOverride(let detail):
            return "invalid font metrics override: \(detail)"
        }
    }
}
