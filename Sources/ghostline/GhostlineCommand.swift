import ArgumentParser
import Foundation
import Ghostline
import GhostlineGeometry
import GhostlineLayout
import GhostlineRaster
import GhostlineScene

@main
struct GhostlineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ghostline",
        abstract: "Lay out and render text the way UIKit does, headless, and compare it with design exports.",
        discussion: """
        Exit status: 0 success (or within tolerance), 1 a design check that differs, 2 bad input or usage (one line on stderr names the file, the place and the fix).
        Scene files are YAML (or JSON) as described in the README's "Scene format" section.
        """,
        version: GhostlineVersion.current,
        subcommands: [RenderCommand.self, LayoutCommand.self, MatrixCommand.self, CheckCommand.self, DiffCommand.self,
                      MetricsCommand.self, TokensCommand.self, SuiteCommand.self]
    )

    /// ArgumentParser exits with 64 on usage errors; Ghostline's contract is 2 for any bad input, and our own
    /// errors print as their one-line description without a usage dump.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch let error as CLIError {
            FileHandle.standardError.write(Data(("ghostline: " + error.message + "\n").utf8))
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            // One line: ArgumentParser's own message, then where to read more (its usage dump would be several).
            let message = message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(Data("ghostline: \(message); see `ghostline help`\n".utf8))
            Foundation.exit(2)
        }
    }
}

/// An error already phrased for the user: one line, file and place first, then the fix.
struct CLIError: Error {
    let message: String
    init(_ message: String) { self.message = message }
    init(_ error: any Error) { self.message = String(describing: error) }
}

/// Options every command that lays out a scene shares.
struct SceneOptions: ParsableArguments {
    @Argument(help: "The scene file (YAML or JSON).")
    var scene: String

    @Option(help: "Pixels per point: 1, 2 or 3 (overrides canvas.scale).")
    var scale: Int?

    @Option(help: "Layout model: uikit (UIKit's rules) or css (browsers, Figma, Sketch). Overrides the scene's `model`.")
    var model: String?

    @Option(name: .customLong("content-size"),
            help: "Dynamic Type category: xSmall Small Medium Large xLarge xxLarge xxxLarge AX1 … AX5 (overrides canvas.contentSize).")
    var contentSize: String?

    func overrides() throws -> SceneOverrides {
        var overrides = SceneOverrides()
        if let scale {
            guard (1...3).contains(scale) else { throw CLIError("--scale \(scale): use 1, 2 or 3") }
            overrides.scale = Scale(scale)
        }
        if let model {
            guard let parsed = LayoutModel(rawValue: model) else { throw CLIError("--model \(model): use uikit or css") }
            overrides.model = parsed
        }
        if let contentSize {
            guard let parsed = ContentSizeCategory(name: contentSize) else {
                throw CLIError("--content-size \(contentSize): use one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: " "))")
            }
            overrides.contentSize = parsed
        }
        return overrides
    }

    func load(with renderer: SnapshotRenderer) throws -> Scene {
        let overrides = try overrides()
        do {
            return try renderer.loadScene(path: scene, overrides: overrides)
        } catch {
            throw CLIError(error)
        }
    }
}
