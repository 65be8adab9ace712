import ArgumentParser
import Foundation
import Ghostline
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineScene

/// Outputs and thresholds shared by `diff` and `check`.
struct ReviewOutputOptions: ParsableArguments {
    @Option(help: "Write the ghost image (the design under the render) to this PNG.")
    var ghost: String?

    @Option(help: "Write the pixel-difference image to this PNG (red: differs, yellow: anti-aliasing only, grey: same, blue stripes: ignored).")
    var diff: String?

    @Option(help: "Write the report JSON (schema ghostline-review/1) to this file.")
    var report: String?

    @Option(help: "Write the self-contained review page to this HTML file.")
    var html: String?

    @Option(parsing: .unconditional, help: "Per-pixel colour threshold, 0…1 (YIQ distance, as pixelmatch).")
    var threshold: Double = 0.1

    @Option(parsing: .unconditional, help: "Largest share of non-background pixels that may differ and still pass, 0…1.")
    var tolerance: Double = 0.01

    @Option(name: .customLong("baseline-tolerance"), parsing: .unconditional, help: "Largest baseline offset in points that still passes (default: one device pixel).")
    var baselineTolerance: Double?

    @Option(parsing: .unconditional, help: "Opacity of the design under the render in the ghost image, 0…1.")
    var opacity: Double = 0.3

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliasing-only differences as differences.")
    var includeAA = false

    @Option(help: "When the sizes differ, the corner the overlap is compared from: top-left (the default and only one). A size difference fails the check, with every output written.")
    var anchor: String?

    @Flag(name: .customLong("allow-missing-glyphs"), help: "Let labels with characters no font has pass (they draw as empty boxes; by default that fails the check).")
    var allowMissingGlyphs = false

    @Option(help: "Comparison rules: ghostline (the default: an edge that moved is never excused as anti-aliasing) or pixelmatch (exactly pixelmatch 7.2.0: its anti-aliasing test, transparency on its checkerboard, the ratio over all pixels).")
    var compat: String = DiffCompatibility.ghostline.rawValue

    @Option(parsing: .unconditionalSingleValue,
            help: "Leave the box X,Y,W,H (points, y down from the top-left) out of every statistic, e.g. a status bar: --ignore 0,0,375,44. Repeatable.")
    var ignore: [String] = []

    @Option(name: .customLong("diff-color"), help: "Diff image: colour of differing pixels, #RRGGBB (default #FF0000).")
    var diffColor: String?

    @Option(name: .customLong("diff-color-alt"),
            help: "Diff image: colour of differing pixels that are darker in the design than in the render, #RRGGBB (default: --diff-color).")
    var diffColorAlt: String?

    @Option(name: .customLong("aa-color"), help: "Diff image: colour of anti-aliasing-only pixels, #RRGGBB (default #FFFF00).")
    var aaColor: String?

    @Option(name: .customLong("diff-alpha"), parsing: .unconditional, help: "Diff image: opacity of the faded original under the marks, 0…1.")
    var diffAlpha: Double = 0.1

    @Flag(name: .customLong("diff-mask"), help: "Diff image: draw only the differences, on a transparent background.")
    var diffMask = false

    func reviewOptions() throws -> ReviewOptions {
        guard (0...1).contains(threshold) else { throw CLIError("--threshold \(threshold): use a value from 0 to 1") }
        guard (0...1).contains(tolerance) else { throw CLIError("--tolerance \(tolerance): use a ratio from 0 to 1, e.g. 0.01") }
        guard (0...1).contains(opacity) else { throw CLIError("--opacity \(opacity): use a value from 0 to 1") }
        if let baselineTolerance, !(0...1000).contains(baselineTolerance) {
            throw CLIError("--baseline-tolerance \(baselineTolerance): use points from 0 to 1000")
        }
        if let anchor, anchor.lowercased() != "top-left" { throw CLIError("--anchor \(anchor): only top-left is supported") }
        guard let compatibility = DiffCompatibility(rawValue: compat.lowercased()) else {
            throw CLIError("--compat \(compat): use ghostline or pixelmatch")
        }
        guard (0...1).contains(diffAlpha) else { throw CLIError("--diff-alpha \(diffAlpha): use a value from 0 to 1") }
        func colour(_ value: String?, flag: String) throws -> Color? {
            guard let value else { return nil }
            guard let parsed = Color(hex: value) else { throw CLIError("\(flag) \(value): write a colour as #RRGGBB, e.g. #FF00FF") }
            // The diff image's marks are opaque, as pixelmatch's are: an alpha would be dropped, so it is refused.
            guard value.count == 7 else {
                throw CLIError("\(flag) \(value): the diff image's marks are opaque; write the colour as #RRGGBB, without alpha (--diff-alpha fades the picture under them)")
            }
            return parsed
        }
        var options = ReviewOptions()
        options.threshold = threshold
        options.tolerance = tolerance
        options.baselineTolerance = baselineTolerance
        options.opacity = opacity
        options.includeAA = includeAA
        options.allowMissingGlyphs = allowMissingGlyphs
        options.makeDiffImage = diff != nil || html != nil
        options.compatibility = compatibility
        options.differenceColor = try colour(diffColor, flag: "--diff-color") ?? options.differenceColor
        options.darkerColor = try colour(diffColorAlt, flag: "--diff-color-alt")
        options.antialiasingColor = try colour(aaColor, flag: "--aa-color") ?? options.antialiasingColor
        options.diffAlpha = diffAlpha
        options.diffMask = diffMask
        options.ignore = try ignore.map(Self.ignoreBox)
        return options
    }

