import Foundation
import GhostlineFonts
import GhostlineSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a suite keeps the results of its checks between runs, so that a check nothing it read has changed since is
/// not made again (`ghostline suite --cache DIR`, the manifest's `cache:`).
///
/// A result is valid exactly as long as everything that produced it is byte-identical. Each check's record is found
/// by a key hashed from what the check was asked (the case: scene, target, variant, options; the reviewer's latest
/// decision about it; whether pages were made), the Ghostline that made it (its version and the executable's
/// SHA-256) and the fonts the session could choose from (``FontLocator/catalogueDigest()``); the record then lists
/// every file the check read — the scene and what it includes, the font files, the design or reference — with the
/// SHA-256 of its bytes, and is reused only when every one of them still hashes the same. This is what a
/// dependency file does for a compiler, with contents instead of dates: a `touch` re-checks nothing, an edit to a
/// style guide re-checks the scenes that include it, a font file replaced by another version the checks that used
/// it, and a font installed anywhere everything.
///
/// The folder is one flat store a CI cache step can save and restore as it is. Records are written whole to a
/// temporary file and renamed into place, so a reader (another suite process sharing the folder) sees a whole
/// record or none; a record that is damaged, truncated, of another format or for another key is ignored and
/// rewritten, never trusted. Nothing is ever written outside the folder: file names are hex digests. When the
/// folder outgrows its size bound, the records used least recently go first.
public struct SuiteCache: Sendable {
    /// The folder.
    public var directory: String
    /// The most bytes the records may take; beyond it, a run removes the least recently used ones.
    public var sizeLimit: Int

    /// 2 GiB: thousands of checks with their review pages.
    public static let defaultSizeLimit = 2 << 30
    /// The largest record read back (a review page of a 16,384-pixel-tall screen with its images is far smaller).
    static let recordLimit = 512 << 20
    /// The format, in every record's first line and in the folder's layout (`v1/`).
    static let format = "ghostline-suite-cache/1"

    /// A cache in `directory` (created when first written).
    public init(directory: String, sizeLimit: Int = SuiteCache.defaultSizeLimit) {
        var directory = directory
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        self.directory = directory; self.sizeLimit = sizeLimit
    }

    /// The cache folder a suite uses when neither `--cache` nor the manifest names one: `GHOSTLINE_SUITE_CACHE` (a
    /// folder; `off` or an empty value for none), else the user's, `$XDG_CACHE_HOME/ghostline/suite`, else
    /// `~/.cache/ghostline/suite` (`~/Library/Caches/ghostline/suite` on macOS). Nil without a home directory.
    public static func defaultDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let configured = environment["GHOSTLINE_SUITE_CACHE"] {
            return configured.isEmpty || configured.lowercased() == "off" ? nil : configured
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/ghostline/suite" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if os(macOS)
        return home + "/Library/Caches/ghostline/suite"
        #else
        return home + "/.cache/ghostline/suite"
        #endif
    }

    var records: String { directory + "/v1" }

    /// The record file of a key: `v1/ab/abcdef….record`.
    func path(of key: String) -> String { "\(records)/\(key.prefix(2))/\(key).record" }

    // MARK: Records

    /// What a check left for the next run: its report entry, the files it read with their digests, and its review page
    /// and thumbnails when the run made pages.
    struct Record {
        var key: String
        var inputs: [(path: String, digest: String)]
        var entry: JSONValue
        var blobs: [(name: String, bytes: [UInt8])]
    }

    /// The record of `key`, if there is a whole, well-formed one for it; anything else reads as none. The record and
    /// the folders above it must be what the cache makes, a regular file in real directories: a symbolic link put
    /// there (to a device, to a file elsewhere) is not followed.
    func read(_ key: String) -> Record? {
        let file = path(of: key)
        guard Self.isDirectory(records), Self.isDirectory(URL(fileURLWithPath: file).deletingLastPathComponent().path),
              Self.isRegularFile(file), let bytes = try? SafeFile.contents(of: file, limit: Self.recordLimit) else { return nil }
        return Self.decode(bytes, key: key)
    }

