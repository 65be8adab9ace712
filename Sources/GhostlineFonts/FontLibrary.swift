import Foundation

/// A thread-safe cache of opened fonts, so every label that names the same face shares one `Font` (one parse
/// of the file, one glyph cache key space).
public final class FontLibrary: @unchecked Sendable {
    private struct Key: Hashable {
        let file: FontFile
        let override: FontMetricsOverride?
    }

    private let lock = NSLock()
    private var fonts: [Key: Font] = [:]

    /// Where the fonts it opens find their SHA-256 (kept between processes); nil: each font hashes its file once.
    public let digests: FontDigestCache?

    /// An empty library. Each ``FontContext`` owns one; there is no process-wide library, so two contexts never
    /// share state they did not ask to share.
    public init(digests: FontDigestCache? = nil) { self.digests = digests }

    public func font(_ file: FontFile, metricsOverride: FontMetricsOverride? = nil) throws(FontError) -> Font {
        let key = Key(file: file, override: metricsOverride.flatMap { $0.isEmpty ? nil : $0 })
        lock.lock()
        defer { lock.unlock() }
        if let font = fonts[key] { return font }
        let font = try Font(path: file.path, faceIndex: file.faceIndex, metricsOverride: key.override)
        font.digests = digests
        fonts[key] = font
        return font
    }

    public func font(path: String, faceIndex: Int = 0, metricsOverride: FontMetricsOverride? = nil) throws(FontError) -> Font {
        try font(FontFile(path: path, faceIndex: faceIndex), metricsOverride: metricsOverride)
    }
}
