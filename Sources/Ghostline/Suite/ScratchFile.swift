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
enum ScratchFile {
    /// Creates or truncates `path` and writes `bytes` to it; false when the file cannot be created or written.
    static func save<Bytes: Collection>(_ bytes: Bytes, to path: String) -> Bool where Bytes.Element == UInt8 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return false }
        let written: Bool = bytes.withContiguousStorageIfAvailable { buffer in
            writeAll(UnsafeRawBufferPointer(buffer), to: descriptor)
        } ?? Array(bytes).withUnsafeBytes { writeAll($0, to: descriptor) }
        return close(descriptor) == 0 && written
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
