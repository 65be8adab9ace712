import Foundation
import GhostlineCheck
import GhostlineGeometry
import GhostlinePNG
import GhostlineRender
import GhostlineReview
import GhostlineScene
import GhostlineSupport

/// What `--update` may write.
public enum SuiteUpdate: String, Sendable {
    /// Nothing: a missing reference fails with how to record it (right for CI).
    case none
    /// References that are missing or differ, and renders of design checks that differ or were never written.
    /// A check that passes keeps its files byte for byte, so an update never churns files nobody changed.
    case changed
    /// Every reference and render, passing or not.
    case all
}

/// Runs one check of a suite from start to finish on a worker thread: the design check, what `--update`
/// writes, and the check's page and thumbnails. Everything the check held (three phone-sized images and more)
/// is released when it returns; what it returns is small.
struct SuiteCheck: Sendable {
    var renderer: SnapshotRenderer
    var update: SuiteUpdate
    /// The HTML staging directory, when pages are wanted.
    var htmlStaging: String?
    /// How to run this suite again to record, for the message of a missing reference.
    var recordCommand: String
    /// What reviewers decided (`ghostline-review.json`), read once per run.
    var decisions = SuiteDecisions()

    struct Outcome {
        var entry: SuiteEntry
        var review: JSONValue?
    }

    /// Never throws for a problem of the check itself (that is the entry's `.error`); throws only when an output
    /// of the suite cannot be written, which stops the suite.
    func run(_ c: SuiteCase) throws(OutputError) -> Outcome {
        let start = DispatchTime.now().uptimeNanoseconds
        var entry = SuiteEntry(index: c.index, id: c.id, fileStem: c.fileStem, scene: c.scene, design: nil, reference: nil,
                               render: c.render, model: c.model?.rawValue, contentSize: c.contentSize?.rawValue,
                               scale: c.scale?.factor, verdict: .error, error: nil, updated: nil, seconds: 0,
                               findings: SuiteFindings(review: nil))
        entry.colorScheme = c.colorScheme?.rawValue
        entry.device = c.device
        var review: JSONValue?
        switch c.target {
        case .design(let path): entry.design = path
        case .reference(let path): entry.reference = path
        }
        if let problem = c.problem {
            entry.error = problem
        } else {
            review = try compare(c, into: &entry)
        }
        entry.findings = SuiteFindings(review: review)
        entry.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Outcome(entry: entry, review: review)
    }

    private func compare(_ c: SuiteCase, into entry: inout SuiteEntry) throws(OutputError) -> JSONValue? {
        let target = c.target.path
        var overrides = SceneOverrides(scale: c.scale, model: c.model, contentSize: c.contentSize, colorScheme: c.colorScheme)
        overrides.device = c.device
        if !FileManager.default.fileExists(atPath: target) {
            switch c.target {
            case .design:
                entry.error = "no design export at \(Escaping.oneLine(target)); export it from the design tool, or fix the entry's path"
                return nil
            case .reference:
                guard update != .none else {
                    entry.error = "no reference snapshot at \(Escaping.oneLine(target)); record it with `\(recordCommand) --update`, look at it, and commit it"
                    return nil
                }
                record(c, to: target, overrides: overrides, into: &entry)
                return nil
            }
        }
        let check: DesignCheck
        switch designCheck(c, overrides: overrides) {
        case .success(let made): check = made
        case .failure(let problem):
            entry.error = problem.message
            return nil
        }
        entry.maxDiffPixels = check.options.maxDiffPixels
        let result: DesignCheckResult
        // Without a review page there is no ghost to draw: the check skips the overlay's raster pass.
        let wanted: Set<DesignCheckArtifact> = htmlStaging != nil ? Set(DesignCheckArtifact.allCases) : [.report, .render]
        do { result = try check.run(for: wanted) } catch {
            entry.error = error.description
            return nil
        }
        entry.inputFiles = result.inputFiles + [target] + (result.layout.map(LayoutJSON.fontFiles) ?? [])
        if case .reference(let path) = c.target { entry.inputFiles.append(Self.layoutPath(ofReference: path)) }
        var passes = result.passes
        if !passes, case .design(let design) = c.target {
            (entry.accepted, entry.acceptanceLapsed) = acceptance(of: c.id, result: result, design: design)
            passes = entry.accepted != nil
        }
        entry.verdict = passes ? .pass : .fail
        entry.warnings = result.warnings.map(\.description)
        let review = ReviewReport.value(result.comparison)
        switch c.target {
        case .reference(let path) where update == .all || (update == .changed && !passes):
            let layout = result.layout.map { LayoutJSON.encode($0, palette: result.scene!.palette) }
            if write(result, to: path, layout: layout, inputs: result.inputFiles.filter { $0 != path }, into: &entry) {
                entry.updated = "reference"
                entry.verdict = .pass
            }
        case .design where c.render != nil:
            let renderPath = c.render!
            if update == .all || (update == .changed && (!passes || !FileManager.default.fileExists(atPath: renderPath))) {
                if write(result, to: renderPath, inputs: result.inputFiles, into: &entry) { entry.updated = "render" }
            }
        default: break
        }
        if htmlStaging != nil { try writePage(result, stem: c.fileStem) }
        return review
    }

