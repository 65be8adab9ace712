import Foundation
import GhostlineSupport

/// Combines the reports of a suite's shards into the report of the whole run (`ghostline suite merge`), with its
/// JUnit file and index page.
///
/// The entries are taken as the shards wrote them and ordered by their place in the plan, and the outputs go
/// through the same writer as a whole run's, so the merged report equals an unsharded run's byte for byte apart
/// from each check's `seconds`. The shards must be of one plan (the same digest) and cover it exactly: a missing
/// or repeated shard is an error, not a quietly smaller report.
///
/// A shard's review pages are found beside its report when the report was written into the shard's HTML
/// directory (`--html out-1 --report out-1/suite.json`); they are copied into the merged directory. Without them
/// the index still lists every check, without links.
public enum SuiteMerge {
    /// Reads the shard reports, checks they are one plan's parts covering it exactly, and writes the outputs.
    public static func merge(_ reports: [String], outputs paths: SuiteOutputPaths) throws(SuiteError) -> SuiteResult {
        guard !reports.isEmpty else { throw .usage("suite merge: name the shard reports to merge, e.g. ghostline suite merge out-*/suite.json --html merged") }
        let start = DispatchTime.now().uptimeNanoseconds
        var files: [SuiteReport.File] = []
        for path in reports { files.append(try SuiteReport.read(path)) }
        let first = files[0]
        for file in files.dropFirst() {
            guard file.header.digest == first.header.digest, file.header.planChecks == first.header.planChecks else {
                throw .report(file: file.path, keyPath: "plan.digest",
                              problem: "it is a report of another plan than \(Escaping.oneLine(first.path)) (another manifest, or another commit's scenes)",
                              fix: "merge the shards of one run")
            }
        }
        // Each check of the plan exactly once.
        var owner = [Int?](repeating: nil, count: first.header.planChecks)
        var merged: [(entry: SuiteEntry, value: JSONValue, file: Int)] = []
        for (number, file) in files.enumerated() {
            for (position, item) in file.entries.enumerated() {
                if let other = owner[item.entry.index] {
                    throw .report(file: file.path, keyPath: "entries[\(position)]",
                                  problem: "the check `\(item.entry.id)` is also in \(Escaping.oneLine(files[other].path))",
                                  fix: "pass each shard's report once, all from one --shard K/N split")
                }
                owner[item.entry.index] = number
                merged.append((item.entry, item.value, number))
            }
        }
        let missing = owner.indices.filter { owner[$0] == nil }
        guard missing.isEmpty else {
            let shown = missing.prefix(5).map(String.init).joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
            throw .usage("suite merge: \(missing.count) of the plan's \(owner.count) checks are in no report (plan positions \(shown)); pass every shard's report (--shard 1/N … N/N)")
        }
        merged.sort { $0.entry.index < $1.entry.index }
        let entries = merged.map(\.entry)
        let header = SuiteReportHeader(name: first.header.name, source: first.header.source, planChecks: first.header.planChecks,
                                       digest: first.header.digest, shard: nil)
        let outputs = try SuiteOutputs(files: [paths.report, paths.junit].compactMap { $0 }, html: paths.html, inputs: reports)
        do {
            var pages = Set<String>()
            if let staging = outputs.htmlStaging {
                let pageDirectories = files.map { pageDirectory(of: $0.path) }
                for item in merged where item.entry.verdict != .error {
                    guard let source = pageDirectories[item.file] else { continue }
                    if try copyPage(item.entry.fileStem, from: source, to: staging) {
                        pages.insert(item.entry.fileStem)
                    }
                }
            }
            try SuiteRunner.write(header, entries: entries, to: outputs, paths: paths, pages: pages) { index in
                merged[index].value.serialized(indent: 2)
            }
        } catch {
            outputs.discard()
            throw error
        }
        return SuiteResult(header: header, entries: entries, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// The directory of a report when it is a suite's HTML directory (its index says so), else nil.
    static func pageDirectory(of report: String) -> String? {
        let directory = URL(fileURLWithPath: report).deletingLastPathComponent().path
        let index = (try? String(contentsOfFile: directory + "/index.html", encoding: .utf8)) ?? ""
        return index.contains(SuiteOutputs.generator) ? directory : nil
    }

    /// Copies a check's page and thumbnails from a shard's HTML directory when it holds all three files.
    /// Returns whether it did.
    static func copyPage(_ stem: String, from directory: String, to staging: String) throws(SuiteError) -> Bool {
        let files = ["entries/\(stem).html", "thumbs/\(stem).ghost.png", "thumbs/\(stem).diff.png"]
        guard files.allSatisfy({ FileManager.default.fileExists(atPath: directory + "/" + $0) }) else { return false }
        for file in files {
            do { try FileManager.default.copyItem(atPath: directory + "/" + file, toPath: staging + "/" + file) } catch {
                throw .output(.unwritable(path: staging + "/" + file, reason: error.localizedDescription, fix: "check that the disk has room"))
            }
        }
        return true
    }
}
