import ArgumentParser
import Foundation
import Ghostline
import GhostlinePNG
import GhostlineImage
import GhostlineLayout
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
        let sceneLayout: SceneLayout, image: RGBAImage
        do { (sceneLayout, image) = try renderer.render(scene, debug: overlay) } catch { throw CLIError(error) }
        warnAboutMissingGlyphs(sceneLayout)
        var files = OutputFiles(inputs: scene.inputFiles)
        do {
            try files.stage(try PNGCodec.encode(image), to: output)
            if let layout { try files.stage(LayoutJSON.encode(sceneLayout, palette: scene.palette), to: layout) }
            try files.commit()
        } catch {
            files.discard()
            throw CLIError(error)
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
        let layout = scene.layout()
        warnAboutMissingGlyphs(layout)
        print(LayoutJSON.encode(layout, palette: scene.palette), terminator: "")
    }
}

/// One warning line on stderr per label whose font lacks some of its characters: they draw as empty boxes,
/// which a snapshot would otherwise bake in silently. The exit status stays 0: the output is still valid.
func warnAboutMissingGlyphs(_ layout: SceneLayout) {
    for element in layout.elements {
        guard let label = element.labelLayout, !label.missingScalars.isEmpty else { continue }
        let listed = label.missingScalars.prefix(5).map { "U+" + String($0.value, radix: 16, uppercase: true) }
            .joined(separator: ", ") + (label.missingScalars.count > 5 ? ", …" : "")
        let message = "ghostline: warning: label '\(element.id)': no font has a glyph for \(listed) (\(label.font.familyName), "
            + "the scene's fallback list and fontconfig were tried); they draw as empty boxes — install a font that has them "
            + "or name one under `fallback:`\n"
        FileHandle.standardError.write(Data(message.utf8))
    }
}
