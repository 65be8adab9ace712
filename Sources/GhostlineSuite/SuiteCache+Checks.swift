import Foundation
import GhostlineFonts
import GhostlineReview
import GhostlineScene
import GhostlineSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cache as one run uses it: what the run knows once for all its checks (the code, the fonts it can choose from,
/// the reviewers' decisions), and the digests of the files its checks read, each file hashed once however many checks
/// share it (a style guide, a font). Whether a run makes pages is not in the key (the report is the same either
/// way); a run that makes them reuses only a record that kept them.
final class SuiteCacheRun: @unchecked Sendable {
    let cache: SuiteCache
    let code: String
    let fonts: String
    let decisions: SuiteDecisions
    private let lock = NSLock()
    private var digests: [String: String] = [:]
    private var hits = 0

    init(cache: SuiteCache, code: String, fonts: String, decisions: SuiteDecisions) {
        self.cache = cache; self.code = code; self.fonts = fonts; self.decisions = decisions
    }

    /// Checks reused so far.
    var reused: Int { lock.lock(); defer { lock.unlock() }; return hits }

    /// The key of case `c`: SHA-256 of everything the check is asked and made with. Its place in the plan is left
    /// out, so adding a check to a manifest re-checks nothing else.
    func key(for c: SuiteCase) -> String {
        func text(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        func number(_ d: Double?) -> JSONValue { d.map { .number($0) } ?? .null }
        let o = c.options
        let target: JSONValue
        switch c.target {
        case .design(let path): target = .array([.string("design"), .string(path)])
        case .reference(let path): target = .array([.string("reference"), .string(path)])
        }
        let decision = decisions.latest(for: c.id).map { d -> JSONValue in
            .array([.string(d.kind.rawValue), .string(d.by), .string(d.at), .string(d.comment), .string(d.render), .string(d.design)])
        } ?? .null
        let value = JSONValue.object([
            ("format", .string(SuiteCache.format)), ("code", .string(code)), ("fonts", .string(fonts)),
            ("id", .string(c.id)), ("fileStem", .string(c.fileStem)), ("scene", .string(c.scene)), ("target", target),
            ("render", text(c.render)), ("model", text(c.model?.rawValue)), ("contentSize", text(c.contentSize?.rawValue)),
            ("colorScheme", text(c.colorScheme?.rawValue)), ("device", text(c.device)),
            ("scale", c.scale.map { .integer($0.factor) } ?? .null), ("problem", text(c.problem)),
            ("otherSchemes", .array(c.otherSchemes.map { .array([.string($0.scheme.rawValue), .string($0.design)]) })),
            ("threshold", number(o.threshold)), ("tolerance", number(o.tolerance)),
            ("maxDiffPixels", o.maxDiffPixels.map { .integer($0) } ?? .null), ("baselineTolerance", number(o.baselineTolerance)),
            ("minColorDifference", number(o.minColorDifference)), ("includeAA", o.includeAA.map { .bool($0) } ?? .null),
            ("ignore", .array((o.ignore ?? []).map { .array([.number($0.x), .number($0.y), .number($0.width), .number($0.height)]) })),
            ("ignoreLabels", .array((o.ignoreLabels ?? []).map { .string($0) })),
            ("decision", decision),
        ])
        return SuiteDecisions.digest(Array(value.serialized().utf8))
    }

    /// The check of `c` as an earlier run left it, when every file it read still has the same bytes (and, when this
    /// run makes pages, its page and thumbnails were kept): the entry as the report stores it, at this run's place,
    /// with its page copied into `staging`.
    func lookUp(_ c: SuiteCase, key: String, staging: String?) -> SuiteCheck.Outcome? {
        guard let record = cache.read(key), !record.inputs.isEmpty else { return nil }
        for input in record.inputs where digest(input.path) != input.digest { return nil }
        guard var entry = try? SuiteEntry(value: record.entry, file: "cache", place: "entry"), entry.id == c.id,
              entry.verdict != .error else { return nil }
        if let staging {
            let files = ["page": "entries/\(c.fileStem).html", "ghost": "thumbs/\(c.fileStem).ghost.png",
                         "diff": "thumbs/\(c.fileStem).diff.png"]
            guard record.blobs.count == files.count else { return nil }
            for blob in record.blobs {
                guard let relative = files[blob.name], ScratchFile.save(blob.bytes, to: staging + "/" + relative) else { return nil }
            }
        }
        entry.index = c.index
        entry.inputFiles = record.inputs.map(\.path)
        cache.touch(key)
        lock.lock(); hits += 1; lock.unlock()
        let review = record.entry["review"].flatMap { $0.isNull ? nil : $0 }
        return SuiteCheck.Outcome(entry: entry, review: review)
    }

    /// Keeps what the check of `c` found for the next run: only a check that compared images (an error is made
    /// again, since what it lacked may appear), and only when none of the files it read changed while it ran.
    func store(_ c: SuiteCase, key: String, _ outcome: SuiteCheck.Outcome, started: Date, staging: String?) {
        let entry = outcome.entry
        guard entry.verdict != .error, entry.updated == nil, !entry.inputFiles.isEmpty else { return }
        var seen = Set<String>()
        let paths = (entry.inputFiles + c.otherSchemes.map(\.design) + [c.scene, c.target.path]).filter { seen.insert($0).inserted }
        var inputs: [(path: String, digest: String)] = []
        for path in paths {
            if SuiteCache.modified(path, since: started) { return }
            inputs.append((path, digest(path)))
        }
        var blobs: [(name: String, bytes: [UInt8])] = []
        if let staging {
            for (name, relative) in [("page", "entries/\(c.fileStem).html"), ("ghost", "thumbs/\(c.fileStem).ghost.png"),
                                     ("diff", "thumbs/\(c.fileStem).diff.png")] {
                guard let bytes = FileManager.default.contents(atPath: staging + "/" + relative) else { return }
                blobs.append((name, [UInt8](bytes)))
            }
        }
        cache.write(SuiteCache.Record(key: key, inputs: inputs, entry: entry.value(review: outcome.review), blobs: blobs))
    }

    /// A file's SHA-256, once a run; `-` for one that is missing or not a regular file (so a file that appears or
    /// goes is a change too).
    func digest(_ path: String) -> String {
        lock.lock()
        if let known = digests[path] { lock.unlock(); return known }
        lock.unlock()
        let value = Self.fileDigest(path) ?? "-"
        lock.lock(); digests[path] = value; lock.unlock()
        return value
    }

    /// The SHA-256 of a regular file's bytes, at most 1 GiB (larger than any input a check reads; a file that keeps
    /// growing is not a stable input); nil for anything else, never blocking on a FIFO or device a hostile record names.
    static func fileDigest(_ path: String) -> String? { SHA256.hexDigest(ofFile: path, limit: 1 << 30) }

}

extension SuiteCache {
    /// Whether `path` was modified at or after `date` (a file that cannot be looked at counts as not): a check that
    /// read a file changed while it ran keeps no record, and the review app's watcher checks such an entry again.
    public static func modified(_ path: String, since date: Date) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 >= date.timeIntervalSince1970
    }

    /// Which Ghostline made a result: its version and the SHA-256 of the running executable, so a cache restored on
    /// CI after a commit that changed the code re-checks everything, even when the version string did not change.
    /// Hashing a large executable on every run would cost more than a check, so the digest is kept in the folder under
    /// the executable's stamp (path, size, modification time, inode): a rebuilt binary has another stamp.
    func codeIdentity(version: String) -> String {
        guard let executable = Self.executablePath() else { return version + " (unknown executable)" }
        var info = stat()
        guard stat(executable, &info) == 0 else { return version + " (unknown executable)" }
        let stamp = "\(executable)|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)|\(info.st_ino)"
        let memo = "\(records)/code/\(SuiteDecisions.digest(Array(stamp.utf8))).digest"
        if Self.isDirectory(records), Self.isDirectory("\(records)/code"), Self.isRegularFile(memo),
           let kept = try? SafeFile.text(of: memo, limit: 256), kept.count == 64, kept.allSatisfy(\.isHexDigit) {
            return version + " " + kept
        }
        guard let digest = SuiteCacheRun.fileDigest(executable) else { return version + " (unreadable executable)" }
        if makeFolder("\(records)/code") { writeWhole(Array(digest.utf8), to: memo) }
        return version + " " + digest
    }

    static func executablePath() -> String? {
        #if os(Linux)
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
        #else
        return Bundle.main.executablePath
        #endif
    }
}
