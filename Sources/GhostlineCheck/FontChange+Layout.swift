import GhostlineFonts
import GhostlineLayout
import GhostlineReview
import GhostlineSupport

extension FontChange {
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
