/// How glyph outlines are fitted to the device pixel grid, and what comes with it in Chromium on Linux.
///
/// A design drawn by Chromium on Linux from a font that fontconfig found by its family name (CSS
/// `font-family: Inter` with no `@font-face`) is drawn as fontconfig configures that font, and Debian's default
/// (`10-hinting-slight.conf`) is `hintslight`. That turns on two things in Chromium, both measured against its
/// screenshots (docs/engineering.md, "Chromium's hinting for installed fonts"):
///
/// 1. Skia loads outlines with FreeType's light hinting: edges snapped to whole pixels vertically only, widths and
///    advances untouched, glyphs still placed at sub-pixel x;
/// 2. Blink turns on sub-pixel positioning for the font, and with it, on Linux, a font whose descent rounds *down*
///    to whole device pixels takes one pixel from its ascent (so glyphs are not clipped in `overflow: hidden`):
///    every baseline of that font sits one device pixel higher in its line box.
///
/// A web font (`@font-face`), iOS and design tools do neither, so ``none`` is every model's default. A property of
/// the design's renderer rather than of the scene: it is set by `--hinting` (or ``LayoutModel/glyphHinting``),
/// never by a scene key.
public enum GlyphHinting: String, Sendable, Hashable, CaseIterable, Codable {
    /// Outlines exactly as designed, ascent and descent each rounded to the nearest pixel (iOS, design tools,
    /// Chromium's `@font-face` fonts).
    case none
    /// fontconfig's `hintslight` as Chromium on Linux applies it: FreeType's light hinting (`FT_LOAD_TARGET_LIGHT`;
    /// a CFF font such as Inter's `.otf` is hinted by FreeType's CFF hinter, a TrueType one by the light
    /// auto-hinter), and a descent that rounds down borrows a device pixel from the ascent.
    case slight

    /// The values as `--hinting` spells them, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
