import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths as `OutputFiles` compares them: links followed, made absolute.
extension OutputFiles {
    /// The path with a final symbolic link (or a chain of them) followed; a dangling link gives its target's
    /// path, which the output then creates. A loop is an error.
    public static func resolvingLinks(_ path: String) throws(OutputError) -> String {
        var current = path
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        throw .unwritable(path: path, reason: "its symbolic links go round in a loop", fix: "point the output at a file")
    }

    /// The path made absolute, with `.`, `..` and every symbolic link resolved: two paths to one file compare equal.
    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// A file's identity: its device and inode, so two paths to one file are recognised as one.
public struct FileIdentity: Equatable, Sendable {
    /// The device the file is on (`st_dev`).
    public let device: UInt64
    /// The file's inode on that device (`st_ino`).
    public let inode: UInt64

    /// The identity of the file at `path` (links followed); nil when there is none.
    public init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// An output that could not be written: one line naming the file, why, and what to do.
public enum OutputError: Error, CustomStringConvertible, Equatable {
    /// The output at `path` cannot be written: the system's or Ghostline's `reason`, and the `fix` to suggest.
    case unwritable(path: String, reason: String, fix: String)

    /// The one line the CLI prints: `PATH: cannot write (reason); fix`.
    public var description: String {
        switch self {
        case .unwritable(let path, let reason, let fix): return "\(Escaping.oneLine(path)): cannot write (\(reason)); \(fix)"
        }
    }
}
