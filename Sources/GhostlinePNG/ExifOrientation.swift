import GhostlineImage

/// The EXIF Orientation tag (0x0112): how the stored pixels must be turned to be seen the right way up.
///
/// Phones store a photo as the sensor saw it and record the turn here; browsers, Pillow's `exif_transpose`, Figma and
/// Sketch all show the turned image, so a design or an image element that carries the tag must be compared turned.
/// The raw values are TIFF's: each case's comment says what is done to the stored image to show it.
public enum ExifOrientation: Int, Sendable, Hashable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: turned 90° clockwise.
    case right = 6
    /// 7: mirrored along the top-right to bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// 8: turned 90° counter-clockwise.
    case left = 8

    /// True when width and height trade places.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The image as it is meant to be seen. Pure: the same pixels in a new order, nothing blended.
    public func applied(to image: RGBAImage) -> RGBAImage {
        guard self != .up, image.width > 0, image.height > 0 else { return image }
        let width = image.width, height = image.height
        let outWidth = swapsSides ? height : width
        let outHeight = swapsSides ? width : height
        // For each shown pixel (x, y), the stored pixel it comes from.
        let source: (Int, Int) -> (Int, Int)
        switch self {
        case .up: source = { ($0, $1) }
        case .upMirrored: source = { (width - 1 - $0, $1) }
        case .down: source = { (width - 1 - $0, height - 1 - $1) }
        case .downMirrored: source = { ($0, height - 1 - $1) }
        case .leftMirrored: source = { ($1, $0) }
        case .right: source = { ($1, height - 1 - $0) }
        case .rightMirrored: source = { (width - 1 - $1, height - 1 - $0) }
        case .left: source = { (width - 1 - $1, $0) }
        }
        var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        image.pixels.withUnsafeBytes { input in
            pixels.withUnsafeMutableBytes { output in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy) = source(x, y)
                        let from = (sy * width + sx) * 4
                        output.storeBytes(of: input.loadUnaligned(fromByteOffset: from, as: UInt32.self),
                                          toByteOffset: (y * outWidth + x) * 4, as: UInt32.self)
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: pixels)
    }

    /// The orientation stored in an EXIF block (a TIFF header and its first IFD), or nil when the block has none or
    /// cannot be read. A damaged block is ignored rather than refused, as browsers do: it is metadata, and the
    /// pixels are fine.
    ///
    /// - Parameter tiff: the bytes that start with "II*\0" or "MM\0*" (after JPEG's "Exif\0\0" prefix).
    public static func parse(tiff: ArraySlice<UInt8>) -> ExifOrientation? {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return littleEndian ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(littleEndian ? at + 2 : at), let low = u16(littleEndian ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let valueCount = u32(entry + 4) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (3), one value, held in the first two bytes of the value field.
            guard type == 3, valueCount == 1, let value = u16(entry + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }
}
