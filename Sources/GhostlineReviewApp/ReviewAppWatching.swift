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

    /// Whether `path` was modified at or after `date` (a file that cannot be read counts as not).
    static func modified(_ path: String, since date: Date) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 >= date.timeIntervalSince1970
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
            guard let changed = changedEntries() else { continue }
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
}
