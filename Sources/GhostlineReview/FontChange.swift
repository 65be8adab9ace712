import GhostlineFonts
import GhostlineLayout
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

    /// The labels of `layout` whose font differs from the one the reference layout JSON names for the same label
    /// id. Labels the reference does not have, or whose entry names no hash (recorded before fonts were named), are
    /// left out: nothing is known about them.
    public static func changes(in layout: SceneLayout, reference: JSONValue) -> [FontChange] {
        var recorded: [String: (String, Double, String)] = [:]
        for element in reference["elements"]?.arrayValue ?? [] {
            guard let id = element["id"]?.stringValue, let font = element["font"],
                  let sha256 = font["sha256"]?.stringValue else { continue }
            recorded[id] = (font["postScriptName"]?.stringValue ?? "", font["revision"]?.doubleValue ?? 0, sha256)
        }
        return layout.elements.compactMap { element in
            guard let label = element.labelLayout, let old = recorded[element.id] else { return nil }
            let identity = label.font.identity
            guard identity.sha256 != old.2 else { return nil }
            return FontChange(label: element.id, recorded: (old.0, old.1, old.2),
                              current: (identity.postScriptName, identity.revision, identity.sha256))
        }
    }
}
