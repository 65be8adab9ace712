/// The PNG colour types (IHDR byte 9), named.
public enum PNGColorType: Int, Sendable, Hashable, CustomStringConvertible {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    public var description: String {
        switch self {
        case .gray: return "gray"
        case .rgb: return "RGB"
        case .palette: return "palette"
        case .grayAlpha: return "gray+alpha"
        case .rgba: return "RGBA"
        }
    }
}

/// What a PNG's IHDR chunk says, as read by `PNGCodec.readHeader` without decoding any pixels.
///
/// Decoding always yields 8-bit RGBA whatever these say; the header is for checks made before spending memory
/// (the size limit) and for tests and diagnostics that need to know which PNG flavour a file really is.
public struct PNGHeader: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16 (for palette images, bits per index).
    public let bitDepth: Int
    public let colorType: PNGColorType
    /// True for Adam7 interlacing.
    public let interlaced: Bool

    public init(width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, interlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = interlaced
    }
}
