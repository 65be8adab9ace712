import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths as `OutputFiles` compares and names them: links followed, made absolute, quoted for a one-line message.
extension OutputFiles {
    /// The path with a final symbolic link (or a chain of them) followed; a dangling link gives its target's
    /// path, which the output then creates. A loop is an error.
    static func resolvingLinks(_ path: String) throws(OutputError) -> String {
        var current = path
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        throw .unwritable(path: path, reason: "its symbolic links go round in a loop", fix: "point the output at a file")
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A path for a one-line message: as it is, or quoted with escapes when it holds a newline, a tab or a quote,
    /// so the message stays one line.
    public static func quoted(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\"" }) else { return path }
        var out = "\""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.properties.generalCategory == .control: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A file's identity: its device and inode, so two paths to one file are recognised as one.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init?(_ path: String) {
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
        case .unwritable(let path, let reason, let fix): return "\(OutputFiles.quoted(path)): cannot write (\(reason)); \(fix)"
        }
    }
}
