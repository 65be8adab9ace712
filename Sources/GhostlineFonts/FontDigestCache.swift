import Foundation

/// The SHA-256 of font files, kept on disk between processes beside the font-name cache, so naming a font by its
/// content costs a `stat` after the first time (hashing the 19.5 MB CJK collection takes 140 ms).
///
/// A digest is trusted only while the file's stamp (inode, size, modification time to the nanosecond) is the one it
/// was computed under; any change and the file is hashed again. The file is one record a line, `digest`, the path,
/// the stamp and the hex digest, fields escaped as the name cache escapes them; a damaged or foreign file is ignored
/// and rewritten, and failing to write it is never an error. Only a regular file (or nothing) at its path is
/// replaced. `GHOSTLINE_FONT_CACHE=off` turns it off with the name cache; `GHOSTLINE_FONT_CACHE=/path/names` puts it
/// at `/path/names.digests`.
public final class FontDigestCache: @unchecked Sendable {
    /// The file, or nil when the cache is off (digests are then kept for the process only).
    public let location: String?

    private let lock = NSLock()
    private var loaded = false
    private var digests: [String: (stamp: String, sha256: String)] = [:]
    private var computed = 0

    static let header = "ghostline font digests 1"

    /// A cache in the file at `location` (nil: this process only).
    public init(location: String?) { self.location = location }

    /// Beside the font-name cache: its file name with `.digests` added, or nil when that cache is off.
    /// A name-cache path that is a device, a FIFO, a directory or a link (`GHOSTLINE_FONT_CACHE=/dev/null`) gets no
    /// digest file beside it: nothing is written next to a special file.
    public static func defaultLocation(_ environment: [String: String]) -> String? {
        guard let names = FontNameCache.defaultLocation(environment) else { return nil }
        var info = stat()
        if lstat(names, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return nil }
        return names + ".digests"
    }

    /// How many files this cache has hashed (tests read it to see a later process hash nothing).
    public var hashedFiles: Int { lock.lock(); defer { lock.unlock() }; return computed }

    /// The file's SHA-256: remembered while its stamp is unchanged, else computed (and written down). Empty when
    /// the file cannot be read.
    public func sha256(of path: String) -> String {
        let stamp = FontNameCache.stamp(of: path)
        lock.lock()
        defer { lock.unlock() }
        loadOnce()
        if let known = digests[path], known.stamp == stamp { return known.sha256 }
        guard let digest = SHA256.hexDigest(ofFile: path) else { return "" }
        computed += 1
        digests[path] = (stamp, digest)
        write()
        return digest
    }

    private func loadOnce() {
        guard !loaded, let location else { return }
        loaded = true
        guard let text = FontNameCache.readFile(location) else { return }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(Self.header), lines.last == "" else { return }
        lines.removeFirst()
        lines.removeLast()
        var read: [String: (stamp: String, sha256: String)] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { FontNameCache.unescape($0) }
            guard fields.count == 4, fields[0] == "digest", let path = fields[1], path.hasPrefix("/"), let stamp = fields[2],
                  let sha256 = fields[3], sha256.count == 64, sha256.allSatisfy(\.isHexDigit) else { return }
            read[path] = (stamp, sha256)
        }
        digests = read
    }

    private func write() {
        guard let location else { return }
        var info = stat()
        if lstat(location, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return }
        if let slash = location.lastIndex(of: "/"), slash != location.startIndex {
            try? FileManager.default.createDirectory(atPath: String(location[..<slash]), withIntermediateDirectories: true)
        }
        let lines = [Self.header] + digests.sorted { $0.key < $1.key }.map {
            "digest\t\(FontNameCache.escape($0.key))\t\(FontNameCache.escape($0.value.stamp))\t\($0.value.sha256)"
        }
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: location), options: .atomic)
    }
}
