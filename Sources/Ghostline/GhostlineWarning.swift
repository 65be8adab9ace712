import GhostlineLayout
import GhostlineScene

/// Something a job noticed and got past: the output is still valid, but a reader should know. The CLI prints each
/// on one line of standard error after the outputs are in place; tests and tools read the cases.
public enum GhostlineWarning: Sendable, Hashable, CustomStringConvertible {
    /// Reading one of the scene's files noticed something (an image without its end marker, read anyway).
    case input(String)
    /// A label has characters no font could draw (its own, the scene's fallback list, fontconfig's choice): they draw
    /// as empty boxes, which a snapshot would otherwise bake in silently.
    case missingGlyphs(label: String, scalars: [Unicode.Scalar], fontFamily: String)
    /// A Dynamic Type matrix whose cells are all the same, because nothing in the scene follows the content size.
    case nothingScalesWithContentSize(scene: String)

    /// One warning per label with characters no font has.
    public static func missingGlyphs(in layout: SceneLayout) -> [GhostlineWarning] {
        layout.elements.compactMap { element in
            guard let label = element.labelLayout, !label.missingScalars.isEmpty else { return nil }
            return .missingGlyphs(label: element.id, scalars: label.missingScalars, fontFamily: label.font.familyName)
        }
    }

    public var description: String {
        switch self {
        case .input(let text):
            return text
        case .missingGlyphs(let label, let scalars, let family):
            let listed = scalars.prefix(5).map { "U+" + String($0.value, radix: 16, uppercase: true) }
                .joined(separator: ", ") + (scalars.count > 5 ? ", …" : "")
            return "label '\(label)': no font has a glyph for \(listed) (\(family), the scene's fallback list and fontconfig "
                + "were tried); they draw as empty boxes — install a font that has them or name one under `fallback:`"
        case .nothingScalesWithContentSize(let scene):
            return "\(scene): nothing in the scene scales with Dynamic Type, so all 12 cells are the same; give a style "
                + "`textStyle: body`, or `scalesWith: body` beside its `size`"
        }
    }
}
