/// Walks the containers of PNG, JPEG and WebP files (chunks, markers, RIFF chunks) far enough to learn what the
/// decoders do not say: the format, the pixel size from the first bytes alone, and where the EXIF block is.
///
/// Every walker works on untrusted bytes: each length is checked against what is left before it is used, and a walk
/// that meets something it does not understand stops and answers "not found" rather than guessing. The decoders
/// still validate the whole file; nothing here decides that a file is good.
enum ImageContainer {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format the bytes start like, or nil. A strict prefix of the PNG signature counts as PNG, so a file cut
    /// off in its first bytes is reported as a truncated PNG rather than as "not an image".
    static func format(of bytes: ArraySlice<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(12))
        if !head.isEmpty, Array(head.prefix(8)) == Array(pngSignature.prefix(min(8, head.count))) {
            return .png
        }
        if head.count >= 2, head[0] == 0xFF, head[1] == 0xD8 { return .jpeg }
        if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    // MARK: Pixel size from the header

    /// The width and height the file's header states, read from its first bytes (`prefix`), or nil when the prefix
    /// does not reach the header. Used to refuse an oversize image before the rest of the file is read.
    static func pixelSize(_ prefix: ArraySlice<UInt8>, format: ImageFormat) -> (width: Int, height: Int)? {
        let bytes = Array(prefix)
        switch format {
        case .png:
            // Signature, then IHDR: length 13, "IHDR", width, height (big-endian).
            guard bytes.count >= 24, bigEndian32(bytes, 8) == 13, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            return (bigEndian32(bytes, 16), bigEndian32(bytes, 20))
        case .jpeg:
            var found: (Int, Int)?
            walkJPEGSegments(bytes) { marker, start, end in
                // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
                guard (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), end - start >= 6 else {
                    return true
                }
                found = (Int(bytes[start + 3]) << 8 | Int(bytes[start + 4]), Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]))
                return false
            }
            return found
        case .webp:
            guard bytes.count >= 30 else { return nil }
            let fourCC = bytes[12..<16]
            if fourCC.elementsEqual("VP8X".utf8) {
                // Canvas width − 1 and height − 1, 24-bit little-endian.
                return (littleEndian24(bytes, 24) + 1, littleEndian24(bytes, 27) + 1)
            }
            if fourCC.elementsEqual("VP8L".utf8), bytes[20] == 0x2F {
                // 14 bits of width − 1, then 14 bits of height − 1, little-endian bit order.
                let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
                return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            }
            if fourCC.elementsEqual("VP8 ".utf8), bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A {
                // After the 3-byte frame tag and the start code: 14-bit width and height (2 bits of scaling each).
                return ((Int(bytes[26]) | Int(bytes[27]) << 8) & 0x3FFF, (Int(bytes[28]) | Int(bytes[29]) << 8) & 0x3FFF)
            }
            return nil
        }
    }

    // MARK: EXIF

    /// The EXIF block's TIFF data (from its "II"/"MM" byte-order mark on), or nil when the file carries none.
    static func exif(in bytes: [UInt8], format: ImageFormat) -> ArraySlice<UInt8>? {
        switch format {
        case .png:
            var found: ArraySlice<UInt8>?
            walkPNGChunks(bytes) { type, data in
                guard type == "eXIf" else { return true }
                found = data
                return false
            }
            return found
        case .jpeg:
            var found: ArraySlice<UInt8>?
            walkJPEGSegments(bytes) { marker, start, end in
                // APP1 whose data starts "Exif\0\0"; XMP also lives in APP1, under another name.
                let exifName: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
                guard marker == 0xE1, end - start >= 6, bytes[start..<start + 6].elementsEqual(exifName) else { return true }
                found = bytes[(start + 6)..<end]
                return false
            }
            return found
        case .webp:
            var found: ArraySlice<UInt8>?
            walkRIFFChunks(bytes) { fourCC, data in
                guard fourCC == "EXIF" else { return true }
                // Some writers keep JPEG's "Exif\0\0" prefix inside the WebP chunk.
                found = data.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) ? data.dropFirst(6) : data
                return false
            }
            return found
        }
    }

    /// The orientation the file's EXIF block asks for, `.up` when there is none or it cannot be read.
    static func orientation(of bytes: [UInt8], format: ImageFormat) -> ExifOrientation {
        exif(in: bytes, format: format).flatMap { ExifOrientation.parse(tiff: $0) } ?? .up
    }

    // MARK: PNG

    /// True when a complete IEND chunk follows complete chunks from the signature on.
    static func pngHasEnd(_ bytes: [UInt8]) -> Bool {
        var seen = false
        walkPNGChunks(bytes) { type, _ in
            seen = type == "IEND"
            return !seen
        }
        return seen
    }

    /// Calls `visit(type, data)` for each complete chunk after the signature, until it returns false or the chunks
    /// run out. CRCs are not checked: libpng does that when it decodes.
    static func walkPNGChunks(_ bytes: [UInt8], _ visit: (String, ArraySlice<UInt8>) -> Bool) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == pngSignature else { return }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bigEndian32(bytes, offset)
            guard length <= 0x7FFF_FFFF, length <= bytes.count - offset - 12 else { return }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard visit(type, bytes[(offset + 8)..<(offset + 8 + length)]) else { return }
            offset += 12 + length
        }
    }

    // MARK: JPEG

    /// Calls `visit(marker, start, end)` for each marker segment before the first scan, with `start..<end` the
    /// segment's data after its length field, until it returns false. Stops at SOS, EOI or anything malformed.
    static func walkJPEGSegments(_ bytes: [UInt8], _ visit: (UInt8, Int, Int) -> Bool) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
        var offset = 2
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { return }
            var markerAt = offset + 1
            while markerAt < bytes.count, bytes[markerAt] == 0xFF { markerAt += 1 }   // fill bytes
            guard markerAt < bytes.count else { return }
            let marker = bytes[markerAt]
            if marker == 0xD9 || marker == 0xDA { return }
            // Markers without a length: TEM and RST0…RST7.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset = markerAt + 1
                continue
            }
            guard markerAt + 2 < bytes.count else { return }
            let length = Int(bytes[markerAt + 1]) << 8 | Int(bytes[markerAt + 2])
            let start = markerAt + 3, end = markerAt + 1 + length
            guard length >= 2, end <= bytes.count else { return }
            guard visit(marker, start, end) else { return }
            offset = end
        }
    }

    // MARK: WebP

    /// Calls `visit(fourCC, data)` for each complete chunk inside the RIFF container, until it returns false.
    static func walkRIFFChunks(_ bytes: [UInt8], _ visit: (String, ArraySlice<UInt8>) -> Bool) {
        guard format(of: bytes[...]) == .webp else { return }
        let end = min(bytes.count, littleEndian32(bytes, 4) + 8)
        var offset = 12
        while offset + 8 <= end {
            let size = littleEndian32(bytes, offset + 4)
            guard size <= end - offset - 8 else { return }
            let fourCC = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            guard visit(fourCC, bytes[(offset + 8)..<(offset + 8 + size)]) else { return }
            offset += 8 + size + (size & 1)   // chunks are padded to an even size
        }
    }

    // MARK: Integers

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    private static func littleEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }

    private static func littleEndian24(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
    }
}
