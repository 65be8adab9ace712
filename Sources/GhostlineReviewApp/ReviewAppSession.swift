import Foundation
import GhostlineRender
import GhostlineSuite
import GhostlineSupport

/// A suite under review: every entry's latest result and page, the decisions the suite reads, and the listeners of
/// the event stream. An actor, so requests read and change it one at a time; the checks themselves run outside it,
/// so a long run or an approval never holds up another entry's page.
///
/// Running (``check(_:update:)``, the pages in the scratch folder) is in ReviewAppRunning.swift, decisions
/// (approve, reject, undo) in ReviewAppDecisions.swift, the watcher in ReviewAppWatching.swift.
public actor ReviewAppSession {
    /// The plan under review: read again when the manifest changes (see ``reloadPlan()``).
    public internal(set) var plan: SuitePlan
    /// The manifest's path (or a convention suite's folder).
    public nonisolated let manifest: String
    /// The scratch folder: each entry's latest review page and thumbnails, and the run in progress. Created with
    /// mode 0700 when missing; the caller removes it (`ghostline review` does on exit and on SIGINT/SIGTERM).
    public nonisolated let pagesRoot: String
    /// Who decides, as decisions record it.
    public nonisolated let reviewer: String
    nonisolated let renderer: SnapshotRenderer
    /// Where checks are kept between runs (the suite's cache); nil = every check is made.
    nonisolated let cache: SuiteCache?
    /// The version the cache keys carry.
    nonisolated let version: String
    /// Checks the cache supplied since the app started (their inputs were byte-identical to an earlier check's).
    public internal(set) var reusedChecks = 0
    /// The only folders approvals write into: those holding the plan's references, inside the suite's folder.
    public internal(set) var referenceRoots: [String]
    /// The decisions file the suite reads (`SuiteDecisions.path(for:)`): beside the manifest, or inside a
    /// convention suite's folder.
    public nonisolated let decisionsFile: String
    /// Each entry's scene and target as the API shows them, relative to the suite's folder: worked out once, since
    /// the plan does not change and the listing is asked for often.
    var shownPaths: [String: (scene: String, target: String, page: String)]
    /// The files whose stamps the listing depends on besides the session's own state: the decisions file and the
    /// folder of every reference (a reference added or removed changes its folder's stamp). Worked out once per plan.
    var listingFiles: [String]
    /// The stamps of what the plan was read from (the manifest, or a convention suite's folders), when it was read.
    var planStamps: [String]

    var entries: [ReviewAppEntry] { didSet { generation &+= 1 } }
    /// The decisions as last read from disk, and the stamp of the file they were read from: a decision is always
    /// added to what is on disk now (a `git pull` while the app runs is kept), never to an old copy.
    var decisionsOnDisk: (decisions: SuiteDecisions, stamp: String)
    /// Per entry, the bytes of the files its first approval in this session replaced (nil: there was none), for undo.
    var previousFiles: [String: [(path: String, bytes: [UInt8]?)]] = [:] { didSet { generation &+= 1 } }
    /// Decisions recorded in this session, by entry, latest last, for undo.
    var recordedHere: [String: [SuiteDecisions.Decision]] = [:] { didSet { generation &+= 1 } }
    var busy: Set<String> = []
    /// Set when the app is stopping: no new decision starts (see ``finishDecisions(within:)``).
    var stopping = false
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    var runs = 0
    /// Per entry, the stamp of every file its last check read, taken before that check ran (see ReviewAppWatching).
    public internal(set) var stamps: [String: [String: String]] = [:]
    /// What `suite --prune` would list, and the stamps of the folders and file it was found from.
    var unusedCache: (key: [String], lines: [JSONValue])?
    /// Entries checked and entries to check in the run in progress (0 of 0 when idle).
    public internal(set) var progress = (done: 0, total: 0) { didSet { generation &+= 1 } }
    /// Counts every change to what the listing shows; with the decisions' and reference folders' stamps it keys
    /// ``listingCache``.
    var generation = 0
    /// The listing as last serialized, and what it was made from: a page polls it, and 500 entries take longer to
    /// describe and serialize than to send.
    var listingCache: (generation: Int, files: [String], text: String)?

    /// A session for `plan`, read from `manifest`, with pages kept under `pagesRoot` (created, mode 0700, if missing).
    /// With `cache`, a check whose inputs are byte-identical to an earlier check's (this app's, or a `ghostline suite`
    /// run's with the same cache) is reused, not made again: the watcher's stamps say a file may have changed, the
    /// cache's digests say whether it did.
    package init(plan: SuitePlan, manifest: String, pagesRoot: String, renderer: SnapshotRenderer,
                reviewer: String = ProcessInfo.processInfo.environment["USER"] ?? "reviewer",
                cache: SuiteCache? = nil, version: String = "unknown") throws(SuiteError) {
        self.plan = plan; self.manifest = manifest; self.pagesRoot = pagesRoot; self.renderer = renderer; self.reviewer = reviewer
        self.cache = cache; self.version = version
        entries = plan.cases.map { ReviewAppEntry(check: $0) }
        decisionsFile = SuiteDecisions.path(for: plan)
        decisionsOnDisk = (try SuiteDecisions.read(decisionsFile), WatchRound.stamp(decisionsFile))
        referenceRoots = Self.referenceRoots(of: plan, decisionsFile: decisionsFile)
        shownPaths = Self.shownPaths(of: plan, decisionsFile: decisionsFile)
        listingFiles = Self.listingFiles(of: plan, decisionsFile: decisionsFile)
        planStamps = Self.planSources(manifest).map(WatchRound.stamp)
        for folder in [pagesRoot, pagesRoot + "/entries", pagesRoot + "/thumbs"] {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
        }
    }

    // MARK: Reading

    /// The entry named `name`.
    public func entry(_ name: String) -> ReviewAppEntry? { entries.first { $0.check.id == name } }

    /// The decisions the suite would read now: read again only when the file changed on disk (one `stat` a call).
    var decisions: SuiteDecisions {
        let stamp = WatchRound.stamp(decisionsFile)
        if stamp != decisionsOnDisk.stamp, let fresh = try? SuiteDecisions.read(decisionsFile) { decisionsOnDisk = (fresh, stamp) }
        return decisionsOnDisk.decisions
    }

    /// ``listing()`` serialized, made again only when something it shows changed: an entry, a decision (on disk
    /// too), an undo record, the progress, or a reference folder's contents.
    public func listingText() -> String {
        let files = listingFiles.map(WatchRound.stamp)
        if let cached = listingCache, cached.generation == generation, cached.files == files { return cached.text }
        let text = listing(stamps: files).serialized() + "\n"
        listingCache = (generation, files, text)
        return text
    }

    /// See ``listingFiles``.
    static func listingFiles(of plan: SuitePlan, decisionsFile: String) -> [String] {
        [decisionsFile] + Set(plan.cases.compactMap { c -> String? in
            guard case .reference(let path) = c.target else { return nil }
            return URL(fileURLWithPath: path).deletingLastPathComponent().path
        }).sorted()
    }

    /// Every entry as the API lists it, failing first, then in plan order.
    public func listing() -> JSONValue { listing(stamps: listingFiles.map(WatchRound.stamp)) }

    /// The listing, with `stamps` the current stamps of ``listingFiles`` (taken once by a caller that needs them too).
    func listing(stamps: [String]) -> JSONValue {
        let decisions = self.decisions
        let rank = ["error": 0, "fail": 1, "rejected": 2, "pending": 3, "accepted": 4, "pass": 5]
        let ranked = entries.map { rank[$0.status(decisions)] ?? 9 }
        let order = entries.indices.sorted { a, b in ranked[a] != ranked[b] ? ranked[a] < ranked[b] : a < b }
        return .object([("suite", .string(plan.name)),
                        ("progress", .object([("done", .integer(progress.done)), ("total", .integer(progress.total))])),
                        ("entries", .array(order.map { describe(entries[$0], detail: false, decisions: decisions) })),
                        ("unused", .array(unused(stamps: stamps)))])
    }

    /// What `ghostline suite --prune` would list: references and decisions no entry uses any more. The scan lists
    /// every reference folder, so it runs again only when one of them or the decisions file changed (their stamps:
    /// a file added to or removed from a folder changes the folder's), not on every request.
    func unused(stamps key: [String]) -> [JSONValue] {
        if let cached = unusedCache, cached.key == key { return cached.lines }
        let lines = ((try? SuitePrune.find(plan))?.items ?? []).map { JSONValue.string($0.line) }
        unusedCache = (key, lines)
        return lines
    }

    /// One entry as the API gives it: `name`, `status`, `kind` (design or reference), files (relative to the suite's
    /// folder), the one-line finding and cause, the decision on record, whether it is running, how many times it was
    /// checked (`checks`, so a page can tell its review is stale), whether it has thumbnails.
    public func summary(_ e: ReviewAppEntry) -> JSONValue { describe(e, detail: false, decisions: decisions) }

    /// See ``summary(_:)``: the entry with its suite report entry.
    public func detail(_ name: String) throws(ReviewAppError) -> JSONValue {
        guard let e = entry(name) else { throw .noEntry(name) }
        return describe(e, detail: true, decisions: decisions)
    }

    func describe(_ e: ReviewAppEntry, detail: Bool, decisions: SuiteDecisions) -> JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        var kind = "design"
        if case .reference = e.check.target { kind = "reference" }
        var members: [(String, JSONValue)] = [
            ("name", .string(e.check.id)), ("status", .string(e.status(decisions))), ("kind", .string(kind)),
            ("scene", .string(shownPaths[e.check.id]?.scene ?? e.check.scene)),
            ("target", .string(shownPaths[e.check.id]?.target ?? e.check.target.path)),
            ("finding", optional(e.entry.map(SuiteSummary.finding))), ("cause", optional(e.entry?.findings.cause)),
            ("running", .bool(e.running)), ("checks", .integer(e.checks)), ("thumbnails", .bool(e.thumbnails)),
            ("isNew", .bool(kind == "reference" && !FileManager.default.fileExists(atPath: e.check.target.path))),
            ("page", .string(shownPaths[e.check.id]?.page ?? "/entries/" + Self.pathComponent(e.check.id))),
            ("canUndo", .bool(previousFiles[e.check.id] != nil || !(recordedHere[e.check.id] ?? []).isEmpty)),
        ]
        if let d = decisions.latest(for: e.check.id) {
            members.append(("decision", .object([("kind", .string(d.kind.rawValue)), ("by", .string(d.by)), ("at", .string(d.at)),
                                                 ("comment", .string(d.comment))])))
        } else {
            members.append(("decision", .null))
        }
        if detail, let entry = e.entry { members.append(("entry", entry.value(review: nil))) }
        return .object(members)
    }

    /// The folders holding `plan`'s references that lie inside the suite's folder (the decisions file's).
    static func referenceRoots(of plan: SuitePlan, decisionsFile: String) -> [String] {
        let home = URL(fileURLWithPath: decisionsFile).deletingLastPathComponent().resolvingSymlinksInPath().standardized.path
        var roots: [String] = []
        for c in plan.cases {
            guard case .reference(let path) = c.target else { continue }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardized.path
            let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardized.path
            if (resolved == home || resolved.hasPrefix(home + "/")) && !roots.contains(folder) { roots.append(folder) }
        }
        return roots
    }

    /// Each case's scene, target and page as the API shows them: worked out once per plan, since the listing is
    /// asked for often.
    static func shownPaths(of plan: SuitePlan, decisionsFile: String) -> [String: (scene: String, target: String, page: String)] {
        let suiteFolder = URL(fileURLWithPath: decisionsFile).deletingLastPathComponent().standardized.path
        return Dictionary(plan.cases.map { c in
            (c.id, (relative(c.scene, to: suiteFolder), relative(c.target.path, to: suiteFolder), "/entries/" + pathComponent(c.id)))
        }, uniquingKeysWith: { first, _ in first })
    }

    /// What a plan is read from: the manifest file, or for a suite laid out by the convention its folder and the
    /// `scenes` and `designs` folders in it (a scene or design added or removed changes their stamps).
    static func planSources(_ manifest: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: manifest, isDirectory: &isDirectory), isDirectory.boolValue else { return [manifest] }
        return [manifest, manifest + "/scenes", manifest + "/designs"]
    }

    /// `path` relative to the suite's folder `home` when inside it (the index shows `scenes/card.yaml`, not a long
    /// absolute path); as it is otherwise.
    static func relative(_ path: String, to home: String) -> String {
        let standard = URL(fileURLWithPath: path).standardized.path
        return standard.hasPrefix(home + "/") ? String(standard.dropFirst(home.count + 1)) : path
    }

    /// The decisions as Markdown for a pull request comment.
    public func export() -> String { decisions.markdown(suite: plan.name) }

    /// `name` escaped for a URL path.
    public nonisolated static func pathComponent(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? name
    }

    /// RFC 3986's unreserved characters, the only ones a name keeps as they are in a URL path.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    // MARK: Events

    /// A stream of server-sent events (`event: NAME`, `data: JSON`), until `unsubscribe`.
    public func subscribe() -> (UUID, AsyncStream<String>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(256))
        listeners[id] = continuation
        continuation.yield(Self.event("progress", progressValue))
        return (id, stream)
    }

    /// Ends a stream from ``subscribe()``.
    public func unsubscribe(_ id: UUID) { listeners.removeValue(forKey: id)?.finish() }

    var progressValue: JSONValue { .object([("done", .integer(progress.done)), ("total", .integer(progress.total))]) }

    func broadcast(_ name: String, _ value: JSONValue) {
        let text = Self.event(name, value)
        for continuation in listeners.values { continuation.yield(text) }
    }

    /// Tells the pages an entry changed.
    func announce(_ name: String) {
        guard let index = entries.firstIndex(where: { $0.check.id == name }) else { return }
        broadcast("entry", describe(entries[index], detail: false, decisions: decisions))
    }

    /// One server-sent event: every line of the JSON after `data: ` (the browser joins them with newlines).
    static func event(_ name: String, _ value: JSONValue) -> String {
        "event: \(name)\n" + value.serialized().split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }
}
