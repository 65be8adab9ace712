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
///
/// It also refuses what would lose a file, as careful tools (`cp`, `rsync`) do: an output that *is* one of the
/// command's inputs (the same device and inode, whatever the path says), and two outputs on one path. An output
/// path that is a symbolic link is followed, as `cp` follows it: the file it points to is replaced, the link
/// stays.
///
/// The path `-` is standard output, as in most command-line tools: its bytes are held until every file is in place
/// and written last, so a failed run prints nothing. One output at most may go there, and a PNG is not written to
/// a terminal (it would only garble it).
public struct OutputFiles {
    /// The path that means standard output.
    public static let standardOutput = "-"
    private var staged: [(temporary: String, destination: String)] = []
    private var forStandardOutput: [UInt8]?
    private var inputs: [(path: String, identity: FileIdentity)] = []
    /// Outputs opened with `open`, closed (and a standard output's bytes taken) by `commit`.
    private var streamed: [StreamedOutput] = []

    /// - Parameter inputs: files the command reads; none of them may be written.
    public init(inputs: [String] = []) {
        self.inputs = inputs.compactMap { path in FileIdentity(path).map { (path, $0) } }
    }

    /// Writes `bytes` to a temporary file next to `path` (or next to the file `path` links to).
    public mutating func stage(_ bytes: [UInt8], to path: String) throws(OutputError) {
        if path == Self.standardOutput {
            try holdForStandardOutput(bytes)
            return
        }
        // Written with plain POSIX calls, like `open`: FileManager's createFile copies the bytes into a Data and
        // writes them atomically through a second temporary file of its own, which this rename makes redundant.
        let output = try open(path)
        var failure: OutputError?
        bytes.withUnsafeBytes { buffer in
            do throws(OutputError) { try output.write(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Opens an output to be written a piece at a time, for one too large to hold whole (the diff image of two
    /// 16384 px exports): the same checks and the same all-or-nothing rename as `stage`, with the bytes going to
    /// the temporary file as they are written. `-` collects them for standard output instead.
    public mutating func open(_ path: String) throws(OutputError) -> StreamedOutput {
        if path == Self.standardOutput {
            guard forStandardOutput == nil, !streamed.contains(where: { $0.path == Self.standardOutput }) else {
                throw Self.secondStandardOutput
            }
            let output = StreamedOutput(path: path, descriptor: -1)
            streamed.append(output)
            return output
        }
        let (temporary, destination) = try prepare(path)
        let descriptor = posixOpen(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw .unwritable(path: path, reason: String(cString: strerror(errno)),
                              fix: "check that the directory is writable and the disk has room")
        }
        staged.append((temporary, destination))
        let output = StreamedOutput(path: path, descriptor: descriptor)
        streamed.append(output)
        return output
    }

    /// An output being written a piece at a time (see `open`). Small writes are gathered into 1 MiB ones; large ones
    /// go straight to the file.
    public final class StreamedOutput {
        public let path: String
        fileprivate var descriptor: Int32
        fileprivate var buffer: [UInt8] = []

        fileprivate init(path: String, descriptor: Int32) {
            self.path = path; self.descriptor = descriptor
            buffer.reserveCapacity(descriptor >= 0 ? 1 << 20 : 0)
        }

        deinit { if descriptor >= 0 { _ = posixClose(descriptor) } }

        /// Appends `bytes`; a failure (a full disk) names the output.
        public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
            if descriptor >= 0 && buffer.count + bytes.count > 1 << 20 { try flush() }
            if descriptor >= 0 && bytes.count >= 1 << 16 {
                try flush()
                try writeAll(bytes)
            } else {
                buffer.append(contentsOf: bytes)
            }
        }

        fileprivate func flush() throws(OutputError) {
            guard descriptor >= 0, !buffer.isEmpty else { return }
            var failure: OutputError?
            buffer.withUnsafeBytes { bytes in
                do throws(OutputError) { try writeAll(bytes) } catch { failure = error }
            }
            if let failure { throw failure }
            buffer.removeAll(keepingCapacity: true)
        }

        /// Flushes and closes the file; a standard output keeps its bytes for `commit`.
        fileprivate func close() throws(OutputError) {
            guard descriptor >= 0 else { return }
            try flush()
            let status = posixClose(descriptor)
            descriptor = -1
            if status != 0 {
                throw .unwritable(path: path, reason: String(cString: strerror(errno)),
                                  fix: "check that the disk has room")
            }
        }

        private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
            var offset = 0
            while offset < bytes.count {
                let written = posixWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw .unwritable(path: path, reason: String(cString: strerror(errno)),
                                      fix: "check that the directory is writable and the disk has room")
                }
                offset += written
            }
        }
    }

    private static let secondStandardOutput = OutputError.unwritable(
        path: standardOutput, reason: "another output of this command already goes to standard output",
        fix: "send at most one output to -")

    private mutating func holdForStandardOutput(_ bytes: [UInt8]) throws(OutputError) {
        guard forStandardOutput == nil else { throw Self.secondStandardOutput }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), isatty(STDOUT_FILENO) == 1 {
            throw .unwritable(path: Self.standardOutput, reason: "standard output is a terminal, and a PNG would garble it",
                              fix: "redirect it (-o - > out.png) or pipe it (-o - | …)")
        }
        forStandardOutput = bytes
    }

    /// Checks an output path and names the temporary file beside its destination (links followed).
    private func prepare(_ path: String) throws(OutputError) -> (temporary: String, destination: String) {
        let destination = try Self.resolvingLinks(path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unwritable(path: path, reason: "it is a directory", fix: "name a file, e.g. \(Self.quoted(path + "/out.png"))")
        }
        if let identity = FileIdentity(destination), let input = inputs.first(where: { $0.identity == identity }) {
            throw .unwritable(path: path, reason: "it is the input \(Self.quoted(input.path))",
                              fix: "write the output to another path; an input is never overwritten")
        }
        let absolute = Self.absolute(destination)
        if staged.contains(where: { Self.absolute($0.destination) == absolute }) {
            throw .unwritable(path: path, reason: "another output of this command goes to the same file",
                              fix: "give each output its own path")
        }
        let url = URL(fileURLWithPath: destination)
        let directory = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unwritable(path: path, reason: "the directory \(Self.quoted(directory)) does not exist",
                              fix: "create it first (mkdir -p \(Self.quoted(directory)))")
        }
        // Numbers made text with String(_:), not interpolation: interpolating an integer asks the runtime whether it
        // conforms to half a dozen printing protocols, which the first time costs a scan of every conformance.
        let temporary = directory + "/." + url.lastPathComponent + "." + String(getpid()) + "."
            + String(UInt32.random(in: 0...UInt32.max)) + ".tmp"
        return (temporary, destination)
    }

