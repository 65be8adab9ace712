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

    /// Pixels `index` and `index + 1` as one `UInt64` (the first in the low half), for loops that step over runs
    /// of equal pixels two at a time.
    @inline(__always)
    func pair(_ index: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index &* 4, as: UInt64.self))
    }
}

extension Color {
    /// The colour packed the way `PixelBuffer` reads pixels.
    var packed: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }
}
