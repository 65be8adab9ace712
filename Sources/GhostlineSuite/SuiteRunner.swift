import Foundation
import GhostlineImport
import GhostlineLint
import GhostlineRender
import GhostlineScene
import GhostlineSupport

/// How far a suite has got, after each check (for a progress bar, or plain lines in a CI log).
public struct SuiteProgress: Sendable {
    /// Checks finished so far.
    public var done: Int
    /// Checks in this run.
    public var total: Int
    /// Checks that failed or could not run so far.
    public var failed: Int
    /// Wall-clock seconds since the run started.
    public var elapsedSeconds: Double
    /// The time left if the remaining checks take as long as the finished ones did on average.
    public var remainingSeconds: Double { done == 0 ? 0 : elapsedSeconds / Double(done) * Double(total - done) }
    /// The check just finished.
    public var entry: SuiteEntry
}

/// Where the suite's outputs go; nil = not written.
public struct SuiteOutputPaths: Sendable {
    /// The suite report JSON.
    public var report: String?
    /// The JUnit XML file.
    public var junit: String?
    /// The HTML directory (index page, review pages, thumbnails).
    public var html: String?
    /// Outputs by path; leave out what is not wanted.
    public init(report: String? = nil, junit: String? = nil, html: String? = nil) {
        self.report = report; self.junit = junit; self.html = html
    }
}

/// Runs a suite in one process: every check of the plan (or of one shard of it) on a pool of worker threads that
/// share one renderer — one font library, one fallback cache, one glyph cache — so fonts are opened and glyphs
/// rasterized once for the whole suite instead of once per process. A check that fails, or cannot run, is
/// recorded and the suite goes on; only an output that cannot be written stops it.
///
/// ```swift
/// var runner = SuiteRunner(plan: try SuitePlan.load("ghostline.yaml"))
/// runner.outputs = SuiteOutputPaths(report: "suite.json", junit: "junit.xml", html: "suite-report")
/// let result = try runner.run()
/// print(result.summary)
/// ```
public struct SuiteRunner: Sendable {
    /// Every check of the suite.
    public var plan: SuitePlan
    /// Worker threads; default: the cores.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Run only this part of the plan; nil = all of it.
    public var shard: SuiteShard?
    /// Seconds per check from an earlier report: shards are balanced by them, and long checks start first.
    public var costs: SuiteCosts?
    /// What `--update` may write.
    public var update: SuiteUpdate = .none
    /// Where the outputs go.
    public var outputs = SuiteOutputPaths()
    /// The renderer every worker shares (its font library and glyph cache with it): the caller's, as a session's.
    package var renderer: SnapshotRenderer
    /// The command that records references, for the message of a missing one.
    public var recordCommand = "ghostline suite"
    /// Where results are kept between runs (``SuiteCache``); nil = check everything. A run with `--update` checks
    /// everything (it may write files) and keeps nothing.
    public var cache: SuiteCache?
    /// The version the cache keys carry beside the executable's digest (`GhostlineVersion.current`).
    public var version = "unknown"

    /// A runner for `plan` with the defaults: every core, the whole plan, nothing updated, no outputs.
    package init(plan: SuitePlan, renderer: SnapshotRenderer) { self.plan = plan; self.renderer = renderer }

    /// The shared renderer over the fonts the manifest pins (`fontDirectories:`, `systemFonts:`) on top of the
    /// renderer's own font set; the renderer itself when the manifest pins none.
    var pinnedRenderer: SnapshotRenderer {
        guard !plan.fontDirectories.isEmpty || plan.systemFonts != nil else { return renderer }
        let set = renderer.fonts.fontSet.adding(plan.fontDirectories.map(\.path), systemFonts: plan.systemFonts)
        return renderer.deriving(set)
    }

