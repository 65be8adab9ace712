import GhostlineImage

/// A read-only view of an `RGBAImage`'s bytes as packed 32-bit pixels, for the inner loops.
///
/// A pixel is loaded as one little-endian `UInt32` (R in the low byte, A in the high byte) so "are these two
/// pixels identical" is one integer compare, the test that settles most pixels of a typical comparison.
/// Only valid inside the `withUnsafeBytes` call that made it.
struct PixelBuffer {
    let base: UnsafeRawPointer
    let width: Int
    let height: Int

    @inline(__always)
    subscript(index: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
    }

    @inline(__always)
    subscript(x: Int, y: Int) -> UInt32 { self[y &* width &+ x] }
}

/// Runs of pixels, measured eight at a time.
///
/// Most of a screen is long stretches of one colour (the page, a card, a placeholder) that every pass over it
/// only steps across. Comparing eight pixels with one vector compare instead of two with one integer compare
/// took a quarter off the time the phone-screen suite spends in those passes (the label-ink and pixel-diff
/// loops). The vector is loaded in memory order, so the colour is compared in its little-endian form, as the
/// bytes lie.
enum PixelRuns {
    /// How many pixels from `start` on, and at most `count`, are `colour` in `pixels`.
    @inline(__always)
    static func uniform(_ pixels: UnsafeRawPointer, from start: Int, count: Int, colour: UInt32) -> Int {
        let wanted = SIMD8<UInt32>(repeating: colour.littleEndian)
        return run(count) { n in all(load(pixels, start &+ n) .== wanted) }
            single: { n in pixels.loadUnaligned(fromByteOffset: (start &+ n) &* 4, as: UInt32.self) == colour.littleEndian }
    }

    /// How many pixels from `start` on, and at most `count`, are `colour` in both `a` and `e`.
    @inline(__always)
    static func uniform(_ a: PixelBuffer, _ e: PixelBuffer, from start: Int, count: Int, colour: UInt32) -> Int {
        let wanted = SIMD8<UInt32>(repeating: colour.littleEndian)
        return run(count) { n in all((load(a.base, start &+ n) .== wanted) .& (load(e.base, start &+ n) .== wanted)) }
            single: { n in a[start &+ n] == colour && e[start &+ n] == colour }
    }

    /// How many pixels from `start` on, and at most `count`, are the same in `a` and `e` (whatever their colours).
    @inline(__always)
    static func equal(_ a: PixelBuffer, _ e: PixelBuffer, from start: Int, count: Int) -> Int {
        run(count) { n in all(load(a.base, start &+ n) .== load(e.base, start &+ n)) }
            single: { n in a[start &+ n] == e[start &+ n] }
    }

    /// The length of the run of pixels 0, 1, … (at most `count`) that pass: eight at a time while `eight(n)` says
    /// pixels n…n+7 all do, then one at a time by `single`.
    @inline(__always)
    private static func run(_ count: Int, eight: (Int) -> Bool, single: (Int) -> Bool) -> Int {
        var n = 0
        while n &+ 8 <= count, eight(n) { n &+= 8 }
        while n < count, single(n) { n &+= 1 }
        return n
    }

    /// Pixels `index`…`index + 7` as they lie in memory.
    @inline(__always)
    private static func load(_ pixels: UnsafeRawPointer, _ index: Int) -> SIMD8<UInt32> {
        pixels.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt32>.self)
    }
}

extension Color {
    /// The colour packed the way `PixelBuffer` reads pixels.
    var packed: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }
}
