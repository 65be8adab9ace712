import CFreeType

extension Font {
    /// Reads the values layout needs from the face's tables (FreeType parses them; fontTools cross-checks).
    static func readTables(face: FT_Face, path: String) throws(FontError) -> FontTables {
        // FreeType leaves units_per_EM at 0 for fonts without outlines (CBDT colour emoji): read `head` itself,
        // because HarfBuzz still positions their glyphs in those units.
        var unitsPerEm = Int(face.pointee.units_per_EM)
        if unitsPerEm == 0, let headRaw = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) {
            unitsPerEm = Int(headRaw.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
        }
        guard unitsPerEm >= 16 && unitsPerEm <= 16384 else { throw .missingTable(path: path, table: "head") }
        guard let hheaRaw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) else { throw .missingTable(path: path, table: "hhea") }
        let hhea = hheaRaw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        let hheaUnits = VerticalMetricsUnits(ascender: Int(hhea.Ascender), descender: Int(hhea.Descender),
                                             lineGap: Int(hhea.Line_Gap))
        var typoUnits = hheaUnits
        var useTypo = false
        var capHeight = 0
        var xHeight = 0
        var capSource = "glyph outlines"
        var decorations = DecorationUnits()
        if let postRaw = FT_Get_Sfnt_Table(face, FT_SFNT_POST) {
            let post = postRaw.assumingMemoryBound(to: TT_Postscript.self).pointee
            decorations.underlinePosition = Int(post.underlinePosition)
            decorations.underlineThickness = Int(post.underlineThickness)
        }
        if let os2Raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = os2Raw.assumingMemoryBound(to: TT_OS2.self).pointee
            // FreeType marks a missing OS/2 table with version 0xFFFF.
            if os2.version != 0xFFFF {
                typoUnits = VerticalMetricsUnits(ascender: Int(os2.sTypoAscender), descender: Int(os2.sTypoDescender),
                                                 lineGap: Int(os2.sTypoLineGap))
                useTypo = os2.fsSelection & (1 << 7) != 0
                decorations.strikeoutPosition = Int(os2.yStrikeoutPosition)
                decorations.strikeoutSize = Int(os2.yStrikeoutSize)
                if os2.version >= 2 && os2.sCapHeight > 0 {
                    capHeight = Int(os2.sCapHeight)
                    xHeight = Int(os2.sxHeight)
                    capSource = "OS/2"
                }
            }
        }
        if capSource != "OS/2" {
            // Older OS/2 tables carry no cap or x height; measure the outlines of 'H' and 'x', as CoreText does.
            capHeight = glyphTop(face: face, scalar: "H") ?? Int((Double(hheaUnits.ascender) * 0.7).rounded())
            xHeight = glyphTop(face: face, scalar: "x") ?? Int((Double(capHeight) * 0.7).rounded())
        }
        return FontTables(unitsPerEm: unitsPerEm, hhea: hheaUnits, typo: typoUnits, useTypoMetrics: useTypo,
                          capHeight: capHeight, xHeight: xHeight, capHeightSource: capSource, decorations: decorations)
    }

    /// The top of a glyph's outline in font units (exact bounding box, not the control box).
    static func glyphTop(face: FT_Face, scalar: Unicode.Scalar) -> Int? {
        let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard glyph != 0, FT_Load_Glyph(face, glyph, GL_FT_LOAD_NO_SCALE | GL_FT_LOAD_NO_BITMAP) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == GL_FT_GLYPH_FORMAT_OUTLINE else { return nil }
        var box = FT_BBox()
        guard FT_Outline_Get_BBox(&slot.pointee.outline, &box) == 0 else { return nil }
        return Int(box.yMax)
    }

}

extension Font {
    /// The glyph's horizontal advance in font units, read by FreeType without scaling (for cross-checks).
    public func unscaledAdvance(glyph: UInt32) -> Int {
        withFace { face in
            guard FT_Load_Glyph(face, glyph, GL_FT_LOAD_NO_SCALE) == 0, let slot = face.pointee.glyph else { return 0 }
            return Int(slot.pointee.advance.x)
        }
    }
}

extension Font {
    /// A `name` table string (e.g. ID 5, the version string), preferring Windows Unicode English, then any Windows
    /// Unicode entry, then Macintosh Roman; nil when the font has none.
    static func nameString(face: FT_Face, id: UInt16) -> String? {
        var best: (rank: Int, text: String)?
        let count = FT_Get_Sfnt_Name_Count(face)
        for index in 0..<count {
            var entry = FT_SfntName()
            guard FT_Get_Sfnt_Name(face, index, &entry) == 0, entry.name_id == id, let bytes = entry.string else { continue }
            let raw = Array(UnsafeBufferPointer(start: bytes, count: Int(entry.string_len)))
            let text: String?
            let rank: Int
            switch (entry.platform_id, entry.encoding_id) {
            case (3, 1), (3, 10), (0, _):
                var units: [UInt16] = []
                for pair in stride(from: 0, to: raw.count - 1, by: 2) { units.append(UInt16(raw[pair]) << 8 | UInt16(raw[pair + 1])) }
                text = String(decoding: units, as: UTF16.self)
                rank = entry.platform_id == 3 && entry.language_id == 0x409 ? 0 : 1
            case (1, 0):
                text = String(decoding: raw.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
                rank = 2
            default:
                continue
            }
            if let text, best == nil || rank < best!.rank { best = (rank, text) }
        }
        return best?.text
    }

    /// `head.fontRevision` (a 16.16 fixed-point number), rounded to three decimals as font tools print it.
    static func revision(face: FT_Face) -> Double? {
        guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) else { return nil }
        let head = raw.assumingMemoryBound(to: TT_Header.self).pointee
        return (Double(head.Font_Revision) / 65536 * 1000).rounded() / 1000
    }
}
