/// A problem with a scene file, reported as one line: `FILE:LINE:COLUMN: KEY.PATH: what is wrong; how to fix it`.
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scene (or style guide) file the problem is in.
    public var file: String
    /// 1-based line and column of the offending node, when known.
    public var line: Int?
    /// 1-based column; nil when unknown (see ``line``).
    public var column: Int?
    /// Dotted key path to the offending value (`root.children[2].label.style`), empty for the document.
    public var keyPath: String
    /// What is wrong, as a clause: no style named `body`.
    public var problem: String
    /// How to fix it, as a clause; empty when ``problem`` came from a lower layer that already says.
    public var fix: String

    /// Creates an error from its parts.
    public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String, problem: String, fix: String) {
        self.file = file; self.line = line; self.column = column; self.keyPath = keyPath
        self.problem = problem; self.fix = fix
    }

    /// An error at a place recorded while parsing (or at just a key path, for scenes built in Swift).
    public init(file: String, mark: SourceMark?, keyPath: String = "", problem: String, fix: String) {
        self.init(file: file, line: mark?.line, column: mark?.column, keyPath: mark?.keyPath ?? keyPath, problem: problem, fix: fix)
    }

    /// The one-line message, `FILE:LINE:COLUMN: KEY.PATH: problem; fix`, with any newline in the parts turned into a
    /// space so that it stays one line.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        let path = keyPath.isEmpty ? "" : " \(keyPath):"
        // Errors from lower layers (fonts, PNG) already end with their own fix; they pass an empty one here.
        let line = fix.isEmpty ? "\(place):\(path) \(problem)" : "\(place):\(path) \(problem); \(fix)"
        return line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
