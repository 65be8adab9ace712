import Foundation
import GhostlineFonts

/// The font cascade for characters a run's own font cannot draw: the run's font first, then the scene's
/// `fallback:` list in order, then the installed font Chromium on Linux takes for the character and language
/// (``SystemFontFallback``). The choice is made per grapheme cluster, so a base letter and its marks,
/// an emoji with its skin tone, a flag's two regional indicators or a ZWJ family always come from one font.
public struct FontFallback: Sendable {
    /// The scene's own list, tried after each run's font.
    public var fonts: [Font]
    /// The font context whose fontconfig configuration picks the last step (and whose library opens its answer);
    /// nil turns the last step off (a character no listed font has draws as .notdef).
    public var context: FontContext?

    /// Which face of the system step's family draws: the layout model sets it (``LayoutModel/fallbackFaces``).
    public var faces: FallbackFaces

    /// Creates a cascade of `fonts` tried in order after each run's font, then `context`'s fontconfig choice unless
    /// `context` is nil. There is no default context: a layout sees system fonts only when its caller says which.
    public init(fonts: [Font] = [], context: FontContext? = nil, faces: FallbackFaces = .synthesized) {
        self.fonts = fonts; self.context = context; self.faces = faces
    }

    /// Only the run's own font: what a scene gets when it asks for no fallback at all.
    public static let none = FontFallback(fonts: [], context: nil)

    /// The font for the grapheme cluster `scalars` in `style`, whether it is a fallback font, and what is
    /// synthesized.
    func font(for scalars: ArraySlice<Unicode.Scalar>, style: TextStyle) -> FontChoice {
        let needed = scalars.filter { !Self.isIgnorable($0) }
        let own = FontChoice(font: style.font, isFallback: false)
        // Controls (a newline, a tab) and clusters of ignorables only are never a reason to switch fonts.
        guard !needed.isEmpty, !needed.allSatisfy({ $0.properties.generalCategory == .control }) else { return own }
        if Self.isEmojiPresentation(scalars) {
            // Colour emoji first, as browsers and iOS draw them, even when a text font has a plain glyph.
            for font in [style.font] + fonts where !font.colorStrikes.isEmpty && Self.covers(font, needed) {
                return FontChoice(font: font === style.font ? font : instance(of: font, style), isFallback: font !== style.font)
            }
            if let found = systemFont(needed, style: style, emoji: true), !found.font.colorStrikes.isEmpty {
                return FontChoice(font: found.font, isFallback: true)
            }
        }
        if Self.covers(style.font, needed) { return own }
        for font in fonts where Self.covers(font, needed) { return FontChoice(font: instance(of: font, style), isFallback: true) }
        if let found = systemFont(needed, style: style, emoji: false) { return found }
        return own
    }

    /// The system step: the family Chromium's list offers first for the characters, drawn as ``faces`` says.
    private func systemFont(_ needed: [Unicode.Scalar], style: TextStyle, emoji: Bool) -> FontChoice? {
        guard let context else { return nil }
        let query = SystemFontFallback.Query(scalars: needed, language: style.language, emoji: emoji)
        let offered = context.systemFallback.faces(for: query)
        let weight = style.font.weight, italic = style.font.isItalic
        let pick: SystemFontFallback.Choice?
        switch faces {
        case .synthesized:
            // Blink takes the list's first face, except where the content language is written in the character's
            // script (Devanagari with `hi`, ``FallbackFaceLanguage``): then the family's face nearest the style.
            pick = !emoji && FallbackFaceLanguage.drawsRealFace(language: style.language, scalars: needed)
                ? Self.nearest(offered, weight: weight, italic: italic) : offered.first
        case .nearestStyle:
            pick = Self.nearest(offered, weight: weight, italic: italic)
        }
        guard let pick, let font = try? context.library.font(pick.file), Self.covers(font, needed) else { return nil }
        let synthesis = faces == .synthesized && !emoji
            ? FontSynthesis.forFallback(faceIsBold: pick.isBold, faceIsItalic: pick.isItalic, weight: weight, italic: italic)
            : []
        let drawn = instance(of: font, style)
        // A variable face draws the weight on its own axis: thickening it as well would make it bolder than asked.
        let bold: FontSynthesis = drawn.axes.contains { $0.tag == "wght" } ? .bold : []
        return FontChoice(font: drawn, isFallback: true, synthesis: synthesis.subtracting(bold))
    }

    /// The face nearest a style: slant first, then weight (CSS's matching order); ties keep the list's order.
    private static func nearest(_ offered: [SystemFontFallback.Choice], weight: Int, italic: Bool) -> SystemFontFallback.Choice? {
        offered.enumerated().min { a, b in
            let ka = (a.element.isItalic == italic ? 0 : 1, abs(a.element.weight - weight), a.offset)
            let kb = (b.element.isItalic == italic ? 0 : 1, abs(b.element.weight - weight), b.offset)
            return ka < kb
        }?.element
    }

    /// A variable fallback font at the instance the run's style asks for (its weight on `wght`, its size on `opsz`,
    /// its explicit axes), so fallback text matches the text around it; a static font as it is.
    private func instance(of font: Font, _ style: TextStyle) -> Font {
        guard !font.axes.isEmpty, let library = context?.library else { return font }
        return (try? library.instance(of: font, style.variations)) ?? font
    }

    /// True when `font` can draw every character, or the canonical composition of them ("e" + U+0301 as "é").
    static func covers(_ font: Font, _ scalars: [Unicode.Scalar]) -> Bool {
        if scalars.allSatisfy(font.hasGlyph(for:)) { return true }
        guard scalars.count > 1 else { return false }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        let composed = String(text).precomposedStringWithCanonicalMapping.unicodeScalars
        return composed.count < scalars.count && composed.allSatisfy(font.hasGlyph(for:))
    }

    /// Characters a font need not have: joiners, variation selectors, the soft hyphen, bidi controls, U+FEFF.
    /// HarfBuzz draws them as nothing.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Emoji presentation (UTS #51): an emoji that is drawn as emoji by default, or any character followed by
    /// VS16, a keycap, a skin tone or a ZWJ sequence, or a flag. VS15 asks for text presentation.
    static func isEmojiPresentation(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first else { return false }
        if scalars.contains("\u{FE0E}") { return false }
        if scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}") { return true }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }   // regional indicators (flags)
        if scalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) }) { return true }  // skin tones
        if scalars.count > 1 && scalars.contains("\u{200D}") && first.properties.isEmoji { return true }
        return first.properties.isEmojiPresentation
    }
}

/// What the cascade answers for a cluster: the font, whether fallback chose it, and what the raster synthesizes.
struct FontChoice: Sendable {
    var font: Font
    var isFallback: Bool
    var synthesis: FontSynthesis = []
}

