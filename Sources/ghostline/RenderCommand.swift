import ArgumentParser
import Foundation
import Ghostline
import GhostlinePNG
import GhostlineRaster

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene to a PNG snapshot (and optionally its layout JSON).",
        discussion: "Outputs are written atomically: a failed run leaves no partial file behind."
    )

    @OptionGroup var sceneOptions: SceneOptions

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @Option(help: "Also write the layout JSON (frames, lines and baselines in points) to this file.")
    var layout: String?

    @Option(help: "Comma-separated guides to draw: boxes, baselines, capHeight, xHeight, grid.")
    var debug: String?

    func run() throws {
        let renderer = SnapshotRenderer()
        let overlay = try Self.parseDebug(debug)
        let scene = try sceneOptions.load(with: renderer)
        let (sceneLayout, image) = renderer.render(scene, debug: overlay)
        let json = LayoutJSON.encode(sceneLayout)
        do {
            try PNGCodec.write(image, to: output)
        } catch {
            throw CLIError(error)
        }
        if let layout {
            do {
                try AtomicText.write(json, to: layout)
            } catch {
                try? FileManager.default.removeItem(atPath: output)
                throw CLIError("\(layout): cannot write the layout JSON (\(error.localizedDescription)); check that the directory exists and is writable")
            }
        }
    }

    static func parseDebug(_ text: String?) throws -> DebugOverlay {
        guard let text, !text.isEmpty else { return [] }
        var overlay: DebugOverlay = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let match = DebugOverlay.names.first(where: { $0.0.lowercased() == name.lowercased() }) else {
                throw CLIError("--debug \(name): unknown guide; use any of \(DebugOverlay.names.map(\.0).joined(separator: ","))")
            }
            overlay.insert(match.1)
        }
        return overlay
    }
}

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print a scene's layout JSON: frames, and every line's start, end, x, width and baseline, in points."
    )

    @OptionGroup var sceneOptions: SceneOptions

    func run() throws {
        let renderer = SnapshotRenderer()
        let scene = try sceneOptions.load(with: renderer)
        print(LayoutJSON.encode(scene.layout()), terminator: "")
    }
}
