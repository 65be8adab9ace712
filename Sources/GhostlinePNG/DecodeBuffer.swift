import GhostlineImage

/// Pixel memory for a decoder to fill, shared by the PNG, JPEG and WebP decoders.
enum DecodeBuffer {
    /// Allocates `width × height × 4` bytes without zeroing them (the decoder writes every byte on success, and the
    /// buffer is thrown away on failure) and lets `decode` fill them.
    static func fill(width: Int, height: Int, _ decode: (UnsafeMutablePointer<UInt8>, Int) -> Int32,
                     succeeded: (Int32) -> Bool) -> ([UInt8], Int32) {
        let count = width * height * 4
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            status = decode(output.baseAddress!, count)
            initialized = succeeded(status) ? count : 0
        }
        return (pixels, status)
    }

    /// A bridge's NUL-terminated message as a Swift string.
    static func text(of message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
