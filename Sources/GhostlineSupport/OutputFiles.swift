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
///
/// An existing path that is a character device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is written
/// into, as `cp` writes into it, never replaced by a regular file: a rename onto `/dev/null` as root would replace
/// the device for the whole machine. It is opened when staged (a FIFO that no process reads is refused then, rather
/// than blocking) and written after the files are in place, like standard output. A block device is refused.
public struct OutputFiles {
    /// The path that means standard output.
    public static let standardOutput = "-"
    private var staged: [(temporary: String, destination: String)] = []
    private var forStandardOutput: [UInt8]?
    /// Devices and FIFOs written into: open descriptors, written at commit.
    private var special: [(descriptor: Int32, path: String, identity: FileIdentity?, bytes: [UInt8])] = []
    private var inputs: [(path: String, identity: FileIdentity)] = []
    /// Outputs opened with `open`, closed (and a standard output's or a device's bytes taken) by `commit`.
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
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            try stageSpecial(bytes, path: path, kind: info.st_mode & S_IFMT)
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
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            // A device or FIFO: opened now (so a FIFO without a reader is refused before the work), its bytes held
            // and written into it at commit, after the files.
            try stageSpecial([], path: path, kind: info.st_mode & S_IFMT)
            let output = StreamedOutput(path: path, descriptor: -1)
            output.special = special.count - 1
            streamed.append(output)
            return output
        }
        let destination = try fileDestination(path, taken: staged.map(\.destination))
        let url = URL(fileURLWithPath: destination)
        // Numbers made text with String(_:), not interpolation: interpolating an integer asks the runtime whether it
        // conforms to half a dozen printing protocols, which the first time costs a scan of every conformance.
        let temporary = url.deletingLastPathComponent().path + "/." + url.lastPathComponent + "." + String(getpid()) + "."
            + String(UInt32.random(in: 0...UInt32.max)) + ".tmp"
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

    /// Where a file output goes (a final symbolic link followed), after the checks that keep a file from being lost:
    /// not a directory, not one of the inputs, not the destination of another output (`taken`), in a directory that
    /// exists.
    private func fileDestination(_ path: String, taken: [String]) throws(OutputError) -> String {
        let destination = try Self.resolvingLinks(path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unwritable(path: path, reason: "it is a directory", fix: "name a file, e.g. \(Escaping.oneLine(path + "/out.png"))")
        }
        if let identity = FileIdentity(destination), let input = inputs.first(where: { $0.identity == identity }) {
            throw .unwritable(path: path, reason: "it is the input \(Escaping.oneLine(input.path))",
                              fix: "write the output to another path; an input is never overwritten")
        }
        let absolute = Self.absolute(destination)
        if taken.contains(where: { Self.absolute($0) == absolute }) {
            throw .unwritable(path: path, reason: "another output of this command goes to the same file",
                              fix: "give each output its own path")
        }
        let directory = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unwritable(path: path, reason: "the directory \(Escaping.oneLine(directory)) does not exist",
                              fix: "create it first (mkdir -p \(Escaping.oneLine(directory)))")
        }
        return destination
    }

    /// Checks output paths before a command does its work, so an output onto an input, two outputs on one path, a
    /// directory, a missing or unwritable directory are refused at once rather than after a long render or decode.
    /// Nothing is written or opened. `stage` checks each path again when it writes: files a scene names (fonts,
    /// images) may only be known as inputs then.
    public static func check(_ paths: [String], inputs: [String]) throws(OutputError) {
        let files = OutputFiles(inputs: inputs)
        var taken: [String] = [], special: [FileIdentity] = []
        var toStandardOutput = false
        for path in paths {
            if path == standardOutput {
                guard !toStandardOutput else {
                    throw .unwritable(path: path, reason: "another output of this command already goes to standard output",
                                      fix: "send at most one output to -")
                }
                toStandardOutput = true
                continue
            }
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
                guard info.st_mode & S_IFMT != S_IFBLK else {
                    throw .unwritable(path: path, reason: "it is a block device", fix: "name a file; Ghostline does not write onto disks")
                }
                let identity = FileIdentity(path)
                if let identity, let input = files.inputs.first(where: { $0.identity == identity }) {
                    throw .unwritable(path: path, reason: "it is the input \(Escaping.oneLine(input.path))",
                                      fix: "write the output to another path; an input is never overwritten")
                }
                if let identity {
                    guard !special.contains(identity) else {
                        throw .unwritable(path: path, reason: "another output of this command goes to the same file",
                                          fix: "give each output its own path")
                    }
                    special.append(identity)
                }
                continue
            }
            let destination = try files.fileDestination(path, taken: taken)
            let directory = URL(fileURLWithPath: destination).deletingLastPathComponent().path
            guard access(directory, W_OK) == 0 else {
                throw .unwritable(path: path, reason: "the directory \(Escaping.oneLine(directory)) is not writable (\(String(cString: strerror(errno))))",
                                  fix: "write the output into a directory you can write")
            }
            taken.append(destination)
        }
    }

    /// Opens a device or FIFO to write `bytes` into at commit.
    private mutating func stageSpecial(_ bytes: [UInt8], path: String, kind: mode_t) throws(OutputError) {
        guard kind != S_IFBLK else {
            throw .unwritable(path: path, reason: "it is a block device", fix: "name a file; Ghostline does not write onto disks")
        }
        let identity = FileIdentity(path)
        if let identity, let input = inputs.first(where: { $0.identity == identity }) {
            throw .unwritable(path: path, reason: "it is the input \(Escaping.oneLine(input.path))",
                              fix: "write the output to another path; an input is never overwritten")
        }
        if let identity, special.contains(where: { $0.identity == identity }) {
            throw .unwritable(path: path, reason: "another output of this command goes to the same file", fix: "give each output its own path")
        }
        // Non-blocking, so a FIFO without a reader fails at once (ENXIO) instead of hanging; blocking again after.
        let descriptor = posixOpen(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC, 0)
        guard descriptor >= 0 else {
            let noReader = errno == ENXIO
            throw .unwritable(path: path, reason: noReader ? "no process is reading it" : String(cString: strerror(errno)),
                              fix: noReader ? "start the process that reads it first" : "check the path and its permissions")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), isatty(descriptor) == 1 {
            close(descriptor)
            throw .unwritable(path: path, reason: "it is a terminal, and a PNG would garble it", fix: "write the PNG to a file")
        }
        special.append((descriptor, path, identity, bytes))
    }

    /// Stages `text` encoded as UTF-8, as the byte-array `stage` does.
    public mutating func stage(_ text: String, to path: String) throws(OutputError) {
        try stage(Array(text.utf8), to: path)
    }

    /// Renames every staged file into place. If a rename fails, the files not yet renamed are removed.
    ///
    /// The renames themselves are the last step that can fail (a full disk, a directory made read-only meanwhile).
    /// So that a failure there still changes nothing, every file about to be replaced is first kept under a hard
    /// link beside it; if a rename fails, the files already renamed are put back (or removed, where there was
    /// none before), as `rsync --backup` would leave things restorable. Devices and FIFOs, then standard output,
    /// are written after the renames.
    public mutating func commit() throws(OutputError) {
        defer { discard() }
        for output in streamed {
            try output.close()
            if output.path == Self.standardOutput { try holdForStandardOutput(output.buffer) }
            if let index = output.special {
                if output.buffer.starts(with: [0x89, 0x50, 0x4E, 0x47]), isatty(special[index].descriptor) == 1 {
                    throw .unwritable(path: output.path, reason: "it is a terminal, and a PNG would garble it", fix: "write the PNG to a file")
                }
                special[index].bytes = output.buffer
            }
        }
        let existed = staged.map { FileIdentity($0.destination) != nil }
        let backups: [String?] = staged.indices.map { index in
            guard existed[index] else { return nil }
            let backup = staged[index].temporary + ".previous"
            return link(staged[index].destination, backup) == 0 ? backup : nil
        }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.destination) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in staged[index...] { unlink(rest.temporary) }
            for done in staged.indices.prefix(index) {
                if let backup = backups[done] { rename(backup, staged[done].destination) }   // the old file back
                else if !existed[done] { unlink(staged[done].destination) }                  // there was none
            }
            for later in staged.indices.suffix(from: index) { if let backup = backups[later] { unlink(backup) } }
            staged.removeAll()
            throw .unwritable(path: file.destination, reason: reason, fix: "check that the directory is writable")
        }
        for backup in backups.compactMap({ $0 }) { unlink(backup) }
        staged.removeAll()
        for file in special {
            try Self.writeAll(file.bytes, to: file.descriptor, path: file.path, fix: "check what the path is connected to")
        }
        if let bytes = forStandardOutput {
            try Self.writeAll(bytes, to: STDOUT_FILENO, path: Self.standardOutput, fix: "check what standard output is connected to")
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String, fix: String) throws(OutputError) {
        if let reason = bytes.withUnsafeBytes({ writeFully(descriptor, $0) }) {
            throw .unwritable(path: path, reason: reason, fix: fix)
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
        for file in special { close(file.descriptor) }
        special.removeAll()
        forStandardOutput = nil
    }
}
