import ArgumentParser
import Foundation
import Ghostline
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineScene

/// Outputs and thresholds shared by `diff` and `check`.
struct ReviewOutputOptions: ParsableArguments {
    @Option(help: "Write the ghost image (the design under the render) to this PNG.")
    var ghost: String?

    @Option(help: "Write the pixel-difference image to this PNG (red: differs, yellow: anti-aliasing only, grey: same).")
    var diff: String?

    @Option(help: "Write the report JSON (schema ghostline-review/1) to this file.")
    var report: String?

    @Option(help: "Write the self-contained review page to this HTML file.")
    var html: String?

    @Option(help: "Per-pixel colour threshold, 0…1 (YIQ distance, as pixelmatch).")
    var threshold: Double = 0.1

    @Option(help: "Largest share of non-background pixels that may differ and still pass, 0…1.")
    var tolerance: Double = 0.01

    @Option(name: .customLong("baseline-tolerance"), help: "Largest baseline offset in points that still passes (default: one device pixel).")
    var baselineTolerance: Double?

    @Option(help: "Opacity of the design under the render in the ghost image, 0…1.")
    var opacity: Double = 0.3

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliasing-only differences as differences.")
    var includeAA = false

    @Option(help: "When the sizes differ, compare the overlap anchored at this corner (only `top-left`) instead of failing.")
    var anchor: String?

    func reviewOptions() throws -> ReviewOptions {
        guard (0...1).contains(threshold) else { throw CLIError("--threshold \(threshold): use a value from 0 to 1") }
        guard (0...1).contains(tolerance) else { throw CLIError("--tolerance \(tolerance): use a ratio from 0 to 1, e.g. 0.01") }
        guard (0...1).contains(opacity) else { throw CLIError("--opacity \(opacity): use a value from 0 to 1") }
        if let baselineTolerance, !(0...1000).contains(baselineTolerance) {
            throw CLIError("--baseline-tolerance \(baselineTolerance): use points from 0 to 1000")
        }
        if let anchor, anchor != "top-left" { throw CLIError("--anchor \(anchor): only top-left is supported") }
        var options = ReviewOptions()
        options.threshold = threshold
        options.tolerance = tolerance
        options.baselineTolerance = baselineTolerance
        options.opacity = opacity
        options.includeAA = includeAA
        options.anchorTopLeft = anchor != nil
        options.makeDiffImage = diff != nil || html != nil
        return options
    }

    /// Writes every requested output all-or-nothing, prints the summary and exits 0 (pass) or 1 (differs).
    func finish(_ comparison: DesignComparison) throws {
        var files = OutputFiles()
        do {
            if let ghost { try files.stage(try PNGCodec.encode(try comparison.ghost()), to: ghost) }
            if let diff { try files.stage(try PNGCodec.encode(comparison.diff.diffImage), to: diff) }
            if let report { try files.stage(ReviewReport.encode(comparison), to: report) }
            if let html { try files.stage(try ReviewPage.html(comparison), to: html) }
            try files.commit()
        } catch {
            files.discard()
            throw CLIError(error)
        }
        print(ReviewSummary.text(comparison), terminator: "")
        if !comparison.passes { throw ExitCode(1) }
    }
}

/// Reads a design export or render (PNG, JPEG or WebP) through the one image-reading entry point, and prints
/// each warning it returns as one stderr line.
func readImage(_ path: String) throws -> RGBAImage {
    do { return printingWarnings(try ImageReader.read(contentsOf: path)) } catch { throw CLIError(error) }
}

/// Decodes two images at once (inflating a phone-sized PNG is most of a diff's time, and there are two cores).
func readImages(_ first: String, _ second: String) throws -> (RGBAImage, RGBAImage) {
    /// One result per decode; each concurrent iteration writes only its own slot.
    final class Slot: @unchecked Sendable { var result: Result<DecodedImage, ImageError>? }
    let slots = [Slot(), Slot()]
    let paths = [first, second]
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        do throws(ImageError) { slots[index].result = .success(try ImageReader.read(contentsOf: paths[index])) }
        catch { slots[index].result = .failure(error) }
    }
    do {
        let (a, b) = (try slots[0].result!.get(), try slots[1].result!.get())
        return (printingWarnings(a), printingWarnings(b))
    } catch {
        throw CLIError(error)
    }
}

