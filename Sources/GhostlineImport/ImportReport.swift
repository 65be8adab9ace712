import GhostlineSupport

/// What an import did: the frames written, what was skipped and why (by count), and how each font was found. It is
/// `import-report.json` and, as ``summary``, what the CLI prints.
public struct ImportReport: Sendable {
    public struct Frame: Sendable, Equatable {
        public var page, name, id, scene: String
        public var textLayers, shapes: Int
    }
    public var document: DesignDocument
    public var source: String
    public var frames: [Frame]
    public var skipped: SkipCounts
    public var fonts: [FontChoice]

    public var textLayers: Int { frames.reduce(0) { $0 + $1.textLayers } }

    public var json: JSONValue {
        .object([
            ("document", .object([("file", .string(source)), ("format", .string(document.format.rawValue)),
                                  ("name", .string(document.name)), ("version", document.version.map(JSONValue.string) ?? .null)])),
            ("frames", .array(frames.map { f in
                .object([("page", .string(f.page)), ("name", .string(f.name)), ("source", .string(f.id)), ("scene", .string(f.scene)),
                         ("textLayers", .integer(f.textLayers)), ("shapes", .integer(f.shapes))])
            })),
            ("textStyles", .integer(document.textStyles.count)),
            ("skipped", .array(skipped.reasons.map { .object([("reason", .string($0.reason)), ("count", .integer($0.count))]) })),
            ("fonts", .array(fonts.map { f in
                var members: [(String, JSONValue)] = [("requested", .string(f.requested)), ("font", .string(f.font))]
                if let w = f.weight { members.append(("weight", .integer(w))) }
                members += [("how", .string(f.how.rawValue)), ("metricCompatible", .bool(f.metricCompatible))]
                if let p = f.package { members.append(("package", .string(p))) }
                if f.how == .substitute || f.how == .missing {
                    let name = f.requested.contains(" ") ? "\"\(f.requested)\"" : f.requested
                    let install = f.how == .missing ? "install \(f.package ?? "the font") for the stand-in, or " : ""
                    members.append(("fix", .string(install + "give the real face: add `fonts: { \(name): { file: PATH/TO/FONT.otf } }` "
                                                   + "to styles.yaml and name it in `font:`")))
                }
                return .object(members)
            })),
        ])
    }

    /// Lines for stdout: what was written, then what was left out and the fonts that stand in for others.
    public var summary: String {
        var lines = ["import: \(frames.count) scene(s), \(textLayers) text layer(s), \(document.textStyles.count) text style(s) from \(source)"]
        for (reason, count) in skipped.reasons { lines.append("  skipped: \(count) \(reason)") }
        for f in fonts where f.how == .substitute || f.how == .missing {
            let state = f.how == .missing ? "missing" : "substitute"
            lines.append("  font \(f.requested) → \(f.font) (\(state)\(f.metricCompatible ? ", same widths" : ", other widths"); \(f.package.map { "apt install \($0)" } ?? "add it under fonts:"))")
        }
        return lines.joined(separator: "\n")
    }
}
