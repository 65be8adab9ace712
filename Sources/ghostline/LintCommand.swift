import ArgumentParser
import Foundation
import Ghostline

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "List the text layers of a design document that UIKit will set differently from the design.",
        discussion: """
        Lays every text layer of a Sketch or Figma document out twice: as the design tool sets it (the css model) \
        and as UIKit sets the document's own paragraph style (uikit, its line height as minimum and maximum line \
        height). A layer whose line count, truncation or first baseline differs by a device pixel (@3x) or more is \
        listed with its cause and the UIKit and SwiftUI settings that put it where the design does, applied and \
        checked. Layers whose auto-sized box in the document is a point or more away from Ghostline's css layout \
        are listed too (a substituted font, or the tool's own metrics). A folder is either an unzipped Sketch \
        document or holds documents (.sketch files, Sketch folders, Figma file JSON; other JSON is passed over): each \
        is linted.

        Exit status: 0 nothing listed, 1 something listed, 2 a document could not be read.

        Examples:
          ghostline lint Checkout.sketch
          ghostline lint designs/ --report lint.json
        """
    )

    @Argument(help: "A design document (FILE.sketch, a Figma file JSON, an unzipped Sketch folder) or a folder of them.") var path: String
    @Option(help: "Write the findings as JSON to this file (- for standard output).") var report: String?
    @OptionGroup var fonts: FontOptions

    func run() throws {
        let session = try fonts.session()
        var reports: [LintReport] = []
        do {
            for document in try Self.documents(in: path) { reports.append(try session.lintDesign(path: document)) }
        } catch let error as DesignImportError {
            throw CLIError(error.description)
        }
        if let report {
            var files = OutputFiles(inputs: reports.map { _ in path })
            let json = JSONValue.object([("documents", .array(reports.map(\.json))),
                                         ("findings", .integer(reports.reduce(0) { $0 + $1.findings.count }))])
            do {
                try files.stage(json.serialized() + "\n", to: report)
                try files.commit()
            } catch {
                files.discard()
                throw CLIError("\(report): \(error)")
            }
        }
        if report != "-" { print(reports.map(\.text).joined(separator: "\n")) }
        if reports.contains(where: \.listsAnything) { throw ExitCode(1) }
    }

    /// The documents a path names: itself, or the documents in a folder that is not one, in name order.
    static func documents(in path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              !FileManager.default.fileExists(atPath: path + "/document.json") else { return [path] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        let found = names.map { path + "/" + $0 }.filter { item in
            var folder: ObjCBool = false
            FileManager.default.fileExists(atPath: item, isDirectory: &folder)
            if folder.boolValue { return FileManager.default.fileExists(atPath: item + "/document.json") }
            if item.hasSuffix(".sketch") { return true }
            // A JSON file is linted when it looks like a Figma file response; an import's own report and tokens are not.
            guard item.hasSuffix(".json"), let handle = FileHandle(forReadingAtPath: item) else { return false }
            defer { try? handle.close() }
            let head = String(decoding: (try? handle.read(upToCount: 1 << 16)) ?? Data(), as: UTF8.self)
            return head.contains("\"document\"")
        }
        guard !found.isEmpty else {
            throw CLIError("\(path): no design document in the folder; give a .sketch file, a Figma file JSON or an unzipped Sketch folder")
        }
        return found
    }
}
