#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File reading and atomic writing with POSIX calls.
///
/// POSIX rather than Foundation because the errors must carry the plain `strerror` reason ("No such file or
/// directory", "Permission denied") for a one-line message, and because the atomic write needs O_EXCL and
/// rename() semantics spelt out exactly.
enum FileIO {
    /// Why a file could not be read, before any format is involved; each reader maps it to its own error type.
    enum ReadFailure: Error, Equatable {
        /// The operating system's reason (`strerror`).
        case unreadable(reason: String)
        /// The path names a directory, FIFO, device or socket. `kind` reads "a FIFO (named pipe)".
        case notRegularFile(kind: String)
        /// The file is larger than the reader accepts; nothing was read.
        case tooLarge(bytes: Int, limit: Int)

        /// The reason as a phrase for "cannot read PATH: …".
        var reason: String {
            switch self {
            case .unreadable(let reason): return reason
            case .notRegularFile(let kind): return kind == "a directory" ? "it is a directory" : "it is \(kind), not a regular file"
            case .tooLarge(let bytes, let limit):
                return "it is \(FileIO.describe(bytes: bytes)), over the limit of \(FileIO.describe(bytes: limit))"
            }
        }
    }

    /// A regular file opened for reading, whose size was known and checked before its first byte was read.
    ///
    /// The checks come first because the file may not be a file: `/dev/zero` or `/dev/urandom` given as a design
    /// export would be read until memory runs out, and opening a FIFO waits for a writer that may never come
    /// (so the open is non-blocking, and only a regular file is read from). Reading stops at the size `fstat`
    /// reported, so a file that grows while it is read cannot make us read more than was checked.
    final class ReadableFile {
        let path: String
        /// Bytes in the file when it was opened.
        let size: Int
        private let descriptor: Int32
        private var offset = 0

        init(path: String, limit: Int) throws(ReadFailure) {
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw .unreadable(reason: FileIO.lastError()) }
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                let reason = FileIO.lastError()
                close(fd)
                throw .unreadable(reason: reason)
            }
            if let kind = FileIO.kind(of: info.st_mode) {
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
        var remaining: Int { size - offset }

        /// Reads the next `count` bytes, or fewer if the file ends (or was shortened) first.
        func read(upTo count: Int) throws(ReadFailure) -> [UInt8] {
            let wanted = min(max(count, 0), remaining)
            var result = [UInt8](repeating: 0, count: wanted)
            var filled = 0
            while filled < wanted {
                let got = result.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress! + filled, wanted - filled) }
                if got == 0 { break }
                if got < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw .unreadable(reason: FileIO.lastError())
                }
                filled += got
            }
            offset += filled
            if filled < wanted { result.removeLast(wanted - filled) }
            return result
        }
    }

    /// Reads the whole regular file at `path`, refusing anything else and files over `limit` bytes.
    static func readAll(_ path: String, limit: Int) throws(ReadFailure) -> [UInt8] {
        let file = try ReadableFile(path: path, limit: limit)
        return try file.read(upTo: file.size)
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
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 { return "\((bytes + (1 << 19)) >> 20) MiB" }
        if bytes >= 1 << 10 { return "\((bytes + (1 << 9)) >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Writes `bytes` to a temporary file next to `path` and renames it over `path`.
    ///
    /// - Parameter failBeforeRename: for tests only: fail after the temporary file is complete, just before
    ///   the rename, to check that a failure then removes the temporary file and leaves `path` untouched.
    static func writeAtomically(_ bytes: [UInt8], to path: String, failBeforeRename: Bool = false) throws(PNGError) {
        let (directory, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .unwritable(path: path, reason: "the path names a directory, not a file")
        }

        // Same directory as the destination so rename() stays on one file system; a leading dot hides it from
        // globs like *.png while it exists; pid + random + O_EXCL keep concurrent writers apart.
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<8 {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            temporary = (directory == "/" ? "" : directory) + "/." + name + ".\(getpid()).\(random).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw .unwritable(path: path, reason: lastError()) }

        func abandon(_ reason: String) -> PNGError {
            unlink(temporary)
            return .unwritable(path: path, reason: reason)
        }

        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = lastError()
                close(fd)
                throw abandon(reason)
            }
            written += count
        }
        // close() is where some file systems (NFS, quotas) first report a failed write.
        if close(fd) != 0 { throw abandon(lastError()) }
        if failBeforeRename { throw abandon("simulated failure before rename") }
        if rename(temporary, path) != 0 { throw abandon(lastError()) }
    }

    /// Splits a path into its directory ("." when there is none) and its last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// The C library's read(2), named apart from `ReadableFile.read(upTo:)`.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
