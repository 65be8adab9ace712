import CFreeType

/// An anti-aliased glyph image: 8-bit coverage, rows top to bottom, placed relative to the pen position.
public struct GlyphBitmap: Sendable {
    /// Width and height in pixels.
    public let width: Int
    public let height: Int
    /// Pixels from the pen's x (its whole-pixel part) to the bitmap's left column.
    public let left: Int
    /// Pixels from the baseline up to the bitmap's top row (y up, as FreeType reports it).
    public let top: Int
    /// `width × height` coverage values, 0 (none) … 255 (full).
    public let coverage: [UInt8]

    public static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])
}

extension Font {
    /// Renders glyph `glyph` at `pixelsPerEm` with the outline shifted right by `subpixelOffset` pixels (0 ≤ offset < 1).
    ///
    /// No hinting and no embedded bitmaps, because iOS renders text unhinted with fractional positions; the
    /// sub-pixel shift lets the rasterizer place glyphs at fractional x without blurring them afterwards.
    /// Returns `.empty` for glyphs without an outline (spaces) or that FreeType cannot render.
    public func rasterize(glyph: UInt32, pixelsPerEm: Double, subpixelOffset: Double) -> GlyphBitmap {
        withFace { face in
            let size26Dot6 = FT_F26Dot6((pixelsPerEm * 64).rounded())
            guard size26Dot6 > 0, FT_Set_Char_Size(face, 0, size26Dot6, 72, 72) == 0,
                  FT_Load_Glyph(face, glyph, GL_FT_LOAD_NO_HINTING | GL_FT_LOAD_NO_BITMAP) == 0,
                  let slot = face.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
            let shift = FT_Pos((subpixelOffset * 64).rounded())
            if shift != 0 { FT_Outline_Translate(&slot.pointee.outline, shift, 0) }
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), height = Int(bitmap.rows)
            guard width > 0, height > 0, let buffer = bitmap.buffer,
                  bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return .empty }
            let pitch = Int(bitmap.pitch)
            var coverage = [UInt8](repeating: 0, count: width * height)
            coverage.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    // A negative pitch means FreeType stored rows bottom-up.
                    let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * (-pitch)
                    (out.baseAddress! + row * width).update(from: source, count: width)
                }
            }
            return GlyphBitmap(width: width, height: height, left: Int(slot.pointee.bitmap_left),
                               top: Int(slot.pointee.bitmap_top), coverage: coverage)
        }
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
