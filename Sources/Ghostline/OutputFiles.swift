import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of output files written all-or-nothing.
///
/// Each file is first written in full to a hidden temporary file beside its destination; only when every one
/// is complete are they renamed into place. A failure before that removes the temporaries and leaves existing
/// files untouched, so a command that writes a PNG and its layout JSON never leaves one without the other, nor
/// deletes a good old file because the second write failed.
public struct OutputFiles {
    private var staged: [(temporary: String, destination: String)] = []

    public init() {}

    /// Writes `bytes` to a temporary file next to `path`.
    public mutating func stage(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unwritable(path: path, reason: "it is a directory", fix: "name a file, e.g. \(path)/out.png")
        }
        let directory = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unwritable(path: path, reason: "the directory \(directory) does not exist", fix: "create it first (mkdir -p \(directory))")
        }
        let temporary = directory + "/." + url.lastPathComponent + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            let reason = String(cString: strerror(errno))
            throw .unwritable(path: path, reason: reason, fix: "check that the directory is writable and the disk has room")
        }
        staged.append((temporary, path))
    }

    public mutating func stage(_ text: String, to path: String) throws(OutputError) {
        try stage(Array(text.utf8), to: path)
    }

    /// Renames every staged file into place. If a rename fails, the files not yet renamed are removed.
    public mutating func commit() throws(OutputError) {
        defer { staged.removeAll() }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.destination) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in staged[index...] { unlink(rest.temporary) }
            throw .unwritable(path: file.destination, reason: reason, fix: "check that the directory is writable")
        }
    }

    /// Removes every staged temporary file.
    public mutating func discard() {
        for file in staged { unlink(file.temporary) }
        staged.removeAll()
    }
}

/// An output that could not be written: one line naming the file, why, and what to do.
public enum OutputError: Error, CustomStringConvertible, Equatable {
    case unwritable(path: String, reason: String, fix: String)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason, let fix): return "\(path): cannot write (\(reason)); \(fix)"
        }
    }
}
