import CPNGBridge
import GhostlineImage

/// Decodes a PNG a few rows at a time, as 8-bit RGBA.
///
/// For comparisons that look at a sliding window of rows: two phone-sized images decoded whole are 24 MB of
/// fresh memory, and on the machines measured the kernel's zeroing of those pages was a third of a diff's time.
/// The stream owns its libpng state (released in `deinit`). Some files cannot be streamed: `open` returns nil for
/// them and the caller decodes whole through `ImageReader`, which gives the answer the stream could not.
public final class PNGRowStream {
    public let width: Int
    public let height: Int
    public let source: String
    /// Rows handed out so far.
    public private(set) var rowsRead = 0
    private let handle: OpaquePointer
    private let data: [UInt8]

    private init(handle: OpaquePointer, width: Int, height: Int, source: String, data: [UInt8]) {
        self.handle = handle; self.width = width; self.height = height; self.source = source; self.data = data
    }

    deinit { gl_png_stream_close(handle) }

    /// A stream over `data`, or nil when the file must be decoded whole: an interlaced PNG (rows arrive in seven
    /// passes), a PNG with an EXIF orientation (rows are not the image's rows until it is turned), a PNG without
    /// its IEND chunk (read with a warning, which a stream has no way to pass on), a PNG that declares a colour
    /// space other than sRGB (an iCCP profile, gAMA or cHRM: `ImageReader` converts it to sRGB, or refuses it), or a
    /// JPEG or WebP file. Throws for anything else `PNGCodec.decode` would.
    public static func open(_ data: [UInt8], source: String,
                            maximumSide: Int = PNGCodec.maximumSidePixels) throws(PNGError) -> PNGRowStream? {
        switch ImageContainer.format(of: data[...]) {
        case .jpeg?, .webp?:
            return nil
        case .png? where !ImageContainer.pngHasEnd(data) || ImageContainer.orientation(of: data, format: .png) != .up
                         || declaresColorSpaceOtherThanSRGB(data):
            // A file damaged in its header is still refused here, as decode would; whole decoding judges the rest.
            _ = try PNGCodec.readHeader(data, source: source)
            return nil
        default:
            break
        }
        var handle: OpaquePointer?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: Int(GL_PNG_ERROR_CAPACITY))
        let status = data.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { text in
                gl_png_stream_open(bytes.baseAddress, bytes.count, UInt32(maximumSide), &handle, &width, &height,
                                   text.baseAddress, text.count)
            }
        }
        if Int(status) == GL_PNG_INTERLACED { return nil }
        if Int(status) == GL_PNG_TOO_LARGE {
            let header = try PNGCodec.readHeader(data, source: source)
            throw .tooLarge(path: source, width: header.width, height: header.height, limit: maximumSide)
        }
        try PNGCodec.check(status, message: message, data: data, source: source)
        guard let handle else { throw .unreadable(path: source, reason: "the PNG stream could not start") }
        return PNGRowStream(handle: handle, width: Int(width), height: Int(height), source: source, data: data)
    }

    /// Decodes the next `count` rows into `buffer` (`count × width × 4` bytes).
    public func read(rows count: Int, into buffer: UnsafeMutableRawPointer) throws(PNGError) {
        precondition(count >= 0 && rowsRead + count <= height, "reading past the last row")
        guard count > 0 else { return }
        var message = [CChar](repeating: 0, count: Int(GL_PNG_ERROR_CAPACITY))
        let status = message.withUnsafeMutableBufferPointer { text in
            gl_png_stream_read_rows(handle, buffer.assumingMemoryBound(to: UInt8.self), UInt32(count), text.baseAddress, text.count)
        }
        try PNGCodec.check(status, message: message, data: data, source: source)
        rowsRead += count
    }

    /// True when whole decoding would convert or judge the file's colour space: anything but no declaration, the sRGB
    /// chunk, or the gAMA that stands for sRGB (a profile that turns out to be sRGB is found out only by Little CMS).
    private static func declaresColorSpaceOtherThanSRGB(_ data: [UInt8]) -> Bool {
        do throws(ColorProfileProblem) {
            switch try DeclaredColorSpace.find(in: data, format: .png) {
            case nil, .srgb?: return false
            default: return true
            }
        } catch {
            return true   // whole decoding refuses it with the reason
        }
    }
}
