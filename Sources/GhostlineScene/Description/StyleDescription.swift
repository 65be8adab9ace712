import GhostlineFonts
import GhostlineLayout

/// A text style as written: every key optional, so a run's inline style can inherit what it leaves out from
/// its label's style. The keys fall in two groups, as layout's styles do: the ``character`` keys become a
/// `TextStyle`; the ``paragraph`` keys (line height, spacing, alignment, strategies) a `ParagraphStyle`, and in a
/// label with runs they come from the label's own style, as NSParagraphStyle applies to a whole paragraph. A scene
/// file writes both groups' keys side by side under `style:`; only the Swift shape groups them.
public struct StyleDescription: Sendable {
    /// The keys that become a `TextStyle`: font, size, weight, colour, tracking, decorations, language.
    public var character = CharacterStyleDescription()
    /// The keys that become a `ParagraphStyle`: line height and its strategy, spacing, indents, alignment, breaking.
    public var paragraph = ParagraphStyleDescription()

    /// Where each key was written, for errors found when the style is resolved.
    public var marks: [String: SourceMark] = [:]
    /// Where the style itself was written, for errors about the style as a whole (no size, no font).
    public var mark: SourceMark?

    /// A style of the two groups.
    public init(character: CharacterStyleDescription, paragraph: ParagraphStyleDescription = ParagraphStyleDescription()) {
        self.character = character; self.paragraph = paragraph
    }

    /// A style in one call, with the keys designs set most (the rest are properties of ``character`` and
    /// ``paragraph``, which `with(\.key, value)` sets by the key's name alone).
    public init(font: String? = nil, size: Double? = nil, textStyle: DynamicTextStyle? = nil, weight: FontWeight? = nil,
                italic: Bool? = nil, lineHeight: Double? = nil, lineHeightStrategy: LineHeightStrategy? = nil,
                letterSpacing: Double? = nil, color: SceneColor? = nil, underline: DecorationDescription? = nil,
                strikethrough: DecorationDescription? = nil,
                baselineOffset: Double? = nil, alignment: TextAlignment? = nil, language: String? = nil) {
        character.font = font; character.size = size; character.textStyle = textStyle; character.weight = weight
        character.italic = italic; character.letterSpacing = letterSpacing; character.color = color
        character.underline = underline; character.strikethrough = strikethrough
        character.baselineOffset = baselineOffset; character.language = language
        paragraph.lineHeight = lineHeight; paragraph.lineHeightStrategy = lineHeightStrategy; paragraph.alignment = alignment
    }

    /// Every key a style may have: ``CharacterStyleDescription/keys`` then ``ParagraphStyleDescription/keys``.
    public static let keys = CharacterStyleDescription.keys + ParagraphStyleDescription.keys

    /// This style with every key it does not set taken from `base`, group by group (see
    /// ``CharacterStyleDescription/inheriting(from:)`` and ``ParagraphStyleDescription/inheriting(from:)``).
    public func inheriting(from base: StyleDescription) -> StyleDescription {
        var merged = self
        merged.character = character.inheriting(from: base.character)
        merged.paragraph = paragraph.inheriting(from: base.paragraph)
        merged.marks = base.marks.merging(marks) { _, own in own }
        merged.mark = mark ?? base.mark
        return merged
    }
}

extension SceneDescription {
    /// True when some label's text changes with the content size category: its style (named or inline) or one
    /// of its runs' styles has a `textStyle` or `scalesWith`. Otherwise all 12 categories render alike.
    public var scalesWithContentSize: Bool {
        let named = Dictionary(styles.map { ($0.name, $0.style) }, uniquingKeysWith: { first, _ in first })
        func scales(_ reference: StyleReference?) -> Bool {
            let style: StyleDescription?
            switch reference {
            case .inline(let inline)?: style = inline
            case .named(let name, _)?: style = named[name]
            case nil: style = nil
            }
            return style?.character.textStyle != nil || style?.character.scalesWith != nil
        }
        func scales(_ children: [ElementDescription]) -> Bool {
            children.contains { child in
                switch child {
                case .label(let label):
                    if scales(label.style) { return true }
                    if case .runs(let runs) = label.text { return runs.contains { scales($0.style) } }
                    return false
                case .stack(let inner): return scales(inner.children)
                case .overlay(let overlay): return scales(overlay.children)
                default: return false
                }
            }
        }
        func scales(_ stack: StackDescription) -> Bool { scales(stack.children) }
        return scales(root)
    }
}
