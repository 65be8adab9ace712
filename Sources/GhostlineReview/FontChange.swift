import GhostlineSupport

/// A label drawn with other font bytes than its reference was recorded with: the cause to read before any pixel
/// statistic, since a different font moves every glyph. The reference's layout JSON (written beside it when it was
/// recorded) gives the font it was drawn with.
public struct FontChange: Sendable, Equatable {
    /// The label's id.
    public var label: String
    /// The font the reference was drawn with: PostScript name, `head.fontRevision` and SHA-256.
    public var recorded: (postScriptName: String, revision: Double, sha256: String)
    /// The font this machine drew with.
    public var current: (postScriptName: String, revision: Double, sha256: String)

    /// A change of one label's font.
    public init(label: String, recorded: (postScriptName: String, revision: Double, sha256: String),
                current: (postScriptName: String, revision: Double, sha256: String)) {
        self.label = label; self.recorded = recorded; self.current = current
    }

    public static func == (a: FontChange, b: FontChange) -> Bool {
        a.label == b.label && a.recorded == b.recorded && a.current == b.current
    }

    /// `body: recorded with Inter-Regular 4.0 (sha256 1a2b3c4d…), this machine has Inter-Regular 3.019 (sha256 9f8e7d6c…)`.
    public var message: String {
        func name(_ font: (postScriptName: String, revision: Double, sha256: String)) -> String {
            "\(font.postScriptName) \(JSONValue.format(font.revision)) (sha256 \(font.sha256.prefix(8))…)"
        }
        return "\(label): recorded with \(name(recorded)), this machine has \(name(current))"
    }
}
