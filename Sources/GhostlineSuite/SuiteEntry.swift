import GhostlineReview
import GhostlineSupport

/// How one check of a suite ended.
public enum SuiteVerdict: String, Sendable, CaseIterable {
    /// Within tolerance (or its reference was just recorded by `--update`).
    case pass
    /// Rendered and compared, and it differs.
    case fail
    /// Could not be compared: a bad scene, a missing design export or reference. The one-line reason says why.
    case error
}

/// One check's line in a suite report: what was checked, how it ended, and the numbers the summary, the JUnit
/// file and the index page show. The full `ghostline-review/1` report of the check is stored beside it (on disk
/// while the suite runs), not here, so a suite of thousands of checks holds only these small values.
public struct SuiteEntry: Sendable, Equatable {
    /// The check's place in the whole plan (the same in every shard).
    public var index: Int
    /// The check's unique name in the plan (`SuiteCase.id`).
    public var id: String
    /// The file name of its review page and thumbnails (`SuiteCase.fileStem`).
    public var fileStem: String
    /// The scene rendered.
    public var scene: String
    /// The design export compared with (nil for a reference check).
    public var design: String?
    /// The reference snapshot compared with (nil for a design check).
    public var reference: String?
    /// Where `--update` writes a design check's render (nil = nowhere).
    public var render: String?
    /// What the check asked for; nil = the scene's own.
    public var model: String?
    /// The content size category asked for; nil = the scene's own.
    public var contentSize: String?
    /// The scale asked for; nil = the design's `@Nx` suffix, else the scene's.
    public var scale: Int?
    /// The colour scheme asked for (`light`, `dark`); nil = the scene's own.
    public var colorScheme: String?
    /// The device asked for, as Apple names it; nil = the scene's own canvas.
    public var device: String?
    /// How the check ended.
    public var verdict: SuiteVerdict
    /// The one-line reason of an `.error` (and of a failure that is not about pixels).
    public var error: String?
    /// What `--update` wrote for this check: `"reference"` or `"render"`; nil = nothing.
    public var updated: String?
    /// What reading the images noticed but got past (a PNG without its IEND chunk): one line each.
    public var warnings: [String] = []
    /// Wall-clock seconds the check took on its worker: the only timing in a report, kept for balancing shards.
    public var seconds: Double
    /// What the check's review found, in brief.
    public var findings: SuiteFindings
    /// The entry's `maxDiffPixels` as the check was run (nil = no count), for the summary's pixel line.
    public var maxDiffPixels: Int?
    /// The reviewer's acceptance that made a differing design check pass (`ghostline-review.json`); nil = none.
    public var accepted: SuiteAcceptance?
    /// Why an acceptance recorded for this check no longer holds ("the render changed since 2025-…"); nil = none
    /// lapsed. The check then fails as it would without one.
    public var acceptanceLapsed: String?
    /// Every file the check read, as far as it got: the scene and what it includes (style guides, tokens, images),
    /// the font files it named, the design or reference, and a reference's layout JSON. Empty when the scene could
    /// not be loaded. Not in the report: it is for a caller that checks again what changed (the review app's
    /// watcher), and is the same on every run of the same inputs.
    public var inputFiles: [String] = []