    /// Lint of the design documents the manifest names, for the index page: what UIKit will set differently from
    /// the design, over the same fonts the checks see. A document lint cannot read was already refused by the plan.
    func documentLints() -> [SuiteIndexPage.DocumentLint] {
        let renderer = pinnedRenderer
        return plan.documents.compactMap { path in
            guard let document = try? DesignReader().read(path) else { return nil }
            let lint = DesignLint(loader: SceneLoader(fonts: renderer.fonts), fonts: renderer.fonts.locator)
                .lint(document, source: URL(fileURLWithPath: path).lastPathComponent, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
            return SuiteIndexPage.DocumentLint(document: URL(fileURLWithPath: path).lastPathComponent, layers: lint.layers,
                                               findings: lint.findings.map { "\($0.page) › \($0.frame) › \($0.layer): \($0.cause)" })
        }
    }

    /// The checks this run makes: the plan's, or one shard's, in plan order.
    public var cases: [SuiteCase] { shard.map { $0.select(plan.cases, costs: costs) } ?? plan.cases }

    /// Runs every check and writes the outputs; `progress` is called after each check, one call at a time.
    /// Throws only for what stops the whole suite: a bad job count or an output that cannot be written.
    public func run(progress: @escaping @Sendable (SuiteProgress) -> Void = { _ in }) throws(SuiteError) -> SuiteResult {
        guard jobs >= 1 else { throw .value(name: "jobs", value: "\(jobs)", problem: "use 1 or more worker threads") }
        // Read once, before anything runs: a damaged file stops the suite instead of failing every accepted entry.
        let decisions = try SuiteDecisions.read(SuiteDecisions.path(for: plan))
        let start = DispatchTime.now().uptimeNanoseconds
        MemoryReuse.keepFreedMemory()
        let cases = self.cases
        let inputs = [plan.source] + cases.flatMap { [$0.scene, $0.target.path] }
        let outputs = try SuiteOutputs(files: [self.outputs.report, self.outputs.junit].compactMap { $0 },
                                     html: self.outputs.html, inputs: inputs)
        let check = SuiteCheck(renderer: pinnedRenderer, update: update, htmlStaging: outputs.htmlStaging,
                               recordCommand: "\(recordCommand) \(plan.source)", decisions: decisions)
        let keepText = self.outputs.report != nil
        let state = State(count: cases.count)
        // Long checks first when their cost is known, so the pool does not end waiting on one big screen.
        var order = Array(cases.indices)
        if let costs {
            let cost = order.map { costs.seconds[cases[$0].id] ?? costs.median }
            order.sort { cost[$0] != cost[$1] ? cost[$0] > cost[$1] : $0 < $1 }
        }
        let scratch = outputs.scratch
        let staging = outputs.htmlStaging
        let cached = cache.flatMap { cache -> SuiteCacheRun? in
            guard update == .none else { return nil }
            return SuiteCacheRun(cache: cache, code: cache.codeIdentity(version: version),
                                 fonts: check.renderer.fonts.locator.catalogueDigest(), decisions: decisions)
        }
        WorkerPool.run(order: order, jobs: jobs, shouldStop: { state.stopped }) { position in
            do {
                let c = cases[position]
                let outcome: SuiteCheck.Outcome
                let key = cached?.key(for: c)
                if let cached, let key, let hit = cached.lookUp(c, key: key, staging: staging) {
                    outcome = hit
                } else {
                    let started = Date()
                    outcome = try check.run(c)
                    if let key { cached?.store(c, key: key, outcome, started: started, staging: staging) }
                }
                if keepText {
                    let text = outcome.entry.value(review: outcome.review).serialized(indent: 2)
                    guard ScratchFile.save(text.utf8, to: "\(scratch)/\(position).json") else {
                        throw OutputError.unwritable(path: scratch, reason: "a check's report could not be written",
                                                     fix: "check that TMPDIR has room")
                    }
                }
                state.finish(position, outcome.entry, start: start, progress: progress)
            } catch let error as OutputError {
                state.fail(error)
            } catch {
                state.fail(.unwritable(path: scratch, reason: "\(error)", fix: "report this as a bug"))
            }
        }
        if let fatal = state.fatal {
            outputs.discard()
            throw .output(fatal)
        }
        let entries = state.entries.map { $0! }
        let header = SuiteReportHeader(name: plan.name, source: plan.source, planChecks: plan.cases.count, digest: plan.digest,
                                       shard: shard)
        do {
            try Self.write(header, entries: entries, to: outputs, paths: self.outputs,
                           pages: Set(entries.filter { $0.verdict != .error }.map(\.fileStem)),
                           documents: self.outputs.html == nil ? [] : documentLints()) { index in
                guard let data = FileManager.default.contents(atPath: "\(scratch)/\(index).json") else {
                    throw OutputError.unwritable(path: scratch, reason: "a check's report is gone", fix: "keep TMPDIR while the suite runs")
                }
                return String(decoding: data, as: UTF8.self)
            }
        } catch {
            outputs.discard()
            throw error
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if let cached {
            cached.cache.noteRun(checks: entries.count, reused: cached.reused)
            cached.cache.evict()
        }
        return SuiteResult(header: header, entries: entries, seconds: seconds, reused: cached?.reused)
    }

    /// The hashes a decision about case `c` records (`SuiteDecisions.Decision.render` and `.design`): the case is
    /// checked as `run` checks it, with this runner's fonts, and its render's PNG bytes and its design export's
    /// bytes (a reference check's reference bytes) are hashed. The review app calls it whenever it records a decision,
    /// so the decision names exactly the images the suite will compare next time, hashed by the code the suite hashes
    /// them with. A check that cannot run throws its one-line reason.
    public func hashes(of c: SuiteCase) throws(SuiteError) -> SuiteHashes {
        let check = SuiteCheck(renderer: pinnedRenderer, update: .none, htmlStaging: nil, recordCommand: recordCommand)
        do { return try check.hashes(of: c) } catch { throw .usage(error.message) }
    }

    /// Writes the report, JUnit file and index page for `entries` and commits them with the pages already
    /// staged. `merge` writes through here too, so a merged run and a whole run produce the same bytes.
    static func write(_ header: SuiteReportHeader, entries: [SuiteEntry], to outputs: SuiteOutputs, paths: SuiteOutputPaths,
                      pages: Set<String>, documents: [SuiteIndexPage.DocumentLint] = [],
                      entryText: (Int) throws -> String) throws(SuiteError) {
        let totals = SuiteTotals(entries)
        if let report = paths.report {
            try outputs.stageFile(to: report) { handle in
                try SuiteReport.write(header, totals: totals, count: entries.count, to: handle, entryText: entryText)
            }
        }
        if let junit = paths.junit {
            try outputs.stageFile(to: junit) { handle in handle.write(Data(SuiteJUnit.xml(name: header.name, entries: entries).utf8)) }
        }
        if let index = outputs.htmlFile("index.html") {
            let page = SuiteIndexPage.html(name: header.name, entries: entries, pages: pages, documents: documents)
            guard FileManager.default.createFile(atPath: index, contents: Data(page.utf8)) else {
                throw .output(.unwritable(path: index, reason: "the index page could not be written", fix: "check that the disk has room"))
            }
        }
        try outputs.commit()
    }

    /// What the workers share: the finished entries by position, and the first fatal error.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var entries: [SuiteEntry?]
        var done = 0
        var failed = 0
        var fatal: OutputError?
        init(count: Int) { entries = Array(repeating: nil, count: count) }

        var stopped: Bool { lock.lock(); defer { lock.unlock() }; return fatal != nil }

        func finish(_ position: Int, _ entry: SuiteEntry, start: UInt64, progress: (SuiteProgress) -> Void) {
            lock.lock(); defer { lock.unlock() }
            entries[position] = entry
            done += 1
            if entry.verdict != .pass { failed += 1 }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // Under the lock, so a progress bar is drawn by one thread at a time.
            progress(SuiteProgress(done: done, total: entries.count, failed: failed, elapsedSeconds: elapsed, entry: entry))
        }

        func fail(_ error: OutputError) {
            lock.lock(); defer { lock.unlock() }
            if fatal == nil { fatal = error }
        }
    }
}

/// A suite's outcome: every check's entry in plan order, with the counts and the summary.
public struct SuiteResult: Sendable {
    /// The run as the report describes it.
    public var header: SuiteReportHeader
    /// Every check's entry, in plan order.
    public var entries: [SuiteEntry]
    /// Wall-clock time of the whole run (not in any output file).
    public var seconds: Double
    /// How many checks were reused from the cache, unchanged; nil when the run used none.
    public var reused: Int?

    /// A result as given.
    public init(header: SuiteReportHeader, entries: [SuiteEntry], seconds: Double, reused: Int? = nil) {
        self.header = header; self.entries = entries; self.seconds = seconds; self.reused = reused
    }

    /// The counts by verdict.
    public var totals: SuiteTotals { SuiteTotals(entries) }
    /// True when every check passed.
    public var passes: Bool { entries.allSatisfy { $0.verdict == .pass } }
    /// The one-screen summary the CLI prints.
    public var summary: String { SuiteSummary.text(name: header.name, entries: entries, shard: header.shard, reused: reused) }
}
