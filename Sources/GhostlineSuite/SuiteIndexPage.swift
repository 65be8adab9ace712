import GhostlineReview
import GhostlineSupport

/// The suite's index page (`--html DIR` writes it as `DIR/index.html`): the counts, a filter by verdict and by
/// text, and one row per check, worst first, with the ghost and diff thumbnails, linking each check's own review
/// page (`entries/ID.html`). One HTML file with its styles and script inline; the images sit beside it, so the
/// directory can be zipped, uploaded as a CI artifact, or served as it is.
///
/// Nothing on it depends on timing or `--jobs`: the same checks give the same bytes.
public enum SuiteIndexPage {
    /// A design document the manifest names, as lint saw it: a section of the index lists what UIKit will set
    /// differently from the design.
    public struct DocumentLint: Sendable {
        public var document: String
        public var layers: Int
        /// One line a finding: `page › frame › layer: cause`.
        public var findings: [String]
        public init(document: String, layers: Int, findings: [String]) { self.document = document; self.layers = layers; self.findings = findings }
    }

    /// The page: `Pages/suite-index.html` filled with the suite's values, every one HTML-escaped by the template.
    ///
    /// - Parameter pages: the file stems whose review page and thumbnails exist (all of them after a run; after a
    ///   merge, those the shards' HTML directories held).
    public static func html(name: String, entries: [SuiteEntry], pages: Set<String>, documents: [DocumentLint] = []) -> String {
        let totals = SuiteTotals(entries)
        let verdict = totals.failed + totals.errors == 0 ? "pass" : "fail"
        var page: [String: Any] = [
            "css": SuitePages.indexCSS, "script": SuitePages.indexScript, "name": name, "verdict": verdict,
            "verdictLabel": verdict.uppercased(), "checks": totals.checks, "passed": totals.passed, "failed": totals.failed,
            "errors": totals.errors,
            "missingPages": entries.contains { $0.verdict != .error && !pages.contains($0.fileStem) },
            "hasDocuments": !documents.isEmpty,
        ]
        if totals.updated > 0 { page["updatedCount"] = totals.updated }
        if totals.accepted > 0 { page["acceptedCount"] = totals.accepted }
        page["rows"] = worstFirst(entries).map { entry -> [String: Any] in
            // An accepted check passes (the verdict filter counts it as passed) but wears its own mark.
            var row: [String: Any] = [
                "verdict": entry.verdict.rawValue, "verdictLabel": entry.verdict.rawValue.uppercased(),
                "accepted": entry.accepted != nil, "index": entry.index, "hasPage": pages.contains(entry.fileStem),
                "id": entry.id, "stem": entry.fileStem, "scene": entry.scene, "target": entry.target,
                "search": [entry.id, entry.scene, entry.target, entry.variant].joined(separator: " ").lowercased(),
                "finding": SuiteSummary.finding(entry),
            ]
            if !entry.variant.isEmpty { row["variant"] = entry.variant }
            if let updated = entry.updated { row["updated"] = updated }
            if let accepted = entry.accepted { row["acceptedBy"] = accepted.by; row["acceptedAt"] = accepted.at }
            return row
        }
        page["documents"] = documents.map { doc -> [String: Any] in
            var item: [String: Any] = ["document": doc.document, "layers": doc.layers, "count": doc.findings.count,
                                       "findings": Array(doc.findings.prefix(200))]
            if doc.findings.count > 200 { item["more"] = doc.findings.count - 200 }
            return item
        }
        return SuitePages.index.render(page)
    }

    /// Could-not-run first, then failures (text missing, then by the largest baseline offset, then by the share
    /// of pixels that differ), then passes by pixels; ties in plan order.
    static func worstFirst(_ entries: [SuiteEntry]) -> [SuiteEntry] {
        func key(_ e: SuiteEntry) -> (Int, Int, Double, Double) {
            let rank = e.verdict == .error ? 0 : e.verdict == .fail ? 1 : 2
            let missing = e.findings.labels.contains { $0.missingText } ? 0 : 1
            return (rank, missing, -e.findings.worstOffset, -(e.findings.ratio ?? 0))
        }
        return entries.sorted { a, b in
            let ka = key(a), kb = key(b)
            if ka != kb { return ka < kb }
            return a.index < b.index
        }
    }
}
