import GhostlineSupport

/// The suite as JUnit XML, the shape Ant's JUnit task wrote and Jenkins, GitLab, GitHub Actions reporters and
/// Buildkite read: `testsuites` › one `testsuite` › one `testcase` per check, with a `failure` for a check that
/// differs and an `error` for one that could not run.
///
/// No timings and no timestamps: the file is the same bytes whatever `--jobs` was and whichever machine ran it,
/// so a merged file equals an unsharded one (the report JSON keeps each check's seconds).
public enum SuiteJUnit {
    /// The JUnit document for `entries` (in their order), as one `testsuite` named `name`.
    public static func xml(name: String, entries: [SuiteEntry]) -> String {
        let totals = SuiteTotals(entries)
        let counts = "tests=\"\(totals.checks)\" failures=\"\(totals.failed)\" errors=\"\(totals.errors)\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(Escaping.xmlAttribute(name))\" \(counts)>\n"
        out += "  <testsuite name=\"\(Escaping.xmlAttribute(name))\" \(counts) skipped=\"0\">\n"
        for entry in entries {
            out += "    <testcase name=\"\(Escaping.xmlAttribute(entry.id))\" classname=\"\(Escaping.xmlAttribute(name))\" file=\"\(Escaping.xmlAttribute(entry.scene))\""
            let body = details(entry)
            switch entry.verdict {
            case .pass where entry.updated == nil && entry.warnings.isEmpty && entry.accepted == nil:
                out += "/>\n"
                continue
            case .pass:
                out += ">\n      <system-out>\(Escaping.xmlText(body))</system-out>\n"
            case .fail:
                out += ">\n      <failure type=\"design-mismatch\" message=\"\(Escaping.xmlAttribute(SuiteSummary.finding(entry)))\">\(Escaping.xmlText(body))</failure>\n"
            case .error:
                out += ">\n      <error type=\"check-error\" message=\"\(Escaping.xmlAttribute(SuiteSummary.finding(entry)))\">\(Escaping.xmlText(body))</error>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// The text inside a failure: what was compared, then each finding on its own line.
    static func details(_ entry: SuiteEntry) -> String {
        var lines = ["scene: \(entry.scene)", "\(entry.design != nil ? "design" : "reference"): \(entry.target)"]
        if !entry.variant.isEmpty { lines.append("asked for: \(entry.variant)") }
        if let updated = entry.updated {
            lines.append("updated: wrote the \(updated) \(updated == "reference" ? entry.reference ?? "" : entry.render ?? "")")
        }
        if let accepted = entry.accepted {
            lines.append("accepted: by \(accepted.by) at \(accepted.at): \(accepted.note) (ghostline-review.json)")
        }
        if let lapsed = entry.acceptanceLapsed { lines.append("an acceptance lapsed: \(lapsed)") }
        if let error = entry.error { lines.append(error) }
        lines += entry.warnings.map { "warning: \($0)" }
        if let ratio = entry.findings.ratio {
            lines.append("pixels: \(SuiteSummary.percent(ratio)) differ (tolerance \(entry.findings.tolerance.map(SuiteSummary.percent) ?? "?"))")
        }
        if let cause = entry.findings.cause { lines.append("cause: " + cause) }
        lines += entry.findings.failing
        return lines.joined(separator: "\n")
    }
}
