import Foundation

/// A thread-safe cache of opened fonts, so every label that names the same face shares one `Font` (one parse
/// of the file, one glyph cache key space).
public final class FontLibrary: @unchecked Sendable {
    private struct Key: Hashable {
        let file: FontFile
        let override: FontMetricsOverride?
        /// The instance of a variable font (empty: the default instance, or a static font).
        let variations: [VariationSetting]
    }

    private let lock = NSLock()
    private var fonts: [Key: Font] = [:]

    /// Where the fonts it opens find their SHA-256 (kept between processes); nil: each font hashes its file once.
    public let digests: FontDigestCache?

    /// An empty library. Each ``FontContext`` owns one; there is no process-wide library, so two contexts never
    /// share state they did not ask to share.
    public init(digests: FontDigestCache? = nil) { self.digests = digests }

    /// The font of `file` (at the instance `variations` names, for a variable font), opened once per file, face,
    /// metrics override and instance. Why per instance: a `Font`'s FreeType and HarfBuzz objects are set to one
    /// point of the design space, and caches keyed by the font (glyph bitmaps) must never mix two instances.
    public func font(_ file: FontFile, metricsOverride: FontMetricsOverride? = nil,
                     variations: FontVariationRequest = .none) throws(FontError) -> Font {
        let plain = try font(Key(file: file, override: metricsOverride.flatMap { $0.isEmpty ? nil : $0 }, variations: []))
        return try instance(of: plain, variations)
    }

    /// The instance of `font`'s file that `request` names (the font itself when that is its default instance).
    public func instance(of font: Font, _ request: FontVariationRequest) throws(FontError) -> Font {
        let coordinates = request.coordinates(for: font.axes)
        guard coordinates != font.variations else { return font }
        return try self.font(Key(file: FontFile(path: font.path, faceIndex: font.faceIndex), override: font.metricsOverride,
                                 variations: coordinates))
    }

    private func font(_ key: Key) throws(FontError) -> Font {
        lock.lock()
        defer { lock.unlock() }
        if let font = fonts[key] { return font }
        let font = try Font(path: key.file.path, faceIndex: key.file.faceIndex, metricsOverride: key.override,
                            variations: key.variations)
        font.digests = digests
        fonts[key] = font
        return font
    }

    /// The default instance of face `faceIndex` of the file at `path` (see ``font(_:metricsOverride:variations:)``).
    public func font(path: String, faceIndex: Int = 0, metricsOverride: FontMetricsOverride? = nil) throws(FontError) -> Font {
        try font(FontFile(path: path, faceIndex: faceIndex), metricsOverride: metricsOverride)
    }
}
