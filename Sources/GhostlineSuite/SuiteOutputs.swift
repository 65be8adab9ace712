import Foundation
import GhostlineSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a suite writes: a report, a JUnit file and an HTML directory, all-or-nothing, as `OutputFiles` writes
/// one command's files — but streamed, because a suite's pages add up to far more than should sit in memory.
///
/// Every file is written under a hidden temporary name beside its destination, and the HTML directory is built
/// as a hidden sibling; only when the suite has finished are they renamed into place (the old HTML directory
/// swapped out and removed). A suite that stops on an error leaves no partial output and no older one damaged.
/// Checked before anything runs, so a typo in an output path costs nothing: the directory must exist, no output
/// may be an input, two outputs may not share a path, and an existing HTML directory is replaced only when it is
/// empty or a suite wrote it (its `index.html` says so), never a folder of someone's files.
final class SuiteOutputs {
    let htmlPath: String?
    /// Where pages and thumbnails go while the suite runs (moved to `htmlPath` on commit).
    let htmlStaging: String?
    /// Private scratch space (each check's report text), removed when the suite ends.
    let scratch: String
    private var staged: [(temporary: String, destination: String)] = []
    private let htmlAbsolute: String?

    /// The marker an index page carries, so a later run knows the directory is its own to replace.
    static let generator = "<meta name=\"generator\" content=\"ghostline suite\">"

