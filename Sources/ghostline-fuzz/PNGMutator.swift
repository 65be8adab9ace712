import CZlibBridge

/// Mutations that keep a PNG readable far enough to reach the code behind its checksums.
///
/// libFuzzer's byte mutations break a chunk's CRC almost every time, and libpng rejects a bad CRC at the first
/// chunk, so a plain PNG target only ever exercises the CRC check. This mutator works on chunks instead: it
/// mutates a chunk's data and then recomputes its length and CRC; it inflates the image data, mutates the
/// filtered rows and deflates them again; it rewrites IHDR to another valid flavour with image data of exactly
/// the right size; it inserts, drops and reorders chunks (tRNS, PLTE, eXIf, iCCP, …); and sometimes it leaves
/// the CRCs wrong or cuts the file on purpose, so those paths stay covered too.
///
/// `mutateBytes` is libFuzzer's own byte mutator (LLVMFuzzerMutate) in a fuzzing build; the mutator itself is
/// plain Swift, deterministic for a given seed.
struct PNGMutator {
    struct Chunk {
        var type: [UInt8]
        var data: [UInt8]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var random: SplitMix
    let mutateBytes: ([UInt8], Int) -> [UInt8]

    init(seed: UInt32, mutateBytes: @escaping ([UInt8], Int) -> [UInt8]) {
        self.random = SplitMix(seed: UInt64(seed))
        self.mutateBytes = mutateBytes
    }

    /// One mutation of `bytes`, or nil when `bytes` is not a PNG or the result would exceed `maxSize` (the caller
    /// then falls back to libFuzzer's plain byte mutation).
    mutating func mutate(_ bytes: [UInt8], maxSize: Int) -> [UInt8]? {
        guard var chunks = Self.parse(bytes), !chunks.isEmpty else { return nil }
        var fixCRCs = true
        var cutAt: Int?
        switch random.next(10) {
        case 0...3: mutateChunkData(&chunks)
        case 4, 5: if !mutateImageData(&chunks) { mutateChunkData(&chunks) }
        case 6: rewriteHeader(&chunks)
        case 7: rearrange(&chunks)
        case 8: cutAt = 8 + random.next(max(1, bytes.count - 8))   // a file cut off, or lacking its end
        default: fixCRCs = false
        }
        var output = Self.serialize(chunks, fixCRCs: fixCRCs, original: fixCRCs ? nil : bytes)
        if !fixCRCs { output = mutateBytes(output, maxSize) }
        if let cutAt, cutAt < output.count { output.removeLast(output.count - cutAt) }
        return output.count <= maxSize ? output : nil
    }

    // MARK: Chunks