    /// Records a missing reference: the scene rendered as the reference would be compared (at the scale its
    /// `@Nx` name states, else the scene's).
    private func record(_ c: SuiteCase, to path: String, overrides: SceneOverrides, into entry: inout SuiteEntry) {
        var overrides = overrides
        if overrides.scale == nil { overrides.scale = DesignReview.scale(fromFileName: path) }
        do {
            let scene = try renderer.loadScene(path: c.scene, overrides: overrides)
            let (layout, image) = try renderer.render(scene)
            try Self.write([(try PNGCodec.encode(image), path),
                            (Array(LayoutJSON.encode(layout, palette: scene.palette).utf8), Self.layoutPath(ofReference: path))],
                           inputs: scene.inputFiles)
            entry.verdict = .pass
            entry.updated = "reference"
        } catch {
            entry.error = "could not record \(Escaping.oneLine(path)): \(error)"
        }
    }

    /// The layout JSON recorded beside a reference (`references/login@3x.png` → `references/login@3x.json`): it names
    /// the fonts the reference was drawn with, so a later check on a machine with other fonts says so first.
    static func layoutPath(ofReference path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("json").path
    }

    /// Writes the check's render to `path` (creating its directory), and for a reference its layout JSON beside it;
    /// a failure makes the check an error.
    private func write(_ result: DesignCheckResult, to path: String, layout: String? = nil, inputs: [String],
                       into entry: inout SuiteEntry) -> Bool {
        do {
            var files = [(try result.artifact(.render), path)]
            if let layout { files.append((Array(layout.utf8), Self.layoutPath(ofReference: path))) }
            try Self.write(files, inputs: inputs)
            return true
        } catch {
            entry.verdict = .error
            entry.error = "could not update \(Escaping.oneLine(path)): \(error)"
            return false
        }
    }

    /// Writes every file all or nothing (creating their directories).
    static func write(_ outputs: [([UInt8], String)], inputs: [String]) throws {
        for (_, path) in outputs {
            try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                    withIntermediateDirectories: true)
        }
        var files = OutputFiles(inputs: inputs)
        do {
            for (bytes, path) in outputs { try files.stage(bytes, to: path) }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
    }

    /// The check's review page (with a link back to the index) and its ghost and diff thumbnails.
    private func writePage(_ result: DesignCheckResult, stem: String) throws(OutputError) {
        guard let htmlStaging else { return }
        let comparison = result.comparison
        func put(_ bytes: [UInt8], _ relative: String) throws(OutputError) {
            let path = htmlStaging + "/" + relative
            guard ScratchFile.save(bytes, to: path) else {
                throw .unwritable(path: path, reason: "the file could not be created", fix: "check that the disk has room")
            }
        }
        do {
            var page = try ReviewPage.html(comparison)
            // The review page is the one `check --html` writes; inside a suite it also leads back to the index.
            if let heading = page.range(of: "\n<h1>") {
                page.replaceSubrange(heading, with: "\n<nav><a id=\"suite-index\" href=\"../index.html\">← all checks</a></nav>\n<h1>")
            }
            try put(Array(page.utf8), "entries/\(stem).html")
            try put(try PNGCodec.encode(Thumbnail.make(try comparison.ghost())), "thumbs/\(stem).ghost.png")
            try put(try PNGCodec.encode(Thumbnail.make(comparison.diff.diffImage)), "thumbs/\(stem).diff.png")
        } catch let error as OutputError {
            throw error
        } catch {
            throw .unwritable(path: "\(htmlStaging)/entries/\(stem).html", reason: "\(error)", fix: "report this as a bug")
        }
    }

    func reviewOptions(_ o: SuiteCheckOptions) -> ReviewOptions {
        var options = ReviewOptions()
        if let threshold = o.threshold { options.threshold = threshold }
        options.maxDiffPixels = o.maxDiffPixels
        // A count alone replaces the default ratio (see `SuiteCheckOptions.maxDiffPixels`); given both, both apply.
        if let tolerance = o.tolerance { options.tolerance = tolerance } else if o.maxDiffPixels != nil { options.tolerance = 1 }
        options.baselineTolerance = o.baselineTolerance
        if let minColorDifference = o.minColorDifference { options.minColorDifference = minColorDifference }
        if let includeAA = o.includeAA { options.includeAA = includeAA }
        options.ignore = o.ignore ?? []
        options.makeDiffImage = htmlStaging != nil
        return options
    }
}
