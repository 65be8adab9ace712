import ArgumentParser
import Foundation
import Ghostline

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene to a PNG snapshot (and optionally its layout JSON).",
        discussion: """
        Outputs are written atomically: a failed run leaves no partial file behind. -o - writes the PNG to standard
        output (--layout - the JSON); - as the scene reads it from standard input. Without a scene, --text, --font and
        --size render one label (its canvas as wide as --width, or as its longest line).
        With --debug, a legend under the render names each guide in its colour.

        Examples:
          ghostline render card.yaml -o card@3x.png --layout card.json
          ghostline render card.yaml -o card@2x.png --scale 2 --debug all
          ghostline render --text "Pixel-perfect line height" --font Inter --size 28 \\
              --width 320 -o title.png
          cat card.yaml | ghostline render - -o - > card.png
        """
    )

    @OptionGroup var sceneOptions: SceneOptions
    @Option(name: .shortAndLong, help: "The PNG file to write; - for standard output.") var output: String
    @Option(help: "Also write the layout JSON (frames, lines and baselines in points) to this file; - for standard output.") var layout: String?
    @Option(help: "Guides to draw, comma-separated: boxes, baselines, capHeight, xHeight, grid, or all.") var debug: String?
    @Option(help: "Render one label with this text instead of a scene (with --font and --size).") var text: String?
    @Option(help: "For --text, an installed family or PostScript name, or a font file (default: Inter).") var font: String?
    @Option(parsing: .unconditional, help: "For --text, the point size (default: 17).") var size: Double?
    @Option(parsing: .unconditional, help: "For --text, the label's width in points (default: as wide as its longest line).") var width: Double?
    @Option(name: .customLong("line-height"), parsing: .unconditional, help: "For --text, a designed line height in points (default: the font's).")
    var lineHeight: Double?
    @Option(help: "For --text, the weight (regular, medium, semibold, bold, …, or a number from 1 to 1000).") var weight: String?
    @Option(help: "For --text, the text colour, #RRGGBB, or #RRGGBBAA to draw it translucent (default: black).") var color: String?
    @Option(parsing: .unconditional, help: "For --text, space around the label in points (default: 0).") var padding: Double?

    func run() throws {
        let session = try sceneOptions.fonts.session()
        let overlay: DebugOverlay
        do { overlay = try DebugOverlay(parsing: debug ?? "") } catch { throw CLIError("--debug \(error)") }
        let textMode = text != nil || sceneOptions.scene == nil
        // Outputs are checked before any work: a 16384 px render is not drawn only to be refused onto its scene.
        try OutputFiles.check([output] + (layout.map { [$0] } ?? []), inputs: textMode ? [] : [sceneOptions.scene].compactMap { $0 })
        let scene = try textMode ? textScene(session) : sceneOptions.load(with: session)
        let rendered: RenderedScene
        do {
            rendered = try session.render(scene, debug: overlay)
        } catch {
            // The one-label scene has no file: name the flag (it named a made-up `scene.swift` in the directory).
            if textMode { throw CLIError("--text: \(error.problem)\(error.fix.isEmpty ? "" : "; " + error.fix)") }
            throw error
        }
        var files = OutputFiles(inputs: rendered.inputFiles)
        do {
            try files.stage(try rendered.png(), to: output)
            if let layout { try files.stage(rendered.layoutJSON, to: layout) }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
        // Warnings come once the outputs are in place, so a failed run prints its one error line and nothing else.
        printWarnings(rendered.warnings)
    }

    /// The one-label scene of `--text`; the flags that only make sense with it are refused without it.
    func textScene(_ session: GhostlineSession) throws -> Scene {
        guard let text else {
            throw CLIError("no scene given; pass a scene file (or - for standard input), or --text with --font and --size, e.g. ghostline render --text \"Hello\" --font Inter --size 17 -o hello.png")
        }
        if let scene = sceneOptions.scene { throw CLIError("\(scene): pass a scene file or --text, not both") }
        var snapshot = TextSnapshot(text: text, font: font ?? "Inter", size: size ?? 17, width: width, lineHeight: lineHeight,
                                    padding: padding ?? 0)
        if let weight {
            guard let parsed = FontWeight(name: weight) else { throw CLIError("--weight \(weight): use one of \(FontWeight.acceptedNames), or a number from 1 to 1000") }
            snapshot.weight = parsed
        }
        if let color {
            guard let parsed = Color(hex: color) else { throw CLIError("--color \(color): write a colour as #RRGGBB or #RRGGBBAA, e.g. #0A84FF") }
            snapshot.color = parsed
        }
        let overrides = try sceneOptions.overrides()
        do {
            return try session.scene(snapshot, overrides: overrides)
        } catch {
            let flag = ["text": "--text", "font": "--font", "size": "--size", "width": "--width",
                        "lineHeight": "--line-height", "padding": "--padding"][error.field.rawValue] ?? "--text"
            throw CLIError("\(flag): \(error.problem)\(error.fix.isEmpty ? "" : "; " + error.fix)")
        }
    }

    func validate() throws {
        if text == nil {
            let stray = [("--font", font != nil), ("--size", size != nil), ("--width", width != nil), ("--line-height", lineHeight != nil),
                         ("--weight", weight != nil), ("--color", color != nil), ("--padding", padding != nil)].first { $0.1 }
            if let stray { throw CLIError("\(stray.0) sets the label of --text; with a scene file, set it in the scene's style") }
        }
    }
}

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print a scene's layout JSON: frames, and every line's start, end, x, width and baseline, in points.",
        discussion: """
        Examples:
          ghostline layout card.yaml --scale 2
          ghostline layout card.yaml --model css --content-size AX3 > card-ax3.json
        """
    )

    @OptionGroup var sceneOptions: SceneOptions

    func run() throws {
        let session = try sceneOptions.fonts.session()
        let laidOut = session.layout(try sceneOptions.load(with: session))
        printWarnings(laidOut.warnings)
        print(laidOut.json, terminator: "")
    }
}

