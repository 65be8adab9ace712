import CFreeType
import GhostlineFonts

/// A glyph image placed relative to the pen position: 8-bit coverage for outline glyphs (painted in the text's
/// colour), or premultiplied RGBA for colour glyphs (emoji bitmaps, painted as they are).
public struct GlyphBitmap: Sendable {
    /// Width and height in pixels.
    public let width: Int
    /// Height in pixels (see ``width``).
    public let height: Int
    /// Pixels from the pen's x (its whole-pixel part) to the bitmap's left column.
    public let left: Int
    /// Pixels from the baseline up to the bitmap's top row (y up, as FreeType reports it).
    public let top: Int
    /// `width × height` coverage values, 0 (none) … 255 (full); empty for a colour glyph.
    public let coverage: [UInt8]
    /// `width × height × 4` premultiplied RGBA bytes for a colour glyph; nil for an outline glyph.
    public let color: [UInt8]?

    /// Creates a bitmap from rendered pixels; `coverage` is empty when `color` is given.
    public init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8], color: [UInt8]? = nil) {
        self.width = width; self.height = height; self.left = left; self.top = top
        self.coverage = coverage; self.color = color
    }

    /// A bitmap with no pixels: what a space, a missing outline or a failed render gives. Drawing it does nothing.
    public static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])

    /// Bytes it holds (for the cache's budget).
    var byteCount: Int { coverage.count + (color?.count ?? 0) }
}

/// Turns glyphs into pixels with FreeType. Kept in the raster module: layout never needs a pixel.
public enum GlyphRasterizer {
    /// A glyph whose bitmap would be wider or taller than this is not drawn: no scene within the documented
    /// limits needs one (1000 pt at @3x is 3000 px an em), and a font with a tiny unitsPerEm can otherwise ask for
    /// a bitmap of gigabytes.
    public static let maximumSidePixels = 8192

    /// Renders `glyph` at `pixelsPerEm` with the outline shifted right by `subpixelOffset` pixels (0 ≤ offset < 1).
    ///
    /// Outline glyphs: no hinting and no embedded bitmaps, because iOS renders text unhinted with fractional
    /// positions; the sub-pixel shift places glyphs at fractional x without blurring them afterwards. Fonts with
    /// colour bitmap strikes (Noto Color Emoji's CBDT) are drawn from the strike nearest the size and scaled.
    /// Synthetic bold widens the outline by ``FontSynthesis/strokeWidth(pixelsPerEm:)`` (half on each side), and
    /// synthetic italic shears it by ``FontSynthesis/italicSkew`` about the baseline, before the sub-pixel shift;
    /// colour glyphs are drawn as they are.
    /// Returns `.empty` for glyphs without ink (spaces) or that FreeType cannot render.
    public static func rasterize(_ font: Font, glyph: UInt32, pixelsPerEm: Double, subpixelOffset: Double,
                                 synthesis: FontSynthesis = []) -> GlyphBitmap {
        if !font.colorStrikes.isEmpty, let bitmap = colorBitmap(font, glyph: glyph, pixelsPerEm: pixelsPerEm) {
            return bitmap
        }
        return font.withFace { face in
            let size26Dot6 = FT_F26Dot6((pixelsPerEm * 64).rounded())
            guard size26Dot6 > 0, FT_Set_Char_Size(face, 0, size26Dot6, 72, 72) == 0,
                  FT_Load_Glyph(face, glyph, GL_FT_LOAD_NO_HINTING | GL_FT_LOAD_NO_BITMAP) == 0,
                  let slot = face.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
            if synthesis.contains(.bold) {
                let strength = FT_Pos((FontSynthesis.strokeWidth(pixelsPerEm: pixelsPerEm) * 64).rounded())
                FT_Outline_EmboldenXY(&slot.pointee.outline, strength, strength)
            }
            if synthesis.contains(.italic) {
                var shear = FT_Matrix(xx: 0x10000, xy: FT_Fixed((FontSynthesis.italicSkew * 65536).rounded()),
                                      yx: 0, yy: 0x10000)
                FT_Outline_Transform(&slot.pointee.outline, &shear)
            }
            var box = FT_BBox()
            FT_Outline_Get_CBox(&slot.pointee.outline, &box)
            let limit = FT_Pos(maximumSidePixels) * 64
            guard box.xMax - box.xMin <= limit, box.yMax - box.yMin <= limit else { return .empty }
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

    /// A colour glyph from the strike closest to `pixelsPerEm` (the smallest at least as large, else the
    /// largest), scaled to the size with an area-averaging filter in premultiplied RGBA, so edges stay clean and
    /// the result is the same on every machine. nil when the glyph has no colour bitmap.
    static func colorBitmap(_ font: Font, glyph: UInt32, pixelsPerEm: Double) -> GlyphBitmap? {
        let strikes = font.colorStrikes
        guard pixelsPerEm > 0, let strike = strikes.first(where: { Double($0) >= pixelsPerEm }) ?? strikes.last else { return nil }
        let factor = pixelsPerEm / Double(strike)
        return font.withFace { face -> GlyphBitmap? in
            guard Font.selectStrike(face, ppem: strike) != nil,
                  FT_Load_Glyph(face, glyph, GL_FT_LOAD_COLOR) == 0, let slot = face.pointee.glyph else { return nil }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), height = Int(bitmap.rows)
            guard width > 0, height > 0, let buffer = bitmap.buffer,
                  bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return nil }
            let pitch = Int(bitmap.pitch)
            var source = [UInt8](repeating: 0, count: width * height * 4)
            for row in 0..<height {
                let line = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * (-pitch)
                for column in 0..<width {
                    // FreeType's BGRA is premultiplied; store RGBA.
                    let i = (row * width + column) * 4
                    source[i] = line[column * 4 + 2]; source[i + 1] = line[column * 4 + 1]
                    source[i + 2] = line[column * 4]; source[i + 3] = line[column * 4 + 3]
                }
            }
            let left = Double(slot.pointee.bitmap_left) * factor
            let top = Double(slot.pointee.bitmap_top) * factor
            return resample(source, width: width, height: height, factor: factor, left: left, top: top)
        }
    }