    /// The entry as the report stores it, with its review (`ghostline-review/1`) when the check compared images.
    public func value(review: JSONValue?) -> JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        return .object([
            ("index", .integer(index)), ("id", .string(id)), ("fileStem", .string(fileStem)), ("scene", .string(scene)),
            ("design", optional(design)), ("reference", optional(reference)), ("render", optional(render)),
            ("model", optional(model)), ("contentSize", optional(contentSize)), ("colorScheme", optional(colorScheme)),
            ("device", optional(device)), ("scale", scale.map { .integer($0) } ?? .null),
            ("verdict", .string(verdict.rawValue)), ("error", optional(error)), ("updated", optional(updated)),
            ("warnings", .array(warnings.map { .string($0) })), ("seconds", .number(seconds)),
        ] + optionalMembers + [("review", review ?? .null)])
    }

    /// The keys a report carries only when they say something (older reports have none of them).
    private var optionalMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let maxDiffPixels { members.append(("maxDiffPixels", .integer(maxDiffPixels))) }
        if let accepted { members.append(("accepted", accepted.value)) }
        if let acceptanceLapsed { members.append(("acceptanceLapsed", .string(acceptanceLapsed))) }
        return members
    }

    /// Reads an entry back from a report; `place` names it in errors (`entries[3]`).
    public init(value: JSONValue, file: String, place: String) throws(SuiteError) {
        func fail(_ key: String, _ what: String) -> SuiteError {
            .report(file: file, keyPath: "\(place).\(key)", problem: "expected \(what)",
                    fix: "pass suite reports written by `ghostline suite --report` (schema ghostline-suite/1)")
        }
        func text(_ key: String) throws(SuiteError) -> String {
            guard let s = value[key]?.stringValue else { throw fail(key, "text") }
            return s
        }
        func optionalText(_ key: String) throws(SuiteError) -> String? {
            guard let v = value[key] else { throw fail(key, "text or null") }
            if v.isNull { return nil }
            guard let s = v.stringValue else { throw fail(key, "text or null") }
            return s
        }
        guard let index = value["index"]?.intValue, index >= 0 else { throw fail("index", "a whole number") }
        guard let verdict = value["verdict"]?.stringValue.flatMap(SuiteVerdict.init(rawValue:)) else {
            throw fail("verdict", "\"pass\", \"fail\" or \"error\"")
        }
        guard let seconds = value["seconds"]?.doubleValue, seconds >= 0 else { throw fail("seconds", "a number of seconds") }
        guard let warnings = value["warnings"]?.arrayValue?.compactMap(\.stringValue) else { throw fail("warnings", "a list of text") }
        let scale = value["scale"]
        guard scale?.isNull == true || scale?.intValue != nil else { throw fail("scale", "1, 2, 3 or null") }
        guard let review = value["review"], review.isNull || review["schema"]?.stringValue == ReviewReport.schema else {
            throw fail("review", "a \(ReviewReport.schema) report or null")
        }
        self.init(index: index, id: try text("id"), fileStem: try text("fileStem"), scene: try text("scene"),
                  design: try optionalText("design"), reference: try optionalText("reference"), render: try optionalText("render"),
                  model: try optionalText("model"), contentSize: try optionalText("contentSize"), scale: scale?.intValue,
                  verdict: verdict, error: try optionalText("error"), updated: try optionalText("updated"), seconds: seconds,
                  findings: SuiteFindings(review: review.isNull ? nil : review))
        self.warnings = warnings
        // Reports written before the colour scheme and device variants have neither key.
        colorScheme = value["colorScheme"]?.stringValue
        device = value["device"]?.stringValue
        maxDiffPixels = value["maxDiffPixels"]?.intValue
        acceptanceLapsed = value["acceptanceLapsed"]?.stringValue
        if let accepted = value["accepted"] {
            guard let by = accepted["by"]?.stringValue, let at = accepted["at"]?.stringValue,
                  let comment = accepted["comment"]?.stringValue else { throw fail("accepted", "{ by, at, comment }") }
            self.accepted = SuiteAcceptance(by: by, at: at, comment: comment)
        }
    }

    /// An entry with every field given (the runner fills them as the check goes).
    public init(index: Int, id: String, fileStem: String, scene: String, design: String?, reference: String?, render: String?,
                model: String?, contentSize: String?, scale: Int?, verdict: SuiteVerdict, error: String?, updated: String?,
                seconds: Double, findings: SuiteFindings) {
        self.index = index; self.id = id; self.fileStem = fileStem; self.scene = scene; self.design = design
        self.reference = reference; self.render = render; self.model = model; self.contentSize = contentSize
        self.scale = scale; self.verdict = verdict; self.error = error; self.updated = updated; self.seconds = seconds
        self.findings = findings
    }

    /// What the check compared the render with.
    public var target: String { design ?? reference ?? "" }
    /// The variant in words (`css, AX3, @3x`), empty when the check asked for nothing special.
    public var variant: String {
        [model, contentSize, colorScheme, device, scale.map { "@\($0)x" }].compactMap { $0 }.joined(separator: ", ")
    }
}

