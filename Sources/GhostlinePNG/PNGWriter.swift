import CPNGBridge
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which deflate implementation compresses a PNG, and how hard. Either way the file is a pure function of the
/// pixels on a given machine: the same bytes every run, on any number of threads, in any number of processes.
public struct PNGEncoding: Sendable, Hashable {
    public enum Engine: Sendable, Hashable {
        /// zlib: the same bytes wherever the same zlib version runs, which suits files kept in version control.
        case zlib
        /// Intel ISA-L's igzip: several times zlib's speed for files a few percent larger. It picks its code for the
        /// CPU at run time, so two CPU families may write different (equally valid) bytes for the same pixels.
        case isal
    }

    public var engine: Engine
    /// zlib 1…9, ISA-L 0…3.
    public var level: Int

    public init(engine: Engine = .zlib, level: Int) {
        precondition(engine == .zlib ? (1...9).contains(level) : (0...3).contains(level), "zlib level 1…9, ISA-L 0…3")
        self.engine = engine; self.level = level
    }

    /// Renders and snapshots: zlib level 3, whose bytes depend on zlib's version alone, not on the CPU. (ISA-L would
    /// deflate the demo card in 0.6 ms instead of 4–5 ms of CPU, but its streams took zlib's inflate 1.4–2.2× as long:
    /// a diff of two 16384 px renders went from 3 s to 8.5 s, and renders are what diffs read.) Measured on the demo
    /// card, zlib's levels 1–3 cost the same and level 3 is the smallest; level 6 took 2.5× as long for 2% less.
    public static let standard = PNGEncoding(engine: .zlib, level: 3)
    /// Review images (diff image, ghost), which are looked at once and thrown away: ISA-L level 1. On the
    /// 1170 × 2532 diff image of `scripts/bench/bench-diff.py` it took 3 ms against zlib level 1's 30 ms, for a file 3%
    /// larger.
    public static let fast = PNGEncoding(engine: .isal, level: 1)
}

/// Writes a PNG a block of rows at a time, compressing on every core, to any sink (memory, a file).
///
/// The format is pinned, so the bytes are a pure function of the pixels and the `PNGEncoding` for a given zlib:
/// 8-bit RGBA whatever the content, no interlace, the Up filter on every row (rendered UI mostly repeats the row
/// above, which Up turns into zeros at almost no cost), and only IHDR, IDAT and IEND chunks (no time stamp, text
/// or colour chunk).
///
/// **Why segments.** zlib compresses on one core. The writer cuts the filtered rows into segments of a fixed
/// number of rows (about 256 KB, so the count depends on the width alone) and deflates each one independently,
/// ending all but the last with a sync flush, as pigz does; the raw outputs join into one zlib stream whose
/// Adler-32 is combined from the segments' own. Each segment is one IDAT chunk. Since no segment depends on
/// another, they are compressed on as many threads as there are cores, and the file is the same on one core or
/// sixteen, in one process or many. Independent segments cost nothing measurable in size on UI images (a match
/// rarely reaches back further than the row above).
///
/// **Why streaming.** A diff of two 16384 px exports should not hold its diff image and ghost whole; the review
/// writes them a block at a time as the comparison goes, so only a batch of segments exists at once.
public final class PNGWriter {
    public let width: Int
    public let height: Int
    /// Rows handed to `write` so far.
    public private(set) var rowsWritten = 0

    /// Where the bytes go, in order; it may throw to stop the writer (a full disk, say).
    public typealias Sink = (UnsafeRawBufferPointer) throws(PNGError) -> Void

    /// Target size of a segment's filtered bytes.
    static let segmentBytes = 256 << 10

