import Dispatch
import Foundation
import GhostlineRender
import GhostlineSuite
import GhostlineSupport

/// A suite under review: every entry's latest result and page, the decisions beside the manifest, and the listeners
/// of the event stream. An actor, so requests read and change it one at a time; the checks themselves run outside
/// it, so a long run or an approval never holds up another entry's page.
public actor ReviewAppSession {
    /// The plan under review.
    public nonisolated let plan: SuitePlan
    /// The manifest's path; decisions go beside it.
    public nonisolated let manifest: String
    /// Where the entries' pages are kept while the app runs.
    public nonisolated let pagesRoot: String
    /// Who decides, as decisions record it.
    public nonisolated let reviewer: String
    nonisolated let renderer: SnapshotRenderer
    /// The only folders approvals write into: those holding the plan's references, inside the manifest's folder.
    public nonisolated let referenceRoots: [String]

    private(set) var entries: [ReviewAppEntry]
    private(set) var decisions: SuiteDecisions
    /// Reference bytes before this session's first approval of each entry (nil: there was none), for undo.
    private var previousReference: [String: [UInt8]?] = [:]
    /// Decisions recorded in this session, by entry, for undo.
    private var recordedHere: [String: Int] = [:]
    var busy: Set<String> = []
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    private var runs = 0
    /// The watched files' stamps as they were when each entry was last checked (see ``watch(every:)``).
    var stamps: [String: [String]] = [:]
    /// Entries checked and entries to check in the run in progress (0 of 0 when idle).
    public private(set) var progress = (done: 0, total: 0)

    /// A session for `plan`, read from `manifest`, with pages kept under `pagesRoot` (created if missing).
    public init(plan: SuitePlan, manifest: String, pagesRoot: String, renderer: SnapshotRenderer = SnapshotRenderer(),
                reviewer: String = ProcessInfo.processInfo.environment["USER"] ?? "reviewer") throws(SuiteError) {
        self.plan = plan; self.manifest = manifest; self.pagesRoot = pagesRoot; self.renderer = renderer; self.reviewer = reviewer
        entries = plan.cases.map { ReviewAppEntry(check: $0) }
        decisions = try SuiteDecisions.read(SuiteDecisions.path(besideManifest: manifest))
        let home = URL(fileURLWithPath: manifest).deletingLastPathComponent().resolvingSymlinksInPath().standardized.path
        var roots: [String] = []
        for c in plan.cases {
            guard case .reference(let path) = c.target else { continue }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardized.path
            let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardized.path
            if (resolved == home || resolved.hasPrefix(home + "/")) && !roots.contains(folder) { roots.append(folder) }
        }
        referenceRoots = roots
        try? FileManager.default.createDirectory(atPath: pagesRoot + "/entries", withIntermediateDirectories: true)
    }

    // MARK: Reading

    /// The entry named `name`.
    public func entry(_ name: String) -> ReviewAppEntry? { entries.first { $0.check.id == name } }

    /// Every entry as the API lists it, failing first, then in plan order.
    public func listing() -> JSONValue {
        let rank = ["error": 0, "fail": 1, "rejected": 2, "pending": 3, "accepted": 4, "pass": 5]
        let sorted = entries.enumerated().sorted { a, b in
            let ra = rank[a.element.status(decisions)] ?? 9, rb = rank[b.element.status(decisions)] ?? 9
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
        // What `ghostline suite --prune` would list: references and decisions no entry uses any more.
        let stale = ((try? SuitePrune.find(plan))?.items ?? []).map { JSONValue.string($0.line) }
        return .object([("suite", .string(plan.name)),
                        ("progress", .object([("done", .integer(progress.done)), ("total", .integer(progress.total))])),
                        ("entries", .array(sorted.map(summary))), ("unused", .array(stale))])
    }

    /// One entry as the API gives it: `name`, `status`, `kind` (design or reference), files, the one-line finding and
    /// cause, the decision on record, whether it is running, and (with `detail`) the suite entry itself.
    public func summary(_ e: ReviewAppEntry) -> JSONValue { describe(e, detail: false) }

    /// See ``summary(_:)``: the entry with its suite report entry.
    public func detail(_ name: String) throws(ReviewAppError) -> JSONValue {
        guard let e = entry(name) else { throw .noEntry(name) }
        return describe(e, detail: true)
    }

    private func describe(_ e: ReviewAppEntry, detail: Bool) -> JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        var kind = "design"
        if case .reference = e.check.target { kind = "reference" }
        var members: [(String, JSONValue)] = [
            ("name", .string(e.check.id)), ("status", .string(e.status(decisions))), ("kind", .string(kind)),
            ("scene", .string(e.check.scene)), ("target", .string(e.check.target.path)),
            ("finding", optional(e.entry.map(SuiteSummary.finding))), ("cause", optional(e.entry?.findings.cause)),
            ("running", .bool(e.running)),
            ("isNew", .bool(kind == "reference" && !FileManager.default.fileExists(atPath: e.check.target.path))), ("page", .string("/entries/" + Self.pathComponent(e.check.id))),
            ("canUndo", .bool(previousReference[e.check.id] != nil || (recordedHere[e.check.id] ?? 0) > 0)),
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

    /// The decisions as Markdown for a pull request comment.
    public func export() -> String { decisions.markdown(suite: plan.name) }

    /// `name` escaped for a URL path.
    public nonisolated static func pathComponent(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? name
    }

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

    private var progressValue: JSONValue { .object([("done", .integer(progress.done)), ("total", .integer(progress.total))]) }

    func broadcast(_ name: String, _ value: JSONValue) {
        let text = Self.event(name, value)
        for continuation in listeners.values { continuation.yield(text) }
    }

    /// One server-sent event: every line of the JSON after `data: ` (the browser joins them with newlines).
    static func event(_ name: String, _ value: JSONValue) -> String {
        "event: \(name)\n" + value.serialized().split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }

    // MARK: Running

    /// Checks `names` (every entry when nil), with `update`, and stores what each check found; events tell the pages.
    public func check(_ names: Set<String>? = nil, update: SuiteUpdate = .none) async throws(ReviewAppError) {
        let ids = names ?? Set(entries.map(\.check.id))
        // Stamped before the run: an edit made while it runs is seen by the watcher and checked again.
        var round = WatchRound()
        for c in plan.cases where ids.contains(c.id) { stamps[c.id] = round.stamps(of: c) }
        for index in entries.indices where ids.contains(entries[index].check.id) { entries[index].running = true }
        runs += 1
        let folder = "\(pagesRoot)/run-\(runs)"
        progress = (0, ids.count)
        broadcast("progress", progressValue)
        let result: (entries: [SuiteEntry], error: String?) = await Self.run(plan.only(ids), renderer: renderer, update: update,
                                                                         html: folder) { [weak self] done in
            Task { await self?.progressed(done) }
        }
        for index in entries.indices where ids.contains(entries[index].check.id) { entries[index].running = false }
        if let error = result.error {
            broadcast("progress", progressValue)
            throw .failed(error)
        }
        for suiteEntry in result.entries {
            guard let index = entries.firstIndex(where: { $0.check.id == suiteEntry.id }) else { continue }
            entries[index].entry = suiteEntry
            let page = "\(folder)/entries/\(suiteEntry.fileStem).html"
            if FileManager.default.fileExists(atPath: page) { entries[index].page = page }
            if decisions.latest(for: suiteEntry.id) != nil, suiteEntry.verdict == .fail {
                entries[index].digests = await hashes(entries[index].check)
            }
            broadcast("entry", describe(entries[index], detail: false))
        }
        progress = (ids.count, ids.count)
        broadcast("progress", progressValue)
    }

    private func progressed(_ done: Int) {
        progress.done = max(progress.done, done)
        broadcast("progress", progressValue)
    }

    /// Runs a plan on a worker thread and waits for it without holding the actor.
    static func run(_ plan: SuitePlan, renderer: SnapshotRenderer, update: SuiteUpdate, html: String,
                    progress: @escaping @Sendable (Int) -> Void) async -> (entries: [SuiteEntry], error: String?) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var runner = SuiteRunner(plan: plan)
                runner.renderer = renderer
                runner.update = update
                runner.jobs = 2
                runner.outputs = SuiteOutputPaths(html: html)
                do {
                    let result = try runner.run { progress($0.done) }
                    continuation.resume(returning: (result.entries, nil))
                } catch {
                    continuation.resume(returning: ([], "\(error)"))
                }
            }
        }
    }

    /// The SHA-256 of an entry's render and target, computed on a worker thread by the suite's own check
    /// (`SuiteRunner.hashes(of:)`), so a decision is recorded with the hashes the suite will compare it by.
    private func hashes(_ c: SuiteCase) async -> (render: String, target: String)? {
        var runner = SuiteRunner(plan: plan)
        runner.renderer = renderer
        return await withCheckedContinuation { [runner] continuation in
            DispatchQueue.global().async {
                let hashes = try? runner.hashes(of: c)
                continuation.resume(returning: hashes.map { ($0.render, $0.design) })
            }
        }
    }

    // MARK: Decisions

    /// Approves an entry. A reference entry gets the render as its new reference (with its layout JSON), written
    /// atomically; a design entry gets an accepted deviation for these exact images in `ghostline-review.json`.
    public func approve(_ name: String, comment: String = "") async throws(ReviewAppError) -> JSONValue {
        let c = try claim(name)
        defer { busy.remove(name) }
        switch c.target {
        case .reference(let path):
            guard ReviewAppGuard.writable(path, roots: referenceRoots) else { throw .outsideReferences(path) }
            if previousReference[name] == nil {
                previousReference[name] = .some(FileManager.default.contents(atPath: path).map { Array($0) })
            }
            try await check([name], update: .all)
        case .design:
            try await record(.accepted, for: c, comment: comment)
        }
        return try detail(name)
    }

    /// Rejects an entry with a comment, recorded in `ghostline-review.json` with the images' hashes.
    public func reject(_ name: String, comment: String) async throws(ReviewAppError) -> JSONValue {
        let c = try claim(name)
        defer { busy.remove(name) }
        try await record(.rejected, for: c, comment: comment)
        return try detail(name)
    }

    /// Takes back this session's last decision on an entry: the reference as it was before the first approval, or
    /// the last decision recorded here.
    public func undo(_ name: String) async throws(ReviewAppError) -> JSONValue {
        let c = try claim(name)
        defer { busy.remove(name) }
        if case .reference(let path) = c.target, let before = previousReference[name] {
            guard ReviewAppGuard.writable(path, roots: referenceRoots) else { throw .outsideReferences(path) }
            do {
                if let bytes = before {
                    var files = OutputFiles()
                    try files.stage(bytes, to: path)
                    try files.commit()
                } else {
                    try? FileManager.default.removeItem(atPath: path)
                }
            } catch { throw .failed("could not restore \(path): \(error)") }
            previousReference[name] = nil
            try await check([name])
        } else if let count = recordedHere[name], count > 0, let last = decisions.decisions.lastIndex(where: { $0.entry == name }) {
            var updated = decisions
            updated.decisions.remove(at: last)
            try save(updated)
            recordedHere[name] = count - 1
            if let index = entries.firstIndex(where: { $0.check.id == name }) { broadcast("entry", describe(entries[index], detail: false)) }
        } else {
            throw .badRequest("nothing to undo for \(Escaping.oneLine(name)) in this session")
        }
        return try detail(name)
    }

    private func claim(_ name: String) throws(ReviewAppError) -> SuiteCase {
        guard let c = entry(name)?.check else { throw .noEntry(name) }
        guard busy.insert(name).inserted else { throw .busy(name) }
        return c
    }

    private func record(_ kind: SuiteDecisions.Decision.Kind, for c: SuiteCase, comment: String) async throws(ReviewAppError) {
        guard let digests = await hashes(c) else { throw .failed("could not render \(c.id) to record the decision") }
        let formatter = ISO8601DateFormatter()
        var updated = decisions
        updated.decisions.append(SuiteDecisions.Decision(entry: c.id, kind: kind, by: reviewer, at: formatter.string(from: Date()),
                                                         comment: comment, render: digests.render, design: digests.target))
        try save(updated)
        recordedHere[c.id, default: 0] += 1
        if let index = entries.firstIndex(where: { $0.check.id == c.id }) {
            entries[index].digests = digests
            broadcast("entry", describe(entries[index], detail: false))
        }
    }

    private func save(_ updated: SuiteDecisions) throws(ReviewAppError) {
        let path = SuiteDecisions.path(besideManifest: manifest)
        let home = URL(fileURLWithPath: manifest).deletingLastPathComponent().path
        guard ReviewAppGuard.writable(path, roots: [home]) else { throw .outsideReferences(path) }
        do throws(OutputError) { try updated.write(to: path) } catch { throw .failed(error.description) }
        decisions = updated
    }
}
