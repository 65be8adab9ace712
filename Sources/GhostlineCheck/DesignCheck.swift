import Dispatch
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

/// One design check from start to finish: a render (from a scene, or a PNG already rendered) against a design
/// export — layout, render, comparison, and every artifact it can write. The CLI's `check` and `diff`, the
/// testing library and the suite all run this, so they report the same numbers.
///
/// ```swift
/// let check = DesignCheck(render: .scene(path: "Scenes/card.yaml"), design: "Designs/card@3x.png")
/// let result = try check.run()
/// if !result.passes { print(result.summary) }
/// try result.write([.ghost: "card-ghost.png", .page: "card-review.html"])
/// ```
public struct DesignCheck: Sendable {
    /// What is compared with the design.
    public enum Render: Sendable {
        /// A scene file, laid out and rendered.
        case scene(path: String)
        /// A scene described in Swift (or parsed earlier); `name` stands for it in reports.
        case description(SceneDescription, name: String)
        /// A PNG rendered earlier, with the layout JSON that says where its labels are (optional).
        case image(path: String, layout: String?)
    }

    /// What is compared with the design: a scene to render, or a PNG rendered earlier.
    public var render: Render
    /// The design export's path.
    public var design: String
    /// Scale, model and content size for a scene. Without a scale, the design's `@Nx` suffix sets it (compare
    /// like with like), else the scene's own.
    public var overrides: SceneOverrides
    /// Thresholds, tolerances, ignored areas and diff image settings. A scene's own `ignore:` boxes are added after
    /// any given here.
    public var options: ReviewOptions
    /// The page colour of a PNG render (a scene knows its own); nil = the render's top-left pixel.
    public var renderBackground: Color?
    /// The font library and renderer a scene is rendered with.
    package var renderer: SnapshotRenderer
    /// The file the render will be written to; reports name the render by it. Nil names it after its scene
    /// (`card.yaml (rendered)`).
    public var renderFile: String?
    /// The layout JSON recorded beside a reference snapshot: when it names the fonts the reference was drawn with,
    /// a label drawn with other font bytes is said first (``FontChange``). Nil, missing or unreadable: nothing is said.
    public var referenceLayout: String?
    /// Whether the suggestions of a failing scene check are tried: the patched scene is rendered and compared with the
    /// design again, and ``Suggestions/verified`` says whether it passes (`check --suggest`). Off, the suggestions and
    /// causes are still worked out (from layouts alone), just not proven.
    public var verifySuggestions = false
    /// The same scene's designs in the other colour schemes a suite checks (issue 31, item 4): a colour fix checked
    /// against this design is checked against each of them too, so a fix that holds in light and breaks dark (a
    /// hard-coded white where the scene's `label` is the fix) is no cause.
    public var otherSchemes: [SchemeDesign] = []

    /// A design export of the scene in one colour scheme.
    public struct SchemeDesign: Sendable, Equatable {
        public var scheme: ColorScheme
        public var design: String
        public init(scheme: ColorScheme, design: String) { self.scheme = scheme; self.design = design }
    }

    /// Creates a check. Nothing is read until ``run(for:)``; by default the scale comes from the design's `@Nx`
    /// suffix (else the scene's), with the CLI's review defaults; scenes are resolved in `renderer`'s font world
    /// (a session's: no check makes a world of its own).
    package init(render: Render, design: String, overrides: SceneOverrides = SceneOverrides(),
                options: ReviewOptions = ReviewOptions(), renderBackground: Color? = nil,
                renderer: SnapshotRenderer, renderFile: String? = nil) {
        self.render = render; self.design = design; self.overrides = overrides; self.options = options
        self.renderBackground = renderBackground; self.renderer = renderer; self.renderFile = renderFile
    }

