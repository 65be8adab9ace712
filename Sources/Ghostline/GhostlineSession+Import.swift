import GhostlineImport

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
}
