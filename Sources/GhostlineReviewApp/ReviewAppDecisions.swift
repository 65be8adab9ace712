import Foundation
import GhostlineSuite
import GhostlineSupport

/// Approving, rejecting and undoing. Every file written here, or by the check an approval runs, passes
/// ``ReviewAppGuard/refusal(toWrite:roots:)`` first: a reference and its layout JSON, a file undo restores, the
/// decisions file. A write that fails is an error answer with its reason, never a 200.
extension ReviewAppSession {
    /// Approves an entry. A reference entry gets the render as its new reference (with its layout JSON), written
    /// atomically; a design entry gets an accepted deviation for these exact images in the decisions file.
    public func approve(_ name: String, comment: String = "") async throws(ReviewAppError) -> JSONValue {
        let c = try claim(name)
        defer { busy.remove(name) }
        switch c.target {
        case .reference:
            let files = c.target.recordedFiles
            try checkWritable(files, roots: referenceRoots)
            let before = files.map { (path: $0, bytes: FileManager.default.contents(atPath: $0).map { Array($0) }) }
            try await check([name], update: .all)
            guard let result = entry(name)?.entry, result.updated == "reference" else {
                throw .failed(entry(name)?.entry?.error ?? "the reference of \(Escaping.oneLine(name)) was not written")
            }
            if previousFiles[name] == nil { previousFiles[name] = before }
            // The update's review compared the render with the old reference; checked again, the entry's page is the
            // review against the reference now on disk, so the page and the verdict agree.
            try await check([name])
        case .design:
            try await record(.accepted, for: c, comment: comment)
        }
        return try detail(name)
    }

    /// Rejects an entry with a comment, recorded in the decisions file with the images' hashes.
    public func reject(_ name: String, comment: String) async throws(ReviewAppError) -> JSONValue {
        let c = try claim(name)
        defer { busy.remove(name) }
        try await record(.rejected, for: c, comment: comment)
        return try detail(name)
    }

    /// Takes back this session's last decision on an entry: the reference and its layout JSON as they were before the
    /// first approval (a file that did not exist is removed), or the last decision recorded here.
    public func undo(_ name: String) async throws(ReviewAppError) -> JSONValue {
        let c = try claim(name)
        defer { busy.remove(name) }
        if let before = previousFiles[name] {
            try checkWritable(before.map(\.path), roots: referenceRoots)
            var files = OutputFiles()
            do throws(OutputError) {
                for (path, bytes) in before { if let bytes { try files.stage(bytes, to: path) } }
                try files.commit()
            } catch {
                files.discard()
                throw .failed("could not restore \(Escaping.oneLine(c.target.path)): \(error.description)")
            }
            for (path, bytes) in before where bytes == nil {
                if unlink(path) != 0 && errno != ENOENT {
                    throw .failed("could not remove \(Escaping.oneLine(path)): \(String(cString: strerror(errno)))")
                }
            }
            previousFiles[name] = nil
            try await check([name])
        } else if let last = recordedHere[name]?.last {
            var updated = decisions
            // The decision this session recorded, wherever it is now (the file may have changed on disk since).
            if let index = updated.decisions.lastIndex(of: last) { updated.decisions.remove(at: index) }
            try save(updated)
            recordedHere[name]?.removeLast()
            announce(name)
        } else {
            throw .badRequest("nothing to undo for \(Escaping.oneLine(name)) in this session")
        }
        return try detail(name)
    }

    /// Lets the approvals, rejections and undos in progress finish (for at most `seconds`) and refuses new ones: what a
    /// process stopped by a signal does before it exits, so it never stops between the files of one approval or
    /// leaves a temporary file beside a reference.
    public func finishDecisions(within seconds: Double) async {
        stopping = true
        let deadline = Date().addingTimeInterval(seconds)
        while !busy.isEmpty && Date() < deadline { try? await Task.sleep(nanoseconds: 20_000_000) }
    }

    private func claim(_ name: String) throws(ReviewAppError) -> SuiteCase {
        guard !stopping else { throw .failed("the review app is stopping; nothing was written") }
        guard let c = entry(name)?.check else { throw .noEntry(name) }
        guard busy.insert(name).inserted else { throw .busy(name) }
        return c
    }

    /// Refuses the whole write when any one file may not be written: nothing is written then.
    private func checkWritable(_ files: [String], roots: [String]) throws(ReviewAppError) {
        for file in files {
            if let reason = ReviewAppGuard.refusal(toWrite: file, roots: roots) { throw .refusedWrite(file, reason: reason) }
        }
    }

    private func record(_ kind: SuiteDecisions.Decision.Kind, for c: SuiteCase, comment: String) async throws(ReviewAppError) {
        guard let digests = await hashes(c) else { throw .failed("could not render \(c.id) to record the decision") }
        let formatter = ISO8601DateFormatter()
        let decision = SuiteDecisions.Decision(entry: c.id, kind: kind, by: reviewer, at: formatter.string(from: Date()),
                                               comment: comment, render: digests.render, design: digests.target)
        // Added to the file as it is on disk now, not to the copy read when the app started.
        var updated = decisions
        updated.decisions.append(decision)
        try save(updated)
        recordedHere[c.id, default: []].append(decision)
        if let index = entries.firstIndex(where: { $0.check.id == c.id }) { entries[index].digests = digests }
        announce(c.id)
    }

    private func save(_ updated: SuiteDecisions) throws(ReviewAppError) {
        let home = URL(fileURLWithPath: decisionsFile).deletingLastPathComponent().path
        try checkWritable([decisionsFile], roots: [home])
        do throws(OutputError) { try updated.write(to: decisionsFile) } catch { throw .failed(error.description) }
        decisionsOnDisk = (updated, WatchRound.stamp(decisionsFile))
    }
}
