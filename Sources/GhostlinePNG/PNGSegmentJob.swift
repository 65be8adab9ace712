import CPNGBridge
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The threads' side of `PNGWriter`: segments to compress, the compressors that take them one after another, and
// what each segment comes back as. Nothing here depends on which thread compressed which segment.

/// Rows of one segment: where they are, how many, and the row above the first (nil at the image's top).
struct Segment {
    let rows: UnsafeRawPointer
    let count: Int
    let above: UnsafeRawPointer?
}

/// A deflater with its scratch for filtered rows, used by one thread at a time, segment after segment.
final class SegmentWorker: @unchecked Sendable {
    let deflater: OpaquePointer
    let scratch: UnsafeMutablePointer<UInt8>
    /// Filtered rows the scratch holds: about 32 KB of them for zlib, which is fed a few rows at a time (they stay in
    /// the cache between the filter and the compressor); a whole segment for ISA-L, which compresses in one call.
    let scratchRows: Int

    init?(encoding: PNGEncoding, rowBytes: Int, segmentRows: Int) {
        // zlib's Z_FILTERED strategy suits filtered rows (it favours short matches over literals).
        let engine = encoding.engine == .zlib ? Int32(GL_PNG_ZLIB) : Int32(GL_PNG_ISAL)
        guard let deflater = gl_png_deflater_create(engine, Int32(encoding.level), 1) else { return nil }
        self.deflater = deflater
        scratchRows = encoding.engine == .zlib ? min(segmentRows, max(1, (32 << 10) / (rowBytes + 1))) : segmentRows
        scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchRows * (rowBytes + 1))
    }

    deinit {
        gl_png_deflater_destroy(deflater)
        scratch.deallocate()
    }
}

/// One segment's compressed bytes (copied out of the deflater, which goes on to another segment) and checksum.
final class SegmentResult: @unchecked Sendable {
    var status: Int32 = 0
    var output: UnsafeMutableRawBufferPointer?
    var adler: UInt32 = 1
    var inputSize = 0

    deinit { output?.deallocate() }
}

/// What the threads of one batch share: worker w takes the next unclaimed segment, compresses it with its own
/// deflater and writes only that segment's result.
final class CompressJob: @unchecked Sendable {
    let segments: [Segment]
    let workers: [SegmentWorker]
    let results: [SegmentResult]
    let rowBytes: Int
    let endsImage: Bool
    private var next = 0
    /// A pointer, not a stored `pthread_mutex_t`: a mutex must not move, and Swift promises no fixed address for a
    /// stored property.
    private let claimLock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(segments: [Segment], workers: [SegmentWorker], rowBytes: Int, endsImage: Bool) {
        self.segments = segments; self.workers = workers; self.rowBytes = rowBytes; self.endsImage = endsImage
        results = segments.map { _ in SegmentResult() }
        claimLock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(claimLock, nil)
    }

    deinit {
        pthread_mutex_destroy(claimLock)
        claimLock.deallocate()
    }

    private func claim() -> Int? {
        pthread_mutex_lock(claimLock)
        defer { pthread_mutex_unlock(claimLock) }
        guard next < segments.count else { return nil }
        next += 1
        return next - 1
    }

    func work(_ workerIndex: Int) {
        let worker = workers[workerIndex]
        while let index = claim() {
            let segment = segments[index], result = results[index]
            var output: UnsafePointer<UInt8>?
            var outputSize = 0
            var adler: UInt32 = 0
            result.status = gl_png_deflate_rows(worker.deflater, segment.rows.assumingMemoryBound(to: UInt8.self),
                                                segment.above?.assumingMemoryBound(to: UInt8.self), rowBytes,
                                                UInt32(segment.count), endsImage && index == segments.count - 1 ? 1 : 0,
                                                worker.scratch, UInt32(worker.scratchRows), &output, &outputSize, &adler)
            guard result.status == 0, let output else { continue }
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(outputSize, 1), alignment: 1)
            copy.copyMemory(from: UnsafeRawBufferPointer(start: output, count: outputSize))
            result.output = UnsafeMutableRawBufferPointer(rebasing: copy[0..<outputSize])
            result.adler = adler
            result.inputSize = segment.count * (rowBytes + 1)
        }
    }
}
