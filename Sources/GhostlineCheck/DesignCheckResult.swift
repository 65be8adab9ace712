import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineReview
import GhostlineRender
import GhostlineScene
import GhostlineSupport

/// What a design check found, with everything it can write.
public struct DesignCheckResult: Sendable {
    /// The comparison: verdict, statistics, findings and the images compared.
    public var comparison: DesignComparison
    /// The resolved scene and its layout (nil when the render was a PNG).
    public var scene: Scene?
    /// See ``scene``: the scene's layout, nil for a PNG render.
    public var layout: SceneLayout?
    /// The render compared (a scene's render, or the PNG as read); empty for a streamed check.
    public var render: RGBAImage
    /// The scene's layout drawn on a clear canvas, from which the ghost is composed exactly; nil for a PNG render.
    public var renderOverlay: RGBAImage?
    /// Every file the check read (scene, includes, fonts, images, design, render PNG, layout JSON): `write`
    /// refuses to put an artifact on any of them.
    public var inputFiles: [String]
    /// What reading the images noticed but got past (a PNG without its IEND chunk, say): one line each, for the
    /// caller to show. Nothing here changes the verdict.
    public var warnings: [String] = []
    /// True when the images were compared a block of rows at a time and not kept (see `DesignCheck.run(for:)`).
    public var streamed = false
    /// The renderer that drew the scene, to draw the ghost's overlay when it was not drawn up front.
    var renderer: SnapshotRenderer?

    /// The result with the scene's overlay drawn (see `DesignCheck.run(for:)`): the ghost composed from it is exact,
    /// whichever artifacts the check was run for.
    func withOverlay() -> DesignCheckResult {
        guard comparison.renderOverlay == nil, let scene, let layout, let renderer else { return self }
        var copy = self
        let overlay = DesignReview.crop(renderer.renderOverlay(layout, of: scene), width: comparison.comparedSize.width,
                                        height: comparison.comparedSize.height)
        copy.renderOverlay = overlay
        copy.comparison.renderOverlay = overlay
        return copy
    }

    /// True when the pixels are within tolerance and no finding fails: the verdict `check` exits 0 for.
    public var passes: Bool { comparison.passes }
    /// The one-screen summary: verdict, pixels, regions, and every label's offsets in points.
    public var summary: String { ReviewSummary.text(comparison) }

    /// The artifact of one kind, encoded. `.layout` needs a scene (a PNG check has no layout), and a streamed check
    /// has only `.report`.
    public func artifact(_ kind: DesignCheckArtifact) throws(DesignCheckError) -> [UInt8] {
        if streamed, kind != .report { throw .unavailable(kind) }
        if kind == .ghost || kind == .page, comparison.renderOverlay == nil, renderer != nil {
            return try withOverlay().artifact(kind)
        }
        do {
            switch kind {
            case .render: return try PNGCodec.encode(render)
            case .layout:
                guard let layout, let scene else { throw DesignCheckError.unavailable(kind) }
                return Array(LayoutJSON.encode(layout, palette: scene.palette).utf8)
            // Review images are looked at once: encoded for speed, not size.
            case .ghost: return try PNGCodec.encode(try comparison.ghost(), encoding: .fast)
            case .diff: return try PNGCodec.encode(comparison.diff.diffImage, encoding: .fast)
            case .report: return Array(ReviewReport.encode(comparison).utf8)
            case .page: return Array(try ReviewPage.html(comparison).utf8)
            }
        } catch let error as DesignCheckError {
            throw error
        } catch let error as ReviewError {
            throw .review(error)
        } catch let error as PNGError {
            throw .output(.unwritable(path: kind.rawValue, reason: error.description, fix: "report this as a bug"))
        } catch {
            throw .output(.unwritable(path: kind.rawValue, reason: "\(error)", fix: "report this as a bug"))
        }
    }

    /// Writes the artifacts to their paths all-or-nothing: a failure leaves no new file and no older one
    /// replaced. No path may be one of the check's inputs.
    public func write(_ paths: [DesignCheckArtifact: String], inputs: [String] = []) throws(DesignCheckError) {
        var files = OutputFiles(inputs: inputs + inputFiles)
        // The overlay once for both a ghost and a page.
        let source = paths[.ghost] != nil || paths[.page] != nil ? withOverlay() : self
        do {
            for kind in DesignCheckArtifact.allCases {
                guard let path = paths[kind] else { continue }
                try files.stage(try source.artifact(kind), to: path)
            }
            try files.commit()
        } catch let error as OutputError {
            files.discard()
            throw .output(error)
        } catch let error as DesignCheckError {
            files.discard()
            throw error
        } catch {
            files.discard()
            throw .output(.unwritable(path: "", reason: "\(error)", fix: ""))
        }
    }
}

/// The files a design check can write.
public enum DesignCheckArtifact: String, Sendable, CaseIterable, Hashable {
    /// The render (PNG).
    case render
    /// The render's layout JSON.
    case layout
    /// The design under the render at low opacity (PNG).
    case ghost
    /// The pixel-difference image (PNG).
    case diff
    /// The report JSON (`ghostline-review/1`).
    case report
    /// The self-contained review page (HTML).
    case page

    /// A file name for the artifact of a check called `name`.
    public func fileName(_ name: String) -> String {
        switch self {
        case .render: return "\(name).render.png"
        case .layout: return "\(name).layout.json"
        case .ghost: return "\(name).ghost.png"
        case .diff: return "\(name).diff.png"
        case .report: return "\(name).report.json"
        case .page: return "\(name).review.html"
        }
    }
}

/// Why a design check could not be made, with its cause kept for callers that switch on it. The description is
/// the one line the CLI prints.
public enum DesignCheckError: Error, CustomStringConvertible, Sendable {
    /// The scene could not be read, resolved or rendered.
    case scene(SceneError)
    /// The design export could not be read.
    case design(ImageError)
    /// The render image (for an image check) could not be read.
    case render(ImageError)
    /// The comparison could not be made (e.g. a layout JSON that is not one).
    case review(ReviewError)
    /// An output could not be written.
    case output(OutputError)
    /// The artifact needs what this check does not have (a layout JSON without a scene).
    case unavailable(DesignCheckArtifact)
    /// The render or the design has more pixels than a check holds whole (`DesignCheck.largestWholeImagePixels`).
    case tooLarge(path: String, width: Int, height: Int, role: Role)

    /// Which image of a check an error is about.
    public enum Role: String, Sendable { case render, design }

    /// The one line the CLI prints for the error.
    public var description: String {
        switch self {
        case .scene(let error): return error.description
        case .design(let error), .render(let error): return error.description
        case .review(let error): return error.description
        case .output(let error): return error.description
        case .unavailable(.layout): return "a layout artifact needs a scene; this check compared two PNGs"
        case .unavailable(let kind): return "a \(kind.rawValue) artifact needs the images, which this check streamed; run it for that artifact"
        case .tooLarge(let path, let width, let height, let role):
            let what = role == .render ? "the render" : "the design"
            return "\(Escaping.oneLine(path)): \(what) is \(width)×\(height) px, over the \(DesignCheck.largestWholeImagePixels) px "
                + "(8192×8192) a check that renders a scene, measures labels or writes a page holds whole; compare images "
                + "that large with `ghostline diff` without --layout or --html, which streams them"
        }
    }
}
