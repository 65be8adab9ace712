import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ghostline's one way to read a file someone named: a scene, a style guide, design tokens, a suite manifest or
/// report, a layout JSON, an image. Only a regular file is read, and only up to the caller's limit; each caller turns
/// a failure into its own error and wording.
///
/// ```swift
/// let text = try SafeFile.text(of: path, limit: 16 << 20)            // throws SafeFile.Failure
/// let file = try SafeFile.Readable(path: path, limit: 256 << 20)     // or piece by piece (SafeFile.ReadFailure)
/// let header = try file.read(upTo: 64 << 10)
/// ```
///
/// POSIX rather than Foundation because the errors must carry the plain `strerror` reason ("No such file or
/// directory", "Permission denied") for a one-line message, and because the order of the checks matters: the file
/// is opened without blocking and checked through its descriptor before a byte is read.
public enum SafeFile {
    /// Why a file could not be read, before any format is involved; each reader maps it to its own error type.
    public enum ReadFailure: Error, Equatable, Sendable {
        /// The operating system's reason (`strerror`).
        case unreadable(reason: String)
        /// The path names a directory, FIFO, device or socket. `kind` reads "a FIFO (named pipe)".
        case notRegularFile(kind: String)
        /// The file is larger than the reader accepts; nothing was read.
        case tooLarge(bytes: Int, limit: Int)

        /// The reason as a phrase for "cannot read PATH: …".
        public var reason: String {
            switch self {
            case .unreadable(let reason): return reason
            case .notRegularFile(let kind): return kind == "a directory" ? "it is a directory" : "it is \(kind), not a regular file"
            case .tooLarge(let bytes, let limit):
                return "it is \(SafeFile.describe(bytes: bytes)), over the limit of \(SafeFile.describe(bytes: limit))"
            }
        }
    }

    /// A regular file opened for reading, whose size was known and checked before its first byte was read.
    ///
    /// The checks come first because the file may not be a file: `/dev/zero` or `/dev/urandom` given as a design
    /// export would be read until memory runs out, and opening a FIFO waits for a writer that may never come
    /// (so the open is non-blocking, and only a regular file is read from). Reading stops at the size `fstat`
    /// reported, so a file that grows while it is read cannot make us read more than was checked.
    public final class Readable {
        /// The path as the caller named it.
        public let path: String
        /// Bytes in the file when it was opened.
        public let size: Int
        private let descriptor: Int32
        private var offset = 0

        /// Opens the regular file at `path` (a final symbolic link followed) if it holds at most `limit` bytes.
        public init(path: String, limit: Int) throws(ReadFailure) {
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw .unreadable(reason: SafeFile.lastError()) }
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                let reason = SafeFile.lastError()
                close(fd)
                throw .unreadable(reason: reason)
            }
            if let kind = SafeFile.kind(of: info.st_mode) {
                close(fd)
                throw .notRegularFile(kind: kind)
            }
            let size = Int(info.st_size)
            guard size <= limit else {
                close(fd)
                throw .tooLarge(bytes: size, limit: limit)
            }
            self.path = path
            self.size = size
            self.descriptor = fd
        }

        deinit { close(descriptor) }

        /// Bytes not read yet (of the size the file had when it was opened).
        public var remaining: Int { size - offset }

        /// Reads the next `count` bytes, or fewer if the file ends (or was shortened) first.
        public func read(upTo count: Int) throws(ReadFailure) -> [UInt8] {
            let wanted = min(max(count, 0), remaining)
            var result = [UInt8](repeating: 0, count: wanted)
            var filled = 0
            while filled < wanted {
                let got = result.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress! + filled, wanted - filled) }
                if got == 0 { break }
                if got < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw .unreadable(reason: SafeFile.lastError())
                }
                filled += got
            }
            offset += filled
            if filled < wanted { result.removeLast(wanted - filled) }
            return result
        }
    }

    /// Why `contents(of:limit:)` or `text(of:limit:)` could not read a file, in the order they look: what a reader of a
    /// file someone named (a scene, a manifest, a report) tells apart in its messages.
    public enum Failure: Error, Equatable, Sendable {
        /// Nothing is at the path (or it cannot be looked at).
        case missing
        /// The path names a directory.
        case directory
        /// Something is there but was not read: a FIFO, device or socket, a file over the limit, or the system's refusal.
        case unreadable(ReadFailure)
        /// The file was read but is not UTF-8 text (`text(of:limit:)` only).
        case notUTF8
    }

    /// The bytes of the regular file at `path` (a final symbolic link followed), of at most `limit` bytes.
    public static func contents(of path: String, limit: Int) throws(Failure) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .missing }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw .directory }
        do throws(ReadFailure) {
            let file = try Readable(path: path, limit: limit)
            return try file.read(upTo: file.size)
        } catch {
            throw .unreadable(error)
        }
    }

    /// The text of the regular file at `path`, as `contents(of:limit:)` reads it, if it is UTF-8.
    public static func text(of path: String, limit: Int) throws(Failure) -> String {
        guard let text = String(data: Data(try contents(of: path, limit: limit)), encoding: .utf8) else { throw .notUTF8 }
        return text
    }

    /// The text read from `descriptor` (by default standard input) until it ends, if it is at most `limit` bytes of
    /// UTF-8. A pipe has no size to check first, so reading stops as soon as the limit is passed.
    ///
    /// - Throws: `.unreadable(.unreadable(reason:))` when reading fails, `.unreadable(.tooLarge(bytes:limit:))` past
    ///   the limit (`bytes` is what was read so far), `.notUTF8` for text that is not UTF-8.
    public static func text(readingDescriptor descriptor: Int32 = STDIN_FILENO, limit: Int) throws(Failure) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(.unreadable(reason: lastError())) }
            if count == 0 { break }
            bytes += buffer[0..<count]
            guard bytes.count <= limit else { throw .unreadable(.tooLarge(bytes: bytes.count, limit: limit)) }
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else { throw .notUTF8 }
        return text
    }

    /// What a file type is called in messages, or nil for a regular file.
    static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// "300 MiB", "12 KiB", "7 bytes": sizes in messages, in the binary units the limits are set in.
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 { return "\((bytes + (1 << 19)) >> 20) MiB" }
        if bytes >= 1 << 10 { return "\((bytes + (1 << 9)) >> 10) KiB" }
        return "\(bytes) bytes"
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// The C library's read(2), named apart from `Readable.read(upTo:)`.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
