import Foundation
import GhostlineFonts
import GhostlineSupport

/// What reviewers decided about a suite's entries checked against design exports: `ghostline-review.json` beside
/// the manifest (schema `ghostline-review-decisions/1`).
///
/// Why hashes: an accepted deviation is a statement about two exact images ("this render may differ from this
/// design"), so it holds while both are byte-for-byte what the reviewer saw, and lapses by itself when either
/// changes — no stale approvals to hunt down. Entries checked against reference snapshots need no record: approving
/// one rewrites the reference itself.
public struct SuiteDecisions: Sendable, Equatable {
    /// The schema every decisions file carries.
    public static let schema = "ghostline-review-decisions/1"
    /// The file name, beside the manifest.
    public static let fileName = "ghostline-review.json"
    /// The largest decisions file read (a few hundred bytes a decision).
    public static let maximumFileBytes = 16 << 20

    /// One decision about one entry.
    public struct Decision: Sendable, Equatable {
        /// Accepted (the deviation is fine) or rejected (it must be fixed).
        public enum Kind: String, Sendable { case accepted, rejected }
        /// The entry's id in the suite plan.
        public var entry: String
        /// What was decided.
        public var kind: Kind
        /// Who decided (the reviewer's name as the review app knows it; the login name by default).
        public var by: String
        /// When, as ISO 8601 in UTC.
        public var at: String
        /// Why, in the reviewer's words (may be empty for an approval).
        public var comment: String
        /// SHA-256 of the render's PNG bytes the reviewer saw.
        public var render: String
        /// SHA-256 of the design export's bytes the reviewer saw.
        public var design: String

        /// Creates a decision.
        public init(entry: String, kind: Kind, by: String, at: String, comment: String, render: String, design: String) {
            self.entry = entry; self.kind = kind; self.by = by; self.at = at; self.comment = comment
            self.render = render; self.design = design
        }
    }

    /// Every decision, latest last; an entry's latest decision is the one that counts.
    public var decisions: [Decision] = []

    /// An empty set of decisions.
    public init(decisions: [Decision] = []) { self.decisions = decisions }

    /// The decisions file of the manifest at `manifest`.
    public static func path(besideManifest manifest: String) -> String {
        URL(fileURLWithPath: manifest).deletingLastPathComponent().appendingPathComponent(fileName).path
    }

    /// The decisions file of a suite: beside its manifest, or inside the directory of a suite laid out by the
    /// convention (its `source` is that directory).
    public static func path(for plan: SuitePlan) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: plan.source, isDirectory: &isDirectory), isDirectory.boolValue {
            return SuitePlan.join(plan.source, fileName)
        }
        return path(besideManifest: plan.source)
    }

    /// The latest decision about `entry`.
    public func latest(for entry: String) -> Decision? { decisions.last { $0.entry == entry } }

    /// The accepted deviation that covers `entry` with these exact images, if any: its latest decision is an
    /// acceptance whose hashes are the render's and the design's.
    public func acceptance(for entry: String, render: String, design: String) -> Decision? {
        guard let decision = latest(for: entry), decision.kind == .accepted, decision.render == render,
              decision.design == design else { return nil }
        return decision
    }

    /// The decisions as JSON, keys in a fixed order, with a trailing newline.
    public func serialized() -> String {
        let value = JSONValue.object([
            ("schema", .string(Self.schema)),
            ("decisions", .array(decisions.map { d in
                .object([("entry", .string(d.entry)), ("decision", .string(d.kind.rawValue)), ("by", .string(d.by)),
                         ("at", .string(d.at)), ("comment", .string(d.comment)), ("render", .string(d.render)),
                         ("design", .string(d.design))])
            })),
        ])
        return value.serialized() + "\n"
    }

    /// Reads a decisions file; a missing file is no decisions. A file that is not one throws a one-line reason.
    public static func read(_ path: String) throws(SuiteError) -> SuiteDecisions {
        guard FileManager.default.fileExists(atPath: path) else { return SuiteDecisions() }
        let text: String
        do throws(SafeFile.Failure) { text = try SafeFile.text(of: path, limit: maximumFileBytes) } catch {
            throw .report(file: path, keyPath: "", problem: "cannot be read (\(error))", fix: "fix or remove the file")
        }
        guard let root = try? JSONValue(parsing: Array(text.utf8)), root["schema"]?.stringValue == schema,
              let list = root["decisions"]?.arrayValue else {
            throw .report(file: path, keyPath: "schema", problem: "is not \(schema)", fix: "fix or remove the file (the review app writes it)")
        }
        var decisions: [Decision] = []
        for (index, item) in list.enumerated() {
            guard let entry = item["entry"]?.stringValue, let raw = item["decision"]?.stringValue,
                  let kind = Decision.Kind(rawValue: raw), let render = item["render"]?.stringValue,
                  let design = item["design"]?.stringValue else {
                throw .report(file: path, keyPath: "decisions[\(index)]", problem: "lacks entry, decision, render or design",
                              fix: "fix or remove the file")
            }
            decisions.append(Decision(entry: entry, kind: kind, by: item["by"]?.stringValue ?? "", at: item["at"]?.stringValue ?? "",
                                      comment: item["comment"]?.stringValue ?? "", render: render, design: design))
        }
        return SuiteDecisions(decisions: decisions)
    }

    /// Writes the decisions to `path` atomically (a temporary file renamed over it).
    public func write(to path: String) throws(OutputError) {
        var files = OutputFiles()
        try files.stage(Array(serialized().utf8), to: path)
        try files.commit()
    }

    /// SHA-256 of bytes, as lowercase hex.
    public static func digest(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    /// The decisions as Markdown for a pull request comment: one line per entry's latest decision.
    public func markdown(suite: String) -> String {
        var seen = Set<String>()
        let latest = decisions.reversed().filter { seen.insert($0.entry).inserted }.reversed()
        guard !latest.isEmpty else { return "### Design review: \(suite)\n\nNo decisions yet.\n" }
        var lines = ["### Design review: \(suite)", "", "| entry | decision | by | comment |", "|---|---|---|---|"]
        for d in latest {
            func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
            lines.append("| \(cell(d.entry)) | \(d.kind == .accepted ? "✅ accepted" : "❌ rejected") | \(cell(d.by)) | \(cell(d.comment)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
