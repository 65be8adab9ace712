import Foundation
import GhostlineImport
import GhostlineLint

extension GhostlineSession {
    /// A design document (a `.sketch` file, an unzipped Sketch folder, a Figma file response) as scenes, a style
    /// guide, DTCG tokens and a report, fonts mapped through this session's font world. Nothing is written: the
    /// files come back with paths relative to the output folder, for the caller to write all or none.
    public func importDesign(path: String, limits: DesignImportLimits = DesignImportLimits()) throws(DesignImportError)
        -> (files: [ImportedFile], report: ImportReport) {
        let document = try DesignReader(limits: limits).read(path)
        var writer = SceneWriter(fonts: FontMapping(locator: fonts.locator))
        let source = path.split(separator: "/").last.map(String.init) ?? path
        return writer.files(for: document, source: source)
    }

    /// Every text layer of a design document laid out as the design tool sets it and as UIKit sets its paragraph
    /// style, with the layers that differ by a device pixel or more and their checked fixes (`ghostline lint`).
    public func lintDesign(path: String, limits: DesignImportLimits = DesignImportLimits()) throws(DesignImportError) -> LintReport {
        let document = try DesignReader(limits: limits).read(path)
        let source = path.split(separator: "/").last.map(String.init) ?? path
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return DesignLint(loader: loader, fonts: fonts.locator).lint(document, source: source, directory: directory)
    }
}
