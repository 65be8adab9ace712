import Foundation
import GhostlineFonts

/// The font cascade for characters a run's own font cannot draw: the run's font first, then the scene's
/// `fallback:` list in order, then the installed font fontconfig ranks first for the character and language
/// (as Chromium on Linux asks it). The choice is made per grapheme cluster, so a base letter and its marks,
/// an emoji with its skin tone, a flag's two regional indicators or a ZWJ family always come from one font.
public struct FontFallback: Sendable {
    /// The scene's own list, tried after each run's font.
    public var fonts: [Font]
    /// The font context whose fontconfig configuration picks the last step (and whose library opens its answer);
    /// nil turns the last step off (a character no listed font has draws as .notdef).
    public var context: FontContext?

    /// Creates a cascade of `fonts` tried in order after each run's font, then `context`'s fontconfig choice unless
    /// `context` is nil. There is no default context: a layout sees system fonts only when its caller says which.
    public init(fonts: [Font] = [], context: FontContext? = nil) {
        self.fonts = fonts; self.context = context
    }

    /// Only the run's own font: what a scene gets when it asks for no fallback at all.
    public static let none = FontFallback(fonts: [], context: nil)

    /// The font for the grapheme cluster `scalars` in `style`, and whether it is a fallback font.
    func font(for scalars: ArraySlice<Unicode.Scalar>, style: TextStyle) -> (font: Font, isFallback: Bool) {
        let needed = scalars.filter { !Self.isIgnorable($0) }
        // Controls (a newline, a tab) and clusters of ignorables only are never a reason to switch fonts.
        guard !needed.isEmpty, !needed.allSatisfy({ $0.properties.generalCategory == .control }) else {
            return (style.font, false)
        }
        if Self.isEmojiPresentation(scalars) {
            // Colour emoji first, as browsers and iOS draw them, even when a text font has a plain glyph.
            for font in [style.font] + fonts where !font.colorStrikes.isEmpty && Self.covers(font, needed) {
                return (font, font !== style.font)
            }
            if let found = systemFont(needed, style: style, emoji: true), !found.colorStrikes.isEmpty {
                return (found, true)
            }
        }
        if Self.covers(style.font, needed) { return (style.font, false) }
        for font in fonts where Self.covers(font, needed) { return (font, true) }
        if let found = systemFont(needed, style: style, emoji: false) { return (found, true) }
        return (style.font, false)
    }

    private func systemFont(_ needed: [Unicode.Scalar], style: TextStyle, emoji: Bool) -> Font? {
        guard let context else { return nil }
        let query = SystemFontFallback.Query(scalars: needed, language: style.language, weight: style.font.weight,
                                             italic: style.font.isItalic, emoji: emoji)
        guard let file = context.systemFallback.font(for: query), let font = try? context.library.font(file),
              Self.covers(font, needed) else {
            return nil
        }
        return font
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
