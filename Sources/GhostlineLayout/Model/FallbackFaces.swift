// A rule a layout model sets (`LayoutModel.fallbackFaces`) and itemizing follows.

/// How the system step of fallback picks a face of the family it chose.
public enum FallbackFaces: Sendable, Equatable {
    /// Blink's way: the face the list ranks first (a regular face, in practice), with synthetic bold or italic when
    /// the text asks for a style the face lacks. Advances are the face's own. Except where the text's language is
    /// written in the character's script (Devanagari with `hi`): there Blink draws the family's face nearest the
    /// style, as measured (``FallbackFaceLanguage``).
    case synthesized
    /// Core Text's way: a real face of that family, the nearest in slant and then weight; nothing synthesized.
    case nearestStyle
}
