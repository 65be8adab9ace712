/// The colour space an image file declared, and what `ImageReader` did about it.
///
/// Designs are compared in sRGB, as a designer sees them on the web and in the simulator. A file that declares
/// another colour space (a Display P3 or Adobe RGB export, a PNG whose gamma is not sRGB's) has its pixels converted
/// to sRGB when it is read, so `DecodedImage.image` always holds sRGB; this value says what the file carried so a
/// report can say it ("the design carried Display P3 (PNG iCCP chunk); converted to sRGB").
///
/// A file with no colour information has no `ColorProfile` (`DecodedImage.colorProfile` is nil): it is taken as
/// sRGB, as browsers take it, and its bytes are used as they are.
public struct ColorProfile: Sendable, Hashable, CustomStringConvertible {
    /// Where in the file the colour space was declared.
    public enum Source: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// PNG iCCP chunk: an embedded ICC profile (takes precedence over every chunk below, as PNG says).
        case pngICCP
        /// PNG sRGB chunk: the file is sRGB (takes precedence over gAMA and cHRM).
        case pngSRGB
        /// PNG gAMA chunk alone: the given transfer curve with sRGB's primaries and white.
        case pngGamma
        /// PNG gAMA and cHRM chunks: the given curve, primaries and white.
        case pngGammaAndChromaticities
        /// PNG cHRM chunk alone: the given primaries and white with sRGB's curve.
        case pngChromaticities
        /// JPEG APP2 ICC_PROFILE marker segments (one profile, possibly split over several).
        case jpegAPP2
        /// WebP ICCP chunk.
        case webpICCP

        /// The name a user can find in the file ("PNG iCCP chunk").
        public var description: String {
            switch self {
            case .pngICCP: return "PNG iCCP chunk"
            case .pngSRGB: return "PNG sRGB chunk"
            case .pngGamma: return "PNG gAMA chunk"
            case .pngGammaAndChromaticities: return "PNG gAMA and cHRM chunks"
            case .pngChromaticities: return "PNG cHRM chunk"
            case .jpegAPP2: return "JPEG APP2 ICC profile"
            case .webpICCP: return "WebP ICCP chunk"
            }
        }
    }

    /// The profile's name: its ICC 'desc' tag ("Display P3", "Adobe RGB (1998)", "sRGB IEC61966-2.1"), or, for
    /// PNG chunks, what they say ("sRGB", "gamma 1.00, sRGB primaries"). "unnamed ICC profile" when a profile
    /// has no description.
    public let name: String
    /// Where the file declared it (iCCP, APP2, ICCP, or which PNG chunks).
    public let source: Source
    /// True when the pixels were changed to sRGB; false when the declared space is sRGB (or maps every colour to
    /// itself within one level), so the bytes were kept as they are.
    public let converted: Bool

    /// A record of what a file declared; `ImageReader` makes these, tests and callers compare with them.
    public init(name: String, source: Source, converted: Bool) {
        self.name = name
        self.source = source
        self.converted = converted
    }

    /// One line for a report or the CLI: "Display P3 (PNG iCCP chunk), converted to sRGB" or
    /// "sRGB IEC61966-2.1 (PNG iCCP chunk), already sRGB".
    public var description: String {
        "\(name) (\(source)), " + (converted ? "converted to sRGB" : "already sRGB")
    }
}

/// Why an embedded colour profile was refused: the cause inside `ImageError.colorProfile`.
///
/// A file whose profile cannot be used is refused rather than read as if it were sRGB: comparing unconverted P3 or
/// CMYK numbers with sRGB ones gives findings about colours that nobody can act on, while a clear refusal says
/// exactly what to re-export.
public enum ColorProfileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The profile (after inflating, for a PNG iCCP) is larger than `limit` bytes; inflating stopped there.
    case tooLarge(limit: Int)
    /// A PNG iCCP whose compressed data does not inflate; `detail` is zlib's word.
    case badCompression(detail: String)
    /// Shorter than an ICC header, or than the size its header states.
    case truncated(detail: String)
    /// Little CMS could not read it (unreadable tags, no usable curve or colorants); `detail` is its message.
    case damaged(detail: String)
    /// A device link, abstract or named-colour profile: not the colour space of an image.
    case wrongClass(detail: String)
    /// The profile's colour space is not the image's (CMYK or grey on RGB, RGB on grey).
    case colorSpaceMismatch(detail: String)
    /// JPEG APP2 segments that do not make one profile (a part missing or repeated, inconsistent counts).
    case incompleteSegments(detail: String)
    /// Converting would need more memory than Ghostline allows Little CMS.
    case needsTooMuchMemory(detail: String)

    /// The cause in a few words, for the middle of `ImageError`'s one line ("it is a CMYK profile on an RGB image").
    public var description: String {
        switch self {
        case .tooLarge(let limit): return "the profile is over \(limit >> 20) MB"
        case .badCompression(let detail), .truncated(let detail), .damaged(let detail), .wrongClass(let detail),
             .colorSpaceMismatch(let detail), .incompleteSegments(let detail), .needsTooMuchMemory(let detail):
            return String(detail.map { $0.isNewline ? " " : $0 })
        }
    }
}
