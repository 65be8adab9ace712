import ArgumentParser
import Foundation
import Ghostline

@main
struct GhostlineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ghostline",
        abstract: "Lay out and render text the way UIKit does, headless, and compare it with design exports.",
        discussion: """
        Exit status: 0 success (or within tolerance), 1 a design check that differs, 2 bad input or usage (one line on stderr names the file, the place and the fix).
        Scene files are YAML (or JSON) as described in docs/scene-format.md. A scene path of - reads the scene from standard input; an output path of - writes to standard output.

        Examples:
          ghostline render card.yaml -o card@3x.png --layout card.json
          ghostline render --text "Pixel-perfect" --font Inter --size 28 -o title.png
          ghostline check card.yaml --design designs/card@3x.png --html review.html
          ghostline diff render@3x.png design@3x.png --diff diff.png
        """,
        version: GhostlineVersion.current,
        subcommands: [RenderCommand.self, LayoutCommand.self, MatrixCommand.self, CheckCommand.self, DiffCommand.self,
                      MetricsCommand.self, FontsCommand.self, TokensCommand.self, ImportCommand.self, LintCommand.self, SuiteCommand.self,
                      ReviewAppCommand.self]
    )

    /// Without a command there is nothing to do: say so on one line and exit 2, as a usage error.
    func run() throws {
        throw CLIError("no command given; usage: ghostline <command> [options], with a command from \(Self.commandNames.joined(separator: ", ")); see `ghostline --help`")
    }

    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }

    /// ArgumentParser exits with 64 on usage errors; Ghostline's contract is 2 for any bad input, and our own
    /// errors print as their one-line description without a usage dump.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, !first.hasPrefix("-"), first != "help", !commandNames.contains(first) {
            fail(unknownCommandMessage(first))
        }
        // `ghostline help NAME` for a command that does not exist: an error, not the general help with exit 0.
        if arguments.first == "help", arguments.count > 1, !arguments[1].hasPrefix("-"), !commandNames.contains(arguments[1]) {
            fail(unknownCommandMessage(arguments[1]))
        }
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitIfHelp(error)
            // One line: ArgumentParser's own message, then where to read more (its usage dump would be several).
            let message = message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            fail("\(message); see `ghostline help`")
        }
        do {
            try command.run()
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            exitIfHelp(error)
            // The library's errors are one line each, file and place first, then the fix: printed as they are.
            fail("\(error)")
        }
    }

    /// `--help`, `--version` and `help`: ArgumentParser's page, exit 0.
    static func exitIfHelp(_ error: any Error) {
        guard exitCode(for: error) == .success else { return }
        print(fullMessage(for: error))
        Foundation.exit(0)
    }

    static func fail(_ message: String) -> Never {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data(("ghostline: " + line + "\n").utf8))
        Foundation.exit(2)
    }

    /// "unknown command `rendr`; did you mean `render`?" — the nearest command by edit distance, when it is near.
    static func unknownCommandMessage(_ word: String) -> String {
        let shown = word.count > 40 ? String(word.prefix(40)) + "…" : word
        if let name = Spelling.nearest(to: word, among: commandNames) {
            return "unknown command `\(shown)`; did you mean `\(name)`? (see `ghostline --help`)"
        }
        return "unknown command `\(shown)`; use one of \(commandNames.joined(separator: ", ")) (see `ghostline --help`)"
    }
}

/// An error already phrased for the user: one line, file and place first, then the fix.
struct CLIError: Error, CustomStringConvertible {
    let message: String
    /// ArgumentParser prints an error thrown from `validate()` by its description: the message alone.
    var description: String { message }
    init(_ message: String) { self.message = message }
}

/// Which fonts a command sees: the system's, plus directories, or only those directories.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font-dir"), help: "A directory of fonts to see beside the system's (repeatable); with --no-system-fonts, the only ones.")
    var fontDirectories: [String] = []
    @Flag(name: .customLong("no-system-fonts"), help: "See only --font-dir directories and the scene's `fonts:` files: no fontconfig configuration is read, so other installed fonts cannot change a render.")
    var noSystemFonts = false

    /// A session over the font set these options name; every directory must exist.
    func session() throws -> GhostlineSession {
        do { return GhostlineSession(fontSet: try FontSet(checkingDirectories: fontDirectories, systemFonts: !noSystemFonts)) } catch {
            guard error == .noFontVisible else { throw CLIError("--font-dir \(error)") }
            throw CLIError("--no-system-fonts: no font would be visible; add --font-dir DIR, e.g. --font-dir /usr/share/fonts/opentype/inter")
        }
    }
}

