import GhostlineSupport

/// The suite's index page (`--html DIR` writes it as `DIR/index.html`): the counts, a filter by verdict and by
/// text, and one row per check, worst first, with the ghost and diff thumbnails, linking each check's own review
/// page (`entries/ID.html`). One HTML file with its styles and script inline; the images sit beside it, so the
/// directory can be zipped, uploaded as a CI artifact, or served as it is.
///
/// Nothing on it depends on timing or `--jobs`: the same checks give the same bytes.
public enum SuiteIndexPage {
    /// - Parameter pages: the file stems whose review page and thumbnails exist (all of them after a run; after a
    ///   merge, those the shards' HTML directories held).
    /// A design document the manifest names, as lint saw it: a section of the index lists what UIKit will set
    /// differently from the design.
    public struct DocumentLint: Sendable {
        public var document: String
        public var layers: Int
        /// One line a finding: `page › frame › layer: cause`.
        public var findings: [String]
        public init(document: String, layers: Int, findings: [String]) { self.document = document; self.layers = layers; self.findings = findings }
    }

    /// The section for the documents a manifest names; empty when it names none.
    static func documentSection(_ documents: [DocumentLint]) -> String {
        guard !documents.isEmpty else { return "" }
        var html = "<section id=\"design-lint\"><h2>Design documents</h2>\n"
        for doc in documents {
            html += "<p class=\"lint-document\"><b>\(Escaping.html(doc.document))</b>: \(doc.layers) text layers, "
                + "\(doc.findings.count) set differently by UIKit or laid out off the design tool's boxes "
                + "(<code>ghostline lint</code> gives the fixes)</p>\n<ul class=\"lint\">"
            for line in doc.findings.prefix(200) { html += "<li>\(Escaping.html(line))</li>" }
            if doc.findings.count > 200 { html += "<li>… and \(doc.findings.count - 200) more</li>" }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }

    public static func html(name: String, entries: [SuiteEntry], pages: Set<String>, documents: [DocumentLint] = []) -> String {
        let totals = SuiteTotals(entries)
        let verdict = totals.failed + totals.errors == 0 ? "pass" : "fail"
        var rows = ""
        for entry in worstFirst(entries) {
            let hasPage = pages.contains(entry.fileStem)
            let id = Escaping.html(entry.id)
            let stem = Escaping.html(entry.fileStem)
            let link = hasPage ? "<a class=\"check-link\" href=\"entries/\(stem).html\">\(id)</a>" : "<span class=\"check-link\">\(id)</span>"
            let search = Escaping.html([entry.id, entry.scene, entry.target, entry.variant].joined(separator: " ").lowercased())
            var paths = "\(Escaping.html(entry.scene)) → \(Escaping.html(entry.target))"
            if !entry.variant.isEmpty { paths += " · \(Escaping.html(entry.variant))" }
            if let updated = entry.updated { paths += " · updated the \(Escaping.html(updated))" }
            if let accepted = entry.accepted {
                paths += " · <span class=\"accepted-note\">accepted by \(Escaping.html(accepted.by)) at \(Escaping.html(accepted.at))</span>"
            }
            func thumb(_ kind: String) -> String {
                guard hasPage else { return "<td class=\"thumb\"></td>" }
                return "<td class=\"thumb\"><a href=\"entries/\(stem).html\"><img class=\"thumb-image \(kind)\" loading=\"lazy\" alt=\"\(kind) of \(id)\" src=\"thumbs/\(stem).\(kind).png\"></a></td>"
            }
            // An accepted check passes (the verdict filter counts it as passed) but wears its own mark.
            let accepted = entry.accepted != nil
            rows += "<tr class=\"check \(entry.verdict.rawValue)\(accepted ? " accepted" : "")\" data-verdict=\"\(entry.verdict.rawValue)\" data-accepted=\"\(accepted)\" data-index=\"\(entry.index)\" data-search=\"\(search)\">"
            rows += accepted ? "<td><span class=\"verdict accepted\">ACCEPTED</span></td>"
                : "<td><span class=\"verdict \(entry.verdict.rawValue)\">\(entry.verdict.rawValue.uppercased())</span></td>"
            rows += "<td>\(link)<div class=\"paths\">\(paths)</div></td>"
            rows += "<td class=\"finding\">\(Escaping.html(SuiteSummary.finding(entry)))</td>"
            rows += thumb("ghost") + thumb("diff") + "</tr>\n"
        }
        let missingPages = entries.contains { $0.verdict != .error && !pages.contains($0.fileStem) }
        let note = missingPages ? "<p class=\"note\" id=\"missing-pages\">Some checks have no review page here: the run that made them wrote no --html directory beside its report.</p>\n" : ""
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        \(SuiteOutputs.generator)
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Ghostline suite — \(Escaping.html(name))</title>
        <style>
        body { font: 14px/1.45 -apple-system, "Inter", "DejaVu Sans", sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        .verdict { display: inline-block; padding: 1px 8px; border-radius: 9px; color: #fff; font-weight: 600; font-size: 12px; }
        .verdict.pass { background: #248a3d; } .verdict.fail { background: #d70015; } .verdict.error { background: #8e4ec6; } .verdict.accepted { background: #0a7a8a; }
        .counts span { font-weight: 600; } .controls { display: flex; gap: 16px; align-items: center; margin: 12px 0; flex-wrap: wrap; }
        table { border-collapse: collapse; background: #fff; width: 100%; } td, th { padding: 6px 10px; border-bottom: 1px solid #e5e5ea; text-align: left; vertical-align: top; }
        .paths { color: #6c6c70; font-size: 12px; word-break: break-all; } .finding { max-width: 420px; }
        tr.fail .finding, tr.error .finding { color: #d70015; }
        .thumb-image { display: block; max-width: 120px; max-height: 400px; box-shadow: 0 0 0 1px #d1d1d6; background: #fff; }
        .note { color: #6c6c70; }
        </style></head>
        <body data-verdict="\(verdict)" data-checks="\(totals.checks)" data-passed="\(totals.passed)" data-failed="\(totals.failed)" data-errors="\(totals.errors)">
        <h1>\(Escaping.html(name)) <span class="verdict \(verdict)">\(verdict.uppercased())</span></h1>
        <p class="counts"><span id="count-checks">\(totals.checks)</span> checks · <span id="count-passed">\(totals.passed)</span> passed · <span id="count-failed">\(totals.failed)</span> failed · <span id="count-errors">\(totals.errors)</span> could not run\(totals.updated > 0 ? " · <span id=\"count-updated\">\(totals.updated)</span> updated" : "")\(totals.accepted > 0 ? " · <span id=\"count-accepted\">\(totals.accepted)</span> accepted" : "")</p>
        \(note)<div class="controls">
          <label>Show <select id="verdict-filter"><option value="all">all checks</option><option value="problems">failed or could not run</option><option value="fail">failed</option><option value="error">could not run</option><option value="pass">passed</option><option value="accepted">accepted</option></select></label>
          <label>Find <input id="text-filter" type="search" placeholder="name or path"></label>
          <span id="shown">\(totals.checks) shown</span>
        </div>
        <table id="checks"><thead><tr><th>verdict</th><th>check</th><th>finding (offsets in points: render − design)</th><th>ghost</th><th>diff</th></tr></thead>
        <tbody>
        \(rows)</tbody></table>
        <p id="none" hidden>No check matches the filter.</p>
        \(documentSection(documents))
        <script>
        (function () {
          var verdict = document.getElementById('verdict-filter'), text = document.getElementById('text-filter');
          var rows = Array.prototype.slice.call(document.querySelectorAll('#checks tbody tr.check'));
          function apply() {
            var want = verdict.value, needle = text.value.trim().toLowerCase(), shown = 0;
            rows.forEach(function (row) {
              var v = row.dataset.verdict;
              var ok = (want === 'all' || want === v || (want === 'problems' && v !== 'pass') ||
                        (want === 'accepted' && row.dataset.accepted === 'true')) &&
                       (needle === '' || row.dataset.search.indexOf(needle) >= 0);
              row.hidden = !ok; if (ok) { shown += 1; }
            });
            document.getElementById('shown').textContent = shown + ' shown';
            document.getElementById('none').hidden = shown > 0;
          }
          verdict.addEventListener('change', apply); text.addEventListener('input', apply);
        })();
        </script>
        </body></html>

        """
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
