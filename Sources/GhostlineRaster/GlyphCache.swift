import Foundation
import GhostlineFonts

/// Rendered glyph bitmaps, keyed by font, glyph, size and sub-pixel bin.
///
/// The font is the `Font` object, and a variable font's every instance is a `Font` of its own (``FontLibrary`` keeps
/// one per file, face and coordinates), so the instance is part of the key: wght 400 and 700 never share a bitmap.
///
/// Kept apart from layout and from the canvas so it can be shared between renders (and threads) or replaced;
/// rendering a glyph with FreeType costs microseconds, a lookup here a hash. Its memory is bounded: past
/// `byteBudget` it starts afresh, which costs only time (the same glyphs render to the same bytes).
public final class GlyphCache: @unchecked Sendable {
    /// Horizontal positions are quantised to quarter pixels: finer bins are invisible at text sizes, coarser
    /// ones make letter spacing visibly uneven.
    public static let subpixelBins = 4

    struct Key: Hashable {
        let font: ObjectIdentifier
        let glyph: UInt32
        let size26Dot6: Int
        let bin: Int
        let synthesis: FontSynthesis
    }

    private let lock = NSLock()
    private var bitmaps: [Key: GlyphBitmap] = [:]
    private var bytes = 0
    /// Keeps fonts alive while their glyphs are cached, so an ObjectIdentifier is never reused for another font.
    private var fonts: [ObjectIdentifier: Font] = [:]
    /// The most bitmap bytes kept before the cache empties itself; a single bitmap larger than this is returned but
    /// not kept.
    public let byteBudget: Int

    /// - Parameter byteBudget: the most bitmap bytes kept (256 MiB by default: thousands of large CJK glyphs).
    public init(byteBudget: Int = 256 << 20) { self.byteBudget = byteBudget }

    /// Returns the bitmap of `glyph` in `font` at `pixelsPerEm`, shifted right by `bin` quarter pixels, rendering it
    /// on a miss.
    ///
    /// Thread-safe. Two threads that miss on the same glyph at once both render it, which is harmless since the
    /// result is the same bytes. The size is keyed in 1/64 pixel, FreeType's unit.
    /// - Parameters:
    ///   - font: The font to render from.
    ///   - glyph: The glyph index in `font`.
    ///   - pixelsPerEm: The font size in device pixels (point size × scale).
    ///   - bin: The sub-pixel position, `0 ..< subpixelBins`.
    ///   - synthesis: Synthetic bold or italic to apply (a fallback face drawn as Blink draws it).
    /// - Returns: The glyph's bitmap, or ``GlyphBitmap/empty`` for a glyph without ink.
    public func bitmap(font: Font, glyph: UInt32, pixelsPerEm: Double, bin: Int,
                       synthesis: FontSynthesis = []) -> GlyphBitmap {
        let key = Key(font: ObjectIdentifier(font), glyph: glyph, size26Dot6: Int((pixelsPerEm * 64).rounded()), bin: bin,
                      synthesis: synthesis)
        lock.lock()
        if let hit = bitmaps[key] { lock.unlock(); return hit }
        lock.unlock()
        let rendered = GlyphRasterizer.rasterize(font, glyph: glyph, pixelsPerEm: pixelsPerEm,
                                                 subpixelOffset: Double(bin) / Double(Self.subpixelBins),
                                                 synthesis: synthesis)
        lock.lock()
        if bytes + rendered.byteCount > byteBudget {
            bitmaps.removeAll(keepingCapacity: true)
            fonts.removeAll()
            bytes = 0
        }
        if rendered.byteCount <= byteBudget {
            bitmaps[key] = rendered
            fonts[key.font] = font
            bytes += rendered.byteCount
        }
        lock.unlock()
        return rendered
    }

    /// The number of bitmaps held now.
    public var count: Int { lock.lock(); defer { lock.unlock() }; return bitmaps.count }
    /// Bitmap bytes held now.
    public var byteCount: Int { lock.lock(); defer { lock.unlock() }; return bytes }
}
