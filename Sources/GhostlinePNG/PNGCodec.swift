import CPNGBridge
import GhostlineImage

/// Reads and writes PNG files as `RGBAImage`s (8-bit sRGB, straight alpha).
///
/// Reading accepts every PNG flavour (gray, gray+alpha, RGB, RGBA, palette, 1 to 16 bits, Adam7) and always
/// returns RGBA8: 16-bit samples are rounded to the nearest 8-bit value and palette or colour-key transparency
/// becomes alpha. Colour-management chunks (gAMA, cHRM, sRGB, iCCP) and eXIf are ignored here: this codec reads
/// Ghostline's own renders back, which are sRGB and carry none. Files from users go through `ImageReader`, which
/// converts a declared colour space to sRGB (`ColorConversion`) and applies the EXIF orientation.
///
/// Writing produces a deterministic file (see `encode`) and replaces the destination atomically (see `write`).
///
/// Reading happens in libpng through the `CPNGBridge` C target, which owns libpng's setjmp/longjmp error
/// handling; writing goes through `PNGWriter`, which compresses with zlib on every core. No C pointer leaves this
/// module.
public enum PNGCodec {
    /// The largest width or height `decode` and `read` accept, in pixels: `RGBAImage.maximumSidePixels`, the one
    /// limit every image Ghostline reads or renders keeps to. It is checked on the header alone, before any memory
    /// is allocated for pixels.
    public static let maximumSidePixels = RGBAImage.maximumSidePixels

    /// The label used for bytes that did not come from a file.
    public static let memoryLabel = "<memory>"

    // MARK: Reading

