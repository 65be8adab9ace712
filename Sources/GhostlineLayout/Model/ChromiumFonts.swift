/// Where Chromium found the fonts of a design it drew: a web font (`@font-face`) or a font installed on the machine,
/// found through fontconfig by its family name (CSS `font-family: Inter` and nothing else). The css model's rounding
/// differs between the two at device scales above 1, so a design export made either way can be checked.
///
/// Chromium on Linux asks `gfx::GetFontRenderParams` how to draw an installed font: fontconfig answers with its
/// hinting (Debian's `hintslight`), but at a device scale factor above 1 Chromium turns sub-pixel positioning on and
/// hinting off again. With sub-pixel positioning on, Blink's `SimpleFontData` on Linux takes one device pixel from a
/// font's rounded ascent when its descent rounded *down* (so descenders are not clipped by `overflow: hidden`): every
/// baseline of that font sits one device pixel higher in its line box, and nothing else moves. At scale 1 the two
/// kinds are drawn alike. Both facts were measured against Chromium 156's screenshots of the check corpus's twins
/// (docs/engineering.md, "Chromium's hinting for installed fonts").
///
/// A property of the design's renderer rather than of the screen: set by `--chromium-fonts`, never by a scene key.
public enum ChromiumFonts: String, Sendable, Hashable, CaseIterable, Codable {
    /// Web fonts pinned by `@font-face` (the corpus twins, Figma's and most design tools' exports). The default.
    case web
    /// Fonts fontconfig found by family name, drawn as Chromium on Linux draws them (the descent rule above).
    case installed

    /// Whether a descent rounded down to whole device pixels borrows one from the ascent at `scale` device pixels
    /// per point: Blink does so for fonts it positions at sub-pixel x, installed fonts above scale 1.
    public func descentBorrowsFromAscent(scale: Double) -> Bool { self == .installed && scale > 1 }

    /// The values as `--chromium-fonts` spells them, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