    /// The chunks after the signature, as far as they are complete; nil without a signature.
    static func parse(_ bytes: [UInt8]) -> [Chunk]? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - offset - 12 else { break }
            chunks.append(Chunk(type: Array(bytes[offset + 4..<offset + 8]), data: Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return chunks
    }

    static func serialize(_ chunks: [Chunk], fixCRCs: Bool = true, original: [UInt8]? = nil) -> [UInt8] {
        if let original, !fixCRCs { return original }
        var output = signature
        for chunk in chunks {
            let length = UInt32(chunk.data.count)
            output += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            output += chunk.type + chunk.data
            let crc = (chunk.type + chunk.data).withUnsafeBufferPointer { gl_zlib_crc32(0, $0.baseAddress, $0.count) }
            output += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        return output
    }

    private mutating func mutateChunkData(_ chunks: inout [Chunk]) {
        let index = random.next(chunks.count)
        chunks[index].data = mutateBytes(chunks[index].data, chunks[index].data.count * 2 + 64)
    }

    // MARK: Image data

    /// Inflates the joined IDAT data, mutates the filtered rows, deflates them again and splits them over one to
    /// three IDAT chunks. False when the image data does not inflate.
    private mutating func mutateImageData(_ chunks: inout [Chunk]) -> Bool {
        guard let first = chunks.firstIndex(where: { $0.type == Array("IDAT".utf8) }) else { return false }
        let joined = chunks.filter { $0.type == Array("IDAT".utf8) }.flatMap(\.data)
        guard let raw = Self.inflate(joined) else { return false }
        replaceImageData(&chunks, at: first, with: mutateBytes(raw, raw.count + 64))
        return true
    }

    private mutating func replaceImageData(_ chunks: inout [Chunk], at first: Int, with raw: [UInt8]) {
        let compressed = Self.deflate(raw, level: random.next(10))
        chunks.removeAll { $0.type == Array("IDAT".utf8) }
        let parts = 1 + random.next(3)
        let step = max(1, (compressed.count + parts - 1) / parts)
        let pieces = stride(from: 0, to: max(compressed.count, 1), by: step).map {
            Chunk(type: Array("IDAT".utf8), data: Array(compressed[$0..<min($0 + step, compressed.count)]))
        }
        chunks.insert(contentsOf: pieces, at: min(first, chunks.count))
    }

    /// The valid (colour type, bit depths) pairs of IHDR.
    static let flavours: [(colorType: UInt8, depths: [UInt8], channels: Int)] = [
        (0, [1, 2, 4, 8, 16], 1), (2, [8, 16], 3), (3, [1, 2, 4, 8], 1), (4, [8, 16], 2), (6, [8, 16], 4),
    ]

    /// Another valid IHDR (mostly small, sometimes at or just over Ghostline's limit) and image data of exactly the
    /// size it needs, so every colour type, depth and interlacing gets decoded, not just the seeds' flavours.
    private mutating func rewriteHeader(_ chunks: inout [Chunk]) {
        let sides = [1, 2, 3, 7, 8, 9, 15, 16, 17, 33, 64]
        let width = random.next(20) == 0 ? [16384, 16385, 0x7FFF_FFFF][random.next(3)] : sides[random.next(sides.count)]
        let height = sides[random.next(sides.count)]
        let flavour = Self.flavours[random.next(Self.flavours.count)]
        let depth = flavour.depths[random.next(flavour.depths.count)]
        let interlaced = random.next(3) == 0
        var header: [UInt8] = []
        for value in [UInt32(width), UInt32(height)] {
            header += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        header += [depth, flavour.colorType, 0, 0, interlaced ? 1 : 0]
        if let index = chunks.firstIndex(where: { $0.type == Array("IHDR".utf8) }) {
            chunks[index].data = header
        } else {
            chunks.insert(Chunk(type: Array("IHDR".utf8), data: header), at: 0)
        }
        if flavour.colorType == 3, !chunks.contains(where: { $0.type == Array("PLTE".utf8) }) {
            let entries = 1 + random.next(256)
            chunks.insert(Chunk(type: Array("PLTE".utf8), data: (0..<entries * 3).map { _ in UInt8(random.next(256)) }), at: 1)
        }
        let size = Self.imageDataSize(width: width, height: height, bitsPerPixel: Int(depth) * flavour.channels,
                                      interlaced: interlaced)
        guard size <= 1 << 16 else { return }   // a large header keeps the old data: only the limit is tested
        let raw = (0..<size).map { _ in UInt8(random.next(256)) }
        let first = chunks.firstIndex(where: { $0.type == Array("IDAT".utf8) }) ?? chunks.count
        replaceImageData(&chunks, at: first, with: raw)
    }

    /// Bytes of filtered image data (a filter byte per row of each pass) an IHDR calls for.
    static func imageDataSize(width: Int, height: Int, bitsPerPixel: Int, interlaced: Bool) -> Int {
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var total = 0
        for (x0, y0, dx, dy) in passes {
            let columns = width > x0 ? (width - x0 + dx - 1) / dx : 0
            let rows = height > y0 ? (height - y0 + dy - 1) / dy : 0
            guard columns > 0, rows > 0 else { continue }
            total += rows * (1 + (columns * bitsPerPixel + 7) / 8)
        }
        return total
    }

    // MARK: Structure

    private mutating func rearrange(_ chunks: inout [Chunk]) {
        switch random.next(4) {
        case 0 where chunks.count > 1:
            chunks.remove(at: random.next(chunks.count))
        case 1 where chunks.count > 1:
            chunks.swapAt(random.next(chunks.count), random.next(chunks.count))
        case 2:
            chunks.insert(chunks[random.next(chunks.count)], at: random.next(chunks.count + 1))
        default:
            let insertAt = 1 + random.next(chunks.count)
            chunks.insert(inventedChunk(), at: min(insertAt, chunks.count))
        }
    }

    /// An ancillary or unknown chunk with plausible contents.
    private mutating func inventedChunk() -> Chunk {
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(random.next(256)) } }
        switch random.next(8) {
        case 0: return Chunk(type: Array("tRNS".utf8), data: bytes(random.next(257)))
        case 1: return Chunk(type: Array("PLTE".utf8), data: bytes(3 * (1 + random.next(256))))
        case 2:
            // eXIf with an orientation, little- or big-endian, sometimes out of range.
            let orientation = UInt8(random.next(10))
            let tiff: [UInt8] = random.next(2) == 0
                ? [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0]
                : [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
            return Chunk(type: Array("eXIf".utf8), data: tiff)
        case 3: return Chunk(type: Array("iCCP".utf8), data: Array("icc\0\0".utf8) + Self.deflate(bytes(random.next(300)), level: 6))
        case 4: return Chunk(type: Array("gAMA".utf8), data: bytes(4))
        case 5: return Chunk(type: Array("zTXt".utf8), data: Array("Comment\0\0".utf8) + Self.deflate(bytes(random.next(100)), level: 1))
        case 6: return Chunk(type: Array("IEND".utf8), data: [])
        default: return Chunk(type: Array((random.next(2) == 0 ? "abCd" : "ABCD").utf8), data: bytes(random.next(32)))
        }
    }

    // MARK: zlib

    static func inflate(_ data: [UInt8], limit: Int = 1 << 18) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: limit)
        let produced = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { gl_zlib_inflate(input.baseAddress, input.count, $0.baseAddress, $0.count) }
        }
        guard produced >= 0 else { return nil }
        output.removeLast(output.count - produced)
        return output
    }

    static func deflate(_ data: [UInt8], level: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: gl_zlib_deflate_bound(data.count))
        let produced = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer {
                gl_zlib_deflate(input.baseAddress, input.count, Int32(level), $0.baseAddress, $0.count)
            }
        }
        output.removeLast(output.count - max(produced, 0))
        return output
    }
}

/// A small, fast, seedable generator (SplitMix64): the mutation must follow libFuzzer's seed, not the system's.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A value in 0..<bound (bound ≥ 1).
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(max(bound, 1)))
    }
}