    /// Reads only the IHDR of a PNG held in memory; no pixel memory is allocated, and no size limit applies.
    ///
    /// - Parameter source: the file name or label to put in errors.
    public static func readHeader(_ data: [UInt8], source: String = memoryLabel) throws(PNGError) -> PNGHeader {
        var raw = gl_png_header()
        var message = [CChar](repeating: 0, count: Int(GL_PNG_ERROR_CAPACITY))
        let status = data.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { text in
                gl_png_read_header(bytes.baseAddress, bytes.count, &raw, text.baseAddress, text.count)
            }
        }
        try check(status, message: message, data: data, source: source)
        guard let colorType = PNGColorType(rawValue: Int(raw.color_type)) else {
            // libpng validates IHDR, so this cannot happen; report it rather than trap on a file.
            throw .corrupt(path: source, detail: "unknown colour type \(raw.color_type)")
        }
        return PNGHeader(width: Int(raw.width), height: Int(raw.height), bitDepth: Int(raw.bit_depth),
                         colorType: colorType, interlaced: raw.interlaced != 0)
    }

    /// Reads only the IHDR of the PNG file at `path`.
    public static func readHeader(contentsOf path: String) throws(PNGError) -> PNGHeader {
        try readHeader(try bytes(ofFile: path, maximumSide: Int(Int32.max)), source: path)
    }

    /// Decodes a PNG held in memory to 8-bit RGBA.
    ///
    /// - Parameter source: the file name or label to put in errors.
    /// - Throws: `.notPNG`, `.truncated`, `.corrupt`, or `.tooLarge` when a side exceeds `maximumSidePixels`.
    public static func decode(_ data: [UInt8], source: String = memoryLabel) throws(PNGError) -> RGBAImage {
        try decode(data, source: source, maximumSide: maximumSidePixels)
    }

    /// Reads and decodes the PNG file at `path`: strictly (a file without IEND is `.truncated`), in stored
    /// orientation, PNG only.
    ///
    /// For reading Ghostline's own renders back. Files that come from users (design exports, image elements) go
    /// through `ImageReader.read(contentsOf:)`, which also reads JPEG and WebP, applies EXIF orientation and passes
    /// warnings on. Both refuse non-regular files and oversize images before reading the rest of the file.
    ///
    /// - Throws: `.unreadable` if the file cannot be read, otherwise the errors of `decode`.
    public static func read(contentsOf path: String) throws(PNGError) -> RGBAImage {
        try decode(try bytes(ofFile: path, maximumSide: maximumSidePixels), source: path)
    }

    /// The bytes of the file at `path`, through `ImageReader`'s checks (a regular file, under the size cap, and a
    /// header within the pixel limit before the rest is read), with failures in PNG terms.
    private static func bytes(ofFile path: String, maximumSide: Int) throws(PNGError) -> [UInt8] {
        do {
            return try ImageReader.bytes(ofFile: path, maximumSide: maximumSide)
        } catch {
            throw PNGError(error)
        }
    }

    /// `decode` with an adjustable limit, so tests can exercise the limit on tiny files.
    internal static func decode(_ data: [UInt8], source: String, maximumSide: Int) throws(PNGError) -> RGBAImage {
        let (image, missingEnd) = try decodeReportingMissingEnd(data, source: source, maximumSide: maximumSide)
        // Strict: a caller with no way to pass a warning on refuses the file, as before.
        if missingEnd { throw .truncated(path: source) }
        return image
    }

    /// Decodes, and says whether the file lacked only what follows the image data (its IEND chunk): the pixels are
    /// then complete, and `ImageReader` reads the file with a warning.
    ///
    /// `libpngOnly` turns off the fast path for plain 8-bit RGB and RGBA files (`png_fast.h`), which tests compare
    /// with libpng.
    internal static func decodeReportingMissingEnd(_ data: [UInt8], source: String, maximumSide: Int,
                                                   libpngOnly: Bool = false) throws(PNGError) -> (RGBAImage, missingEnd: Bool) {
        precondition(maximumSide > 0 && maximumSide <= Int(Int32.max), "the limit must be a valid PNG side")
        // The header decides how much memory we need; refuse before allocating anything for pixels.
        let header = try readHeader(data, source: source)
        guard header.width <= maximumSide, header.height <= maximumSide else {
            throw .tooLarge(path: source, width: header.width, height: header.height, limit: maximumSide)
        }
        var message = [CChar](repeating: 0, count: Int(GL_PNG_ERROR_CAPACITY))
        // Not zero-filled first: on success libpng has written every row (every pass of an interlaced image), and
        // on failure the buffer is thrown away unread. Zeroing a phone-sized export cost ~3 ms of a diff.
        let (pixels, status) = DecodeBuffer.fill(width: header.width, height: header.height) { output, count in
            data.withUnsafeBufferPointer { bytes in
                message.withUnsafeMutableBufferPointer { text in
                    (libpngOnly ? gl_png_decode_rgba8_libpng : gl_png_decode_rgba8)(
                        bytes.baseAddress, bytes.count, UInt32(maximumSide), UInt32(header.width), UInt32(header.height),
                        output, count, text.baseAddress, text.count)
                }
            }
        } succeeded: { Int($0) == GL_PNG_OK || Int($0) == GL_PNG_MISSING_END }
        if Int(status) == GL_PNG_TOO_LARGE {
            throw .tooLarge(path: source, width: header.width, height: header.height, limit: maximumSide)
        }
        let missingEnd = Int(status) == GL_PNG_MISSING_END
        if !missingEnd { try check(status, message: message, data: data, source: source) }
        return (RGBAImage(width: header.width, height: header.height, pixels: pixels), missingEnd)
    }

    // MARK: Writing

    /// Encodes an image as PNG bytes.
    ///
    /// The output is a pure function of the pixels for a given zlib (see `PNGWriter`): always 8-bit RGBA (even for
    /// an opaque or gray image, so the file's flavour never depends on content), no interlace, the Up filter on
    /// every row, zlib at `encoding`'s level in segments of fixed row counts compressed on every core, and only
    /// IHDR, IDAT and IEND — no time stamp, text or colour chunk. Encoding the same image twice, on any number of
    /// threads, gives the same bytes, so expected-output files can be compared byte for byte and regenerated
    /// without noise in version control.
    ///
    /// - Parameter encoding: `.standard` for renders; `.fast` for review images nobody keeps.
    /// - Throws: `.cannotEncode` for an image with no pixels (PNG requires at least 1 × 1).
    public static func encode(_ image: RGBAImage, encoding: PNGEncoding = .standard) throws(PNGError) -> [UInt8] {
        try encode(image, destination: memoryLabel, encoding: encoding)
    }

    /// Encodes `image` and atomically replaces the file at `path` with it.
    ///
    /// The bytes go to a temporary file in the destination's directory (`.NAME.<pid>.<random>.tmp`, created
    /// exclusively so concurrent writers never share one), which is then renamed over `path`. rename() within one
    /// file system is atomic, so a reader — or a crash — sees either the old file or the complete new one, never
    /// a half-written PNG that a later diff would report as "corrupt". On any failure the temporary file is
    /// removed and an existing file at `path` is left as it was.
    ///
    /// The data is not fsync'ed: outputs can be regenerated, and syncing every image would make large batches
    /// slow on some file systems; atomic replacement is what protects readers.
    ///
    /// The new file gets default permissions (0666 less the umask), not those of the file it replaces.
    ///
    /// - Throws: `.cannotEncode`, or `.unwritable` with the operating system's reason.
    public static func write(_ image: RGBAImage, to path: String) throws(PNGError) {
        try write(image, to: path, failBeforeRename: false)
    }

    /// `write` with a fault injected just before the rename, so tests can check the cleanup path.
    internal static func write(_ image: RGBAImage, to path: String, failBeforeRename: Bool) throws(PNGError) {
        let bytes = try encode(image, destination: path, encoding: .standard)
        try FileIO.writeAtomically(bytes, to: path, failBeforeRename: failBeforeRename)
    }

    internal static func encode(_ image: RGBAImage, destination: String, encoding: PNGEncoding) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw .cannotEncode(path: destination,
                                detail: "the image is \(image.width)×\(image.height) px; a PNG needs at least 1×1")
        }
        var output: [UInt8] = []
        // Rendered UI compresses 20–30 times; start with room for that and let the array grow past it.
        output.reserveCapacity(max(4096, image.pixels.count / 16))
        let writer = try PNGWriter(width: image.width, height: image.height, encoding: encoding, destination: destination) { bytes in
            output.append(contentsOf: bytes)
        }
        var failure: PNGError?
        image.pixels.withUnsafeBytes { pixels in
            do throws(PNGError) { try writer.write(rows: pixels.baseAddress!, count: image.height) } catch { failure = error }
        }
        if let failure { throw failure }
        try writer.finish()
        return output
    }

    // MARK: Status mapping

    /// Turns a bridge status into the matching `PNGError`, or returns for `GL_PNG_OK`.
    static func check(_ status: Int32, message: [CChar], data: [UInt8],
                              source: String) throws(PNGError) {
        switch Int(status) {
        case GL_PNG_OK:
            return
        case GL_PNG_NOT_PNG:
            throw .notPNG(path: source, looksLike: FormatSniffer.guess(data))
        case GL_PNG_TRUNCATED, GL_PNG_MISSING_END:
            throw .truncated(path: source)
        case GL_PNG_NO_MEMORY:
            throw .unreadable(path: source, reason: "out of memory while decoding (\(text(of: message)))")
        default:
            // GL_PNG_CORRUPT, and GL_PNG_BAD_ARGUMENT which this module never provokes: say what libpng said.
            let detail = text(of: message)
            throw .corrupt(path: source, detail: detail.isEmpty ? "unknown error \(status)" : detail)
        }
    }

    private static func text(of message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