private func printingWarnings(_ read: DecodedImage) -> RGBAImage {
    for warning in read.warnings {
        FileHandle.standardError.write(Data("ghostline: warning: \(warning)\n".utf8))
    }
    return read.image
}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare a render with a design export: pixel diff, ghost image, report in points.",
        discussion: """
        The scale comes from --scale, else from an @2x/@3x suffix of either file name, else 1. With --layout (a layout
        JSON from `ghostline render --layout`), every label line's baseline is measured in both images and reported.
        Exit status: 0 within tolerance, 1 when they differ, 2 on bad input.
        """
    )

    @Argument(help: "The render (PNG, JPEG or WebP).") var actual: String
    @Argument(help: "The design export (PNG, JPEG or WebP).") var design: String
    @Option(help: "Pixels per point: 1, 2 or 3.") var scale: Int?
    @Option(help: "The render's layout JSON, to measure baselines per label line.") var layout: String?
    @Option(help: "The render's background colour (#RRGGBB); default: its top-left pixel.") var background: String?
    @OptionGroup var outputs: ReviewOutputOptions

    func run() throws {
        let options = try outputs.reviewOptions()
        let resolvedScale = try Self.resolveScale(scale, actual, design)
        var requestedBackground: Color?
        if let background {
            guard let parsed = Color(hex: background) else { throw CLIError("--background \(background): write #RRGGBB") }
            requestedBackground = parsed
        }
        // Pixels only (no layout, ghost, diff image or page): compare the two files a block of rows at a time.
        if layout == nil && outputs.ghost == nil && outputs.diff == nil && outputs.html == nil {
            let streamed: DesignComparison?
            do {
                streamed = try DesignReview.compareStreaming(actualPath: actual, designPath: design, scale: resolvedScale,
                                                             background: requestedBackground, options: options)
            } catch { throw CLIError(error) }
            if let streamed { return try outputs.finish(streamed) }
        }
        let (actualImage, designImage) = try readImages(actual, design)
        var backgroundColor = requestedBackground
            ?? (actualImage.width > 0 && actualImage.height > 0 ? actualImage[0, 0] : Color.white)
        backgroundColor.alpha = 255
        var labels: [LabelLines] = []
        if let layout { do { labels = try LabelLines.read(layoutJSON: layout) } catch { throw CLIError(error) } }
        let input = DesignReview.Input(actual: actualImage, design: designImage, actualPath: actual, designPath: design,
                                       scale: resolvedScale, background: backgroundColor, labels: labels, layoutPath: layout)
        let comparison: DesignComparison
        do { comparison = try DesignReview.compare(input, options: options) } catch { throw CLIError(error) }
        try outputs.finish(comparison)
    }

    static func resolveScale(_ explicit: Int?, _ paths: String...) throws -> Scale {
        if let explicit {
            guard (1...3).contains(explicit) else { throw CLIError("--scale \(explicit): use 1, 2 or 3") }
            return Scale(explicit)
        }
        let stated = Set(paths.compactMap { DesignReview.scale(fromFileName: $0)?.factor })
        guard stated.count <= 1 else {
            throw CLIError("the file names state different scales (\(paths.joined(separator: ", "))); pass --scale")
        }
        return Scale(stated.first ?? 1)
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render a scene, then compare it with a design export (a ghost snapshot with a report in points).",
        discussion: "Exit status: 0 within tolerance, 1 when they differ, 2 on bad input."
    )

    @OptionGroup var sceneOptions: SceneOptions
    @Option(help: "The design export (PNG, JPEG or WebP) to compare with; its @Nx suffix sets the scale unless --scale does.") var design: String
    @Option(name: .customLong("render"), help: "Also write the render to this PNG.") var renderOutput: String?
    @OptionGroup var outputs: ReviewOutputOptions

    func run() throws {
        let options = try outputs.reviewOptions()
        let designImage = try readImage(design)
        let renderer = SnapshotRenderer()
        var scene = try sceneOptions.load(with: renderer)
        if sceneOptions.scale == nil, let stated = DesignReview.scale(fromFileName: design), stated != scene.canvas.scale {
            // The design's @Nx suffix wins over the scene's default scale: compare like with like.
            var overrides = try sceneOptions.overrides()
            overrides.scale = stated
            do { scene = try renderer.loadScene(path: sceneOptions.scene, overrides: overrides) } catch { throw CLIError(error) }
        }
        let layout: SceneLayout, image: RGBAImage
        do { (layout, image) = try renderer.render(scene) } catch { throw CLIError(error) }
        warnAboutMissingGlyphs(layout)
        // The same layout drawn on a clear canvas gives the ghost an exact overlay (no un-blending needed).
        var clearLayout = layout
        clearLayout.canvas.background = .clear
        let overlay = renderer.renderer.render(clearLayout)
        let input = DesignReview.Input(actual: image, design: designImage, actualPath: renderOutput ?? "\(sceneOptions.scene) (rendered)",
                                       designPath: design, scale: scene.canvas.scale, background: scene.canvas.background,
                                       renderOverlay: overlay, labels: LabelLines.from(layout), scenePath: sceneOptions.scene)
        let comparison: DesignComparison
        do { comparison = try DesignReview.compare(input, options: options) } catch { throw CLIError(error) }
        if let renderOutput {
            do { try PNGCodec.write(image, to: renderOutput) } catch { throw CLIError(error) }
        }
        try outputs.finish(comparison)
    }
}
