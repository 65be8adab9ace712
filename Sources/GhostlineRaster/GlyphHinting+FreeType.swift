import CFreeType
import GhostlineLayout

extension GlyphHinting {
    /// The FreeType load flags for an outline glyph. Embedded bitmaps are never used, so a font's bitmap strikes
    /// cannot take the place of its outlines at small sizes; `.slight` asks for light hinting without forcing the
    /// auto-hinter, as Skia does when fontconfig's `autohint` is false (Debian's default).
    var loadFlags: FT_Int32 {
        switch self {
        case .none: return GL_FT_LOAD_NO_HINTING | GL_FT_LOAD_NO_BITMAP
        case .slight: return GL_FT_LOAD_TARGET_LIGHT | GL_FT_LOAD_NO_BITMAP
        }
    }
}
