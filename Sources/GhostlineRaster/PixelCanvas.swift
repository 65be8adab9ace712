import GhostlineImage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pixel buffer being painted: premultiplied sRGB, 8 bits a channel, composited with source-over.
///
/// Premultiplied storage makes source-over one multiply-add per channel and keeps transparent canvases right;
/// `takeImage()` converts to the straight alpha PNG wants. All arithmetic is integer, so output is byte-identical
/// on every machine and run.
public struct PixelCanvas: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    var pixels: [UInt8]

    /// True when every pixel is opaque: the background was, and source-over onto an opaque pixel leaves it opaque
    /// (alpha + (255 − alpha) is 255 exactly in `mul255`'s arithmetic), so `takeImage` has nothing to convert.
    let isOpaque: Bool

    /// Creates a canvas filled with `background` (any alpha: a clear background gives a transparent image, as the
    /// ghost overlay of `check` needs).
    public init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        let a = background.alpha
        let r = mul255(background.red, a), g = mul255(background.green, a), b = mul255(background.blue, a)
        isOpaque = a == 255
        // Written once, not zero-filled first and then painted: a 16384 px canvas is 1 GiB of fresh pages.
        let count = width * height * 4
        pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if r == g && g == b && b == a {
                memset(buffer.baseAddress!, Int32(r), count)   // white or clear: one memset
            } else {
                let pattern = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
                UnsafeMutableRawPointer(buffer.baseAddress!).bindMemory(to: UInt32.self, capacity: count / 4)
                    .initialize(repeating: pattern.littleEndian, count: count / 4)
            }
            initialized = count
        }
    }

    /// Composites `color` at `coverage` (0…255) over pixel (x, y); out-of-bounds pixels are ignored.
    @inline(__always)
    public mutating func blend(x: Int, y: Int, color: Color, coverage: UInt8) {
        guard coverage != 0, x >= 0, y >= 0, x < width, y < height else { return }
        let alpha = mul255(coverage, color.alpha)
        guard alpha != 0 else { return }
        let i = (y * width + x) * 4
        let inverse = 255 - alpha
        pixels[i] = mul255(color.red, alpha) &+ mul255(pixels[i], inverse)
        pixels[i + 1] = mul255(color.green, alpha) &+ mul255(pixels[i + 1], inverse)
        pixels[i + 2] = mul255(color.blue, alpha) &+ mul255(pixels[i + 2], inverse)
        pixels[i + 3] = alpha &+ mul255(pixels[i + 3], inverse)
    }

    /// Composites `color` at each pixel's coverage from a glyph's coverage bitmap: rows `rows` and columns `columns`
    /// of the `bitmapWidth`-wide bitmap, its (0, 0) at canvas pixel (`left`, `top`). The caller clips to the canvas.
    ///
    /// The same arithmetic as `blend(x:y:color:coverage:)`, pixel for pixel, on the buffer directly: a glyph is
    /// thousands of pixels, and going through the array's subscript (bounds and uniqueness checks each time) was a
    /// third of a render's raster time.
    mutating func blend(coverage: UnsafeBufferPointer<UInt8>, bitmapWidth: Int, rows: Range<Int>, columns: Range<Int>,
                        left: Int, top: Int, color: Color) {
        precondition(rows.lowerBound >= 0 && top + rows.lowerBound >= 0 && top + rows.upperBound <= height
                     && columns.lowerBound >= 0 && left + columns.lowerBound >= 0 && left + columns.upperBound <= width
                     && rows.upperBound * bitmapWidth <= coverage.count && columns.upperBound <= bitmapWidth,
                     "the glyph is clipped to the canvas")
        let canvasWidth = width
        pixels.withUnsafeMutableBufferPointer { canvas in
            let out = canvas.baseAddress!
            for row in rows {
                let source = coverage.baseAddress! + row * bitmapWidth
                let line = out + ((top + row) * canvasWidth + left) * 4
                var column = columns.lowerBound
                while column < columns.upperBound {
                    // Most of a large glyph's box is empty: eight empty pixels are skipped in one load.
                    if column + 8 <= columns.upperBound,
                       UnsafeRawPointer(source + column).loadUnaligned(as: UInt64.self) == 0 {
                        column += 8
                        continue
                    }
                    let cover = source[column]
                    let alpha = cover == 0 ? 0 : mul255(cover, color.alpha)
                    if alpha == 255 {
                        // Opaque ink: what the arithmetic below gives (x·255/255 = x, x·0/255 = 0), written directly.
                        let p = line + column * 4
                        p[0] = color.red; p[1] = color.green; p[2] = color.blue; p[3] = 255
                    } else if alpha != 0 {
                        let p = line + column * 4
                        let inverse = 255 - alpha
                        p[0] = mul255(color.red, alpha) &+ mul255(p[0], inverse)
                        p[1] = mul255(color.green, alpha) &+ mul255(p[1], inverse)
                        p[2] = mul255(color.blue, alpha) &+ mul255(p[2], inverse)
                        p[3] = alpha &+ mul255(p[3], inverse)
                    }
                    column += 1
                }
            }
        }
    }

    /// Composites `color` at full coverage over columns `x0..<x1` and rows `y0..<y1`, clipped to the canvas
    /// (an empty or inverted span draws nothing).
    mutating func fill(x0: Int, x1: Int, y0: Int, y1: Int, color: Color) {
        let left = max(0, x0), right = min(width, x1), top = max(0, y0), bottom = min(height, y1)
        guard left < right, top < bottom else { return }
        for y in top..<bottom { fillSpan(y: y, columns: left..<right, color: color) }
    }

    /// `blend(x:y:color:coverage: 255)` for each pixel of one row's `columns` (clipped to the canvas), with the
    /// colour's premultiplied bytes worked out once and the buffer written directly: the inside of a box is most of
    /// its pixels.
    mutating func fillSpan(y: Int, columns: Range<Int>, color: Color) {
        let left = max(0, columns.lowerBound), right = min(width, columns.upperBound)
        guard y >= 0, y < height, left < right else { return }
        let alpha = mul255(255, color.alpha)
        guard alpha != 0 else { return }
        let inverse = 255 - alpha
        let r = mul255(color.red, alpha), g = mul255(color.green, alpha), b = mul255(color.blue, alpha)
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { p in
            var i = (y * width + left) * 4
            let end = (y * width + right) * 4
            while i < end {
                p[i] = r &+ mul255(p[i], inverse)
                p[i + 1] = g &+ mul255(p[i + 1], inverse)
                p[i + 2] = b &+ mul255(p[i + 2], inverse)
                p[i + 3] = alpha &+ mul255(p[i + 3], inverse)
                i += 4
            }
        }
    }

    /// Composites rows `rows` and columns `columns` of a premultiplied RGBA bitmap (a colour emoji), each channel first
    /// scaled by `opacity`, its (0, 0) at canvas pixel (`left`, `top`); the caller clips to the canvas. The same
    /// arithmetic as `blendPremultiplied(x:y:r:g:b:a:)` pixel for pixel, on the buffers directly: a 1000 pt emoji is
    /// millions of pixels, and the array's subscript checks were most of their cost.
    mutating func blend(premultiplied source: UnsafeBufferPointer<UInt8>, bitmapWidth: Int, rows: Range<Int>, columns: Range<Int>,
                        left: Int, top: Int, opacity: UInt8) {
        precondition(rows.lowerBound >= 0 && top + rows.lowerBound >= 0 && top + rows.upperBound <= height
                     && columns.lowerBound >= 0 && left + columns.lowerBound >= 0 && left + columns.upperBound <= width
                     && rows.upperBound * bitmapWidth * 4 <= source.count && columns.upperBound <= bitmapWidth,
                     "the caller clips the bitmap to the canvas")
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { out in
            for row in rows {
                var i = (row * bitmapWidth + columns.lowerBound) * 4
                var o = ((top + row) * width + left + columns.lowerBound) * 4
                for _ in columns {
                    let a = mul255(source[i + 3], opacity)
                    if a != 0 {
                        let inverse = 255 - a
                        out[o] = mul255(source[i], opacity) &+ mul255(out[o], inverse)
                        out[o + 1] = mul255(source[i + 1], opacity) &+ mul255(out[o + 1], inverse)
                        out[o + 2] = mul255(source[i + 2], opacity) &+ mul255(out[o + 2], inverse)
                        out[o + 3] = a &+ mul255(out[o + 3], inverse)
                    }
                    i += 4
                    o += 4
                }
            }
        }
    }

    /// Composites a premultiplied source pixel (as an image would supply it).
    @inline(__always)
    mutating func blendPremultiplied(x: Int, y: Int, r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard a != 0, x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 4
        let inverse = 255 - a
        pixels[i] = r &+ mul255(pixels[i], inverse)
        pixels[i + 1] = g &+ mul255(pixels[i + 1], inverse)
        pixels[i + 2] = b &+ mul255(pixels[i + 2], inverse)
        pixels[i + 3] = a &+ mul255(pixels[i + 3], inverse)
    }

    /// The canvas as straight-alpha RGBA. The pixels are converted in place and handed over, so a canvas at the
    /// 16384 px limit (1 GiB) never exists twice; the canvas is empty afterwards.
    public mutating func takeImage() -> RGBAImage {
        var out: [UInt8] = []
        swap(&out, &pixels)
        if isOpaque { return RGBAImage(width: width, height: height, pixels: out) }
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = p[i + 3]
                if a != 0 && a != 255 {
                    for c in 0..<3 { p[i + c] = UInt8(min(255, (Int(p[i + c]) * 255 + Int(a) / 2) / Int(a))) }
                }
                i += 4
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}

/// `a × b / 255`, rounded to nearest, exact for all 8-bit inputs (the classic shift form of the division).
@inline(__always)
func mul255(_ a: UInt8, _ b: UInt8) -> UInt8 {
    let t = UInt32(a) * UInt32(b) + 128
    return UInt8((t + (t >> 8)) >> 8)
}
