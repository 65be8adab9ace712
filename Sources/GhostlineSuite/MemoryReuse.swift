#if canImport(Glibc)
import Glibc
#endif

/// Keeps the memory of finished checks for the next ones instead of returning it to the system.
///
/// Each check allocates a few phone-sized images (12 MB each at @3x) and frees them. glibc hands buffers that large
/// to `mmap` and back to `munmap`, so every check touched its images for the first time again: thousands of page
/// faults per image, a sixth of a suite's time in the kernel, and with several workers they queue on the
/// process's one memory map. Served from the heap and not trimmed, the buffers of one check are reused by the
/// next. The cost is that the process keeps its peak (jobs × the largest check), which it reaches anyway.
enum MemoryReuse {
    /// Buffers below this come from the heap (glibc's own ceiling for the setting is 32 MiB on 64-bit systems;
    /// larger images still use `mmap`).
    static let mmapThreshold: Int32 = 32 << 20
    /// Free memory at the top of the heap is returned to the system only beyond this.
    static let trimThreshold: Int32 = 512 << 20

    static func keepFreedMemory() {
        #if canImport(Glibc)
        // glibc's `mallopt`, looked up at run time: the Glibc module does not import malloc.h. Its options are
        // M_MMAP_THRESHOLD (-3) and M_TRIM_THRESHOLD (-1). Another C library simply has no such symbol.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, mmapThreshold)
        _ = mallopt(-1, trimThreshold)
        #endif
    }
}
