import Foundation
import GhostlineCheck
import GhostlineGeometry
import GhostlineLayout
import GhostlineReview
import GhostlineScene
import GhostlineSupport

/// The two hashes a decision about a design check records (`ghostline-review.json`): SHA-256 of the render's PNG
/// bytes, exactly as `--update` writes them to the entry's `render:` path, and of the design export's bytes. Both
/// lowercase hex.
public struct SuiteHashes: Sendable, Equatable {
    /// SHA-256 of the render's PNG bytes.
    public var render: String
    /// SHA-256 of the design export's bytes (of the reference snapshot's, for a reference check).
    public var design: String

    /// Hashes as given.
    public init(render: String, design: String) { self.render = render; self.design = design }
}

/// The parts of a check that `run` and `SuiteRunner.hashes(of:)` share: the design check as the case asks for it
/// (label ids under `ignore:` found in the scene's layout), and whether a reviewer's acceptance still covers it.
extension SuiteCheck {
    /// A check that cannot be made, in one line (the entry's error).
    struct Problem: Error { var message: String }

    /// The design check of case `c`, with the frames of the labels its `ignore:` names added to the ignored boxes.
    /// Finding them lays the scene out once more before the check does: the boxes must be known before the pixels
    /// are compared, and a label's frame is what moves when its text does, so no box written in points would do.
    func designCheck(_ c: SuiteCase, overrides: SceneOverrides) -> Result<DesignCheck, Problem> {
        let target = c.target.path
        var check = DesignCheck(render: .scene(path: c.scene), design: target, overrides: overrides,
                                options: reviewOptions(c.options), renderer: renderer)
        // A failing entry's causes are checked (the patched scene against the design) before the summary, JUnit or
        // the review app names one: a cause is a claim. Passing entries search nothing and pay nothing.
        check.verifySuggestions = true
        check.otherSchemes = c.otherSchemes
        if case .reference(let path) = c.target {
            check.referenceLayout = Self.layoutPath(ofReference: path)
            check.options.againstReference = true
        }
        guard let ids = c.options.ignoreLabels, !ids.isEmpty else { return .success(check) }
        var scaled = overrides
        if scaled.scale == nil { scaled.scale = DesignReview.scale(fromFileName: target) }
        let layout: SceneLayout
        do { layout = try renderer.loadScene(path: c.scene, overrides: scaled).layout() } catch {
            return .failure(Problem(message: error.description))
        }
        switch Self.labelBoxes(ids, in: layout, entry: c.id, scene: c.scene) {
        case .success(let boxes): check.options.ignore += boxes
        case .failure(let problem): return .failure(problem)
        }
        return .success(check)
    }

    /// The frames, in points, of the labels named `ids` in `layout`; an id that names no label fails with the
    /// entry, the id and a few of the ids there are. A label with an empty frame (no text) hides nothing and is
    /// left out, since an empty box is an error to the review.
    static func labelBoxes(_ ids: [String], in layout: SceneLayout, entry: String, scene: String) -> Result<[Rect], Problem> {
        let labels = layout.elements.filter { $0.kind == .label }
        var boxes: [Rect] = []
        for id in ids {
            guard let label = labels.first(where: { $0.id == id }) else {
                let known = labels.prefix(8).map(\.id)
                let list = known.isEmpty ? "the scene has no labels" : "its labels: " + known.joined(separator: ", ") + (labels.count > known.count ? ", …" : "")
                return .failure(Problem(message: "ignore: no label `\(Escaping.oneLine(id))` in \(Escaping.oneLine(scene)) (entry \(entry)); \(list); fix the id under the entry's (or the defaults') ignore:"))
            }
            if label.frame.width > 0, label.frame.height > 0 { boxes.append(label.frame) }
        }
        return .success(boxes)
    }

    /// Whether the latest decision about `id` accepts this failing check's exact render and design: the acceptance,
    /// or why one recorded no longer holds ("the render changed since …"). Hashing costs a PNG encoding, so it is
    /// done only for an entry with an acceptance on record.
    func acceptance(of id: String, result: DesignCheckResult, design: String) -> (SuiteAcceptance?, String?) {
        guard let decision = decisions.latest(for: id), decision.kind == .accepted else { return (nil, nil) }
        let hashes: SuiteHashes
        do { hashes = try Self.hashes(result, design: design) } catch {
            return (nil, "the acceptance of \(decision.at) could not be checked (\(error.message))")
        }
        if decisions.acceptance(for: id, render: hashes.render, design: hashes.design) != nil {
            return (SuiteAcceptance(by: decision.by, at: decision.at, comment: decision.comment), nil)
        }
        let changed = [decision.render != hashes.render ? "render" : nil, decision.design != hashes.design ? "design" : nil]
            .compactMap { $0 }.map { "the " + $0 }.joined(separator: " and ")
        return (nil, "\(changed) changed since \(decision.at)")
    }

    /// The hashes of a check's render (its PNG bytes, as `--update` writes them) and of its design export's bytes.
    static func hashes(_ result: DesignCheckResult, design: String) throws(Problem) -> SuiteHashes {
        let render: [UInt8]
        do { render = try result.artifact(.render) } catch { throw Problem(message: error.description) }
        let bytes: [UInt8]
        do { bytes = try SafeFile.contents(of: design, limit: 1 << 31) } catch {
            throw Problem(message: "\(Escaping.oneLine(design)) cannot be read (\(error))")
        }
        return SuiteHashes(render: SuiteDecisions.digest(render), design: SuiteDecisions.digest(bytes))
    }

    /// The hashes of case `c` as a run would see them: the check is made (rendered and compared) and its render
    /// and its target (the design export, or the reference snapshot) hashed. For the review app, to record a decision
    /// about what the reviewer looks at.
    func hashes(of c: SuiteCase) throws(Problem) -> SuiteHashes {
        let target = c.target.path
        if let problem = c.problem { throw Problem(message: problem) }
        var overrides = SceneOverrides(scale: c.scale, model: c.model, contentSize: c.contentSize, colorScheme: c.colorScheme)
        overrides.device = c.device
        let check: DesignCheck
        switch designCheck(c, overrides: overrides) {
        case .success(let made): check = made
        case .failure(let problem): throw problem
        }
        let result: DesignCheckResult
        do { result = try check.run(for: [.render]) } catch { throw Problem(message: "\(c.id): \(error.description)") }
        return try Self.hashes(result, design: target)
    }
}
