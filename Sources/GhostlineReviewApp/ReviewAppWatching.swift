import Foundation
import GhostlineSuite

/// One look at the files entries are checked from: each folder listed and each file stamped once, however many
/// entries share them (a suite of 500 entries of one scene reads a handful of files, not thousands). The one way the
/// session stamps an entry, before a run, while watching and after a check, so the three can never disagree.
struct WatchRound {
    private var listings: [String: [String]] = [:]
    private var fileStamps: [String: String] = [:]

    /// The stamps of the files `c` is checked from, as far as the app can tell without rendering: its scene, its
    /// design or reference, and the YAML and JSON files beside the scene (style guides, includes, tokens).
    mutating func stamps(of c: SuiteCase) -> [String] {
        let folder = URL(fileURLWithPath: c.scene).deletingLastPathComponent().path
        if listings[folder] == nil {
            listings[folder] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
        }
        return ([c.scene, c.target.path] + listings[folder]!).map { file in
            if let known = fileStamps[file] { return known }
            let value = Self.stamp(file)
            fileStamps[file] = value
            return value
        }
    }

    /// A file's modification time and size, so an edit (or a file that appears or goes) changes it.
    static func stamp(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "\(path):-" }
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path):\(date):\(attributes[.size] as? Int ?? 0)"
    }
}

extension ReviewAppSession {
    /// Checks again, every `interval` seconds (a tenth of a second by default: a round stats each watched file once,
    /// which costs far less), the entries whose files changed since they were last checked (a scene, a style guide
    /// beside it, a design or a reference edited), until the task is cancelled. The pages update through the event
    /// stream; entries being approved are left to their approval.
    public func watch(every interval: Double = 0.1) async {
        var first = WatchRound()
        for c in plan.cases where stamps[c.id] == nil { stamps[c.id] = first.stamps(of: c) }
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            var round = WatchRound()
            var changed: Set<String> = []
            for c in plan.cases where !busy.contains(c.id) {
                if round.stamps(of: c) != stamps[c.id] { changed.insert(c.id) }
            }
            guard !changed.isEmpty else { continue }
            broadcast("changed", .array(changed.sorted().map { .string($0) }))
            do throws(ReviewAppError) { try await check(changed) } catch {
                broadcast("failure", .object([("error", .string(error.message))]))
            }
            // What the run itself wrote (a recorded reference) is not an edit.
            var after = WatchRound()
            for c in plan.cases where changed.contains(c.id) { stamps[c.id] = after.stamps(of: c) }
        }
    }
}