    /// Renders (when there is a scene), reads the design, compares. Nothing is written.
    ///
    /// - Parameter artifacts: the artifacts the caller will ask the result for. When a PNG render without a layout
    ///   needs nothing but a verdict and a report (and `options.makeDiffImage` is off), both files are compared a
    ///   block of rows at a time instead of decoded whole (same numbers, a fraction of the memory); the result then
    ///   has no images, and asking it for a ghost, diff image or page throws `.unavailable`.
    public func run(for artifacts: Set<DesignCheckArtifact> = Set(DesignCheckArtifact.allCases))
        throws(DesignCheckError) -> DesignCheckResult {
        var overrides = self.overrides
        if overrides.scale == nil { overrides.scale = DesignReview.scale(fromFileName: design) }
        switch render {
        case .scene(let path):
            return try checkScene(name: path, overrides: overrides, for: artifacts) { () throws(DesignCheckError) in
                do throws(SceneError) { return try SceneLoader(fonts: renderer.fonts).describe(path: path) } catch { throw .scene(error) }
            }
        case .description(let description, let name):
            return try checkScene(name: name, overrides: overrides, for: artifacts) { () throws(DesignCheckError) in description }
        case .image(let path, let layoutPath):
            if layoutPath == nil, artifacts.isSubset(of: [.report]), !options.makeDiffImage {
                let streamed: DesignComparison?
                do {
                    streamed = try DesignReview.compareStreaming(renderPath: path, designPath: design,
                                                                 scale: overrides.scale ?? Scale(1),
                                                                 background: renderBackground, options: options)
                } catch { throw .review(error) }
                if let streamed {
                    return DesignCheckResult(comparison: streamed, scene: nil, layout: nil, render: streamed.render,
                                             renderOverlay: nil, inputFiles: [path, design], streamed: true)
                }
            }
            try Self.checkWholeSize(path, as: .render)
            try Self.checkWholeSize(design, as: .design)
            // Inflating a phone-sized PNG is most of a two-PNG check's time, and there are two cores: both at once.
            let (decodedRender, decodedDesign) = try readBoth(render: path)
            let image = decodedRender.image, designImage = decodedDesign.image
            var labels: [LabelLines] = []
            if let layoutPath { do { labels = try LabelLines.read(layoutJSON: layoutPath) } catch { throw .review(error) } }
            var background = renderBackground ?? (image.width > 0 && image.height > 0 ? image[0, 0] : .white)
            background.alpha = 255
            var input = DesignReview.Input(render: image, design: designImage, renderPath: path, designPath: design,
                                           scale: overrides.scale ?? Scale(1), background: background, labels: labels,
                                           layoutPath: layoutPath)
            input.designIsLossy = Self.isLossy(decodedDesign, path: design)
            var comparison: DesignComparison
            do { comparison = try DesignReview.compare(input, options: options) } catch { throw .review(error) }
            comparison.designColorProfile = decodedDesign.colorProfile
            var result = DesignCheckResult(comparison: comparison, scene: nil, layout: nil, render: image, renderOverlay: nil,
                                           inputFiles: [path, design] + (layoutPath.map { [$0] } ?? []))
            result.warnings = (decodedRender.warnings + decodedDesign.warnings).map(\.description)
            return result
        }
    }

    /// The most pixels an image may have in a check that holds its images whole: one that renders a scene, measures
    /// label lines (a layout) or writes a review page. Such a check holds the render, the design, the ghost's overlay
    /// and the diff image at once, 4 bytes a pixel each: at this limit (8192 × 8192, or 4096 × 16384) about 1 GiB
    /// in all, within the 1.5 GB an input may take. A pixels-only `diff` streams its files and has no such limit.
    public static let largestWholeImagePixels = 1 << 26