    private let encoding: PNGEncoding
    private let destination: String
    private let sink: Sink
    private let rowBytes: Int
    /// Rows per segment: ~256 KB of filtered bytes, at least one row. Depends on the width only.
    let segmentRows: Int
    /// Segments handed to the workers at once (their compressed bytes wait in memory until the batch is written):
    /// 16, about 4 MB of rows, or more with more cores. Only speed and memory depend on it, never the bytes.
    private let batchSize: Int
    /// One deflater and scratch a core, each taking the batch's next segment when it finishes one, so a core that
    /// drew blank rows takes more (a fixed share each left one core idle at the end of every batch), and a fresh
    /// process touches two compressors' memory on two cores, not one for every segment of a batch.
    private let workerCount: Int
    private var workers: [SegmentWorker] = []
    /// Rows received but not compressed yet (fewer than a segment).
    private let pending: UnsafeMutableRawPointer
    private var pendingRows = 0
    /// The last row compressed, which the Up filter of the next one needs.
    private let previousRow: UnsafeMutableRawPointer
    private var hasPreviousRow = false
    /// Adler-32 of the filtered bytes compressed so far (1 for none).
    private var adler: UInt32 = 1
    private var headerWritten = false
    private var finished = false

    /// Starts a PNG of `width × height` pixels: the signature and IHDR go to `sink` at once.
    ///
    /// - Parameter destination: the file name or label to put in errors.
    /// - Throws: `.cannotEncode` for an empty image or one wider than 2²⁸ px, or what `sink` throws.
    public init(width: Int, height: Int, encoding: PNGEncoding = .standard, destination: String = PNGCodec.memoryLabel,
                sink: @escaping Sink) throws(PNGError) {
        guard width > 0, height > 0 else {
            throw .cannotEncode(path: destination, detail: "the image is \(width)×\(height) px; a PNG needs at least 1×1")
        }
        guard width <= 1 << 28, height <= Int(Int32.max) else {
            throw .cannotEncode(path: destination, detail: "the image is \(width)×\(height) px; the encoder takes at most "
                                + "\(1 << 28) px a row and \(Int32.max) rows")
        }
        self.width = width; self.height = height; self.encoding = encoding; self.destination = destination
        self.sink = sink
        rowBytes = width * 4
        segmentRows = max(1, Self.segmentBytes / (rowBytes + 1))
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        batchSize = max(16, 2 * cores)
        workerCount = cores
        pending = UnsafeMutableRawPointer.allocate(byteCount: segmentRows * rowBytes, alignment: 16)
        previousRow = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 16)
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        // 8 bits a sample, colour type 6 (RGBA), deflate, adaptive filtering (method 0), no interlace.
        ihdr += [8, 6, 0, 0, 0]
        try emit([137, 80, 78, 71, 13, 10, 26, 10] + Self.chunk("IHDR", ihdr))
    }

    deinit {
        pending.deallocate()
        previousRow.deallocate()
    }

    /// Appends `count` rows (`count × width × 4` bytes of straight-alpha RGBA, top to bottom).
    public func write(rows: UnsafeRawPointer, count: Int) throws(PNGError) {
        precondition(!finished && count >= 0 && rowsWritten + count <= height, "writing past the last row")
        var next = rows
        var left = count
        rowsWritten += count
        let endsHere = rowsWritten == height
        // Complete a segment begun by an earlier call first.
        if pendingRows > 0 {
            let take = min(left, segmentRows - pendingRows)
            (pending + pendingRows * rowBytes).copyMemory(from: next, byteCount: take * rowBytes)
            pendingRows += take
            next += take * rowBytes
            left -= take
            if pendingRows == segmentRows || endsHere && left == 0 {
                try compress([Segment(rows: UnsafeRawPointer(pending), count: pendingRows, above: above)],
                             endsImage: endsHere && left == 0)
                pendingRows = 0
            }
        }
        // Whole segments straight from the caller's memory, a batch at a time (the last one may be short).
        while left >= segmentRows || left > 0 && endsHere {
            var batch: [Segment] = []
            var rowAbove = above
            while batch.count < batchSize, left >= segmentRows || left > 0 && endsHere {
                let take = min(left, segmentRows)
                batch.append(Segment(rows: next, count: take, above: rowAbove))
                rowAbove = next + (take - 1) * rowBytes
                next += take * rowBytes
                left -= take
            }
            try compress(batch, endsImage: endsHere && left == 0)
        }
        // Fewer rows than a segment: kept for the next call.
        if left > 0 {
            pending.copyMemory(from: next, byteCount: left * rowBytes)
            pendingRows = left
        }
    }

    /// Writes IEND. Every row must have been written.
    public func finish() throws(PNGError) {
        precondition(!finished, "finish() called twice")
        guard rowsWritten == height else {
            throw .cannotEncode(path: destination, detail: "\(rowsWritten) of the image's \(height) rows were written")
        }
        finished = true
        workers.removeAll()
        try emit(Self.chunk("IEND", []))
    }

    // MARK: Segments

    /// The row above the next one to compress, if any.
    private var above: UnsafeRawPointer? { hasPreviousRow ? UnsafeRawPointer(previousRow) : nil }

    /// Filters and deflates `segments` on all cores, then writes them in order as IDAT chunks.
    private func compress(_ segments: [Segment], endsImage: Bool) throws(PNGError) {
        let threads = min(workerCount, segments.count)
        while workers.count < threads {
            guard let worker = SegmentWorker(encoding: encoding, rowBytes: rowBytes, segmentRows: segmentRows) else {
                throw .cannotEncode(path: destination, detail: "out of memory for the compressor")
            }
            workers.append(worker)
        }
        let job = CompressJob(segments: segments, workers: Array(workers.prefix(threads)), rowBytes: rowBytes,
                              endsImage: endsImage)
        if threads == 1 {
            job.work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { job.work($0) }
        }
        for (index, result) in job.results.enumerated() {
            guard result.status == 0, let output = result.output else {
                throw .cannotEncode(path: destination, detail: result.status < 0 ? "out of memory while compressing"
                                    : "zlib refused a segment (status \(result.status))")
            }
            adler = gl_png_adler32_combine(adler, result.adler, result.inputSize)
            try emitIDAT(UnsafeRawBufferPointer(output), trailer: endsImage && index == segments.count - 1 ? adler : nil)
        }
        // The last row of the batch is the row above whatever comes next (the caller's memory may be gone by then).
        let last = segments[segments.count - 1]
        previousRow.copyMemory(from: last.rows + (last.count - 1) * rowBytes, byteCount: rowBytes)
        hasPreviousRow = true
    }

    /// One IDAT chunk: the zlib header before the first segment, the stream's Adler-32 after the last.
    private func emitIDAT(_ data: UnsafeRawBufferPointer, trailer: UInt32?) throws(PNGError) {
        let isFirst = !headerWritten
        headerWritten = true
        var prefix: [UInt8] = []
        prefix.appendBigEndian(UInt32(data.count + (isFirst ? 2 : 0) + (trailer == nil ? 0 : 4)))
        prefix += Array("IDAT".utf8)
        if isFirst { prefix += Self.zlibHeader(encoding) }
        var suffix: [UInt8] = []
        if let trailer { suffix.appendBigEndian(trailer) }
        // The chunk's CRC covers its type and data, not its length.
        var crc = Self.crc(prefix[4...], continuing: 0)
        crc = gl_png_crc32(crc, data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count)
        crc = Self.crc(suffix[...], continuing: crc)
        suffix.appendBigEndian(crc)
        try emit(prefix)
        try sink(data)
        try emit(suffix)
    }

    private func emit(_ bytes: [UInt8]) throws(PNGError) {
        var failure: PNGError?
        bytes.withUnsafeBytes { buffer in
            do throws(PNGError) { try sink(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private static func crc(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32) -> UInt32 {
        bytes.withUnsafeBufferPointer { gl_png_crc32(crc, $0.baseAddress, $0.count) }
    }

    /// The two bytes that open a zlib stream: deflate with a 32 KB window, the level's class (0 for the fastest,
    /// which ISA-L's levels all are), no dictionary, and the check bits that make the pair a multiple of 31.
    static func zlibHeader(_ encoding: PNGEncoding) -> [UInt8] {
        let level = encoding.engine == .isal ? 1 : encoding.level
        let levelClass: UInt16 = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
        let cmf: UInt16 = 0x78
        var flags = levelClass << 6
        flags += (31 - (cmf << 8 | flags) % 31) % 31
        return [UInt8(cmf), UInt8(flags)]
    }

    /// A whole chunk: length, type, data, and the CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendBigEndian(UInt32(data.count))
        bytes += Array(type.utf8) + data
        bytes.appendBigEndian(crc(bytes[4...], continuing: 0))
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` most significant byte first, as PNG stores numbers.
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
