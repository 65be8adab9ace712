import CJPEGBridge
import GhostlineImage

/// JPEG to RGBA8 through libjpeg-turbo (the `CJPEGBridge` C target owns libjpeg's setjmp error handling).
///
/// Internal: callers read images through `ImageReader`, which also applies EXIF orientation and reports warnings.
enum JPEGDecoder {
    /// Decodes `data`; `missingEnd` is true when only the final EOI marker was absent.
    static func decode(_ data: [UInt8], source: String,
                       maximumSide: Int) throws(ImageError) -> (image: RGBAImage, missingEnd: Bool) {
        var header = gl_jpeg_header()
        var message = [CChar](repeating: 0, count: Int(GL_JPEG_ERROR_CAPACITY))
        let headerStatus = data.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { text in
                gl_jpeg_read_header(bytes.baseAddress, bytes.count, &header, text.baseAddress, text.count)
            }
        }
        try check(headerStatus, message: message, source: source)
        let width = Int(header.width), height = Int(header.height)
        guard width <= maximumSide, height <= maximumSide else {
            throw .tooLarge(path: source, width: width, height: height, limit: maximumSide)
        }
        guard width > 0, height > 0 else {
            throw .corrupt(path: source, format: .jpeg, detail: "the frame header says \(width)×\(height) px")
        }
        let (pixels, status) = DecodeBuffer.fill(width: width, height: height) { output, count in
            message.withUnsafeMutableBufferPointer { text in
                data.withUnsafeBufferPointer { bytes in
                    gl_jpeg_decode_rgba8(bytes.baseAddress, bytes.count, UInt32(maximumSide), UInt32(width), UInt32(height),
                                         output, count, text.baseAddress, text.count)
                }
            }
        } succeeded: { Int($0) == GL_JPEG_OK || Int($0) == GL_JPEG_MISSING_END }
        let missingEnd = Int(status) == GL_JPEG_MISSING_END
        if !missingEnd { try check(status, message: message, source: source) }
        return (RGBAImage(width: width, height: height, pixels: pixels), missingEnd)
    }

    private static func check(_ status: Int32, message: [CChar], source: String) throws(ImageError) {
        let detail = DecodeBuffer.text(of: message)
        switch Int(status) {
        case GL_JPEG_OK: return
        case GL_JPEG_NOT_JPEG: throw .notAnImage(path: source, looksLike: nil)
        case GL_JPEG_TRUNCATED: throw .truncated(path: source, format: .jpeg)
        case GL_JPEG_UNSUPPORTED: throw .unsupported(path: source, format: .jpeg, detail: detail)
        case GL_JPEG_NO_MEMORY:
            throw .unreadable(path: source, reason: "decoding needs more memory than Ghostline allows (\(detail))")
        default: throw .corrupt(path: source, format: .jpeg, detail: detail.isEmpty ? "unknown error \(status)" : detail)
        }
    }
}
