/// The colour space an image file declares, found in its container before any pixel is decoded.
///
/// PNG's precedence is the specification's (PNG 3rd edition, 4.3 "Colour spaces": iCCP, then sRGB, then gAMA and
/// cHRM); a chunk after the first IDAT does not count. JPEG carries its profile in APP2 "ICC_PROFILE" segments
/// (ICC.1, annex B.4: a sequence number and a count in each, so a large profile spans several); WebP in its ICCP
/// chunk. Every length is checked against the bytes that are there, and a profile is refused past
/// `maximumProfileBytes` before any more of it is gathered or inflated.
enum DeclaredColorSpace: Equatable {
    /// An ICC profile; `compressed` for a PNG iCCP (zlib).
    case icc(bytes: [UInt8], compressed: Bool, source: ColorProfile.Source)
    /// PNG's sRGB chunk, or a gAMA of 1/2.2 that stands for it (see `gammaMeaningSRGB`).
    case srgb(name: String, source: ColorProfile.Source)
    /// Built from PNG chunks: a power-law `gamma` (decoding exponent; nil for sRGB's curve) and, from cHRM, the white
    /// point and primaries as x, y pairs (nil for sRGB's).
    case built(gamma: Double?, chromaticities: [Double]?, source: ColorProfile.Source)

    /// The largest profile Ghostline reads. Display profiles are a few kilobytes and the largest printer profiles a
    /// few megabytes; past this a profile is hostile or a mistake, and is refused before more memory is spent on it.
    static let maximumProfileBytes = 4 << 20

    /// The PNG gAMA value of sRGB's stand-in, 1/2.2 in units of 1/100000. PNG's sRGB chunk section asks writers of
    /// sRGB images to add exactly this gAMA (and sRGB's cHRM) for decoders that do not know the sRGB chunk, and
    /// tools that drop the sRGB chunk keep it. Chromium ignores a gAMA without cHRM altogether, so a designer looking
    /// at such a file in Chrome sees its bytes as sRGB. Taking it as a pure 2.2 power would move dark greys by up to
    /// seven levels (10 becomes 3) away from what the designer saw, so it is read as sRGB, unconverted.
    static let gammaMeaningSRGB = 45455

