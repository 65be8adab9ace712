import Foundation
import GhostlineSupport

/// Counts of a suite's checks by how they ended.
public struct SuiteTotals: Sendable, Equatable {
    /// Every check counted.
    public var checks = 0
    /// Checks within tolerance (or just recorded).
    public var passed = 0
    /// Checks that differ.
    public var failed = 0
    /// Checks that could not run.
    public var errors = 0
    /// Checks whose reference or render `--update` wrote.
    public var updated = 0
    /// Checks that pass because a reviewer accepted their deviation (counted in `passed` too).
    public var accepted = 0

    /// Counts `entries`.
    public init(_ entries: [SuiteEntry]) {
        checks = entries.count
        for entry in entries {
            switch entry.verdict {
            case .pass: passed += 1
            case .fail: failed += 1
            case .error: errors += 1
            }
            if entry.updated != nil { updated += 1 }
            if entry.accepted != nil { accepted += 1 }
        }
    }

    var value: JSONValue {
        .object([("checks", .integer(checks)), ("passed", .integer(passed)), ("failed", .integer(failed)),
                 ("errors", .integer(errors)), ("updated", .integer(updated)),
                 ("accepted", .integer(accepted))])
    }
}

/// What a suite report says about the run as a whole: everything but the entries.
public struct SuiteReportHeader: Sendable, Equatable {
    /// The suite's name (`SuitePlan.name`).
    public var name: String
    /// The manifest or directory, as it was passed.
    public var source: String
    /// Checks in the whole plan, and its digest (`SuitePlan.digest`): shards of one run share both.
    public var planChecks: Int
    /// `SuitePlan.digest`.
    public var digest: String
    /// nil for a whole run (and for a merge of shards).
    public var shard: SuiteShard?
}

/// The suite report JSON, schema `ghostline-suite/1`: the run's header, its totals, then one entry per check
/// in plan order, each with the check's own `ghostline-review/1` report inside. Entries' `seconds` are the only
/// timings in it (to balance shards); everything else is the same whatever `--jobs` and thread timing were.
public enum SuiteReport {
    /// The report's `schema` value.
    public static let schema = "ghostline-suite/1"

    /// Reports larger than this are refused by `read` (thousands of checks take a few tens of megabytes).
    public static let maximumBytes = 1 << 30

    static func headerMembers(_ header: SuiteReportHeader, totals: SuiteTotals) -> [(String, JSONValue)] {
        [("schema", .string(schema)), ("name", .string(header.name)), ("source", .string(header.source)),
         ("plan", .object([("checks", .integer(header.planChecks)), ("digest", .string(header.digest))])),
         ("shard", header.shard.map { .object([("index", .integer($0.index)), ("count", .integer($0.count))]) } ?? .null),
         ("totals", totals.value)]
    }

    /// Writes the report a piece at a time: each entry's text (`SuiteEntry.value(review:)` serialized at indent 2)
    /// comes from `entryText`, so only one entry's text is in memory at once. The bytes are exactly those of the
    /// whole report built as one `JSONValue` and serialized, which is how `merge` writes it.
    static func write(_ header: SuiteReportHeader, totals: SuiteTotals, count: Int, to handle: FileHandle,
                      entryText: (Int) throws -> String) throws {
        var text = "{\n"
        for (key, value) in headerMembers(header, totals: totals) {
            text += "  \(Escaping.jsonString(key)): \(value.serialized(indent: 1)),\n"
        }
        if count == 0 {
            handle.write(Data((text + "  \"entries\": []\n}\n").utf8))
            return
        }
        handle.write(Data((text + "  \"entries\": [\n").utf8))
        for index in 0..<count {
            let separator = index + 1 < count ? ",\n" : "\n"
            handle.write(Data(("    " + (try entryText(index)) + separator).utf8))
        }
        handle.write(Data("  ]\n}\n".utf8))
    }

    /// A report read back: its header and each entry (as a value, to write again, and decoded).
    public struct File: Sendable {
        /// The file it was read from.
        public var path: String
        /// Everything but the entries.
        public var header: SuiteReportHeader
        /// Each entry decoded, with the value it was read from (written again as it was by a merge).
        public var entries: [(entry: SuiteEntry, value: JSONValue)]
    }

    /// Reads and checks a suite report; an error names the file, the key path and the fix.
    public static func read(_ path: String) throws(SuiteError) -> File {
        func bad(_ keyPath: String, _ problem: String) -> SuiteError {
            .report(file: path, keyPath: keyPath, problem: problem,
                    fix: "pass suite reports written by `ghostline suite --report` (schema \(schema))")
        }
        let bytes: [UInt8]
        do throws(SafeFile.Failure) { bytes = try SafeFile.contents(of: path, limit: maximumBytes) } catch {
            switch error {
            case .missing, .directory, .unreadable(.notRegularFile):
                throw .report(file: path, keyPath: "", problem: "no such report", fix: "check the path (a shard writes its report with --report)")
            case .unreadable(.tooLarge): throw bad("", "larger than \(maximumBytes >> 20) MiB")
            case .unreadable(.unreadable), .notUTF8:
                throw .report(file: path, keyPath: "", problem: "cannot read it", fix: "check its permissions")
            }
        }
        let value: JSONValue
        do { value = try JSONValue(parsing: bytes) } catch {
            throw .report(file: path + ":\(error.line):\(error.column)", keyPath: "", problem: "not valid JSON (\(error.problem))",
                          fix: "pass the report a suite wrote; was it cut off?")
        }
        guard value["schema"]?.stringValue == schema else { throw bad("schema", "expected \"\(schema)\"") }
        guard let name = value["name"]?.stringValue, let source = value["source"]?.stringValue else { throw bad("name", "expected text") }
        guard let checks = value["plan"]?["checks"]?.intValue, checks >= 0,
              let digest = value["plan"]?["digest"]?.stringValue else { throw bad("plan", "expected { checks, digest }") }
        var shard: SuiteShard?
        if let object = value["shard"], !object.isNull {
            guard let k = object["index"]?.intValue, let n = object["count"]?.intValue, let parsed = try? SuiteShard(index: k, count: n) else {
                throw bad("shard", "expected { index, count } or null")
            }
            shard = parsed
        }
        guard let list = value["entries"]?.arrayValue else { throw bad("entries", "expected a list") }
        var entries: [(entry: SuiteEntry, value: JSONValue)] = []
        entries.reserveCapacity(list.count)
        for (position, item) in list.enumerated() {
            let entry = try SuiteEntry(value: item, file: path, place: "entries[\(position)]")
            guard entry.index < checks else { throw bad("entries[\(position)].index", "\(entry.index) is beyond the plan's \(checks) checks") }
            entries.append((entry, item))
        }
        let header = SuiteReportHeader(name: name, source: source, planChecks: checks, digest: digest, shard: shard)
        return File(path: path, header: header, entries: entries)
    }

    /// Seconds per check id from a report, to balance shards (`--durations`).
    public static func costs(_ path: String) throws(SuiteError) -> SuiteCosts {
        var seconds: [String: Double] = [:]
        for (entry, _) in try read(path).entries { seconds[entry.id] = entry.seconds }
        return SuiteCosts(seconds: seconds)
    }
}
