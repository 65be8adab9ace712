import Foundation
import GhostlineFonts

/// Rendered glyph bitmaps, keyed by font, glyph, size and sub-pixel bin.
///
/// Kept apart from layout and from the canvas so it can be shared between renders (and threads) or replaced;
/// rendering a glyph with FreeType costs microseconds, a lookup here a hash.
public final class GlyphCache: @unchecked Sendable {
    /// Horizontal positions are quantised to quarter pixels: finer bins are invisible at text sizes, coarser
    /// ones make letter spacing visibly uneven.
    public static let subpixelBins = 4

    struct Key: Hashable {
        let font: ObjectIdentifier
        let glyph: UInt32
        let size26Dot6: Int
        let bin: Int
    }

    private let lock = NSLock()
    private var bitmaps: [Key: GlyphBitmap] = [:]
    /// Keeps fonts alive while their glyphs are cached, so an ObjectIdentifier is never reused for another font.
    private var fonts: [ObjectIdentifier: Font] = [:]

    public init() {}

    public static let shared = GlyphCache()

    public func bitmap(font: Font, glyph: UInt32, pixelsPerEm: Double, bin: Int) -> GlyphBitmap {
        let key = Key(font: ObjectIdentifier(font), glyph: glyph, size26Dot6: Int((pixelsPerEm * 64).rounded()), bin: bin)
        lock.lock()
        if let hit = bitmaps[key] { lock.unlock(); return hit }
        lock.unlock()
        let rendered = font.rasterize(glyph: glyph, pixelsPerEm: pixelsPerEm,
                                      subpixelOffset: Double(bin) / Double(Self.subpixelBins))
        lock.lock()
        bitmaps[key] = rendered
        fonts[key.font] = font
        lock.unlock()
        return rendered
    }

    public var count: Int { lock.lock(); defer { lock.unlock() }; return bitmaps.count }
}
