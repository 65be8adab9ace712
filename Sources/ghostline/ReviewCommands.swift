import ArgumentParser
import Foundation
import Ghostline

/// Outputs and thresholds shared by `diff` and `check`.
struct ReviewOutputOptions: ParsableArguments {
    @Option(help: "Write the ghost image (the design under the render) to this PNG.") var ghost: String?
    @Option(help: "Write the pixel-difference image to this PNG (red: differs, yellow: anti-aliasing only, grey: same, blue stripes: ignored).")
    var diff: String?
    @Option(help: "Write the report JSON (schema ghostline-review/1) to this file.") var report: String?
    @Option(help: "Write the self-contained review page to this HTML file.") var html: String?
    @Option(parsing: .unconditional, help: "Per-pixel colour threshold, 0…1 (YIQ distance, as pixelmatch).") var threshold: Double = 0.1
    @Option(parsing: .unconditional, help: "Largest share of non-background pixels that may differ and still pass, 0…1.") var tolerance: Double = 0.01
    @Option(name: .customLong("baseline-tolerance"), parsing: .unconditional, help: "Largest baseline offset in points that still passes (default: one device pixel).")
    var baselineTolerance: Double?
    @Option(name: .customLong("min-color-difference"), parsing: .unconditional,
            help: "Smallest colour difference (CIEDE2000) a faint area under the threshold must show to fail the check, 0…100 (default: the scene's minColorDifference, else 1: just noticeable).")
    var minColorDifference: Double?
    @Option(parsing: .unconditional, help: "Opacity of the design under the render in the ghost image, 0…1.") var opacity: Double = 0.3
    @Flag(name: .customLong("include-aa"), help: "Count anti-aliasing-only differences as differences.") var includeAA = false
    @Option(help: "When the sizes differ, the corner the overlap is compared from: top-left (the default and only one). A size difference fails the check, with every output written.")
    var anchor: String?
    @Flag(name: .customLong("allow-missing-glyphs"), help: "Let labels with characters no font has pass (they draw as empty boxes; by default that fails the check).")
    var allowMissingGlyphs = false
    @Option(help: "Comparison rules: ghostline (the default: an edge that moved is never excused as anti-aliasing) or pixelmatch (exactly pixelmatch 7.2.0: its anti-aliasing test, transparency on its checkerboard, the ratio over all pixels).")
    var compat: String = DiffCompatibility.ghostline.rawValue
    @Option(parsing: .unconditionalSingleValue,
            help: "Leave the box X,Y,W,H (points, y down from the top-left) out of every statistic, e.g. a status bar: --ignore 0,0,375,44. Repeatable.")
    var ignore: [String] = []
    @Option(name: .customLong("diff-color"), help: "Diff image: colour of differing pixels, #RRGGBB (default #FF0000).") var diffColor: String?
    @Option(name: .customLong("diff-color-alt"),
            help: "Diff image: colour of differing pixels that are darker in the design than in the render, #RRGGBB (default: --diff-color).")
    var diffColorAlt: String?
    @Option(name: .customLong("aa-color"), help: "Diff image: colour of anti-aliasing-only pixels, #RRGGBB (default #FFFF00).") var aaColor: String?
    @Option(name: .customLong("diff-alpha"), parsing: .unconditional, help: "Diff image: opacity of the faded original under the marks, 0…1.")
    var diffAlpha: Double = 0.1
    @Flag(name: .customLong("diff-mask"), help: "Diff image: draw only the differences, on a transparent background.") var diffMask = false

    func reviewOptions() throws -> ReviewOptions {
        var options = ReviewOptions()
        options.threshold = threshold
        options.tolerance = tolerance
        options.baselineTolerance = baselineTolerance
        options.minColorDifference = minColorDifference
        options.opacity = opacity
        options.includeAA = includeAA
        options.allowMissingGlyphs = allowMissingGlyphs
        options.makeDiffImage = diff != nil || html != nil
        options.diffMask = diffMask
        do {
            try options.validate()
            if let anchor, anchor.lowercased() != "top-left" { throw CLIError("--anchor \(anchor): only top-left is supported") }
            options.compatibility = try ReviewOptions.compatibility(named: compat)
            // The diff image's alpha is checked after --anchor and --compat, as it always was: with two bad flags, the
            // same one is named.
            options.diffAlpha = diffAlpha
            try options.validate()
            options.differenceColor = try diffColor.map { try ReviewOptions.markColor($0, for: .differenceColor) } ?? options.differenceColor
            options.darkerColor = try diffColorAlt.map { try ReviewOptions.markColor($0, for: .darkerColor) }
            options.antialiasingColor = try aaColor.map { try ReviewOptions.markColor($0, for: .antialiasingColor) } ?? options.antialiasingColor
            options.ignore = try ignore.map { try ReviewOptions.ignoreBox(parsing: $0) }
        } catch let error as ReviewOptionsError {
            throw CLIError("\(Self.flag(error.option)) \(error.value): \(error.advice(naming: Self.flag))")
        }
        return options
    }

