#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic writing of the PNG files `PNGCodec.write` makes, with POSIX calls (reading goes through
/// GhostlineSupport's `SafeFile`, like every file Ghostline reads).
///
/// POSIX rather than Foundation because the errors must carry the plain `strerror` reason for a one-line
/// message, and because the atomic write needs O_EXCL and rename() semantics spelt out exactly.
enum FileIO {
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
