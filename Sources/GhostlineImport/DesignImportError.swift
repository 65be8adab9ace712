/// Why a design document could not be read: the file, the place in it (an entry of a Sketch archive, a JSON path),
/// what is wrong there and how to fix it. One line, as every Ghostline error, so the CLI prints it and exits 2.
public struct DesignImportError: Error, CustomStringConvertible, Sendable {
    /// The document as given on the command line.
    public var file: String
    /// Where in it: `pages/1A2B.json`, `document.children[2]`; empty for the file as a whole.
    public var place: String
    public var problem: String
    public var fix: String
    public init(file: String, place: String = "", problem: String, fix: String) {
        self.file = file; self.place = place; self.problem = problem; self.fix = fix
    }
    /// `FILE: PLACE: problem; fix`, on one line.
    public var description: String {
        let line = "\(file):" + (place.isEmpty ? "" : " \(place):") + " \(problem); \(fix)"
        return line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// The bounds every read stays within, so a hostile document (a zip bomb, a 100 MB JSON, symbols that contain
/// themselves, millions of layers) is refused with one line instead of exhausting memory or time. Real documents
/// sit far below them: the largest public Sketch kit we read has 3,900 layers and 3 MB of page JSON.
public struct DesignImportLimits: Sendable {
    /// Bytes of one JSON file (a Figma response, one entry of a Sketch archive), after decompression.
    public var maximumJSONBytes = 64 << 20
    /// Bytes of all the JSON read from one Sketch archive, after decompression.
    public var maximumTotalBytes = 256 << 20
    /// Layers visited, symbol instances' copies included.
    public var maximumLayers = 250_000
    /// Symbol instances inside symbol instances.
    public var maximumSymbolDepth = 16
    /// Pages of one document.
    public var maximumPages = 1_000
    public init() {}
}
