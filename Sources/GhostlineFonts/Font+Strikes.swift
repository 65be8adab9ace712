import CFreeType

extension Font {
    /// The glyph's advance in its largest colour bitmap strike, in ems (the bitmap's advance in pixels over the
    /// strike's pixels per em); nil for a font without strikes or a glyph without a bitmap.
    ///
    /// Why: Chromium (Skia over FreeType) advances a bitmap-only font's glyph by this, scaled to the size, where
    /// HarfBuzz reads `hmtx`. Noto Color Emoji's 🍜 is 136/109 em in its 109 ppem strike and 2550/2048 em in `hmtx`:
    /// 0.13 device px at 17 px @3x, measured in Chromium 156 to within its LayoutUnit at nine sizes from 11 to 40 px.
    /// Only the metrics are read (`FT_LOAD_BITMAP_METRICS_ONLY`): no PNG is decoded.
    public func strikeAdvance(of glyph: UInt32) -> Double? {
        guard let strike = colorStrikes.last, strike > 0 else { return nil }
        return withFace { face -> Double? in
            if let known = strikeAdvanceCache[glyph] { return known.isNaN ? nil : known }
            var advance = Double.nan
            if let ppem = Self.selectStrike(face, ppem: strike),
               FT_Load_Glyph(face, glyph, GL_FT_LOAD_COLOR | GL_FT_LOAD_BITMAP_METRICS_ONLY) == 0, let slot = face.pointee.glyph {
                advance = Double(slot.pointee.metrics.horiAdvance) / 64 / ppem
            }
            strikeAdvanceCache[glyph] = advance
            return advance.isNaN ? nil : advance
        }
    }

    /// Selects the colour strike of `ppem` (one of ``colorStrikes``) on `face` for the glyphs loaded next, and
    /// returns its exact pixels per em (FreeType's 26.6 value); nil when the face has no strike of that size.
    package static func selectStrike(_ face: FT_Face, ppem: Int) -> Double? {
        guard let sizes = face.pointee.available_sizes,
              let index = (0..<Int(face.pointee.num_fixed_sizes)).first(where: { Int((sizes[$0].y_ppem + 32) >> 6) == ppem }),
              FT_Select_Size(face, FT_Int(index)) == 0 else { return nil }
        return Double(sizes[index].y_ppem) / 64
    }
}
