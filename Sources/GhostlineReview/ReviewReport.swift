import GhostlineDiff
import GhostlineGeometry
import GhostlineSupport

/// The report JSON of `ghostline diff` / `check` (schema `ghostline-review/1`, documented in the README).
/// Lengths are in points unless a key ends in `Pixels`; offsets are render − design (negative: the render sits
/// higher or further left than the design).
public enum ReviewReport {
    /// The schema name every report carries in `schema`, so tooling can tell which format it reads (one of the
    /// stable-core promises of docs/scene-format.md).
    public static let schema = "ghostline-review/1"

    /// The report as a JSON value, keys in a fixed order: schema, verdict, inputs, scale, sizes, options, stats,
    /// regions, findings, labels.
    public static func value(_ c: DesignComparison) -> JSONValue {
        func size(_ s: PixelSize) -> JSONValue {
            .object([("widthPixels", .integer(s.width)), ("heightPixels", .integer(s.height)),
                     ("width", .number(Double(s.width) / c.scale.value)), ("height", .number(Double(s.height) / c.scale.value))])
        }
        func optional(_ v: Double?) -> JSONValue { v.map { .number($0) } ?? .null }
        func rect(_ r: Rect?) -> JSONValue {
            guard let r else { return .null }
            return .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
        }
        // Findings are worked out once (each label's, then the offending set): asking the comparison per label made
        // writing the report quadratic in labels (4,000 labels took 14.6 s).
        let findings = c.findings
        let offending = Set(findings.filter(\.fails).compactMap(\.label))
        var inputs: [(String, JSONValue)] = [("render", .string(c.renderPath)), ("design", .string(c.designPath))]
        if let scene = c.scenePath { inputs.append(("scene", .string(scene))) }
        if let layout = c.layoutPath { inputs.append(("layout", .string(layout))) }
        inputs.append(("designColorProfile", c.designColorProfile.map { profile in
            .object([("name", .string(profile.name)), ("source", .string(profile.source.rawValue)),
                     ("converted", .bool(profile.converted))])
        } ?? .null))
        var fontChanges: [(String, JSONValue)] = []
        if !c.fontChanges.isEmpty {
            fontChanges = [("fontChanges", .array(c.fontChanges.map { change in
                func font(_ f: (postScriptName: String, revision: Double, sha256: String)) -> JSONValue {
                    .object([("postScriptName", .string(f.postScriptName)), ("revision", .number(f.revision)), ("sha256", .string(f.sha256))])
                }
                return .object([("label", .string(change.label)), ("recorded", font(change.recorded)), ("current", font(change.current)),
                                ("message", .string(change.message))])
            }))]
        }
        return .object([
            ("schema", .string(schema)),
            ("verdict", .string(c.passes(findings) ? "pass" : "fail")),
            ("cause", c.topCause(findings).map { .string($0) } ?? .null),
            ("inputs", .object(inputs)),
            ("scale", .integer(c.scale.factor)),
            ("sizes", .object([("render", size(c.renderSize)), ("design", size(c.designSize)),
                               ("compared", size(c.comparedSize)),
                               ("differ", .bool(c.renderSize != c.designSize)),
                               ("anchor", .string(c.anchoredTopLeft ? "top-left (sizes differ; only the overlap was compared)" : "none"))])),
            ("options", .object([("compat", .string(c.options.compatibility.rawValue)),
                                 ("threshold", .number(c.options.threshold)), ("tolerance", .number(c.options.tolerance)),
                                 ("baselineTolerance", .number(c.baselineTolerance)), ("minColorDifference", .number(c.options.minColorDifference ?? ReviewOptions.defaultMinColorDifference)),
                                 ("includeAA", .bool(c.options.includeAA)),
                                 ("opacity", .number(c.options.opacity)),
                                 ("allowMissingGlyphs", .bool(c.options.allowMissingGlyphs)),
                                 ("ignore", .array(c.options.ignore.map { rect($0) }))])),
            ("stats", .object([("comparedPixels", .integer(c.diff.comparedPixels)),
                               ("ignoredPixels", .integer(c.diff.ignoredPixels)),
                               ("differingPixels", .integer(c.diff.differingPixels)),
                               ("antialiasedPixels", .integer(c.diff.antialiasedPixels)),
                               ("ratio", .number(c.diff.ratio)), ("maxDistance", .number(c.diff.maxDistance))])),
            ("regions", .array(zip(c.diff.regions, c.regions).map { pixel, points in
                .object([("x", .number(points.x)), ("y", .number(points.y)), ("width", .number(points.width)),
                         ("height", .number(points.height)), ("pixels", .integer(pixel.pixelCount))])
            })),
        ] + fontChanges + [
            ("findings", .array(findings.map { finding in
                var members: [(String, JSONValue)] = [("kind", .string(finding.kind.rawValue)),
                                                      ("label", finding.label.map { .string($0) } ?? .null),
                                                      ("fails", .bool(finding.fails)), ("message", .string(finding.message))]
                if let box = finding.box { members.append(("box", rect(box))) }
                if let cause = finding.cause { members.append(("cause", .string(cause))) }
                if let fix = finding.fix { members.append(("fix", .string(fix))) }
                if let candidate = finding.candidate {
                    members.append(("candidate", .object([("cause", .string(candidate.cause)),
                                                          ("fix", candidate.fix.map { .string($0) } ?? .null),
                                                          ("checked", .bool(candidate.failedCheck))])))
                }
                return .object(members)
            })),
        ] + suggestions(c) + [
            ("labels", .array(c.labels.map { label in
                .object([
                    ("id", .string(label.id)),
                    ("frame", rect(label.frame)),
                    ("layoutLines", .integer(label.lines.count)),
                    ("renderLines", label.renderLineCount.map { .integer($0) } ?? .null),
                    ("designLines", label.designLineCount.map { .integer($0) } ?? .null),
                    ("missingGlyphs", .array(label.missingGlyphs.map { .string($0) })),
                    ("maxBaselineOffset", .number(label.maxBaselineOffset)),
                    ("withinTolerance", .bool(!offending.contains(label.id))),
                    ("lines", .array(label.lines.map { line in
                        .object([("index", .integer(line.index)), ("start", .integer(line.start)), ("end", .integer(line.end)),
                                 ("layoutBaseline", .number(line.layoutBaseline)),
                                 ("renderBaseline", optional(line.renderBaseline)), ("designBaseline", optional(line.designBaseline)),
                                 ("baselineOffset", optional(line.baselineOffset)), ("leftOffset", optional(line.leftOffset)),
                                 ("widthDifference", optional(line.widthDifference)),
                                 ("renderInk", rect(line.renderInk)), ("designInk", rect(line.designInk))])
                    })),
                ])
            })),
        ])
    }

