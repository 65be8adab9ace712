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
        var n = 0
        while n &+ 8 <= count {
            let v = pixels.loadUnaligned(fromByteOffset: (start &+ n) &* 4, as: SIMD8<UInt32>.self)
            if !all(v .== wanted) { break }
            n &+= 8
        }
        while n < count, pixels.loadUnaligned(fromByteOffset: (start &+ n) &* 4, as: UInt32.self) == colour.littleEndian {
            n &+= 1
        }
        return n
    }

    /// How many pixels from `start` on, and at most `count`, are `colour` in both `a` and `e`.
    @inline(__always)
    static func uniform(_ a: PixelBuffer, _ e: PixelBuffer, from start: Int, count: Int, colour: UInt32) -> Int {
        let wanted = SIMD8<UInt32>(repeating: colour.littleEndian)
        var n = 0
        while n &+ 8 <= count {
            let offset = (start &+ n) &* 4
            let va = a.base.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
            let ve = e.base.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
            if !all((va .== wanted) .& (ve .== wanted)) { break }
            n &+= 8
        }
        while n < count, a[start &+ n] == colour, e[start &+ n] == colour { n &+= 1 }
        return n
    }

    /// How many pixels from `start` on, and at most `count`, are the same in `a` and `e` (whatever their colours).
    @inline(__always)
    static func equal(_ a: PixelBuffer, _ e: PixelBuffer, from start: Int, count: Int) -> Int {
        var n = 0
        while n &+ 8 <= count {
            let offset = (start &+ n) &* 4
            let va = a.base.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
            let ve = e.base.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
            if !all(va .== ve) { break }
            n &+= 8
        }
        while n < count, a[start &+ n] == e[start &+ n] { n &+= 1 }
        return n
    }
}

extension Color {
    /// The colour packed the way `PixelBuffer` reads pixels.
    var packed: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }
}
