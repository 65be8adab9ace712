import GhostlineSupport

/// The one-screen text a suite prints: every failure first, one line each with its label offsets in points, then
/// the counts. Long lists stop at a screenful and point at the report for the rest: nobody reads line 300 of a
/// CI log, and the index page sorts the rest worst first.
public enum SuiteSummary {
    /// At most this many failures are listed.
    public static let maximumListed = 25

    /// The summary of `entries` (in their order) for the suite `name`, or one shard of it; when a cache supplied some
    /// checks (`reused`), the counts end with how many were reused unchanged and how many were made.
    public static func text(name: String, entries: [SuiteEntry], shard: SuiteShard?, reused: Int? = nil) -> String {
        var lines: [String] = []
        let failures = entries.filter { $0.verdict != .pass }
        for entry in failures.prefix(maximumListed) {
            let variant = entry.variant.isEmpty ? "" : " (\(entry.variant))"
            lines.append("\(entry.verdict == .error ? "ERROR" : "FAIL ") \(entry.id)\(variant): \(finding(entry))")
        }
        if failures.count > maximumListed {
            lines.append("… and \(failures.count - maximumListed) more; see the report (--report, --html) for every check")
        }
        let updated = entries.filter { $0.updated != nil }
        for entry in updated.prefix(maximumListed) {
            let path = entry.updated == "reference" ? entry.reference ?? "" : entry.render ?? ""
            lines.append("UPDATED \(entry.id): wrote the \(entry.updated ?? "") \(Escaping.oneLine(path))")
        }
        if updated.count > maximumListed { lines.append("… and \(updated.count - maximumListed) more updated") }
        // An accepted deviation passes, but a reader of the log should see what was let through, and why.
        let accepted = entries.filter { $0.accepted != nil }
        for entry in accepted.prefix(maximumListed) {
            lines.append("ACCEPTED \(entry.id): \(Escaping.oneLine(entry.accepted!.note))")
        }
        if accepted.count > maximumListed { lines.append("… and \(accepted.count - maximumListed) more accepted") }
        let totals = SuiteTotals(entries)
        var counts = "\(totals.checks) check\(totals.checks == 1 ? "" : "s"): \(totals.passed) passed, \(totals.failed) failed"
        if totals.errors > 0 { counts += ", \(totals.errors) could not run" }
        if totals.updated > 0 { counts += ", \(totals.updated) updated" }
        if totals.accepted > 0 { counts += ", \(totals.accepted) accepted" }
        if let reused, reused > 0 { counts += " (\(reused) unchanged, \(totals.checks - reused) checked)" }
        // A part's last line ends with which part it is, so a CI log's last line says what was checked.
        let part = shard.map { " (shard \($0))" } ?? ""
        lines.append("\(totals.failed + totals.errors == 0 ? "PASS" : "FAIL"): suite \(name), \(counts)\(part)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What is wrong with a check, in one line: pixels, then the review's failing findings (sizes, each label's
    /// baseline offset in points — "higher" means the render's text sits above the design's — missing text).
    public static func finding(_ entry: SuiteEntry) -> String {
        if let error = entry.error { return error.split(whereSeparator: \.isNewline).joined(separator: " ") }
        // The render just became the reference: what it was compared with is gone, and so is anything to report.
        if entry.updated == "reference" { return "recorded: the render is the new reference" }
        let f = entry.findings
        var parts: [String] = []
        // A lapsed acceptance first: the reviewer's word no longer covers what is on screen.
        if let lapsed = entry.acceptanceLapsed { parts.append("an acceptance lapsed: \(lapsed)") }
        // The cause first: what to change, before the statistics that show something changed.
        if entry.verdict != .pass || entry.accepted != nil, let cause = f.cause { parts.append(cause) }
        if let ratio = f.ratio {
            var pixels = "\(percent(ratio)) of pixels differ"
            if let most = entry.maxDiffPixels {
                // A count alone replaces the ratio (the check ran with a tolerance of 100%): say only what applied.
                var limits = "at most \(most)"
                if let tolerance = f.tolerance, tolerance < 1 { limits += ", tolerance \(percent(tolerance))" }
                pixels = "\(f.differingPixels.map(String.init) ?? "?") pixels differ (\(percent(ratio)); \(limits))"
            } else if let tolerance = f.tolerance {
                pixels += " (tolerance \(percent(tolerance)))"
            }
            parts.append(pixels)
        }
        let failing = f.failing.filter { !said($0, in: f.cause) }
        if !failing.isEmpty || f.cause != nil {
            parts += failing.prefix(3)
            if failing.count > 3 { parts.append("+\(failing.count - 3) more") }
        } else if !f.failing.isEmpty {
            parts += f.failing.prefix(3)
            if f.failing.count > 3 { parts.append("+\(f.failing.count - 3) more") }
        } else {
            // A review without findings (an older report): the labels out of tolerance, by their first line.
            let labels = f.labels.prefix(4).map { label -> String in
                if label.missingText { return "\(label.id): text in one image only" }
                guard let offset = label.offset else { return "\(label.id): off" }
                return "\(label.id): first baseline \(points(abs(offset))) \(offset < 0 ? "higher" : "lower") than the design"
            }
            parts += labels
        }
        if let accepted = entry.accepted {
            parts.insert("accepted by \(accepted.by) at \(accepted.at): \(accepted.note)", at: 0)
        } else if entry.verdict == .pass {
            parts.insert("within tolerance", at: 0)
        }
        return parts.joined(separator: "; ")
    }

    /// Whether `message` (a failing finding, "id: symptom") is already in `cause`, which ends "(symptom)".
    static func said(_ message: String, in cause: String?) -> Bool {
        guard let cause else { return false }
        if cause == message { return true }
        guard let colon = message.range(of: ": ") else { return false }
        return cause.hasSuffix("(" + message[colon.upperBound...] + ")")
    }

    static func percent(_ ratio: Double) -> String { JSONValue.format((ratio * 10_000).rounded() / 100) + "%" }
    static func points(_ value: Double) -> String { JSONValue.format((value * 100).rounded() / 100) + " pt" }
}
