#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CDigest

/// SHA-256 (FIPS 180-4), for naming a font file by its content in layout JSON and snapshot references.
///
/// Why our own: it is the only digest Ghostline needs, and a small C function (`CDigest`) keeps the fonts module
/// free of a cryptography dependency while a debug build still hashes a 20 MB font collection quickly. It is
/// checked against the standard's published test vectors and against `sha256sum` on real font files.
public struct SHA256: Sendable {
    private var hash = gl_sha256()

    /// A digest with nothing hashed yet.
    public init() { gl_sha256_init(&hash) }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        gl_sha256_update(&hash, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    /// The digest of everything added, as 64 lower-case hex digits. The digest itself is not changed.
    public func hexDigest() -> String {
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: digest().flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// The digest of everything added, as its 32 bytes (a Content-Security-Policy hash is their base64). The
    /// digest itself is not changed.
    public func digest() -> [UInt8] {
        var finished = hash
        var digest = [UInt8](repeating: 0, count: 32)
        gl_sha256_final(&finished, &digest)
        return digest
    }

    /// The digest of a regular file's bytes, read in 1 MiB blocks; nil when it cannot be read, is not a regular file
    /// (a FIFO or a device put where a file was), or holds more than `limit` bytes. The file is opened without
    /// blocking and checked after opening, so no path can hang the caller.
    public static func hexDigest(ofFile path: String, limit: Int = .max) -> String? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var digest = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            total += count
            guard total <= limit else { return nil }
            buffer.withUnsafeBytes { digest.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return digest.hexDigest()
    }
}