    /// `X,Y,W,H` in points: four finite numbers, a positive width and height, within ±1,000,000 pt.
    static func ignoreBox(_ text: String) throws -> Rect {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2], let height = numbers[3],
              [x, y, width, height].allSatisfy(\.isFinite) else {
            throw CLIError("--ignore \(text): write the box as X,Y,W,H in points, e.g. --ignore 0,0,375,44")
        }
        guard width > 0, height > 0 else { throw CLIError("--ignore \(text): the width and height must be positive") }
        guard [x, y, width, height].allSatisfy({ abs($0) <= LabelLines.largestCoordinate }) else {
            throw CLIError("--ignore \(text): use points between -1000000 and 1000000")
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// A review error as the CLI reports it: a bad ignore box is named by the `--ignore` value it came from.
    func cliError(_ error: any Error) -> CLIError {
        var cause = error
        if case let .review(inner)? = error as? DesignCheckError { cause = inner }
        if case let ReviewError.badIgnoreBox(index, _, reason)? = cause as? ReviewError, ignore.indices.contains(index) {
            return CLIError("--ignore \(ignore[index]): \(reason)")
        }
        return CLIError(error)
    }

    /// The artifacts asked for, by kind (the render too, for `check --render`).
    func artifactPaths(render: String? = nil) -> [DesignCheckArtifact: String] {
        var paths: [DesignCheckArtifact: String] = [:]
        paths[.render] = render
        paths[.ghost] = ghost
        paths[.diff] = diff
        paths[.report] = report
        paths[.page] = html
        return paths
    }

    /// Writes every requested output all-or-nothing, prints the summary and exits 0 (pass) or 1 (differs).
    /// Warnings (the images', and the labels' missing glyphs) follow the outputs, so a run that fails to write prints
    /// its one error line and nothing else.
    func finish(_ result: DesignCheckResult, render: String? = nil) throws {
        let paths = artifactPaths(render: render)
        do { try result.write(paths) } catch { throw CLIError(error) }
        try report(result, paths: paths)
    }

    /// Prints the warnings and the summary of a check whose outputs are written, and exits 0 (pass) or 1 (differs).
    func report(_ result: DesignCheckResult, paths: [DesignCheckArtifact: String]) throws {
        printWarnings(result.warnings)
        if let layout = result.layout { printWarnings(GhostlineWarning.missingGlyphs(in: layout)) }   // check's render; diff has none
        // With an artifact on standard output, the summary goes to stderr so the two never mix.
        if paths.values.contains(OutputFiles.standardOutput) {
            FileHandle.standardError.write(Data(result.summary.utf8))
        } else {
            print(result.summary, terminator: "")
        }
        if !result.passes { throw ExitCode(1) }
    }
}

/// Each warning from reading the images as one stderr line.
func printWarnings(_ warnings: [some CustomStringConvertible]) {
    for warning in warnings {
        FileHandle.standardError.write(Data("ghostline: warning: \(warning)\n".utf8))
    }
}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare a render with a design export: pixel diff, ghost image, report in points.",
        discussion: """
        The scale comes from --scale, else from an @2x/@3x suffix of either file name, else 1. With --layout (a layout
        JSON from `ghostline render --layout`), every label line's baseline is measured in both images and reported.
        Exit status: 0 within tolerance, 1 when they differ, 2 on bad input. Any output may be - (standard output;
        the summary then goes to stderr).

        Examples:
          ghostline diff render@3x.png design@3x.png
          ghostline diff render@3x.png design@3x.png --layout render.json --ghost ghost.png --html review.html
          ghostline diff a.png b.png --compat pixelmatch --threshold 0.05 --diff diff.png
          ghostline diff render@3x.png design@3x.png --ignore 0,0,375,44 --report -
        """
    )

    @Argument(help: "The render (PNG, JPEG or WebP).") var render: String
    @Argument(help: "The design export (PNG, JPEG or WebP).") var design: String
    @Option(parsing: .unconditional, help: "Pixels per point: 1, 2 or 3 (default: the files' @Nx suffix, else 1).") var scale: Int?
    @Option(help: "The render's layout JSON, to measure baselines per label line.") var layout: String?
    @Option(help: "The render's background colour (#RRGGBB); default: its top-left pixel.") var background: String?
    @OptionGroup var outputs: ReviewOutputOptions

    func run() throws {
        let options = try outputs.reviewOptions()
        let resolvedScale = try Self.resolveScale(scale, render, design)
        var requestedBackground: Color?
        if let background {
            guard let parsed = Color(hex: background) else { throw CLIError("--background \(background): write #RRGGBB") }
            // The background is matched as an opaque colour: an alpha would be dropped, so it is refused.
            guard background.count == 7 else {
                throw CLIError("--background \(background): the background is compared as an opaque colour; write it as #RRGGBB, without alpha")
            }
            requestedBackground = parsed
        }
        var overrides = SceneOverrides()
        overrides.scale = resolvedScale
        // Outputs are checked before the images are read: two 16384² PNGs take seconds to compare.
        do {
            try OutputFiles.check(Array(outputs.artifactPaths().values).sorted(), inputs: [render, design] + (layout.map { [$0] } ?? []))
        } catch { throw CLIError(error) }
        let check = DesignCheck(render: .image(path: render, layout: layout), design: design, overrides: overrides,
                                options: options, renderBackground: requestedBackground)
        let result: DesignCheckResult
        // Without a layout or a page, the check streams both files a block of rows at a time, and writes the diff
        // image and the ghost as it goes.
        let paths = outputs.artifactPaths()
        do { result = try check.run(writing: paths) } catch { throw outputs.cliError(error) }
        try outputs.report(result, paths: paths)
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
        discussion: """
        The scale comes from --scale, else the design's @Nx suffix, else the scene's. Exit status: 0 within tolerance,
        1 when they differ, 2 on bad input. All outputs, --render included, are written together or not at all; any
        may be - (standard output; the summary then goes to stderr).

        Examples:
          ghostline check card.yaml --design designs/card@3x.png
          ghostline check card.yaml --design designs/card@3x.png --ghost ghost.png --diff diff.png --html review.html
          ghostline check card.yaml --design designs/card@3x.png --model css --ignore 0,0,375,44 --report -
        """
    )

    @OptionGroup var sceneOptions: SceneOptions
    @Option(help: "The design export (PNG, JPEG or WebP) to compare with; its @Nx suffix sets the scale unless --scale does.") var design: String
    @Option(name: .customLong("render"), help: "Also write the render to this PNG.") var renderOutput: String?
    @OptionGroup var outputs: ReviewOutputOptions

    func run() throws {
        do {
            try OutputFiles.check(Array(outputs.artifactPaths(render: renderOutput).values).sorted(),
                                  inputs: [design] + [sceneOptions.scene].compactMap { $0 })
        } catch { throw CLIError(error) }
        let session = try sceneOptions.fonts.session()
        let render = try sceneOptions.checkRender(with: session.loader)
        let check = session.check(render, design: design, overrides: try sceneOptions.overrides(),
                                  options: try outputs.reviewOptions())
        var result: DesignCheckResult
        do { result = try check.run(for: Set(outputs.artifactPaths(render: renderOutput).keys)) } catch {
            throw sceneIgnoreError(error, render: render, loader: session.loader) ?? outputs.cliError(error)
        }
        // The report names the render by the file it was written to, when it was.
        if let renderOutput { result.comparison.renderPath = renderOutput }
        try outputs.finish(result, render: renderOutput)
    }

    /// A scene's `ignore:` box that the review refused, as the scene error it is: the file, the box's line:column and
    /// key path, and the fix (the review numbers the scene's boxes after the `--ignore` ones). Nil for any other error.
    func sceneIgnoreError(_ error: any Error, render: DesignCheck.Render, loader: SceneLoader) -> CLIError? {
        guard case let .review(.badIgnoreBox(index, box, reason))? = error as? DesignCheckError,
              index >= outputs.ignore.count else { return nil }
        let description: SceneDescription
        switch render {
        case .description(let given, _): description = given
        case .scene(let path): guard let read = try? loader.describe(path: path) else { return nil }; description = read
        case .image: return nil
        }
        let numbers = [box.x, box.y, box.width, box.height].map { JSONValue.format($0) }.joined(separator: ",")
        let clause = reason.components(separatedBy: "; ").first ?? reason
        return CLIError(description.ignoreError(index: index - outputs.ignore.count, problem: "the box \(numbers) pt: \(clause)",
                                                fix: "give x, y, width and height in points (not pixels), inside the rendered image").description)
    }
}