    /// Area-averaging resample of a premultiplied RGBA bitmap by `factor`, placed so its left and top edges
    /// (in target pixels, from the pen and the baseline) keep their fractional part inside the first pixel.
    static func resample(_ source: [UInt8], width: Int, height: Int, factor: Double, left: Double, top: Double) -> GlyphBitmap {
        let originX = left.rounded(.down), originY = top.rounded(.up)
        let outWidth = min(maximumSidePixels, Int((left + Double(width) * factor - originX).rounded(.up)))
        let outHeight = min(maximumSidePixels, Int((originY - (top - Double(height) * factor)).rounded(.up)))
        guard outWidth > 0, outHeight > 0 else { return .empty }
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        // Each target pixel covers [x0, x1) × [y0, y1) of the source, in source pixels. The source columns (and rows)
        // a target column (row) covers, with their weights, depend on x (y) alone: worked out once each, not once a
        // pixel (a 1000 pt emoji is millions of pixels). The weights and the order of the sums are the same as
        // computing them per pixel, so the bytes are too.
        func spans(count: Int, sourceCount: Int, offset: Double) -> (start: [Int], index: [Int], weight: [Double]) {
            var start = [0], index: [Int] = [], weight: [Double] = []
            for target in 0..<count {
                let s0 = (Double(target) - offset) / factor, s1 = s0 + 1 / factor
                var source = max(0, Int(s0.rounded(.down)))
                while source < sourceCount && Double(source) < s1 {
                    index.append(source)
                    weight.append(min(s1, Double(source + 1)) - max(s0, Double(source)))
                    source += 1
                }
                start.append(index.count)
            }
            return (start, index, weight)
        }
        let columns = spans(count: outWidth, sourceCount: width, offset: left - originX)
        let rows = spans(count: outHeight, sourceCount: height, offset: originY - top)
        let area = factor * factor   // weights are in source pixels; a target pixel is 1/factor² of them
        func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, roundedHalfAway(v * area)))) }
        if factor >= 1, upscale(source, width: width, columns: columns, rows: rows, into: &out, outWidth: outWidth, area: area) {
            return GlyphBitmap(width: outWidth, height: outHeight, left: Int(originX), top: Int(originY), coverage: [], color: out)
        }
        source.withUnsafeBufferPointer { source in
        out.withUnsafeMutableBufferPointer { out in
        columns.start.withUnsafeBufferPointer { columnStart in
        columns.index.withUnsafeBufferPointer { columnIndex in
        columns.weight.withUnsafeBufferPointer { columnWeight in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        var sum = (0.0, 0.0, 0.0, 0.0)
                        for r in rows.start[y]..<rows.start[y + 1] {
                            let row = rows.index[r], wy = rows.weight[r]
                            for c in columnStart[x]..<columnStart[x + 1] {
                                let w = wy * columnWeight[c]
                                if w > 0 {
                                    let i = (row * width + columnIndex[c]) * 4
                                    sum.0 += Double(source[i]) * w; sum.1 += Double(source[i + 1]) * w
                                    sum.2 += Double(source[i + 2]) * w; sum.3 += Double(source[i + 3]) * w
                                }
                            }
                        }
                        let o = (y * outWidth + x) * 4
                        out[o] = byte(sum.0); out[o + 1] = byte(sum.1); out[o + 2] = byte(sum.2); out[o + 3] = byte(sum.3)
                    }
                }
        }
        }
        }
        }
        }
        return GlyphBitmap(width: outWidth, height: outHeight, left: Int(originX), top: Int(originY), coverage: [], color: out)
    }
}

/// `x.rounded()` (to nearest, halves away from zero) for |x| < 2^52, without libm's `round`, which x86-64's baseline
/// instruction set cannot inline: the integer conversion truncates, and the fraction left over is exact. Scaling a
/// 1000 pt emoji rounds four channels of millions of pixels; this keeps the bytes and drops a fifth of the time.
@inline(__always) func roundedHalfAway(_ x: Double) -> Double {
    let whole = Double(Int(x)), fraction = x - whole
    return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
}
