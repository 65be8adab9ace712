import CWebPBridge
import GhostlineImage

/// Still WebP (lossy or lossless, with or without alpha) to RGBA8 through libwebp, via the `CWebPBridge` C target.
///
/// Internal: callers read images through `ImageReader`, which also applies EXIF orientation.
enum WebPDecoder {
    static func decode(_ data: [UInt8], source: String, maximumSide: Int) throws(ImageError) -> RGBAImage {
        var header = gl_webp_header()
        var message = [CChar](repeating: 0, count: Int(GL_WEBP_ERROR_CAPACITY))
        let headerStatus = data.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { text in
                gl_webp_read_header(bytes.baseAddress, bytes.count, &header, text.baseAddress, text.count)
            }
        }
        try check(headerStatus, message: message, source: source)
        let width = Int(header.width), height = Int(header.height)
        guard width <= maximumSide, height <= maximumSide else {
            throw .tooLarge(path: source, width: width, height: height, limit: maximumSide)
        }
        if header.animated != 0 {
            throw .unsupported(path: source, format: .webp, detail: "it is an animated WebP; export a still frame")
        }
        guard width > 0, height > 0 else {
            throw .corrupt(path: source, format: .webp, detail: "the header says \(width)×\(height) px")
        }
        let (pixels, status) = DecodeBuffer.fill(width: width, height: height) { output, count in
            message.withUnsafeMutableBufferPointer { text in
                data.withUnsafeBufferPointer { bytes in
                    gl_webp_decode_rgba8(bytes.baseAddress, bytes.count, UInt32(maximumSide), UInt32(width), UInt32(height),
                                         output, count, text.baseAddress, text.count)
                }
            }
        } succeeded: { Int($0) == GL_WEBP_OK }
        try check(status, message: message, source: source)
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func check(_ status: Int32, message: [CChar], source: String) throws(ImageError) {
        let detail = DecodeBuffer.text(of: message)
        switch Int(status) {
        case GL_WEBP_OK: return
        case GL_WEBP_NOT_WEBP: throw .notAnImage(path: source, looksLike: nil)
        case GL_WEBP_TRUNCATED: throw .truncated(path: source, format: .webp)
        case GL_WEBP_UNSUPPORTED: throw .unsupported(path: source, format: .webp, detail: detail)
        case GL_WEBP_NO_MEMORY: throw .unreadable(path: source, reason: "out of memory while decoding")
        default: throw .corrupt(path: source, format: .webp, detail: detail.isEmpty ? "unknown error \(status)" : detail)
        }
    }
}
