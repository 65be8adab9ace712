/// Names the format of bytes that are not PNG, for `PNGError.notPNG`.
///
/// "not a PNG file" leaves the user guessing; "it looks like a JPEG image" tells them the design was exported
/// in the wrong format or renamed, which is the usual story.
enum FormatSniffer {
    static func guess(_ data: [UInt8]) -> String? {
        if data.isEmpty { return "an empty file" }
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            data.count >= offset + prefix.count && Array(data[offset..<offset + prefix.count]) == prefix
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { return "a GIF image" }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return "a WebP image" }
        if starts(ascii("ftyp"), at: 4) {
            if starts(ascii("avif"), at: 8) || starts(ascii("avis"), at: 8) { return "an AVIF image" }
            if starts(ascii("heic"), at: 8) || starts(ascii("heix"), at: 8) || starts(ascii("mif1"), at: 8) {
                return "a HEIC image"
            }
        }
        if starts(ascii("%PDF")) { return "a PDF document" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF image" }
        if starts(ascii("BM")) && starts([0, 0, 0, 0], at: 6) { return "a BMP image" }   // reserved bytes are 0
        if starts(ascii("8BPS")) { return "a Photoshop document" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive (a .sketch or .fig file?)" }

        // Text: SVG/XML/HTML (an error page saved by a downloader) or anything else printable.
        let head = data.prefix(512)
        let printable = head.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || ($0 >= 0x20 && $0 != 0x7F) }
        if printable {
            let text = String(decoding: head, as: UTF8.self).lowercased()
            if text.contains("<svg") { return "an SVG image" }
            if text.contains("<html") || text.contains("<!doctype html") { return "an HTML page" }
            return "text"
        }
        return nil
    }
}
