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
        out += "<testsuites name=\"\(escape(name))\" \(counts)>\n"
        out += "  <testsuite name=\"\(escape(name))\" \(counts) skipped=\"0\">\n"
        for entry in entries {
            out += "    <testcase name=\"\(escape(entry.id))\" classname=\"\(escape(name))\" file=\"\(escape(entry.scene))\""
            let body = details(entry)
            switch entry.verdict {
            case .pass where entry.updated == nil && entry.warnings.isEmpty:
                out += "/>\n"
                continue
            case .pass:
                out += ">\n      <system-out>\(escape(body, attribute: false))</system-out>\n"
            case .fail:
                out += ">\n      <failure type=\"design-mismatch\" message=\"\(escape(SuiteSummary.finding(entry)))\">\(escape(body, attribute: false))</failure>\n"
            case .error:
                out += ">\n      <error type=\"check-error\" message=\"\(escape(SuiteSummary.finding(entry)))\">\(escape(body, attribute: false))</error>\n"
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
        if let error = entry.error { lines.append(error) }
        lines += entry.warnings.map { "warning: \($0)" }
        if let ratio = entry.findings.ratio {
            lines.append("pixels: \(SuiteSummary.percent(ratio)) differ (tolerance \(entry.findings.tolerance.map(SuiteSummary.percent) ?? "?"))")
        }
        lines += entry.findings.failing
        return lines.joined(separator: "\n")
    }

    /// Text for XML content and attributes. Characters XML 1.0 cannot hold at all (most C0 controls, lone
    /// surrogates cannot occur in a Swift string) become U+FFFD; inside an attribute, a line break or tab is
    /// written as a character reference, since a parser would turn it into a space.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += attribute ? "&#9;" : "\t"
            case "\r": out += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