    init(files: [String], html: String?, inputs: [String]) throws(SuiteError) {
        let identities = inputs.compactMap { path in FileIdentity(path).map { (path, $0) } }
        let absoluteInputs = inputs.map(OutputFiles.absolute)
        var destinations = Set<String>()
        func claim(_ path: String) throws(SuiteError) {
            guard destinations.insert(OutputFiles.absolute(path)).inserted else {
                throw .output(.unwritable(path: path, reason: "another output of this suite goes to the same place",
                                          fix: "give each output its own path"))
            }
        }
        var htmlAbsolute: String?
        if let html {
            try claim(html)
            let absolute = OutputFiles.absolute(html)
            htmlAbsolute = absolute
            try Self.checkReplaceable(html, absolute: absolute, inputs: absoluteInputs)
        }
        for file in files {
            try claim(file)
            let destination: String
            do { destination = try OutputFiles.resolvingLinks(file) } catch { throw .output(error) }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue {
                throw .output(.unwritable(path: file, reason: "it is a directory", fix: "name a file, e.g. \(Escaping.oneLine(file + "/suite.json"))"))
            }
            if let identity = FileIdentity(destination), let input = identities.first(where: { $0.1 == identity }) {
                throw .output(.unwritable(path: file, reason: "it is the input \(Escaping.oneLine(input.0))",
                                          fix: "write the output to another path; an input is never overwritten"))
            }
            if let htmlAbsolute, OutputFiles.absolute(destination).hasPrefix(htmlAbsolute + "/") { continue }
            let directory = URL(fileURLWithPath: destination).deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .output(.unwritable(path: file, reason: "the directory \(Escaping.oneLine(directory)) does not exist",
                                          fix: "create it first (mkdir -p \(Escaping.oneLine(directory)))"))
            }
        }
        self.htmlPath = html
        self.htmlAbsolute = htmlAbsolute
        let tag = "\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        if let html {
            let url = URL(fileURLWithPath: html).standardized
            let staging = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(tag).tmp").path
            do {
                for folder in ["entries", "thumbs"] {
                    try FileManager.default.createDirectory(atPath: staging + "/" + folder, withIntermediateDirectories: true)
                }
            } catch {
                throw .output(.unwritable(path: html, reason: "\(error.localizedDescription)", fix: "check that its parent directory is writable"))
            }
            htmlStaging = staging
        } else {
            htmlStaging = nil
        }
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-suite-\(tag)").path
        do { try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true) } catch {
            if let htmlStaging { try? FileManager.default.removeItem(atPath: htmlStaging) }
            throw .output(.unwritable(path: scratch, reason: "\(error.localizedDescription)", fix: "check that TMPDIR is writable and has room"))
        }
    }

    /// An existing HTML directory may be replaced only when it is empty or holds a suite's index, and holds no input.
    private static func checkReplaceable(_ html: String, absolute: String, inputs: [String]) throws(SuiteError) {
        if let input = inputs.first(where: { $0 == absolute || $0.hasPrefix(absolute + "/") }) {
            throw .output(.unwritable(path: html, reason: "it holds the input \(Escaping.oneLine(input))",
                                      fix: "write the pages to a directory of their own, e.g. --html suite-report"))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: html, isDirectory: &isDirectory) else {
            let parent = URL(fileURLWithPath: absolute).deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .output(.unwritable(path: html, reason: "the directory \(Escaping.oneLine(parent)) does not exist",
                                          fix: "create it first (mkdir -p \(Escaping.oneLine(parent)))"))
            }
            return
        }
        guard isDirectory.boolValue else {
            throw .output(.unwritable(path: html, reason: "it is a file", fix: "name a directory for the pages"))
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: html)) ?? []
        guard !contents.isEmpty else { return }
        let index = (try? String(contentsOfFile: html + "/index.html", encoding: .utf8)) ?? ""
        guard index.contains(generator) else {
            throw .output(.unwritable(path: html, reason: "it holds files that ghostline suite did not write",
                                      fix: "name a new or empty directory; a suite replaces only its own pages"))
        }
    }

    /// A file of the staging HTML directory (`entries/login.html`), for the suite's workers to write.
    func htmlFile(_ relative: String) -> String? { htmlStaging.map { $0 + "/" + relative } }

    /// Streams a file to a temporary name beside `path` (inside the staging directory when `path` lies in the
    /// HTML directory); it is renamed into place on `commit`.
    func stageFile(to path: String, write: (FileHandle) throws -> Void) throws(SuiteError) {
        var temporary: String
        do {
            let destination = try OutputFiles.resolvingLinks(path)
            let absolute = OutputFiles.absolute(destination)
            if let htmlAbsolute, let htmlStaging, absolute.hasPrefix(htmlAbsolute + "/") {
                temporary = htmlStaging + absolute.dropFirst(htmlAbsolute.count)
                try? FileManager.default.createDirectory(atPath: URL(fileURLWithPath: temporary).deletingLastPathComponent().path,
                                                         withIntermediateDirectories: true)
            } else {
                let url = URL(fileURLWithPath: destination)
                temporary = url.deletingLastPathComponent().appendingPathComponent(
                    ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
                staged.append((temporary, destination))
            }
        } catch {
            throw .output(error)
        }
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary) else {
            throw .output(.unwritable(path: path, reason: String(cString: strerror(errno)), fix: "check that the directory is writable"))
        }
        do {
            try write(handle)
            try handle.close()
        } catch {
            try? handle.close()
            throw .output(.unwritable(path: path, reason: "\(error)", fix: "check that the disk has room"))
        }
    }

    /// Moves every output into place: the files, then the HTML directory (the old one swapped out, then removed).
    func commit() throws(SuiteError) {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.destination) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in staged[index...] { unlink(rest.temporary) }
            if let htmlStaging { try? FileManager.default.removeItem(atPath: htmlStaging) }
            throw .output(.unwritable(path: file.destination, reason: reason, fix: "check that the directory is writable"))
        }
        staged.removeAll()
        guard let htmlPath, let htmlStaging else { return }
        var old: String?
        if FileManager.default.fileExists(atPath: htmlPath) {
            let aside = htmlStaging.replacingOccurrences(of: ".tmp", with: ".old", options: [.backwards, .anchored])
            guard rename(htmlPath, aside) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: htmlStaging)
                throw .output(.unwritable(path: htmlPath, reason: reason, fix: "check that its parent directory is writable"))
            }
            old = aside
        }
        guard rename(htmlStaging, htmlPath) == 0 else {
            let reason = String(cString: strerror(errno))
            if let old { rename(old, htmlPath) }
            try? FileManager.default.removeItem(atPath: htmlStaging)
            throw .output(.unwritable(path: htmlPath, reason: reason, fix: "check that its parent directory is writable"))
        }
        if let old { try? FileManager.default.removeItem(atPath: old) }
    }

    /// Removes everything staged; existing outputs stay as they were.
    func discard() {
        for file in staged { unlink(file.temporary) }
        staged.removeAll()
        if let htmlStaging { try? FileManager.default.removeItem(atPath: htmlStaging) }
        try? FileManager.default.removeItem(atPath: scratch)
    }
}
