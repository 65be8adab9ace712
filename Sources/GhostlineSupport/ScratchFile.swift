import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files a suite writes for itself: each check's report text in the scratch directory (read back once to build
/// `--report`), and the pages and thumbnails staged for `--html` (renamed into place as one directory at the end).
///
/// Plain POSIX calls rather than `FileManager.createFile`, which writes through a second temporary file and a rename
/// of its own: for hundreds of small files that was a twentieth of a card's check, and these files are already
/// all-or-nothing through the directory they are staged in.
public enum ScratchFile {
    /// Creates or truncates `path` and writes `bytes` to it; false when the file cannot be created or written.
    public static func save<Bytes: Collection>(_ bytes: Bytes, to path: String) -> Bool where Bytes.Element == UInt8 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return false }
        let failure = bytes.withContiguousStorageIfAvailable { writeFully(descriptor, UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { writeFully(descriptor, $0) }
        return close(descriptor) == 0 && failure == nil
    }
}
