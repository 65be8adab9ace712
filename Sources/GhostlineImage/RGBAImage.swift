/// A bitmap of 8-bit sRGB pixels with straight alpha, rows top to bottom, 4 bytes a pixel (R, G, B, A).
///
/// This is the one pixel format every stage exchanges: the PNG reader expands every PNG flavour to it, the
/// rasterizer hands its result over in it, and the differ compares two of them. Straight alpha matches PNG, so
/// no conversion hides between reading and comparing.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels (not points).
    public let width: Int
    /// Height in pixels (not points).
    public let height: Int
    /// `width × height × 4` bytes.
    public var pixels: [UInt8]

    /// Wraps an existing buffer of RGBA bytes, rows top to bottom.
    ///
    /// Traps unless `pixels` holds exactly `width × height × 4` bytes, so a mis-sized buffer fails where it is made
    /// rather than as a garbled image later.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "pixel buffer must hold width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: Color = .clear) {
        self.width = width
        self.height = height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .clear {
            for i in stride(from: 0, to: bytes.count, by: 4) {
                bytes[i] = fill.red; bytes[i + 1] = fill.green; bytes[i + 2] = fill.blue; bytes[i + 3] = fill.alpha
            }
        }
        self.pixels = bytes
    }

    /// The pixel at column `x` and row `y`, counted in pixels from the top-left corner.
    ///
    /// Indices are not checked beyond the array's own bounds check: an `x` past the row's end reads the next row.
    public subscript(x: Int, y: Int) -> Color {
        get {
            let i = (y * width + x) * 4
            return Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.red; pixels[i + 1] = newValue.green; pixels[i + 2] = newValue.blue
            pixels[i + 3] = newValue.alpha
        }
    }
}

extension RGBAImage {
    /// How many pixels differ in any channel from `other`'s at the same place; every pixel of the larger (at least
    /// one) when the sizes differ. An exact count, no tolerance: what a snapshot of a picture needs, where a changed
    /// pixel is a changed picture (the perceptual comparison is `PixelDiff`'s).
    public func differingPixels(from other: RGBAImage) -> Int {
        guard width == other.width, height == other.height else { return max(width * height, other.width * other.height, 1) }
        var count = 0
        for index in stride(from: 0, to: pixels.count, by: 4) where pixels[index..<index + 4] != other.pixels[index..<index + 4] {
            count += 1
        }
        return count
    }
}
