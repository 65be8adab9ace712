import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineImage
import GhostlinePNG
import Testing

/// What a newcomer reads first says what the tool does (issue 35): the README's own scene is the file it checks,
/// its list of the commands that take the font flags is the commands' own, the suite's flag table has a row for
/// every flag, a scene without colours is drawn in the colours the page names for each scheme, and every example
/// in `--help` stays on its line.
@Suite("Docs: what a newcomer reads first")
struct NewcomerDocsTests {
    static func page(_ path: String) -> String {
        (try? String(contentsOf: Paths.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// The README's scene is `Examples/FirstCheck/card.yaml` character for character (its console block checks the
    /// file, so the YAML shown is what passes), and it is ten lines of YAML besides its comment.
    @Test func theReadmesSceneIsTheExampleFile() throws {
        let readme = Self.page("README.md")
        let file = Self.page("Examples/FirstCheck/card.yaml")
        let block = try #require(readme.components(separatedBy: "```yaml\n# Examples/FirstCheck/card.yaml").dropFirst().first?
            .components(separatedBy: "\n```").first, "README.md shows no ```yaml block of Examples/FirstCheck/card.yaml")
        #expect("# Examples/FirstCheck/card.yaml" + block + "\n" == file, "the README's scene and Examples/FirstCheck/card.yaml differ")
        #expect(file.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 10)
        #expect(readme.contains("$ ghostline check Examples/FirstCheck/card.yaml --design Examples/FirstCheck/design@3x.png\nPASS"))
        #expect(FileManager.default.fileExists(atPath: Paths.root.appendingPathComponent("Examples/FirstCheck/design@3x.png").path))
    }

    /// The README names exactly the commands whose help lists `--font-dir` and `--no-system-fonts`, and those it
    /// says refuse them do.
    @Test func theReadmeNamesTheCommandsThatTakeTheFontFlags() throws {
        let readme = Self.page("README.md")
        let sentence = try #require(readme.components(separatedBy: "--no-system-fonts` on every command that finds fonts (").dropFirst()
            .first?.components(separatedBy: ");").first, "the README no longer lists the commands that take --font-dir")
        let parts = sentence.components(separatedBy: "; ")
        #expect(parts.count == 2, "\(sentence)")
        func commands(_ text: String) -> [String] {
            text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        let taking = commands(parts[0]), refusing = commands(parts.last ?? "")
        let all = ["render", "layout", "matrix", "check", "diff", "metrics", "fonts", "tokens import", "import", "lint",
                   "suite", "suite merge", "review"]
        #expect(Set(taking + refusing) == Set(all), "the README's lists: \(taking) and \(refusing)")
        for command in all {
            let words = command.split(separator: " ").map(String.init)
            // `suite --help` lists its two subcommands; a run's options are under `suite run --help`.
            let help = try runCLI((command == "suite" ? ["suite", "run"] : words) + ["--help"])
            let takes = help.stdout.contains("--font-dir") && help.stdout.contains("--no-system-fonts")
            #expect(takes == taking.contains(command), "`ghostline \(command)` \(takes ? "takes" : "does not take") the font flags")
            if refusing.contains(command) {
                // With the arguments the command needs, so the flag is what it stops at.
                let needed = ["diff": ["a.png", "b.png"], "tokens import": ["tokens.json", "-o", "guide.yaml"], "suite merge": ["suite.json"]]
                let refused = try runCLI(words + (needed[command] ?? []) + ["--font-dir", "/tmp"])
                #expect(refused.status == 2 && refused.stderr.contains("--font-dir"), "\(command): \(refused.stderr)")
            }
        }
    }

    /// The `### suite` table of docs/scene-format.md has a row for every flag of `ghostline suite run --help`.
    @Test func theSuiteTableHasARowForEveryFlag() throws {
        let page = Self.page("docs/scene-format.md")
        let section = try #require(page.components(separatedBy: "\n### suite\n").dropFirst().first?
            .components(separatedBy: "\n### ").first)
        let rows = section.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        let help = try runCLI(["suite", "run", "--help"])
        let flags = Set(help.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  --") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }).subtracting(["--help", "--version"])
        #expect(flags.count >= 15 && flags.contains("--font-dir") && flags.contains("--no-system-fonts"), "\(flags.sorted())")
        for flag in flags.sorted() {
            #expect(rows.contains { $0.hasPrefix("| `\(flag) ") || $0.hasPrefix("| `\(flag)` ") }, "`suite` has no table row for \(flag)")
        }
        // `suite run`, which `suite --help` points to, is described on the page.
        #expect(try runCLI(["suite", "--help"]).stdout.contains("ghostline suite run"))
        #expect(section.contains("`ghostline suite run [MANIFEST|DIR]` is the same command spelt out"))
    }

    /// A scene with no colours is drawn as the Canvas table says: `systemBackground` and `label`, black on white in
    /// light and white on black in dark.
    @Test func aSceneWithoutColoursIsDrawnInTheSchemesDefaults() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = directory.appendingPathComponent("plain.yaml")
        try "canvas: { width: 60, scale: 1 }\nstyles: { s: { font: Inter, size: 40 } }\nroot: { children: [ { label: { text: \"H\", style: s } } ] }\n"
            .write(to: scene, atomically: true, encoding: .utf8)
        for (scheme, paper, ink) in [("light", 255, 0), ("dark", 0, 255)] {
            let png = directory.appendingPathComponent("\(scheme).png").path
            let result = try runCLI(["render", scene.path, "-o", png, "--color-scheme", scheme])
            #expect(result.status == 0, "\(result.stderr)")
            let image = try PNGCodec.read(contentsOf: png)
            let reds = (0..<image.height).flatMap { y in (0..<image.width).map { image[$0, y].red } }
            #expect(image[image.width - 1, 0].red == UInt8(paper), "\(scheme): the canvas")
            #expect(reds.contains(UInt8(ink)), "\(scheme): no pixel of the text colour")
        }
        let page = Self.page("docs/scene-format.md")
        #expect(page.contains("| `background` | colour ([Colours](#colours)) | `systemBackground`: `\"#FFFFFF\"` in light, `\"#000000\"` in dark |"))
        #expect(page.contains("the canvas is `systemBackground` and text is `label`, black on white in light and white on black in dark"))
    }

    /// Every example of every command's `--help` is one line within 79 columns, or lines ending in ` \` and
    /// continued, indented, on the next: never a command cut where the help's wrapping happened to fall.
    @Test func everyHelpExampleStaysOnItsLine() throws {
        let commands = ["", "render", "layout", "matrix", "check", "diff", "metrics", "fonts", "tokens", "tokens import", "import",
                        "lint", "suite", "suite run", "suite merge", "review"]
        for command in commands {
            let words = command.split(separator: " ").map(String.init)
            let help = try runCLI(words + ["--help"]).stdout
            let block = try #require(help.components(separatedBy: "\nExamples:\n").dropFirst().first?.components(separatedBy: "\n\n").first,
                                     "`ghostline \(command) --help` has no examples")
            var continued = false
            for line in block.components(separatedBy: "\n") {
                #expect(line.count <= 79, "`ghostline \(command) --help`: an example line is \(line.count) columns: \(line)")
                let opens = line.hasPrefix("  ghostline ") || line.hasPrefix("  cat ")
                #expect(continued ? line.hasPrefix("      ") : opens, "`ghostline \(command) --help`: a wrapped example: \(line)")
                continued = line.hasSuffix(" \\")
            }
            #expect(!continued, "`ghostline \(command) --help`: the last example ends in a continuation")
        }
    }
}
