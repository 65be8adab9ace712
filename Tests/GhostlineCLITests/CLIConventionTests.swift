import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineImage
import GhostlinePNG
import GhostlineRaster
import GhostlineScene
import Testing

/// What a command-line user expects of any careful tool: usage errors on one line with exit 2, a suggestion for a
/// misspelt command, negative numbers taken as values, enum values in any case, `-` for standard input and
/// output, an example in every command's help, and a one-line render without a scene file.
@Suite("Command line: conventions")
struct CLIConventionTests {
    static let subcommands = ["render", "layout", "matrix", "check", "diff", "metrics", "fonts", "tokens", "tokens import", "suite", "suite run",
                              "suite merge"]

    @Test func noArgumentsIsAUsageErrorOnOneLine() throws {
        let result = try runCLI([])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("usage: ghostline <command>") && result.stderr.contains("render"))
    }

    @Test(arguments: [("rendr", "render"), ("chek", "check"), ("difff", "diff"), ("layuot", "layout"), ("Render", "render")])
    func aMisspeltCommandGetsASuggestion(typed: String, meant: String) throws {
        let result = try runCLI([typed, Paths.demoScene])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("did you mean `\(meant)`?"), "\(result.stderr)")
    }

    @Test func anUnrelatedWordListsTheCommands() throws {
        let result = try runCLI(["zebra"])
        #expect(result.status == 2 && result.stderr.contains("use one of render, layout"))
    }

    /// `--scale -1` is the value -1 (and refused as a scale), not "a missing value".
    @Test func negativeNumbersAreValues() throws {
        let scale = try runCLI(["render", Paths.demoScene, "-o", "/tmp/never.png", "--scale", "-1"])
        #expect(scale.status == 2)
        #expect(scale.stderr == "ghostline: --scale -1: use 1, 2 or 3\n")
        let size = try runCLI(["metrics", "Inter", "--size", "-5"])
        #expect(size.status == 2 && size.stderr.contains("--size -5.0: use a point size"), "\(size.stderr)")
        let threshold = try runCLI(["diff", "a.png", "b.png", "--threshold", "-0.1"])
        #expect(threshold.status == 2 && threshold.stderr.contains("--threshold -0.1"), "\(threshold.stderr)")
    }

    /// An ignore box may start left of or above the canvas.
    @Test func anIgnoreBoxMayHaveNegativeCoordinates() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("card@3x.png").path
        #expect(try runCLI(["render", Paths.demoScene, "-o", png]).status == 0)
        let result = try runCLI(["diff", png, png, "--ignore", "-5,-5,20,20", "--report", dir.appendingPathComponent("r.json").path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func enumValuesMatchInAnyCase() throws {
        let lower = try runCLI(["layout", Paths.demoScene, "--model", "css", "--content-size", "AX3"])
        let upper = try runCLI(["layout", Paths.demoScene, "--model", "CSS", "--content-size", "ax3"])
        #expect(lower.status == 0 && upper.status == 0)
        #expect(lower.stdout == upper.stdout)
        let uikitName = try runCLI(["layout", Paths.demoScene, "--model", "Css", "--content-size", "AccessibilityLarge"])
        #expect(uikitName.stdout == lower.stdout)
        let compat = try runCLI(["diff", "/no/a.png", "/no/b.png", "--compat", "PixelMatch"])
        #expect(!compat.stderr.contains("--compat"), "\(compat.stderr)")   // refused for the missing file, not the value
    }

    /// Scene values too: `Center`, CSS's `pre-wrap` and Swift's `.trailing` are `center`, `preWrap`, `trailing`.
    @Test func sceneEnumValuesMatchInAnySpelling() throws {
        let loader = SceneLoader(fonts: FontContext())
        func layoutJSON(_ alignment: String, _ whiteSpace: String) throws -> String {
            let yaml = """
            canvas: { width: 200, scale: 2 }
            model: css
            styles: { s: { font: Inter, size: 17, whiteSpace: \(whiteSpace) } }
            root: { align: Leading, children: [ { label: { id: a, text: "Hello  world", style: s, alignment: \(alignment) } } ] }
            """
            let scene = try loader.parse(yaml, path: Paths.demoScene)
            return LayoutJSON.encode(scene.layout(), palette: scene.palette)
        }
        let canonical = try layoutJSON("center", "preWrap")
        #expect(try layoutJSON("Center", "pre-wrap") == canonical)
        #expect(try layoutJSON("CENTER", "PRE_WRAP") == canonical)
        #expect(try layoutJSON("center", "normal") != canonical)   // the value is really read
        #expect(throws: SceneError.self) { try layoutJSON("centre", "preWrap") }
    }

    @Test func everyCommandsHelpHasAnExampleAndItsDefaults() throws {
        for command in Self.subcommands {
            let help = try runCLI(command.split(separator: " ").map(String.init) + ["--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("\nExamples:\n"), "\(command) --help has no Examples: block")
            #expect(help.stdout.contains("ghostline \(command) "), "\(command) --help's example does not run the command")
        }
        #expect(try runCLI(["diff", "--help"]).stdout.contains("(default: 0.1)"))
        #expect(try runCLI(["metrics", "--help"]).stdout.contains("(default: 17.0)"))
    }

    /// The examples of `suite`, `suite merge` and `tokens` are real: run in order in a folder holding what they name
    /// (a manifest, a scene and its design, a tokens file), each succeeds.
    @Test func theSuiteAndTokensExamplesRun() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("card.yaml").path
        try FileManager.default.copyItem(atPath: Paths.demoScene, toPath: scene)
        #expect(try runCLI(["render", scene, "-o", dir.appendingPathComponent("card@3x.png").path]).status == 0)
        try "entries:\n  - { scene: card.yaml, design: card@3x.png }\n  - { name: again, scene: card.yaml, design: card@3x.png }\n"
            .write(to: dir.appendingPathComponent("ghostline.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Paths.root.appendingPathComponent("Fixtures/scenes/design-tokens.json").path,
                                         toPath: dir.appendingPathComponent("tokens.json").path)
        /// The lines of the help's Examples block, with the lines the help wrapped joined again.
        func examples(_ command: [String]) throws -> [String] {
            let help = try runCLI(command + ["--help"]).stdout
            let block = try #require(help.components(separatedBy: "\nExamples:\n").dropFirst().first).components(separatedBy: "\n\n")[0]
            var lines: [String] = []
            for line in block.split(separator: "\n") {
                if line.hasPrefix("  ") { lines.append(line.trimmingCharacters(in: .whitespaces)) } else { lines[lines.count - 1] += " " + line }
            }
            return lines
        }
        var commands: [String] = []
        for command in [["suite", "run"], ["suite"], ["suite", "merge"], ["tokens"], ["tokens", "import"]] {
            commands += try examples(command)
        }
        #expect(commands.count >= 11)
        for line in commands {
            #expect(line.hasPrefix("ghostline "))
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "'\(Paths.executable.path)'" + line.dropFirst("ghostline".count) + " >/dev/null 2>&1"]
            shell.currentDirectoryURL = dir
            try shell.run()
            shell.waitUntilExit()
            #expect(shell.terminationStatus == 0, "`\(line)` exited \(shell.terminationStatus)")
        }
    }

    /// `-o -` writes the same PNG to standard output that `-o FILE` writes to the file; `-` reads the scene from
    /// standard input, relative paths from the working directory.
    @Test func dashIsStandardInputAndOutput() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("card.png").path
        #expect(try runCLI(["render", Paths.demoScene, "-o", file]).status == 0)
        let expected = try Data(contentsOf: URL(fileURLWithPath: file))

        let toStdout = try runCLIBytes(["render", Paths.demoScene, "-o", "-"])
        #expect(toStdout.status == 0 && toStdout.stdout == expected)

        let scene = try Data(contentsOf: URL(fileURLWithPath: Paths.demoScene))
        let sceneDirectory = URL(fileURLWithPath: Paths.demoScene).deletingLastPathComponent()
        let fromStdin = try runCLIBytes(["render", "-", "-o", "-"], input: scene, directory: sceneDirectory)
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(fromStdin.stdout == expected)

        // Errors in a scene from standard input name it as <stdin>, with its line.
        let broken = try runCLIBytes(["layout", "-"], input: Data("canvas: { width: -4 }\nroot: { children: [] }\n".utf8))
        #expect(broken.status == 2 && broken.stderr.hasPrefix("ghostline: <stdin>:1:"), "\(broken.stderr)")

        // Two outputs cannot share standard output; nothing is written when they would.
        let layout = dir.appendingPathComponent("never.json").path
        let both = try runCLIBytes(["render", Paths.demoScene, "-o", "-", "--layout", "-"])
        #expect(both.status == 2 && both.stdout.isEmpty && both.stderr.contains("standard output"))
        #expect(!FileManager.default.fileExists(atPath: layout))

        // A review's report on standard output: the JSON alone there, the summary on stderr.
        let report = try runCLIBytes(["diff", file, file, "--scale", "3", "--report", "-"])
        #expect(report.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: report.stdout) as? [String: Any])
        #expect(json["schema"] as? String == "ghostline-review/1")
        #expect(report.stderr.hasPrefix("PASS"))
    }

    /// `render --text` is the same label a scene file would describe: byte-identical PNGs.
    @Test func aOneLineRenderEqualsTheSameLabelInAScene() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fromText = dir.appendingPathComponent("text.png").path
        let result = try runCLI(["render", "--text", "Pixel-perfect line height", "--font", "Inter", "--size", "28",
                                 "--line-height", "38", "--width", "320", "--weight", "semibold", "--scale", "2", "-o", fromText])
        #expect(result.status == 0, "\(result.stderr)")
        let yaml = """
        canvas: { width: 320, scale: 2 }
        styles: { t: { font: Inter, size: 28, lineHeight: 38, weight: semibold } }
        root: { align: leading, children: [ { label: { id: text, text: "Pixel-perfect line height", style: t } } ] }
        """
        let scenePath = dir.appendingPathComponent("same.yaml").path
        try yaml.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let fromScene = dir.appendingPathComponent("scene.png").path
        #expect(try runCLI(["render", scenePath, "-o", fromScene]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fromText)) == Data(contentsOf: URL(fileURLWithPath: fromScene)))

        // Without --width the canvas is as wide as the line, to the pixel.
        let fitted = dir.appendingPathComponent("fitted.png").path
        #expect(try runCLI(["render", "--text", "Hello", "--size", "17", "--scale", "3", "-o", fitted]).status == 0)
        let header = try PNGCodec.readHeader(contentsOf: fitted)
        let layout = try runCLI(["render", "--text", "Hello", "--size", "17", "--scale", "3", "-o", fitted, "--layout", "-"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
        let element = try #require((json["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "text" })
        let width = try #require((element["frame"] as? [String: Any])?["width"] as? Double)
        #expect(header.width == Int((width * 3).rounded(.up)))
        #expect(header.width > 3 * 30 && header.width < 3 * 60)   // "Hello" at 17 pt is about 41 pt wide

        // Bad values are refused by their flag; label flags without --text are refused too.
        let bad = try runCLI(["render", "--text", "x", "--size", "0", "-o", fitted])
        #expect(bad.status == 2 && bad.stderr.contains("--size"))
        // Errors found while resolving name the flag they come from, not --text.
        let wide = try runCLI(["render", "--text", "x", "--width", "20000", "-o", fitted])
        #expect(wide.status == 2 && wide.stderr.hasPrefix("ghostline: --width:"), "\(wide.stderr)")
        let font = try runCLI(["render", "--text", "x", "--font", "NoSuchFontAnywhere", "-o", fitted])
        #expect(font.status == 2 && font.stderr.hasPrefix("ghostline: --font:"), "\(font.stderr)")
        let stray = try runCLI(["render", Paths.demoScene, "--size", "20", "-o", fitted])
        #expect(stray.status == 2 && stray.stderr.contains("--size sets the label of --text"))
    }

    /// `--debug all` draws every guide and a legend under the render naming each in its colour (the scene has a
    /// baseline grid, so all five are listed; without one the grid entry is left out).
    @Test func debugRendersCarryALegend() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = Paths.root.appendingPathComponent("Fixtures/scenes/dynamic-type.yaml").path
        let plain = dir.appendingPathComponent("plain.png").path, guided = dir.appendingPathComponent("all.png").path
        let some = dir.appendingPathComponent("some.png").path, noGrid = dir.appendingPathComponent("nogrid.png").path
        #expect(try runCLI(["render", scene, "-o", plain]).status == 0)
        #expect(try runCLI(["render", scene, "-o", guided, "--debug", "ALL"]).status == 0)
        #expect(try runCLI(["render", scene, "-o", some, "--debug", "baselines"]).status == 0)
        #expect(try runCLI(["render", Paths.demoScene, "-o", noGrid, "--debug", "all"]).status == 0)
        let cardPlain = try renderIsolated(Paths.demoScene).image, cardAll = try PNGCodec.read(contentsOf: noGrid)
        let gridColour = { () -> Color in var c = DebugOverlay.color(of: .grid); c.alpha = 255; return c }()
        #expect(!(cardPlain.height..<cardAll.height).contains { y in (0..<cardAll.width).contains { cardAll[$0, y] == gridColour } })
        let base = try PNGCodec.read(contentsOf: plain), all = try PNGCodec.read(contentsOf: guided)
        let one = try PNGCodec.read(contentsOf: some)
        #expect(all.width == base.width && all.height > base.height)
        #expect(one.height > base.height && one.height < all.height)   // one legend row, not five
        // Every guide's swatch is in the legend strip, at full opacity.
        let strip = (base.height..<all.height)
        for (guide, _) in DebugLegend.entries {
            var colour = DebugOverlay.color(of: guide)
            colour.alpha = 255
            let found = strip.contains { y in (0..<all.width).contains { all[$0, y] == colour } }
            #expect(found, "no swatch for \(guide) in the legend")
        }
    }
}