/// A reviewer's acceptance of a design check's deviation, as the suite reports it (from the latest decision about
/// the entry in `ghostline-review.json`, whose hashes are the render's and the design's).
public struct SuiteAcceptance: Sendable, Equatable {
    /// Who accepted it.
    public var by: String
    /// When, as ISO 8601 in UTC.
    public var at: String
    /// Why, in the reviewer's words; may be empty.
    public var comment: String

    /// An acceptance.
    public init(by: String, at: String, comment: String) { self.by = by; self.at = at; self.comment = comment }

    /// What the summary and the index say after `ACCEPTED name:`: the comment, or "accepted" without one.
    public var note: String { comment.isEmpty ? "accepted" : comment }

    var value: JSONValue { .object([("by", .string(by)), ("at", .string(at)), ("comment", .string(comment))]) }
}

/// The few numbers of a check's review that the summary and the index page show, read from the review JSON
/// itself, so a merged report (read back from shard files) shows exactly what the run that wrote it showed.
public struct SuiteFindings: Sendable, Equatable {
    /// Differing ÷ compared pixels (nil without a review).
    public var ratio: Double?
    /// The largest ratio that passes, as the check was run.
    public var tolerance: Double?
    /// How many pixels differ (nil without a review).
    public var differingPixels: Int?
    /// Labels out of tolerance, in the review's order.
    public var labels: [Label] = []
    /// The messages of the review's findings that fail the check (sizes, baselines, missing text …), in order.
    public var failing: [String] = []
    /// The cause the verdict rests on, cause first ("body: `lineHeightStrategy: none` ignores … (first baseline …)"):
    /// the review's `cause`. What the summary, the JUnit message and the index lead with.
    public var cause: String?

    /// A label out of tolerance.
    public struct Label: Sendable, Equatable {
        /// The label's id in the scene.
        public var id: String
        /// The first measured line's baseline offset in points (render − design; negative = higher).
        public var offset: Double?
        /// True when some line has text in only one of the two images.
        public var missingText: Bool
        /// The largest baseline offset of its lines, in points.
        public var maxOffset: Double
    }

    /// Reads the findings of a `ghostline-review/1` report; nil (no comparison) gives none.
    public init(review: JSONValue?) {
        guard let review else { return }
        ratio = review["stats"]?["ratio"]?.doubleValue
        tolerance = review["options"]?["tolerance"]?.doubleValue
        differingPixels = review["stats"]?["differingPixels"]?.intValue
        failing = (review["findings"]?.arrayValue ?? []).filter { $0["fails"]?.boolValue == true }
            .compactMap { $0["message"]?.stringValue }.filter { !$0.isEmpty }
        cause = review["cause"]?.stringValue
        for label in review["labels"]?.arrayValue ?? [] where label["withinTolerance"]?.boolValue == false {
            let lines = label["lines"]?.arrayValue ?? []
            let offset = lines.lazy.compactMap { $0["baselineOffset"]?.doubleValue }.first
            let missing = lines.contains { ($0["renderBaseline"]?.isNull ?? true) != ($0["designBaseline"]?.isNull ?? true) }
            labels.append(Label(id: label["id"]?.stringValue ?? "?", offset: offset, missingText: missing,
                                maxOffset: label["maxBaselineOffset"]?.doubleValue ?? 0))
        }
    }

    /// The largest baseline offset of any label out of tolerance (points), for sorting worst first.
    public var worstOffset: Double { labels.map(\.maxOffset).max() ?? 0 }
}
