import ArgumentParser
import Foundation
import Ghostline

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a Sketch or Figma document into scenes, a style guide and a report.",
        discussion: """
        Reads a .sketch file, an unzipped Sketch folder, or a Figma file response saved as JSON \
        (GET /v1/files/:key). Writes one scene per artboard or top-level frame, OUTDIR/<page>/<frame>.yaml, in the \
        css model at the frame's size, every text layer a label at the document's frame in a `stack: absolute`, \
        with its object id in `source:`; the shared text styles as OUTDIR/styles.yaml (and DTCG tokens, \
        styles.tokens.json); and OUTDIR/import-report.json: what was skipped and why, by count, and which fonts \
        stand in for fonts this machine lacks.

        Examples:
          ghostline import Checkout.sketch -o design
          ghostline import figma.json -o design --font-dir fonts/ --no-system-fonts
        """
    )

    @Argument(help: "The design document: FILE.sketch, an unzipped Sketch folder, or a Figma file JSON.") var document: String
    @Option(name: .shortAndLong, help: "The folder to write (default: NAME-import, here, for NAME.sketch or NAME.json).") var output: String?
    @OptionGroup var fonts: FontOptions

    func run() throws {
        let session = try fonts.session()
        let imported: (files: [ImportedFile], report: ImportReport)
        do { imported = try session.importDesign(path: document) } catch { throw CLIError(error.description) }
        let folder = output ?? Self.defaultFolder(for: document)
        var files = OutputFiles(inputs: [document])
        // Folders this run made, removed again when it fails, so a failed import leaves nothing behind.
        var made: [String] = []
        func makeFolder(_ path: String) throws {
            var missing: [String] = []
            var url = URL(fileURLWithPath: path)
            while !FileManager.default.fileExists(atPath: url.path), url.path != "/" {
                missing.append(url.path)
                url = url.deletingLastPathComponent()
            }
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            made += missing
        }
        func undo() {
            files.discard()
            for path in made.sorted(by: { $0.count > $1.count }) { try? FileManager.default.removeItem(atPath: path) }
        }
        do {
            for file in imported.files {
                let path = URL(fileURLWithPath: folder).appendingPathComponent(file.path).path
                try makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
                try files.stage(file.contents, to: path)
            }
            try files.commit()
        } catch let error as OutputError {
            undo()
            throw CLIError("\(folder): \(error)")
        } catch {
            undo()
            throw CLIError("\(folder): cannot be written as a folder (\(error.localizedDescription)); choose another folder with -o")
        }
        print(imported.report.summary)
        print("  wrote \(folder)/ (scenes, styles.yaml, styles.tokens.json, import-report.json)")
    }

    /// `Checkout.sketch` → `Checkout-import`, where the command runs (never the document's own folder).
    static func defaultFolder(for document: String) -> String {
        let name = URL(fileURLWithPath: document).deletingPathExtension().lastPathComponent
        return (name.isEmpty ? "design" : name) + "-import"
    }
}