    /// `suggestions`, when the check worked them out: the patch (YAML and per style), whether the patched scene was
    /// checked and passed, and per label the cause, the design's estimate, the changes and the code.
    static func suggestions(_ c: DesignComparison) -> [(String, JSONValue)] {
        guard let s = c.suggestions else { return [] }
        func changes(_ list: [StyleChange]) -> JSONValue {
            .object(list.map { change in
                switch change.value {
                case .number(let n): return (change.key, .number(n))
                case .word(let w): return (change.key, .string(w))
                case .flag(let f): return (change.key, .bool(f))
                }
            })
        }
        let labels: [JSONValue] = s.labels.map { label in
            var members: [(String, JSONValue)] = [("label", .string(label.label)), ("cause", .string(label.cause)),
                                                  ("estimate", .array(label.estimate.map { .string($0) })),
                                                  ("style", label.style.map { .string($0) } ?? .null),
                                                  ("changes", changes(label.changes))]
            if let follows = label.follows { members.append(("follows", .string(follows))) }
            if !label.edits.isEmpty { members.append(("elements", .array(label.edits.map { .string($0.line) }))) }
            if let alternative = label.alternative { members.append(("alternative", .string(alternative))) }
            if let code = label.code {
                members.append(("uikit", .string(code.uikit)))
                members.append(("swiftUI", .string(code.swiftUI)))
                if let css = code.css { members.append(("css", .string(css))) }
            }
            return .object(members)
        }
        let edits: [JSONValue] = s.patch.edits.map { edit in
            var members: [(String, JSONValue)] = [("style", .string(edit.style)), ("changes", changes(edit.changes))]
            switch edit.copying {
            case .named(let name)?: members.append(("copies", .string(name)))
            case .inline(let label)?: members.append(("copiesLabel", .string(label)))
            case nil: break
            }
            if !edit.labels.isEmpty { members.append(("labels", .array(edit.labels.map { .string($0) }))) }
            return .object(members)
        }
        return [("suggestions", .object([
            ("verified", s.verified.map { .bool($0) } ?? .null),
            ("remaining", .array(s.remaining.map { .string($0) })),
            ("patch", .string(s.patch.isEmpty ? "" : s.yaml)),
            ("edits", .array(edits)),
            // Element changes (issue 31): where each goes (a path from root, with the element's id) and what it sets.
            ("elements", .array(s.patch.elements.map { edit in
                var members: [(String, JSONValue)] = [("path", .string(edit.location)), ("id", .string(edit.id)),
                                                      ("kind", .string(edit.kind)), ("change", .string(edit.line))]
                if case .number(let key, let from, let to) = edit.change {
                    members += [("key", .string(key)), ("from", from.map { .number($0) } ?? .null), ("to", .number(to))]
                } else {
                    members.append(("key", .string(edit.keyName)))
                }
                return .object(members)
            })),
            ("labels", .array(labels)),
            // The hypotheses that are not causes (SCENE-FORMAT.md: "unchecked candidates go under
            // `suggestions.candidates` with `verified: false`"): not checked, or checked and still failing there.
            ("candidates", .array(s.labels.filter { !s.isChecked($0.label) }.map { label in
                .object([("label", .string(label.label)), ("cause", .string(label.cause)),
                         ("fix", label.changeLine.map { .string($0) } ?? .null), ("verified", .bool(false))])
            })),
        ]))]
    }

