import Foundation
import GhostlineFonts
import GhostlineImport
import GhostlineScene
import GhostlineSupport

/// Manifest entries that name a design document and an artboard: the plan imports each document once (as
/// `ghostline import` does) into `.ghostline/imported/NAME/` beside the manifest and checks the artboard's scene
/// there. A file is rewritten only when the import changed it, so an unchanged document leaves every scene (and
/// every check that read it) as it was; an edited one brings its scenes in line with the design file.
struct DocumentImports {
    let manifest: SuiteManifest
    let directory: String
    private var imported: [String: (report: ImportReport, folder: String)] = [:]
    private var locator: FontLocator?
    /// The documents imported, absolute, in the order first named.
    private(set) var documents: [String] = []

    init(manifest: SuiteManifest, directory: String) { self.manifest = manifest; self.directory = directory }

    /// The scene for `entry`'s artboard, imported if this plan has not imported its document yet.
    mutating func scene(for entry: SuiteManifestEntry, _ document: SuiteManifestEntry.Document) throws(SuiteError) -> String {
        let path = SuitePlan.join(directory, document.path)
        let mark = entry.marks["document"] ?? entry.mark
        func failure(_ problem: String, _ fix: String, at: SourceMark? = nil) -> SuiteError {
            .manifest(SceneError(file: manifest.path, mark: at ?? mark, problem: problem, fix: fix))
        }
        if imported[path] == nil {
            let read: DesignDocument
            do { read = try DesignReader().read(path) } catch { throw failure(error.description, "fix the document, or name another") }
            if locator == nil {
                locator = FontLocator(fontSet: FontSet(directories: manifest.fontDirectories.map(\.path), systemFonts: manifest.systemFonts ?? true))
            }
            var writer = SceneWriter(fonts: FontMapping(locator: locator!))
            let (files, report) = writer.files(for: read, source: URL(fileURLWithPath: path).lastPathComponent)
            var slugs = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent.lowercased()
                .map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            if slugs.isEmpty { slugs = "document" }
            let folder = SuitePlan.join(directory, ".ghostline/imported/" + slugs)
            try Self.write(files, into: folder, failure: failure)
            imported[path] = (report, folder)
            documents.append(path)
        }
        let (report, folder) = imported[path]!
        let wanted = document.artboard
        var matches = report.frames.filter { $0.name == wanted }
        if matches.isEmpty, let slash = wanted.firstIndex(of: "/") {
            let page = String(wanted[..<slash]), name = String(wanted[wanted.index(after: slash)...])
            matches = report.frames.filter { $0.page == page && $0.name == name }
        }
        let at = entry.marks["artboard"]
        guard !matches.isEmpty else {
            let names = report.frames.prefix(12).map { "`\($0.name)`" }.joined(separator: ", ")
            throw failure("the document has no artboard `\(wanted)`", report.frames.isEmpty ? "it has no artboards"
                          : "name one of: \(names)\(report.frames.count > 12 ? ", …" : "")", at: at)
        }
        guard matches.count == 1 else {
            throw failure("\(matches.count) artboards are named `\(wanted)` (on pages \(matches.map { "`\($0.page)`" }.joined(separator: ", ")))",
                          "write `PAGE/\(wanted)`, e.g. `\(matches[0].page)/\(wanted)`", at: at)
        }
        return folder + "/" + matches[0].scene
    }

    /// Writes the files that differ from what the folder holds (all or none of them), leaving the others untouched.
    static func write(_ files: [ImportedFile], into folder: String,
                      failure: (String, String, SourceMark?) -> SuiteError) throws(SuiteError) {
        var outputs = OutputFiles()
        do {
            for file in files {
                let path = folder + "/" + file.path
                if let current = FileManager.default.contents(atPath: path), current == Data(file.contents.utf8) { continue }
                try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                        withIntermediateDirectories: true)
                try outputs.stage(file.contents, to: path)
            }
            try outputs.commit()
        } catch {
            outputs.discard()
            throw failure("the imported scenes cannot be written to \(folder) (\(error))", "make the manifest's folder writable", nil)
        }
    }
}
