import ArgumentParser
import Foundation
import Ghostline

struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Work with design tokens (W3C Design Tokens format).",
        discussion: """
        See `ghostline tokens import --help` for its options.

        Examples:
          ghostline tokens import tokens.json -o styleguide.yaml
          ghostline tokens import tokens.json -o - > styleguide.yaml
        """,
        subcommands: [TokensImportCommand.self]
    )

    /// `ghostline tokens` alone is a usage error, as `ghostline` alone is (it printed the help and exited 0).
    func run() throws {
        throw CLIError("no tokens command given; use `ghostline tokens import TOKENS.json -o STYLEGUIDE.yaml` (see `ghostline tokens --help`)")
    }
}

struct TokensImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn the typography tokens of a W3C design tokens file into a style guide for `include:`.",
        discussion: """
        Reads the W3C Design Tokens Community Group format, as design tools' token plug-ins export it: every token \
        of type `typography` (fontFamily, fontWeight, fontSize, lineHeight, letterSpacing, fontStyle) becomes a \
        style named by its path; aliases {group.token} are resolved; sizes in px or rem (16 px). Tokens of other \
        types are listed on stderr and in the file's header, not imported.

        Examples:
          ghostline tokens import tokens.json -o styleguide.yaml
          ghostline tokens import tokens.json -o - > styleguide.yaml
        """
    )

    @Argument(help: "The design tokens JSON file.") var tokens: String
    @Option(name: .shortAndLong, help: "The style guide YAML to write (use it with `include:` in a scene).") var output: String

    func run() throws {
        let imported = try DesignTokens(contentsOf: tokens)
        var files = OutputFiles(inputs: [tokens])
        do {
            try files.stage(imported.styleGuideYAML(source: URL(fileURLWithPath: tokens).lastPathComponent), to: output)
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
        var summary = "tokens: \(imported.styles.count) typography token(s) → \(output)"
        if !imported.skipped.isEmpty {
            summary += "; not styles, not imported: " + imported.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        FileHandle.standardError.write(Data((summary + "\n").utf8))
    }
}
