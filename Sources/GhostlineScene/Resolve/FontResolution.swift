import GhostlineFonts

/// How the resolver found one font a scene draws with: what asked for it (a style, a label's own style, a
/// `fallback:` entry), the request as written, the way the request was answered and the font opened.
///
/// Why the resolver records it: `ghostline fonts` must report exactly what the render used, and looking the names
/// up again afterwards could answer differently (another font set, a font installed meanwhile) and would pay for
/// fontconfig twice. The resolver knows every answer when it makes it; the scene keeps them in
/// ``Scene/fontResolutions``.
public struct FontResolution: Sendable {
    /// What asked for a font.
    public enum Subject: Hashable, Sendable, CustomStringConvertible {
        /// A named style (`styles:`), recorded once however many labels use it.
        case style(String)
        /// A label's inline style (`run` nil), or the style of its run `run` (0-based); the label by its id, or by
        /// its style's key path when it has none.
        case label(String, run: Int?)
        /// Entry `index` (0-based) of `fallback:`.
        case fallback(Int)

        /// `style title`, `label price`, `label price, run 1`, `fallback 0`.
        public var description: String {
            switch self {
            case .style(let name): return "style \(name)"
            case .label(let label, let run): return "label \(label)" + (run.map { ", run \($0)" } ?? "")
            case .fallback(let index): return "fallback \(index)"
            }
        }
    }

    /// A font as a scene asks for it.
    public struct Request: Hashable, Sendable {
        /// The name as written: a `fonts:` key, a family, a PostScript name or (in `fallback:`) a file path.
        public var name: String
        /// The weight asked for (a style's `weight`, its text style's, or regular).
        public var weight: FontWeight
        /// Whether an italic face was asked for.
        public var italic: Bool
        public init(name: String, weight: FontWeight = .regular, italic: Bool = false) {
            self.name = name; self.weight = weight; self.italic = italic
        }
    }

    /// How a request was answered, in the order the resolver tries them.
    public enum Source: Hashable, Sendable {
        /// A key of `fonts:`: its file and face, whatever the weight and slant asked for.
        case namedFont(String)
        /// A font file named by path (in `fallback:`), made absolute.
        case file(String)
        /// A family found through fontconfig, with a face at the weight and slant asked for.
        case family
        /// A family found through fontconfig that has no face at the weight or slant asked for: the nearest one,
        /// whose weight and slant are given here (the request has the ones asked for). `render` warns about it.
        case snappedFamily(weight: Int, italic: Bool)
        /// A face's exact PostScript name (`Inter-SemiBold`), which names one face whatever the weight asked for.
        case postScriptName
        /// A variable font's named instance, written as its family and instance name (`Inter Medium`): the family's
        /// font at the instance's coordinates.
        case namedInstance(family: String, instance: String)
    }

    /// What asked.
    public var subject: Subject
    /// What was asked for.
    public var request: Request
    /// How it was answered.
    public var source: Source
    /// The font opened (its ``Font/identity`` names the file, version and SHA-256).
    public var font: Font

    public init(subject: Subject, request: Request, source: Source, font: Font) {
        self.subject = subject; self.request = request; self.source = source; self.font = font
    }

    /// How a font fontconfig found for `request` was found: by family when the face's family is the name asked
    /// for (snapped when its weight or slant differs), by PostScript name when that is the name, else by one of
    /// the other family names fontconfig knows the face by (a localized or legacy family name).
    static func source(of font: Font, for request: Request) -> Source {
        if font.familyName.caseInsensitiveCompare(request.name) == .orderedSame {
            guard font.weight != request.weight.value || font.isItalic != request.italic else { return .family }
            return .snappedFamily(weight: font.weight, italic: font.isItalic)
        }
        return font.postScriptName.caseInsensitiveCompare(request.name) == .orderedSame ? .postScriptName : .family
    }
}
