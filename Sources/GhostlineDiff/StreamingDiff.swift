import Dispatch
import Foundation
import GhostlineImage

/// A source of image rows, top to bottom, as straight-alpha RGBA8 (a PNG being decoded, say).
public protocol PixelRowSource: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Writes the next `count` rows (`count × width × 4` bytes) to `buffer`.
    func read(rows count: Int, into buffer: UnsafeMutableRawPointer) throws
}

/// Rows a streamed comparison has just classified, for a caller that writes images as the comparison goes (the
/// diff image, a ghost). Every pointer holds `rows.count × width × 4` bytes of RGBA, the first byte being pixel
/// (0, `rows.lowerBound`), and is valid only during the call. A block has at most `blockRows + 4` rows (the last
/// one also takes the rows held back for the anti-aliasing test).
public struct ComparedRows {
    public let rows: Range<Int>
    public let width: Int
    public let render: UnsafeRawPointer
    public let design: UnsafeRawPointer
    /// The diff image's pixels for these rows; nil when `DiffOptions.makeDiffImage` is off.
    public let diff: UnsafeRawPointer?
}

extension PixelDiff {
    /// The same comparison as `compare(render:design:options:)` — identical counts, ratio, distance, regions and
    /// diff image pixels — for two images read a block of rows at a time.
    ///
    /// Why: a verdict on two phone-sized exports needs neither image whole. Holding only a window of rows keeps
    /// the memory small (no 24 MB of fresh pages for the kernel to zero), and both sources are decoded at once.
    /// The anti-aliasing test looks two rows above and below a pixel (its neighbours' neighbours), so each block is
    /// classified only up to two rows short of what has been decoded, and those rows are kept for the next block.
    ///
    /// The result never holds a diff image. Each block's rows are handed to `rowsCompared`, with its diff rows when
    /// `DiffOptions.makeDiffImage` is on, so a caller can encode the diff image and a ghost as they arrive and
    /// two 16384 px exports never exist whole in memory.
    public static func compare(render actual: some PixelRowSource, design expected: some PixelRowSource,
                               options: DiffOptions = DiffOptions(), blockRows: Int = 128,
                               rowsCompared: ((ComparedRows) throws -> Void)? = nil) throws -> DiffResult {
        guard actual.width == expected.width, actual.height == expected.height else {
            throw DiffError.sizeMismatch(render: PixelSize(width: actual.width, height: actual.height),
                                         design: PixelSize(width: expected.width, height: expected.height))
        }
        try options.validate()
        let width = actual.width, height = actual.height
        guard width > 0, height > 0 else {
            return DiffResult(diffImage: RGBAImage(width: 0, height: 0, pixels: []), differingPixels: 0, antialiasedPixels: 0,
                              comparedPixels: 0, ratio: 0, maxDistance: 0, regions: [])
        }
        let halo = 2
        let block = max(blockRows, 2 * halo + 1)
        let capacity = block + 2 * halo
        let rowBytes = width * 4
        let settings = Settings(options, width: width, height: height)

        let bufferA = UnsafeMutableRawPointer.allocate(byteCount: capacity * rowBytes, alignment: 16)
        let bufferB = UnsafeMutableRawPointer.allocate(byteCount: capacity * rowBytes, alignment: 16)
        let mask = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * width)
        // The diff image's rows of the block being classified (indexed like the input buffers).
        let diffRows = options.makeDiffImage && rowsCompared != nil ? UnsafeMutableRawPointer.allocate(byteCount: capacity * rowBytes, alignment: 16) : nil
        defer { bufferA.deallocate(); bufferB.deallocate(); mask.deallocate(); diffRows?.deallocate() }

        var regions = RegionCollector(gap: options.regionGap, height: height)
        var total = Tally()
        var bufferStart = 0   // image row held in the buffers' first row
        var decoded = 0       // rows decoded so far
        var processed = 0     // rows classified so far
        while processed < height {
            // Decode the next block of both images at once, after the rows kept from the last block.
            let count = min(block, height - decoded)
            let offset = (decoded - bufferStart) * rowBytes
            let decode = DecodeJob(sources: [actual, expected], targets: [bufferA + offset, bufferB + offset])
            let failures = ErrorSlots()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                do {
                    try decode.sources[index].read(rows: count, into: decode.targets[index])
                } catch {
                    failures.set(index, error)
                }
            }
            if let error = failures.first { throw error }
            decoded += count
            let end = decoded == height ? height : decoded - halo

            // Views that index the buffers by image row (rows outside the window are never touched).
            func view(_ buffer: UnsafeMutableRawPointer) -> PixelBuffer {
                PixelBuffer(base: UnsafeRawPointer(bitPattern: Int(bitPattern: buffer) - bufferStart * rowBytes)!,
                            width: width, height: height)
            }
            let maskView = UnsafeMutablePointer<UInt8>(bitPattern: Int(bitPattern: mask) - bufferStart * width)!
            let diffView = diffRows.map { UnsafeMutableRawPointer(bitPattern: Int(bitPattern: $0) - bufferStart * rowBytes)! }
            let job = ChunkJob(a: view(bufferA), e: view(bufferB), out: diffView, mask: maskView,
                               tallies: UnsafeMutablePointer<Tally>.allocate(capacity: 2))
            defer { job.tallies.deallocate() }
            let rows = processed..<end
            let half = rows.lowerBound + rows.count / 2
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                let range = part == 0 ? rows.lowerBound..<half : half..<rows.upperBound
                job.tallies[part] = classify(rows: range, width: width, job: job, settings: settings)
            }
            for part in 0..<2 { total.add(job.tallies[part]) }
            for y in rows {
                regions.beginRow(y)
                let rowMask = maskView + y * width
                for x in 0..<width where rowMask[x] != 0 { regions.add(x: x) }
                regions.endRow()
            }
            if let rowsCompared, !rows.isEmpty {
                let offset = (rows.lowerBound - bufferStart) * rowBytes
                try rowsCompared(ComparedRows(rows: rows, width: width, render: UnsafeRawPointer(bufferA + offset),
                                              design: UnsafeRawPointer(bufferB + offset),
                                              diff: diffRows.map { UnsafeRawPointer($0 + offset) }))
            }
            processed = end
            // Keep the last `halo` classified rows and the decoded-but-unclassified ones for the next block.
            let keepFrom = max(bufferStart, processed - halo)
            let keptRows = decoded - keepFrom
            if keepFrom > bufferStart {
                let source = (keepFrom - bufferStart) * rowBytes
                (bufferA).copyMemory(from: bufferA + source, byteCount: keptRows * rowBytes)
                (bufferB).copyMemory(from: bufferB + source, byteCount: keptRows * rowBytes)
                bufferStart = keepFrom
            }
        }
        return result(diffImage: RGBAImage(width: 0, height: 0, pixels: []), total: total, pixelCount: width * height,
                      regions: regions.regions())
    }
}

/// The two reads of one block: each source writes only its own buffer, so they can run at once.
private struct DecodeJob: @unchecked Sendable {
    let sources: [any PixelRowSource]
    let targets: [UnsafeMutableRawPointer]
}

/// Errors from concurrent reads, one slot per reader.
private final class ErrorSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [Int: any Error] = [:]
    func set(_ index: Int, _ error: any Error) { lock.lock(); errors[index] = error; lock.unlock() }
    var first: (any Error)? { lock.lock(); defer { lock.unlock() }; return errors.keys.min().flatMap { errors[$0] } }
}