    /// The flag that sets a review option.
    static func flag(_ option: ReviewOptionsError.Option) -> String {
        switch option {
        case .baselineTolerance: return "--baseline-tolerance"
        case .minColorDifference: return "--min-color-difference"
        case .diffAlpha: return "--diff-alpha"
        case .compatibility: return "--compat"
        case .differenceColor: return "--diff-color"
        case .darkerColor: return "--diff-color-alt"
        case .antialiasingColor: return "--aa-color"
        default: return "--" + option.rawValue
        }
    }

    /// A review error as the CLI reports it: a bad ignore box is named by the `--ignore` value it came from.
    func cliError(_ error: DesignCheckError) -> any Error {
        if case let .review(.badIgnoreBox(index, _, reason)) = error, ignore.indices.contains(index) {
            return CLIError("--ignore \(ignore[index]): \(reason)")
        }
        return error
    }

    /// The artifacts asked for, by kind (the render too, for `check --render`).
    func artifactPaths(render: String? = nil) -> [DesignCheckArtifact: String] {
        [.render: render, .ghost: ghost, .diff: diff, .report: report, .page: html].compactMapValues { $0 }
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
          ghostline diff render@3x.png design@3x.png --layout render.json \\
              --ghost ghost.png --html review.html
          ghostline diff a.png b.png --compat pixelmatch --threshold 0.05 \\
              --diff diff.png
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
        let resolvedScale: Scale
        do {
            resolvedScale = try DesignReview.scale(try scale.map { try SceneOverrides.scale(factor: $0) }, fileNames: [render, design])
        } catch let error as SceneOverrideError {
            throw CLIError(error.flagged)
        } catch let error as ConflictingScalesError {
            throw CLIError("the file names state different scales (\(error.fileNames.joined(separator: ", "))); pass --scale")
        }
        var requestedBackground: Color?
        if let background {
            guard let parsed = Color(hex: background) else { throw CLIError("--background \(background): write #RRGGBB") }
            // The background is matched as an opaque colour: an alpha would be dropped, so it is refused.
            guard background.count == 7 else {
                throw CLIError("--background \(background): the background is compared as an opaque colour; write it as #RRGGBB, without alpha")
            }
            requestedBackground = parsed
        }
        // Outputs are checked before the images are read: two 16384² PNGs take seconds to compare.
        try OutputFiles.check(Array(outputs.artifactPaths().values).sorted(), inputs: [render, design] + (layout.map { [$0] } ?? []))
        // Two images and no scene: the session sees no font at all (a diff never resolves one).
        let session = GhostlineSession(fontSet: FontSet(directories: [], systemFonts: false))
        let check = session.check(.image(path: render, layout: layout), design: design,
                                  overrides: SceneOverrides(scale: resolvedScale), options: options,
                                  renderBackground: requestedBackground)
        // Without a layout or a page, the check streams both files a block of rows at a time, and writes the diff
        // image and the ghost as it goes.
        let paths = outputs.artifactPaths()
        let result: DesignCheckResult
        do { result = try check.run(writing: paths) } catch { throw outputs.cliError(error) }
        try outputs.report(result, paths: paths)
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
          ghostline check card.yaml --design designs/card@3x.png \\
              --ghost ghost.png --diff diff.png --html review.html
          ghostline check card.yaml --design designs/card@3x.png --model css \\
              --ignore 0,0,375,44 --report -
          ghostline check card.yaml --design designs/card@3x.png --suggest
        """
    )

    @OptionGroup var sceneOptions: SceneOptions
    @Option(help: "The design export (PNG, JPEG or WebP) to compare with; its @Nx suffix sets the scale unless --scale does.") var design: String
    @Option(name: .customLong("render"), help: "Also write the render to this PNG.") var renderOutput: String?
    @Flag(help: "When the check fails, print what the design's ink says the designer set, as a scene patch (YAML) and UIKit and SwiftUI code, after checking the patched scene against the design.")
    var suggest = false
    @OptionGroup var outputs: ReviewOutputOptions

    func run() throws {
        let paths = outputs.artifactPaths(render: renderOutput)
        try OutputFiles.check(Array(paths.values).sorted(), inputs: [design] + [sceneOptions.scene].compactMap { $0 })
        let session = try sceneOptions.fonts.session()
        var check = session.check(try sceneOptions.checkRender(with: session.loader), design: design,
                                  overrides: try sceneOptions.overrides(), options: try outputs.reviewOptions(), renderFile: renderOutput)
        check.verifySuggestions = suggest
        let result: DesignCheckResult
        do { result = try check.run(for: Set(paths.keys)) } catch { throw outputs.cliError(error) }
        // Every output all or nothing; the warnings and the summary follow, so a run that fails to write prints its
        // one error line and nothing else.
        try result.write(paths)
        try outputs.report(result, paths: paths)
    }
}
