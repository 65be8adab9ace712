#if canImport(Glibc)
import Glibc
#endif

/// Asks Linux to back a large buffer with transparent huge pages before it is first written.
///
/// A phone-sized RGBA image is 12 MB: touched for the first time in 4 KB pages that is ~3,000 page faults per
/// image, which measured as a quarter of a whole `ghostline diff`. With 2 MB pages it is a handful. This is only
/// advice (`madvise`), honoured when the system's THP mode is `madvise` or `always`; elsewhere it does nothing.
public enum HugePages {
    /// Below this, huge pages cannot help (the buffer spans no whole 2 MB page).
    static let minimumBytes = 4 << 20

    /// Advises the kernel to back the whole 2 MB pages inside a buffer with huge pages.
    ///
    /// Call it right after allocating and before the first write; the advice only affects pages not yet touched.
    /// Buffers under 4 MB, a nil pointer and non-Linux systems are left alone, and the result of `madvise` is
    /// ignored, since failing only costs speed.
    /// - Parameters:
    ///   - pointer: The start of the buffer.
    ///   - byteCount: The buffer's length in bytes; only the 2 MB-aligned pages that lie wholly inside it are advised.
    public static func advise(_ pointer: UnsafeMutableRawPointer?, byteCount: Int) {
        #if os(Linux)
        guard let pointer, byteCount >= minimumBytes else { return }
        let huge = 2 << 20
        let start = (Int(bitPattern: pointer) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: pointer) + byteCount) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, 14 /* MADV_HUGEPAGE */)
        #endif
    }
}
