#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks a font path passes before FreeType and HarfBuzz are let near it.
///
/// Both libraries open the path themselves, and neither expects it not to be a file: HarfBuzz reads a
/// non-regular file until it ends, so `/dev/zero` would be read until memory runs out, and opening a FIFO waits
/// for a writer that may never come. So only a regular file is opened, and only one of a plausible size. The
/// check looks at the path just before the libraries open it; a file swapped in between is not caught, which is
/// acceptable for paths the user names, not a defence against a local attacker.
enum FontFileCheck {
    /// The largest font file opened. Debian's biggest (Noto Serif CJK Bold, a collection of 10 faces) is 27 MB;
    /// anything several times that is not a font a label would use.
    static let maximumBytes = 128 << 20

    static func check(_ path: String) throws(FontError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .missingFile(path: path) }
        let kind: String?
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = nil
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "something other than a file"
        }
        if let kind { throw .unreadable(path: path, detail: "it is \(kind), not a regular file") }
        let size = Int(info.st_size)
        guard size <= maximumBytes else {
            throw .unreadable(path: path, detail: "it is \(size >> 20) MiB, over the limit of \(maximumBytes >> 20) MiB "
                                + "for a font file")
        }
    }
}
