import Foundation
import GhostlineSuite

/// One look at the files entries are checked from: each file stamped once a round, however many entries share it (a
/// suite of 500 entries of one scene reads a handful of files, not thousands).
struct WatchRound {
    private var fileStamps: [String: String] = [:]

    /// The stamp a file is given when it changed after the check that found it began: never equal to a real stamp,
    /// so the next round checks the entry again.
    static let unknown = "?"

    /// The stamps of `files`, by path.
    mutating func stamps(of files: [String]) -> [String: String] {
        Dictionary(files.map { ($0, stamp($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// A file's stamp, looked up once a round.
    mutating func stamp(_ file: String) -> String {
        if let known = fileStamps[file] { return known }
        let value = Self.stamp(file)
        fileStamps[file] = value
        return value
    }

    /// A file's modification time (to the nanosecond), size and inode, so an edit, a replacement by rename (an editor's
    /// save, `git checkout`) or a file that appears or goes changes it.
    static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "-" }
        return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_size):\(info.st_ino)"
    }
}

extension ReviewAppSession {
    /// Checks again, every `interval` seconds (a tenth of a second by default: a round stats each watched file once,
    /// which costs far less), exactly the entries one of whose inputs changed since the check began: the files the
    /// check read (the scene, its includes, style guide and tokens, its fonts, its design or reference and a
    /// reference's layout JSON), until the task is cancelled. An edit made while an entry is being checked is seen
    /// by the next round. The pages update through the event stream; entries being approved are left to their
    /// approval, entries not yet checked to their first check.
    public func watch(every interval: Double = 0.1) async {
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            let replanned = reloadPlan()
            guard let changed = (changedEntries() ?? []).union(replanned).nilIfEmpty else { continue }
            broadcast("changed", .array(changed.sorted().map { .string($0) }))
            do throws(ReviewAppError) { try await check(changed) } catch {
                broadcast("failure", .object([("error", .string(error.message))]))
            }
        }
    }

    /// The entries the watcher would check again now (one of their inputs changed since their check began), or nil.
    public func changedEntries() -> Set<String>? {
        var round = WatchRound()
        var changed: Set<String> = []
        for e in entries where !busy.contains(e.check.id) && !e.running {
            guard let known = stamps[e.check.id] else { continue }
            if known.contains(where: { round.stamp($0.key) != $0.value }) { changed.insert(e.check.id) }
        }
        return changed.isEmpty ? nil : changed
    }

    /// Reads the plan again when the manifest (or a convention suite's folders) changed, and returns the entries to
    /// check: those added, and those whose entry changed (another scene, target, scale, model, threshold, ignore
    /// box). An entry no longer in the plan leaves the listing. A manifest that does not parse keeps the plan as it
    /// was and says why on the event stream (`failure`), so a half-saved edit never empties the review.
    public func reloadPlan() -> Set<String> {
        let now = Self.planSources(manifest).map(WatchRound.stamp)
        guard now != planStamps else { return [] }
        planStamps = now
        let fresh: SuitePlan
        do { fresh = try SuitePlan.load(manifest) } catch {
            broadcast("failure", .object([("error", .string("\(error)"))]))
            return []
        }
        var before: [String: SuiteCase] = [:]
        for c in plan.cases { before[c.id] = c }
        var changed: Set<String> = []
        var kept: [ReviewAppEntry] = []
        for c in fresh.cases {
            var old = before[c.id]
            old?.index = c.index   // an entry added above another moves it, which changes nothing of its check
            if var entry = entries.first(where: { $0.check.id == c.id }), old == c {
                entry.check = c
                kept.append(entry)
            } else {
                kept.append(ReviewAppEntry(check: c))
                stamps[c.id] = nil
                changed.insert(c.id)
            }
        }
        plan = fresh
        entries = kept
        referenceRoots = Self.referenceRoots(of: fresh, decisionsFile: decisionsFile)
        shownPaths = Self.shownPaths(of: fresh, decisionsFile: decisionsFile)
        listingFiles = Self.listingFiles(of: fresh, decisionsFile: decisionsFile)
        unusedCache = nil
        broadcast("plan", .object([("entries", .integer(fresh.cases.count)), ("changed", .array(changed.sorted().map { .string($0) }))]))
        return changed
    }
}

private extension Set {
    var nilIfEmpty: Set? { isEmpty ? nil : self }
}