    public mutating func stage(_ text: String, to path: String) throws(OutputError) {
        try stage(Array(text.utf8), to: path)
    }

    /// Renames every staged file into place. If a rename fails, the files not yet renamed are removed.
    public mutating func commit() throws(OutputError) {
        defer { staged.removeAll(); streamed.removeAll(); forStandardOutput = nil }
        do {
            for output in streamed {
                try output.close()
                if output.path == Self.standardOutput { try holdForStandardOutput(output.buffer) }
            }
        } catch {
            for file in staged { unlink(file.temporary) }
            throw error
        }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.destination) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in staged[index...] { unlink(rest.temporary) }
            throw .unwritable(path: file.destination, reason: reason, fix: "check that the directory is writable")
        }
        if let bytes = forStandardOutput {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw .unwritable(path: Self.standardOutput, reason: String(cString: strerror(errno)),
                                      fix: "check what standard output is connected to")
                }
                offset += written
            }
        }
    }

    /// True when one of the staged outputs goes to standard output (a command then prints its summary on stderr).
    public var writesToStandardOutput: Bool {
        forStandardOutput != nil || streamed.contains { $0.path == Self.standardOutput }
    }

    /// Removes every staged temporary file.
    public mutating func discard() {
        streamed.removeAll()   // closes their files
        for file in staged { unlink(file.temporary) }
        staged.removeAll()
        forStandardOutput = nil
    }

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

// The C library's calls under names that StreamedOutput's own methods (`write`, `close`) do not hide.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func posixClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }

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
    case unwritable(path: String, reason: String, fix: String)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason, let fix): return "\(OutputFiles.quoted(path)): cannot write (\(reason)); \(fix)"
        }
    }
}