    /// Refuses, from its IHDR alone, a PNG past `largestWholeImagePixels`, before it is decoded. Other formats
    /// (and anything that is not a readable regular file) are left to the reader, and checked once decoded.
    static func checkWholeSize(_ path: String, as role: DesignCheckError.Role) throws(DesignCheckError) {
        // The signature, then the IHDR chunk's length (13), type, width and height, big-endian. Read here without
        // libpng, which wants more of the file than the header; the decoder checks the chunk's CRC later.
        guard let file = try? SafeFile.Readable(path: path, limit: .max), let start = try? file.read(upTo: 24),
              start.count == 24, start.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        else { return }
        func word(_ at: Int) -> Int { start[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let header = (width: word(16), height: word(20))
        try checkWholeSize(path, width: header.width, height: header.height, as: role)
    }

    static func checkWholeSize(_ path: String, width: Int, height: Int, as role: DesignCheckError.Role) throws(DesignCheckError) {
        guard width * height <= largestWholeImagePixels else { throw .tooLarge(path: path, width: width, height: height, role: role) }
    }

    private func readDesign() throws(DesignCheckError) -> DecodedImage {
        do { return try ImageReader.read(contentsOf: design) } catch { throw .design(error) }
    }

    /// Decodes the render and the design on two threads; each iteration writes only its own slot.
    private func readBoth(render path: String) throws(DesignCheckError) -> (DecodedImage, DecodedImage) {
        final class Slot: @unchecked Sendable { var result: Result<DecodedImage, ImageError>? }
        let slots = [Slot(), Slot()]
        let paths = [path, design]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            do throws(ImageError) { slots[index].result = .success(try ImageReader.read(contentsOf: paths[index])) }
            catch { slots[index].result = .failure(error) }
        }
        let render: DecodedImage
        switch slots[0].result! { case .success(let image): render = image; case .failure(let error): throw .render(error) }
        switch slots[1].result! { case .success(let image): return (render, image); case .failure(let error): throw .design(error) }
    }

    /// Whether the patched check (`after`) put any label further from the design than the check before it: a first
    /// baseline that moved past the tolerance to the other side, or further off by more than the tolerance. Such a
    /// patch confirms nothing: it trades one label's offset for another's.
    static func movedAnyLabelFurther(from before: DesignComparison, to after: DesignComparison) -> Bool {
        let tolerance = before.baselineTolerance
        func offset(_ c: DesignComparison, _ id: String) -> Double? {
            c.labels.first { $0.id == id }?.lines.first?.baselineOffset
        }
        return after.labels.contains { label in
            guard let a = label.lines.first?.baselineOffset else { return false }
            let b = offset(before, label.id) ?? 0
            let flipped = abs(a) > tolerance && abs(b) > tolerance && (a > 0) != (b > 0)
            return flipped || abs(a) > abs(b) + tolerance
        }
    }

    /// Whether a design file's pixels went through a lossy codec: every JPEG, and a WebP whose image is a `VP8 `
    /// (lossy) chunk rather than `VP8L` (lossless). Read from the RIFF chunk headers in the file's first 64 KiB.
    static func isLossy(_ decoded: DecodedImage, path: String) -> Bool {
        switch decoded.format {
        case .png: return false
        case .jpeg: return true
        case .webp:
            guard let file = try? SafeFile.Readable(path: path, limit: .max), let bytes = try? file.read(upTo: 1 << 16) else { return true }
            var at = 12   // "RIFF", the size, "WEBP"
            while at + 8 <= bytes.count {
                let tag = String(decoding: bytes[at..<at + 4], as: UTF8.self)
                if tag == "VP8 " { return true }
                if tag == "VP8L" { return false }
                let size = bytes[at + 4..<at + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
                at += 8 + size + (size & 1)
            }
            return true
        }
    }

    func check(_ description: SceneDescription, name: String, overrides: SceneOverrides,
               design: RGBAImage, designIsLossy: Bool = false, for artifacts: Set<DesignCheckArtifact>,
               searchesSuggestions: Bool = true) throws(DesignCheckError) -> DesignCheckResult {
        let scene: Scene
        do { scene = try SceneLoader(fonts: renderer.fonts).resolve(description, overrides: overrides) } catch { throw .scene(error) }
        let layout = scene.layout()
        do { try SnapshotRenderer.checkCanvas(layout, scene: scene) } catch { throw .scene(error) }
        let size = SnapshotRenderer.pixelSize(of: layout)
        guard size.width * size.height <= Self.largestWholeImagePixels else {
            throw .tooLarge(path: name, width: size.width, height: size.height, role: .render)
        }
        try Self.checkWholeSize(self.design, width: design.width, height: design.height, as: .design)
        let image = renderer.render(layout, of: scene)
        // The same layout on a clear canvas gives the ghost an exact overlay (no un-blending of the background).
        // Drawing it is a second raster pass, so only when a ghost or a page is asked for; the result draws it
        // later if one is asked for after all (`DesignCheckResult.withOverlay`), so the bytes never depend on it.
        let overlay = artifacts.isDisjoint(with: [.ghost, .page]) ? nil : renderer.renderOverlay(layout, of: scene)
        var options = self.options
        options.ignore += scene.ignore   // the scene's own areas after any the caller gave
        if options.minColorDifference == nil { options.minColorDifference = scene.minColorDifference }   // the caller's first
        let labelLines = LabelLines.from(layout, palette: scene.palette)
        var input = DesignReview.Input(render: image, design: design, renderPath: "\(name) (rendered)", designPath: self.design,
                                       scale: scene.canvas.scale, background: scene.palette.color(scene.canvas.background),
                                       renderOverlay: overlay, labels: labelLines, scenePath: name)
        input.designIsLossy = designIsLossy
        var comparison: DesignComparison
        do { comparison = try DesignReview.compare(input, options: options) } catch {
            throw Self.sceneError(error, description: description, givenBoxes: self.options.ignore.count)
        }
        if let renderFile { comparison.renderPath = renderFile }
        // A design whose size is the scene's at another scale: the scene is checked again at that scale, and only
        // if that passes is the scale named as the cause (`DesignComparison.wrongScaleCause`).
        if let factor = comparison.exportedAtScale {
            var scaled = overrides
            scaled.scale = Scale(factor)
            comparison.scaleCheck = recheck(description, name: name, overrides: scaled, design: design,
                                            designIsLossy: designIsLossy)?.passes
        }
        // A design at another scale differs everywhere: no style change would match it, so none is searched for.
        if searchesSuggestions, !comparison.passes, !options.againstReference, comparison.exportedAtScale == nil {
            (comparison.suggestions, comparison.textDiffers) = suggestions(
                for: comparison, description: description, layout: layout, name: name, overrides: overrides, render: image,
                labels: labelLines, design: design, designIsLossy: designIsLossy)
        }
        if let referenceLayout, let text = try? SafeFile.text(of: referenceLayout, limit: LabelLines.maximumFileBytes),
           let recorded = try? JSONValue(parsing: Array(text.utf8)) {
            comparison.fontChanges = FontChange.changes(in: layout, reference: recorded)
        }
        var result = DesignCheckResult(comparison: comparison, scene: scene, layout: layout, render: image, renderOverlay: overlay,
                                       inputFiles: scene.inputFiles + [self.design])
        result.renderer = renderer
        return result
    }

    /// A review error of a scene check. An `ignore:` box of the scene that the review refused is the scene's error:
    /// its file, the box's line:column and key path, and the fix (the review numbers the scene's boxes after the
    /// `givenBoxes` the caller gave, which stay review errors for the caller to name).
    static func sceneError(_ error: ReviewError, description: SceneDescription, givenBoxes: Int) -> DesignCheckError {
        guard case let .badIgnoreBox(index, box, reason) = error, index >= givenBoxes else { return .review(error) }
        let numbers = [box.x, box.y, box.width, box.height].map { JSONValue.format($0) }.joined(separator: ",")
        let clause = reason.components(separatedBy: "; ").first ?? reason
        return .scene(description.ignoreError(index: index - givenBoxes, problem: "the box \(numbers) pt: \(clause)",
                                              fix: "give x, y, width and height in points (not pixels), inside the rendered image"))
    }
}

extension DesignCheck {
    /// A scene against the design: the design's size checked and the design read first (a scene file is read only
    /// then, so a design too large to decode is named before any scene error), then rendered, compared and given the
    /// design's colour profile, every warning, and the installed-fonts hint.
    func checkScene(name: String, overrides: SceneOverrides, for artifacts: Set<DesignCheckArtifact>,
                    describe: () throws(DesignCheckError) -> SceneDescription) throws(DesignCheckError) -> DesignCheckResult {
        try Self.checkWholeSize(design, as: .design)
        let designImage = try readDesign()
        let description = try describe()
        var result = try check(description, name: name, overrides: overrides, design: designImage.image,
                               designIsLossy: Self.isLossy(designImage, path: design), for: artifacts)
        result.comparison.designColorProfile = designImage.colorProfile
        result.warnings = (result.scene?.warnings ?? []) + designImage.warnings.map(\.description)
            + installedFontsHint(result, description: description, name: name, overrides: overrides, design: designImage)
        return result
    }
}