    /// sRGB's cHRM values (white, red, green, blue; x then y, in 1/100000), from PNG's sRGB chunk section.
    static let srgbChromaticities = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]

    /// What `bytes` declare, or nil when they declare nothing (the image is taken as sRGB).
    static func find(in bytes: [UInt8], format: ImageFormat) throws(ColorProfileProblem) -> DeclaredColorSpace? {
        switch format {
        case .png: return try png(bytes)
        case .jpeg: return try jpeg(bytes)
        case .webp:
            var found: [UInt8]?
            ImageContainer.walkRIFFChunks(bytes) { fourCC, data in
                guard fourCC == "ICCP" else { return true }
                found = Array(data)
                return false
            }
            guard let found else { return nil }
            guard found.count <= maximumProfileBytes else { throw .tooLarge(limit: maximumProfileBytes) }
            return .icc(bytes: found, compressed: false, source: .webpICCP)
        }
    }

    /// Whether the file's pixels are grey (PNG colour types 0 and 4, one-component JPEG): a grey image needs a grey
    /// profile, and its conversion is a 256-entry table.
    static func isGray(_ bytes: [UInt8], format: ImageFormat) -> Bool {
        switch format {
        case .png:
            return bytes.count > 25 && (bytes[25] == 0 || bytes[25] == 4)
        case .jpeg:
            var gray = false
            ImageContainer.walkJPEGSegments(bytes) { marker, start, end in
                guard (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), end - start >= 6 else { return true }
                gray = bytes[start + 5] == 1
                return false
            }
            return gray
        case .webp:
            return false
        }
    }

    // MARK: PNG

    private static func png(_ bytes: [UInt8]) throws(ColorProfileProblem) -> DeclaredColorSpace? {
        var iccp: ArraySlice<UInt8>?, srgb = false, gamma: Int?, chromaticities: [Int]?
        ImageContainer.walkPNGChunks(bytes) { type, data in
            switch type {
            case "IDAT": return false
            case "iCCP" where iccp == nil: iccp = data
            case "sRGB" where data.count == 1: srgb = true
            case "gAMA" where data.count == 4:
                let value = bigEndian32(data)
                if value > 0 { gamma = value }   // a gAMA of 0 is invalid; libpng and browsers ignore it
            case "cHRM" where data.count == 32:
                let values = (0..<8).map { bigEndian32(data.dropFirst($0 * 4)) }
                if plausible(values) { chromaticities = values }
            default: break
            }
            return true
        }
        if let iccp {
            // Profile name (1 to 79 bytes), NUL, compression method 0, then the zlib stream.
            guard let nul = iccp.prefix(80).firstIndex(of: 0), nul > iccp.startIndex, nul + 1 < iccp.endIndex,
                  iccp[nul + 1] == 0 else {
                throw .damaged(detail: "its iCCP chunk has no profile name or an unknown compression method")
            }
            return .icc(bytes: Array(iccp[(nul + 2)...]), compressed: true, source: .pngICCP)
        }
        if srgb { return .srgb(name: "sRGB", source: .pngSRGB) }
        switch (gamma, chromaticities) {
        case (nil, nil):
            return nil
        case (let gamma?, nil):
            if gamma == gammaMeaningSRGB { return .srgb(name: "sRGB (gAMA 1/2.2)", source: .pngGamma) }
            return .built(gamma: 100_000 / Double(gamma), chromaticities: nil, source: .pngGamma)
        case (let gamma?, let chromaticities?):
            if gamma == gammaMeaningSRGB, zip(chromaticities, srgbChromaticities).allSatisfy({ abs($0 - $1) <= 1000 }) {
                return .srgb(name: "sRGB (gAMA 1/2.2, sRGB's cHRM)", source: .pngGammaAndChromaticities)
            }
            return .built(gamma: 100_000 / Double(gamma), chromaticities: chromaticities.map { Double($0) / 100_000 },
                          source: .pngGammaAndChromaticities)
        case (nil, let chromaticities?):
            return .built(gamma: nil, chromaticities: chromaticities.map { Double($0) / 100_000 }, source: .pngChromaticities)
        }
    }

    /// Chromaticities that can describe a colour space: every x and y in 0…1 with y above 0 and x + y at most 1.
    /// Others are ignored, as libpng and Skia ignore them.
    private static func plausible(_ values: [Int]) -> Bool {
        stride(from: 0, to: 8, by: 2).allSatisfy { i in
            let x = values[i], y = values[i + 1]
            return x >= 0 && y > 0 && x + y <= 100_000
        }
    }

    // MARK: JPEG

    /// The APP2 ICC_PROFILE segments joined in sequence order; each must carry the same count and every number
    /// from 1 to that count exactly once.
    private static func jpeg(_ bytes: [UInt8]) throws(ColorProfileProblem) -> DeclaredColorSpace? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var parts: [Int: ArraySlice<UInt8>] = [:]
        var count: Int?, total = 0
        var problem: ColorProfileProblem?
        ImageContainer.walkJPEGSegments(bytes) { marker, start, end in
            guard marker == 0xE2, end - start >= 14, bytes[start..<start + 12].elementsEqual(signature) else { return true }
            let sequence = Int(bytes[start + 12]), declared = Int(bytes[start + 13])
            if count == nil { count = declared }
            guard declared == count, sequence >= 1, sequence <= declared, parts[sequence] == nil else {
                problem = .incompleteSegments(detail: "its APP2 ICC segments are numbered inconsistently "
                    + "(part \(sequence) of \(declared) after parts of \(count ?? declared))")
                return false
            }
            total += end - start - 14
            guard total <= maximumProfileBytes else {
                problem = .tooLarge(limit: maximumProfileBytes)
                return false
            }
            parts[sequence] = bytes[(start + 14)..<end]
            return true
        }
        if let problem { throw problem }
        guard let count else { return nil }
        guard parts.count == count else {
            let missing = (1...count).filter { parts[$0] == nil }.map(String.init)
            let which = missing.count == 1 ? "part \(missing[0]) is" : "parts \(missing.joined(separator: ", ")) are"
            throw .incompleteSegments(detail: "its ICC profile is split over \(count) APP2 segments but \(which) missing")
        }
        return .icc(bytes: (1...count).flatMap { Array(parts[$0]!) }, compressed: false, source: .jpegAPP2)
    }

    private static func bigEndian32(_ data: ArraySlice<UInt8>) -> Int {
        let at = data.startIndex
        return Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
    }
}
