import GhostlineImport
import GhostlineSupport

/// What lint found over one document: `--report` JSON and the lines the CLI prints.
public struct LintReport: Sendable {
    public var document: DesignDocument
    public var source: String
    /// Text layers laid out, and the screens they are on.
    public var layers, frames: Int
    public var findings: [LintFinding]
    public var skipped: SkipCounts

    /// True when something is listed (the CLI exits 1).
    public var listsAnything: Bool { !findings.isEmpty }

    public var json: JSONValue {
        func measure(_ m: TextMeasure?) -> JSONValue {
            guard let m else { return .null }
            return .object([("lines", .integer(m.lines)), ("truncated", .bool(m.truncated)),
                            ("firstBaseline", .number(m.firstBaseline)), ("width", .number(m.width)),
                            ("height", .number(m.height))])
        }
        return .object([
            ("document", .object([("file", .string(source)), ("format", .string(document.format.rawValue)),
                                  ("version", document.version.map(JSONValue.string) ?? .null)])),
            ("frames", .integer(frames)), ("textLayers", .integer(layers)),
            ("findings", .array(findings.map { f in
                var members: [(String, JSONValue)] = [("kind", .string(f.kind.rawValue)), ("page", .string(f.page)), ("frame", .string(f.frame)),
                                                      ("layer", .string(f.layer)), ("source", .string(f.source)),
                                                      ("css", measure(f.css)), ("uikit", measure(f.uikit)), ("cause", .string(f.cause)),
                                                      ("checked", .bool(f.checked))]
                members.append(("uikitCode", f.uikitCode.map(JSONValue.string) ?? .null))
                members.append(("swiftUICode", f.swiftUICode.map(JSONValue.string) ?? .null))
                return .object(members)
            })),
        ])
    }

    /// One line a finding, grouped by screen, then the counts.
    public var text: String {
        var lines: [String] = []
        var screen = ""
        for f in findings {
            let here = "\(f.page) › \(f.frame)"
            if here != screen { lines.append(here); screen = here }
            let label = f.kind == .designTool ? "design tool" : (f.checked ? "UIKit (checked)" : "UIKit")
            lines.append("  \(f.layer) [\(f.source)]: \(label): \(f.cause)")
            if let code = f.uikitCode { lines.append(contentsOf: ("UIKit:\n" + code).split(separator: "\n").map { "      " + $0 }) }
            if let code = f.swiftUICode { lines.append(contentsOf: ("SwiftUI:\n" + code).split(separator: "\n").map { "      " + $0 }) }
        }
        let uikit = findings.filter { $0.kind != .designTool }.count, tool = findings.count - uikit
        lines.append("lint: \(layers) text layer(s) on \(frames) screen(s) of \(source): \(uikit) set differently by UIKit, "
                     + "\(tool) where Ghostline's css layout differs from the design tool")
        return lines.joined(separator: "\n")
    }
}