/// The scene file, fonts, scale and model: what every command that lays out a scene takes.
struct CommonSceneOptions: ParsableArguments {
    @Argument(help: "The scene file (YAML or JSON); - reads it from standard input.") var scene: String?
    @OptionGroup var fonts: FontOptions
    @Option(parsing: .unconditional, help: "Pixels per point: 1, 2 or 3 (overrides canvas.scale; default: the scene's, else 3).") var scale: Int?
    @Option(help: "Layout model: uikit (UIKit's rules) or css (browsers, Figma, Sketch). Overrides the scene's `model` (default: uikit).")
    var model: String?
    @Option(name: .customLong("color-scheme"), help: "light or dark: which value of the scene's two-scheme colours is drawn (overrides canvas.colorScheme; default: light).")
    var colorScheme: String?
    @Option(name: .customLong("chromium-fonts"), help: "web or installed (css model): where Chromium found the design's fonts. installed: by family name through fontconfig (font-family: Inter with no @font-face), which above @1x puts a baseline one device pixel higher when the font's descent rounds down, and draws a variable font at its named instance nearest the weight, variations unapplied (default: web, as @font-face).")
    var chromiumFonts: String?

    /// `--chromium-fonts` parsed; an unknown word is refused with the words that work.
    func parsedChromiumFonts() throws -> ChromiumFonts? {
        guard let chromiumFonts else { return nil }
        guard let value = ChromiumFonts(rawValue: chromiumFonts.lowercased()) else {
            throw CLIError("--chromium-fonts \(chromiumFonts): use one of \(ChromiumFonts.names)")
        }
        return value
    }
}

/// Options every command that lays out a scene shares.
struct SceneOptions: ParsableArguments, SceneArguments {
    @OptionGroup var common: CommonSceneOptions
    @Option(name: .customLong("content-size"),
            help: "Dynamic Type category: xSmall Small Medium Large xLarge xxLarge xxxLarge AX1 … AX5, or UIKit's names (extraLarge, accessibilityMedium, …); overrides canvas.contentSize (default: Large).")
    var contentSize: String?
}

/// `matrix`'s scene options: the shared ones but `--content-size`, which its help does not offer since the sheet has
/// every category. The option is still read (hidden), to refuse it with that reason rather than "unknown option".
struct SheetSceneOptions: ParsableArguments, SceneArguments {
    @OptionGroup var common: CommonSceneOptions
    @Option(name: .customLong("content-size"), help: .hidden) var refusedContentSize: String?

    var contentSize: String? { nil }
}

/// What the scene options give a command, and how it reads the scene with them.
protocol SceneArguments {
    var common: CommonSceneOptions { get }
    var contentSize: String? { get }
}

extension SceneArguments {
    var scene: String? { common.scene }
    var fonts: FontOptions { common.fonts }

    func overrides() throws -> SceneOverrides {
        var overrides: SceneOverrides
        do { overrides = try SceneOverrides(scaleFactor: common.scale, modelName: common.model, contentSizeName: contentSize,
                                            colorSchemeName: common.colorScheme) } catch {
            throw CLIError(error.flagged)
        }
        overrides.chromiumFonts = try common.parsedChromiumFonts()
        return overrides
    }

    /// The scene argument, which every command but `render --text` needs.
    func requiredScene() throws -> String {
        guard let scene else { throw CLIError("no scene given; pass a scene file (or - for standard input), e.g. ghostline render card.yaml -o card.png") }
        return scene
    }

    /// The scene parsed, from its file or from standard input.
    func describe(with loader: SceneLoader) throws -> SceneDescription {
        let path = try requiredScene()
        return try path == "-" ? loader.describeStandardInput() : loader.describe(path: path)
    }

    func load(with session: GhostlineSession) throws -> Scene {
        let loader = session.loader
        let description = try describe(with: loader)
        return try loader.resolve(description, overrides: try overrides())
    }

    /// What a check compares: the scene file, or the scene read from standard input.
    func checkRender(with loader: SceneLoader) throws -> DesignCheck.Render {
        let path = try requiredScene()
        guard path == "-" else { return .scene(path: path) }
        return .description(try describe(with: loader), name: SceneLoader.standardInputName)
    }
}

extension SceneOverrideError {
    /// The message with the flag the value came from: "--content-size Huge: use one of …".
    var flagged: String { "--\(field.rawValue.replacingOccurrences(of: "S", with: "-s")) \(value): \(allowed)" }
}

