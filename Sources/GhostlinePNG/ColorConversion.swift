import CColorBridge
import GhostlineImage

/// Decoded pixels from the colour space their file declares to sRGB, with Little CMS 2 (through `CColorBridge`).
///
/// **Relative colorimetric.** Every colour inside sRGB keeps its exact value: an sRGB design exported to a Display
/// P3 file converts back to the hex codes it was drawn with, which is the whole point of comparing in sRGB. Colours
/// outside sRGB (a P3-only red) are clipped to its edge, as browsers and macOS show them on an sRGB display.
/// Perceptual would be the choice for photographs with much out-of-gamut colour, but the matrix/shaper profiles that
/// design tools embed have no perceptual tables, so lcms2 would fall back to colorimetric anyway; for LUT profiles
/// perceptual would compress in-gamut colours too, moving the very values a check compares. No black point
/// compensation: browsers use none, and display profiles' black is 0 already.
///
/// **Identity is not a conversion.** When the declared space maps every probed colour to itself within one level
/// (an sRGB profile, whichever vendor wrote it), the bytes are kept and the profile is recorded as "already sRGB".
enum ColorConversion {
    /// Converts `image` (decoded RGBA8, straight alpha) in place from `declared` to sRGB and says what it did.
    ///
    /// - Parameter gray: the file's pixels are grey (R = G = B in `image`); a profile must then be a grey one.
    static func apply(_ declared: DeclaredColorSpace, gray: Bool,
                      to image: inout RGBAImage) throws(ColorProfileProblem) -> ColorProfile {
        switch declared {
        case .srgb(let name, let source):
            return ColorProfile(name: name, source: source, converted: false)
        case .icc(let bytes, let compressed, let source):
            let (name, identity) = try bytes.withUnsafeBufferPointer { (profile) throws(ColorProfileProblem) in
                var source = gl_cms_source()
                source.icc = profile.baseAddress
                source.icc_size = profile.count
                source.icc_compressed = compressed ? 1 : 0
                return try run(source, gray: gray, on: &image)
            }
            return ColorProfile(name: name.isEmpty ? "unnamed ICC profile" : name, source: source, converted: !identity)
        case .built(let gamma, let chromaticities, let source):
            var built = gl_cms_source()
            built.gamma = gamma ?? 0
            if let c = chromaticities, c.count == 8 {
                built.has_chromaticities = 1
                (built.white_x, built.white_y, built.red_x, built.red_y) = (c[0], c[1], c[2], c[3])
                (built.green_x, built.green_y, built.blue_x, built.blue_y) = (c[4], c[5], c[6], c[7])
            }
            let (_, identity) = try run(built, gray: gray, on: &image)
            return ColorProfile(name: name(gamma: gamma, chromaticities: chromaticities, gray: gray), source: source,
                                converted: !identity)
        }
    }

    /// The name of a profile built from PNG chunks: "gamma 1.00, sRGB primaries".
    static func name(gamma: Double?, chromaticities: [Double]?, gray: Bool) -> String {
        let curve = gamma.map { "gamma " + decimal($0) } ?? "sRGB curve"
        if gray { return curve + " (grey)" }
        guard let c = chromaticities else { return curve + ", sRGB primaries" }
        let pairs = stride(from: 0, to: 8, by: 2).map { "(\(decimal(c[$0], places: 3)), \(decimal(c[$0 + 1], places: 3)))" }
        return curve + ", white \(pairs[0]), primaries \(pairs[1...].joined(separator: " "))"
    }

    private static func run(_ source: gl_cms_source, gray: Bool,
                            on image: inout RGBAImage) throws(ColorProfileProblem) -> (name: String, identity: Bool) {
        var source = source
        source.max_profile_bytes = DeclaredColorSpace.maximumProfileBytes
        var result = gl_cms_result()
        var message = [CChar](repeating: 0, count: Int(GL_CMS_ERROR_CAPACITY))
        let count = image.width * image.height
        let status = image.pixels.withUnsafeMutableBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { text in
                gl_cms_convert_to_srgb(&source, gray ? 1 : 0, pixels.baseAddress, count, &result, text.baseAddress, text.count)
            }
        }
        let detail = DecodeBuffer.text(of: message)
        switch Int(status) {
        case GL_CMS_OK:
            let name = withUnsafeBytes(of: result.name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return (name.trimmingSpaces, result.identity != 0)
        case GL_CMS_TOO_LARGE: throw .tooLarge(limit: DeclaredColorSpace.maximumProfileBytes)
        case GL_CMS_BAD_COMPRESSION: throw .badCompression(detail: detail)
        case GL_CMS_TRUNCATED: throw .truncated(detail: detail)
        case GL_CMS_WRONG_CLASS: throw .wrongClass(detail: detail)
        case GL_CMS_SPACE_MISMATCH: throw .colorSpaceMismatch(detail: detail)
        case GL_CMS_NO_MEMORY: throw .needsTooMuchMemory(detail: detail.isEmpty ? "out of memory" : detail)
        default:
            throw .damaged(detail: "its tags are missing or damaged (lcms2: \(detail.isEmpty ? "status \(status)" : detail))")
        }
    }

    private static func decimal(_ value: Double, places: Int = 2) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale), fraction = String(abs(scaled) % Int(scale))
        return "\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
