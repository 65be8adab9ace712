/// Styles drawn by changing a face's outlines instead of choosing another face: what Blink does when the font
/// fallback picked for a character has no bold or italic of its own.
///
/// Blink on Linux takes the face its system fallback ranks first, then sets synthetic bold when the text asks for
/// a weight of 600 or more and fontconfig does not call the face bold, and synthetic italic when the text is italic
/// and the face is upright (Chromium's `font_cache_linux.cc`). Synthesis changes ink, never advances: the line
/// breaks and widths are the face's own. The raster draws it (``strokeWidth(pixelsPerEm:)`` and ``italicSkew``).
public struct FontSynthesis: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Outlines thickened by ``strokeWidth(pixelsPerEm:)``.
    public static let bold = FontSynthesis(rawValue: 1)
    /// Outlines slanted by ``italicSkew``.
    public static let italic = FontSynthesis(rawValue: 2)

    /// The weight from which a style counts as bold (CSS and Blink's bold threshold).
    public static let boldThreshold = 600

    /// What Blink synthesizes for a fallback face that fontconfig calls `faceIsBold`/`faceIsItalic`, for text of
    /// `weight` and `italic`.
    public static func forFallback(faceIsBold: Bool, faceIsItalic: Bool, weight: Int, italic: Bool) -> FontSynthesis {
        var synthesis: FontSynthesis = []
        if weight >= boldThreshold && !faceIsBold { synthesis.insert(.bold) }
        if italic && !faceIsItalic { synthesis.insert(.italic) }
        return synthesis
    }

    /// How much wider a synthetic-bold outline is, in pixels, at `pixelsPerEm`: Skia's fake bold, a stroke of
    /// 1/24 of the size up to 9 px, 1/32 from 36 px, and linear in between (`kStdFakeBoldInterpKeys`/`Values`).
    /// The stroke is centred on the outline, so each edge moves out by half of it.
    public static func strokeWidth(pixelsPerEm: Double) -> Double {
        let (smallSize, largeSize, smallFactor, largeFactor) = (9.0, 36.0, 1.0 / 24.0, 1.0 / 32.0)
        let t = min(1, max(0, (pixelsPerEm - smallSize) / (largeSize - smallSize)))
        return pixelsPerEm * (smallFactor + (largeFactor - smallFactor) * t)
    }

    /// The horizontal shear of synthetic italic: x moves right by a quarter of the height above the baseline
    /// (Blink's skew of −1/4 in Skia's y-down space).
    public static let italicSkew = 0.25
}
