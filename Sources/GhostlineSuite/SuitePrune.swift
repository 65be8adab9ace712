import Foundation
import GhostlineSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `ghostline suite --prune` finds: reference snapshots (with the layout JSON recorded beside each) that no
/// check of the plan compares with any more, and decisions in `ghostline-review.json` about checks the plan no
/// longer has. `--delete` removes them.
///
/// Only the *reference folders* are looked in: the directory of every reference path the plan uses (a folder a
/// reference check writes into). Nothing else is ever a candidate: not a design export (the suite never writes
/// one), not a scene or a render, nothing in a subfolder, nothing that is a symbolic link, and no folder reached
/// through one, so a link can never lead a deletion out of the suite. Only `.png` files and their `.json`
/// companions are listed; other files in the folder are the team's business.
public struct SuitePrune: Sendable, Equatable {
    /// One thing no check uses.
    public enum Item: Sendable, Equatable {
        /// A reference snapshot no check compares with.
        case reference(String)
        /// The layout JSON recorded beside such a reference (`login@3x.png` → `login@3x.json`).
        case layout(String)
        /// A decision about a check the plan no longer has.
        case decision(SuiteDecisions.Decision)

        /// The item in one line, as `suite --prune` prints it.
        public var line: String {
            switch self {
            case .reference(let path): return "reference \(Escaping.oneLine(path))"
            case .layout(let path): return "layout \(Escaping.oneLine(path))"
            case .decision(let d):
                return "decision \(Escaping.oneLine(d.entry)) (\(d.kind.rawValue) by \(Escaping.oneLine(d.by)) at \(d.at))"
            }
        }
    }

    /// What no check uses: files in path order (each reference before its layout), then decisions in file order.
    public var items: [Item]
    /// The decisions file looked in.
    public var decisionsFile: String
    /// The decisions that stay (what `delete()` writes back).
    public var keptDecisions: SuiteDecisions

    /// Finds what `plan` no longer uses. Reads directory listings and the decisions file; writes nothing. A
    /// decisions file that is not one throws its one-line reason.
    public static func find(_ plan: SuitePlan) throws(SuiteError) -> SuitePrune {
        let decisionsFile = SuiteDecisions.path(for: plan)
        let decisions = try SuiteDecisions.read(decisionsFile)
        var used = Set<String>()
        var folders: [String: String] = [:]   // absolute → as the plan writes it
        for c in plan.cases {
            for path in [c.scene, c.target.path, c.render].compactMap({ $0 }) { used.insert(absolute(path)) }
            if case .reference(let path) = c.target {
                used.insert(absolute(SuiteCheck.layoutPath(ofReference: path)))
                let folder = SuitePlan.directory(of: path)
                folders[absolute(folder)] = folder
            }
        }
        let base = absolute(SuitePlan.directory(of: decisionsFile))   // the manifest's directory
        var items: [Item] = []
        for (key, folder) in folders.sorted(by: { $0.key < $1.key }) where reachedWithoutLinks(key, base: base) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
                where !name.hasPrefix(".") && name.lowercased().hasSuffix(".png") {
                let path = SuitePlan.join(folder, name)
                guard isRegularFile(path), !used.contains(absolute(path)) else { continue }
                items.append(.reference(path))
                let layout = SuiteCheck.layoutPath(ofReference: path)
                let shown = SuitePlan.join(folder, URL(fileURLWithPath: layout).lastPathComponent)
                if isRegularFile(shown), !used.contains(absolute(shown)) { items.append(.layout(shown)) }
            }
        }
        let ids = Set(plan.cases.map(\.id))
        let gone = decisions.decisions.filter { !ids.contains($0.entry) }
        items += gone.map { .decision($0) }
        return SuitePrune(items: items, decisionsFile: decisionsFile,
                          keptDecisions: SuiteDecisions(decisions: decisions.decisions.filter { ids.contains($0.entry) }))
    }

    /// Removes every item, all or nothing: the files are first renamed to hidden names in their own folders and
    /// the decisions file is staged; only when every rename worked are the decisions committed and the files
    /// removed. A failure puts every file back and throws; a half-pruned suite is never left.
    public func delete() throws(SuiteError) {
        let files = items.compactMap { item -> String? in
            switch item { case .reference(let p), .layout(let p): return p; case .decision: return nil }
        }
        var outputs = OutputFiles()
        if items.contains(where: { if case .decision = $0 { return true }; return false }) {
            do { try outputs.stage(Array(keptDecisions.serialized().utf8), to: decisionsFile) } catch { throw .output(error) }
        }
        var moved: [(from: String, to: String)] = []
        func putBack() { for m in moved.reversed() { _ = rename(m.to, m.from) } }
        let tag = UUID().uuidString.prefix(8)
        for path in files {
            let hidden = SuitePlan.join(SuitePlan.directory(of: path), ".ghostline-prune-\(tag)-\(URL(fileURLWithPath: path).lastPathComponent)")
            guard Self.isRegularFile(path), rename(path, hidden) == 0 else {
                let reason = String(cString: strerror(errno))
                putBack()
                outputs.discard()
                throw .output(.unwritable(path: path, reason: "could not be removed (\(reason)); nothing was removed",
                                          fix: "check the folder's permissions, then run `ghostline suite --prune --delete` again"))
            }
            moved.append((path, hidden))
        }
        do { try outputs.commit() } catch {
            putBack()
            throw .output(error)
        }
        for m in moved { _ = unlink(m.to) }
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardized.path
    }

    /// True for a regular file that is not a symbolic link.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// True when `folder` (absolute) is reached without a symbolic link: inside the manifest's directory `base`,
    /// no link between the two (its real path is the base's real path and the same names); outside it, the folder
    /// itself is not a link.
    static func reachedWithoutLinks(_ folder: String, base: String) -> Bool {
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        guard folder == base || folder.hasPrefix(base == "/" ? "/" : base + "/") else { return true }
        guard let real = realPath(folder), let realBase = realPath(base) else { return false }
        return real == realBase + folder.dropFirst(base.count)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
