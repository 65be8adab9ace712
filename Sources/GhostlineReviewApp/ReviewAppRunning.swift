import Dispatch
import Foundation
import GhostlineRender
import GhostlineSuite
import GhostlineSupport

/// Running checks for the review app, and keeping their pages in the scratch folder.
///
/// Why the pages are moved: each run writes its pages into a folder of its own (`run-N`), and an entry's page is the
/// one from its latest check. Were the run folders kept, every approval or edit would add a folder (40 MB for 500
/// small entries when all are checked) for as long as the app runs. Instead each entry's page and thumbnails are
/// moved into `entries/` and `thumbs/` when its check ends, replacing the older ones, and the run's folder is
/// removed: the scratch folder holds one page set plus the run in progress, at most twice the pages of the suite.
extension ReviewAppSession {
    /// Checks `names` (every entry when nil), with `update`, and stores what each check found; events tell the pages.
    /// The files each check reads are stamped before it runs, so an edit made while it runs is seen by the watcher's
    /// next round and checked again.
    public func check(_ names: Set<String>? = nil, update: SuiteUpdate = .none) async throws(ReviewAppError) {
        let ids = names ?? Set(entries.map(\.check.id))
        let started = Date()
        var round = WatchRound()
        var before: [String: [String: String]] = [:]
        for c in plan.cases where ids.contains(c.id) {
            before[c.id] = round.stamps(of: watchedFiles(c, read: entry(c.id)?.entry?.inputFiles ?? []))
        }
        for index in entries.indices where ids.contains(entries[index].check.id) { entries[index].running = true }
        runs += 1
        let folder = "\(pagesRoot)/run-\(runs)"
        progress = (0, ids.count)
        broadcast("progress", progressValue)
        let result = await Self.run(plan.only(ids), renderer: renderer, update: update, html: folder, cache: cache,
                                    version: version) { [weak self] done in
            Task { await self?.progressed(done) }
        }
        reusedChecks += result.reused
        for index in entries.indices where ids.contains(entries[index].check.id) { entries[index].running = false }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let error = result.error {
            broadcast("progress", progressValue)
            throw .failed(error)
        }
        var after = WatchRound()
        for suiteEntry in result.entries {
            guard let index = entries.firstIndex(where: { $0.check.id == suiteEntry.id }) else { continue }
            let c = entries[index].check
            // A check that could not load its scene read nothing new: keep watching what it read before.
            let read = suiteEntry.inputFiles.isEmpty ? entries[index].entry?.inputFiles ?? [] : suiteEntry.inputFiles
            let watched = watchedFiles(c, read: read)
            let watchedSet = Set(watched)
            var stamped = (before[c.id] ?? [:]).filter { watchedSet.contains($0.key) }
            for file in watched where stamped[file] == nil {
                // Found by this check: stamped now, unless it changed after the check began (then the next round checks
                // again, which costs one check and never misses an edit).
                stamped[file] = SuiteCache.modified(file, since: started) ? WatchRound.unknown : after.stamp(file)
            }
            // What the run itself wrote (an approved reference) is not an edit.
            if suiteEntry.updated == "reference" { for file in c.target.recordedFiles { stamped[file] = WatchRound.stamp(file) } }
            stamps[c.id] = stamped
            var kept = suiteEntry
            kept.inputFiles = read
            entries[index].entry = kept
            entries[index].checks += 1
            keepPage(of: suiteEntry.fileStem, from: folder, at: index)
            if decisions.latest(for: suiteEntry.id) != nil, suiteEntry.verdict == .fail {
                entries[index].digests = await hashes(entries[index].check)
            }
            announce(c.id)
        }
        progress = (ids.count, ids.count)
        broadcast("progress", progressValue)
    }

    /// The files watched for an entry: what its check read, and always its scene and target (a scene that cannot be
    /// loaded names no includes, but fixing it must still be seen).
    nonisolated func watchedFiles(_ c: SuiteCase, read: [String]) -> [String] {
        var files = [c.scene, c.target.path] + c.target.recordedFiles.dropFirst() + read
        var seen = Set<String>()
        files = files.filter { seen.insert($0).inserted }
        return files
    }

    /// Moves an entry's page and thumbnails from a run's folder to where the app serves them, replacing the older
    /// ones; a check that made no page (an error) removes them.
    private func keepPage(of stem: String, from folder: String, at index: Int) {
        let fm = FileManager.default
        let page = "\(pagesRoot)/entries/\(stem).html"
        let moves = [("\(folder)/entries/\(stem).html", page),
                     ("\(folder)/thumbs/\(stem).ghost.png", "\(pagesRoot)/thumbs/\(stem).ghost.png"),
                     ("\(folder)/thumbs/\(stem).diff.png", "\(pagesRoot)/thumbs/\(stem).diff.png")]
        var moved = 0
        for (from, to) in moves {
            if fm.fileExists(atPath: from), rename(from, to) == 0 { moved += 1 } else { try? fm.removeItem(atPath: to) }
        }
        entries[index].page = fm.fileExists(atPath: page) ? page : nil
        entries[index].thumbnails = moved == moves.count
    }

    /// The thumbnail (`ghost.png` or `diff.png`) of an entry's latest check, when it has one.
    public func thumbnail(_ name: String, kind: String) -> String? {
        guard ["ghost.png", "diff.png"].contains(kind), let e = entry(name), e.thumbnails else { return nil }
        return "\(pagesRoot)/thumbs/\(e.check.fileStem).\(kind)"
    }

    private func progressed(_ done: Int) {
        progress.done = max(progress.done, done)
        broadcast("progress", progressValue)
    }

    /// Runs a plan on a worker thread and waits for it without holding the actor.
    static func run(_ plan: SuitePlan, renderer: SnapshotRenderer, update: SuiteUpdate, html: String, cache: SuiteCache? = nil,
                    version: String = "unknown",
                    progress: @escaping @Sendable (Int) -> Void) async -> (entries: [SuiteEntry], error: String?, reused: Int) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var runner = SuiteRunner(plan: plan, renderer: renderer)
                runner.update = update
                runner.cache = cache
                runner.version = version
                runner.jobs = 2
                runner.outputs = SuiteOutputPaths(html: html)
                do {
                    let result = try runner.run { progress($0.done) }
                    continuation.resume(returning: (result.entries, nil, result.reused ?? 0))
                } catch {
                    continuation.resume(returning: ([], "\(error)", 0))
                }
            }
        }
    }

    /// The SHA-256 of an entry's render and target, computed on a worker thread by the suite's own check
    /// (`SuiteRunner.hashes(of:)`), so a decision is recorded with the hashes the suite will compare it by.
    func hashes(_ c: SuiteCase) async -> (render: String, target: String)? {
        var runner = SuiteRunner(plan: plan, renderer: renderer)
        return await withCheckedContinuation { [runner] continuation in
            DispatchQueue.global().async {
                let hashes = try? runner.hashes(of: c)
                continuation.resume(returning: hashes.map { ($0.render, $0.design) })
            }
        }
    }
}