    /// Whether `path` is a directory itself, not a symbolic link to one.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `path` is a regular file itself, not a symbolic link to one.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Makes `folder` (below ``directory``) and the folders between, refusing any that exists as something other than
    /// a real directory: whatever a symbolic link in the cache points at, nothing is written through it.
    func makeFolder(_ folder: String) -> Bool {
        guard folder.hasPrefix(directory + "/") else { return false }
        if !FileManager.default.fileExists(atPath: directory) {
            guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return false }
        }
        var current = directory
        for part in folder.dropFirst(directory.count + 1).split(separator: "/") {
            current += "/" + part
            if Self.isDirectory(current) { continue }
            guard mkdir(current, 0o755) == 0 || (errno == EEXIST && Self.isDirectory(current)) else { return false }
        }
        return true
    }

    /// A record's bytes: the format line, a line with the header's length in bytes, the header (JSON: the key, the
    /// inputs, the entry, each blob's name, length and SHA-256), then the blobs one after another.
    static func encode(_ record: Record) -> [UInt8] {
        let header = JSONValue.object([
            ("key", .string(record.key)),
            ("inputs", .array(record.inputs.map { .array([.string($0.path), .string($0.digest)]) })),
            ("entry", record.entry),
            ("blobs", .array(record.blobs.map {
                .object([("name", .string($0.name)), ("length", .integer($0.bytes.count)), ("sha256", .string(SuiteDecisions.digest($0.bytes)))])
            })),
        ])
        let text = Array(header.serialized().utf8)
        var bytes = Array((format + "\n\(text.count)\n").utf8) + text
        for blob in record.blobs { bytes += blob.bytes }
        return bytes
    }

    /// Reads a record back, checking everything: the format, the key, the shape of every field, each blob's length
    /// and digest, and that nothing follows the last blob.
    static func decode(_ bytes: [UInt8], key: String) -> Record? {
        let magic = Array((format + "\n").utf8)
        guard bytes.count > magic.count, Array(bytes[..<magic.count]) == magic,
              let newline = bytes[magic.count...].prefix(12).firstIndex(of: UInt8(ascii: "\n")),
              let length = Int(String(decoding: bytes[magic.count..<newline], as: UTF8.self)), length > 0,
              length <= bytes.count - newline - 1 else { return nil }
        let end = newline + 1 + length
        guard let header = try? JSONValue(parsing: Array(bytes[(newline + 1)..<end])),
              header["key"]?.stringValue == key, let entry = header["entry"], entry["id"]?.stringValue != nil,
              let inputList = header["inputs"]?.arrayValue, inputList.count <= 100_000,
              let blobList = header["blobs"]?.arrayValue, blobList.count <= 8 else { return nil }
        var inputs: [(path: String, digest: String)] = []
        for item in inputList {
            guard let pair = item.arrayValue, pair.count == 2, let path = pair[0].stringValue, let digest = pair[1].stringValue,
                  !path.isEmpty else { return nil }
            inputs.append((path, digest))
        }
        var offset = end
        var blobs: [(name: String, bytes: [UInt8])] = []
        for item in blobList {
            guard let name = item["name"]?.stringValue, Self.blobNames.contains(name), let length = item["length"]?.intValue,
                  length >= 0, length <= bytes.count - offset, let digest = item["sha256"]?.stringValue else { return nil }
            let blob = Array(bytes[offset..<offset + length])
            guard SuiteDecisions.digest(blob) == digest else { return nil }
            blobs.append((name, blob))
            offset += length
        }
        guard offset == bytes.count else { return nil }
        return Record(key: key, inputs: inputs, entry: entry, blobs: blobs)
    }

    /// The blobs a record may hold: a check's review page and its two thumbnails.
    static let blobNames: Set<String> = ["page", "ghost", "diff"]

    /// Writes a record whole: to a temporary file beside its place, then renamed over it, so a reader never sees a
    /// part of one and two writers of one key leave one whole record. Failing to write costs the next run a check,
    /// never a wrong answer, so it is not an error.
    func write(_ record: Record) {
        let target = path(of: record.key)
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
        guard makeFolder(folder) else { return }
        Self.tag(directory)
        writeWhole(Self.encode(record), to: target)
    }

    /// Writes `bytes` to a temporary file beside `target`, then renames it over `target`: a reader (another suite
    /// process) sees the old file or the new one, never a part. The folder is one ``makeFolder(_:)`` made.
    func writeWhole(_ bytes: [UInt8], to target: String) {
        let temporary = URL(fileURLWithPath: target).deletingLastPathComponent().path
            + "/.tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        guard ScratchFile.save(bytes, to: temporary) else { unlink(temporary); return }
        if rename(temporary, target) != 0 { unlink(temporary) }
    }

    /// Marks a record as just used, for the eviction's least-recently-used order (a record is a regular file in the
    /// cache's own folders, as ``read(_:)`` found it).
    func touch(_ key: String) {
        _ = utimes(path(of: key), nil)
    }

    /// The folder is marked as a cache (CACHEDIR.TAG), so backup tools leave it out.
    static func tag(_ directory: String) {
        let tag = directory + "/CACHEDIR.TAG"
        var info = stat()
        guard lstat(tag, &info) != 0 else { return }
        let text = "Signature: 8a477f597d28d172789f06886806bc55\n# This folder is Ghostline's suite cache; it can be deleted at any time.\n"
        _ = FileManager.default.createFile(atPath: tag, contents: Data(text.utf8))
    }
}