    /// The report serialized, with a trailing newline: what `--report` writes. The same comparison gives the same
    /// bytes.
    public static func encode(_ c: DesignComparison) -> String { value(c).serialized() + "\n" }
}

/// The one-screen text summary a designer can read: the verdict, the numbers, and every finding (sizes, each
/// label, regions no label explains), in points.
public enum ReviewSummary {
    /// Labels on the design are listed one by one up to this many, and counted in one line beyond it.
    public static let listedOnTheDesign = 3

    /// The summary `check` and `diff` print: `PASS` or `FAIL` with the inputs, the pixel statistics, the first three
    /// regions, and every finding's sentence, each line after the first indented by two spaces. Ends with a newline.
    public static func text(_ c: DesignComparison) -> String { text(c, findings: c.findings) }

    /// The summary with the comparison's findings already worked out.
    static func text(_ c: DesignComparison, findings: [ReviewFinding]) -> String {
        func pt(_ v: Double) -> String { JSONValue.format((v * 100).rounded() / 100) + " pt" }
        var lines: [String] = []
        lines.append("\(c.passes(findings) ? "PASS" : "FAIL"): \(c.renderPath) vs \(c.target) \(c.designPath) at @\(c.scale.factor)x")
        // What to change first, when the review knows it: the cause the verdict rests on.
        if !c.passes(findings), let cause = c.topCause(findings) { lines.append("  cause: " + cause) }
        lines += c.fontChanges.map { "  " + $0.message }
        // A design whose pixels were converted from its colour profile says so: it is compared as a designer sees it.
        if let profile = c.designColorProfile, profile.converted { lines.append("  design colours: " + profile.description) }
        if c.renderSize != c.designSize { lines.append("  " + c.sizeFinding.message) }
        let percent = JSONValue.format((c.diff.ratio * 10000).rounded() / 100)
        let kind = c.options.compatibility == .pixelmatch ? "pixels" : "non-background pixels"
        var pixels = "  pixels: \(c.diff.differingPixels) of \(c.diff.comparedPixels) \(kind) differ (\(percent)%, tolerance \(JSONValue.format(c.options.tolerance * 100))%); \(c.diff.antialiasedPixels) differ by anti-aliasing only"
        if c.options.compatibility == .pixelmatch { pixels += " (pixelmatch 7.2.0's rules)" }
        if !c.options.ignore.isEmpty {
            pixels += "; \(c.diff.ignoredPixels) ignored in \(c.options.ignore.count) box\(c.options.ignore.count == 1 ? "" : "es")"
        }
        lines.append(pixels)
        let listedRegions = c.listedRegions
        if !listedRegions.isEmpty {
            let shown = listedRegions.prefix(3).map { "(\(pt($0.x).dropLast(3)), \(pt($0.y).dropLast(3))) \(pt($0.width).dropLast(3))×\(pt($0.height))" }
            let specks = c.regions.count - listedRegions.count
            lines.append("  regions: \(listedRegions.count) — " + shown.joined(separator: "; ") + (listedRegions.count > 3 ? "; …" : "")
                         + (specks > 0 ? " (and \(specks) of one pixel, not listed)" : ""))
        }
        // What failed first, then what explains without failing; labels on the design are listed while they are
        // few and folded into one line when many (a screen of 4,000 labels reads as its failures).
        let listed = findings.filter { !$0.message.isEmpty && $0.kind != .sizeDiffers }
        let onTheDesign = listed.filter { $0.kind == .onTheDesign }
        let outside = listed.filter { $0.kind == .outsideCanvas }
        let others = listed.filter { $0.kind != .onTheDesign && $0.kind != .outsideCanvas }
        // Each label's cause first, once, with its symptoms and the fix under it.
        var said = Set<String>()
        var candidates = Set<String>()
        for finding in others.filter(\.fails) + others.filter({ !$0.fails }) {
            guard let cause = finding.cause, let label = finding.label else {
                lines.append("  " + finding.message)
                // An unconfirmed hypothesis, once per label, under its first symptom: never as a cause.
                if let candidate = finding.candidate, let label = finding.label, candidates.insert(label).inserted {
                    lines.append("    " + candidate.sentence)
                }
                continue
            }
            let symptom = finding.message.hasPrefix(label + ": ") ? String(finding.message.dropFirst(label.count + 2)) : finding.message
            if said.insert(label).inserted {
                lines.append("  \(label): \(cause)")
                lines.append("    " + symptom)
                if let fix = finding.fix { lines.append("    fix: " + fix) }
            } else {
                lines.append("    " + symptom)
            }
        }
        if outside.count > 1 {
            lines.append("  \(outside.count) labels outside the canvas, not compared: "
                         + outside.prefix(5).compactMap(\.label).joined(separator: ", ") + (outside.count > 5 ? ", …" : ""))
        } else {
            lines += outside.map { "  " + $0.message }
        }
        if onTheDesign.count > Self.listedOnTheDesign {
            lines.append("  \(onTheDesign.count) labels on \(c.target) (baselines within \(pt(c.baselineTolerance)))")
        } else {
            lines += onTheDesign.map { "  " + $0.message }
        }
        if let suggestions = c.suggestions {
            if suggestions.verified != nil {
                lines.append(contentsOf: suggestionText(suggestions).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
            } else if !suggestions.patch.isEmpty {
                lines.append("  suggestions: --suggest prints the scene patch and UIKit and SwiftUI code for "
                             + "\(suggestions.labels.filter { !$0.changes.isEmpty }.count) label(s), and checks the patched scene")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The suggestions in full: whether the patched scene passes, the scene patch as YAML, and each label's estimate,
    /// cause and code. What `check --suggest` prints after the summary.
    public static func suggestionText(_ s: Suggestions) -> String {
        var lines: [String] = []
        switch s.verified {
        case true?: lines.append("suggested changes (checked: with them the scene passes against the design):")
        case false?: lines.append("suggested changes (checked: with them the scene still fails: "
                                  + (s.remaining.prefix(3).joined(separator: "; ")) + (s.remaining.count > 3 ? "; …" : "") + "):")
        case nil: lines.append("suggested changes (not checked):")
        }
        if !s.patch.isEmpty { lines += s.yaml.split(separator: "\n").map { "  " + $0 } }
        for label in s.labels {
            lines.append("  \(label.label): \(label.cause)")
            if let alternative = label.alternative { lines.append("    also passes: " + alternative) }
            if !label.estimate.isEmpty { lines.append("    the design: " + label.estimate.joined(separator: ", ")) }
            guard let code = label.code else { continue }
            lines.append("    UIKit:")
            lines += code.uikit.split(separator: "\n").map { "      " + $0 }
            lines.append("    SwiftUI:")
            lines += code.swiftUI.split(separator: "\n").map { "      " + $0 }
            if let css = code.css { lines.append("    CSS: " + css) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
