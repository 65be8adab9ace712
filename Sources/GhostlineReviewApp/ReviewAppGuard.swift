import Foundation

/// Who may talk to the review app, and where it may write: pure functions, so each rule is tested on its own and
/// the server only wires them in.
///
/// Why these rules: the app listens on a port that any local process (and, through DNS rebinding, any web page the
/// reviewer has open) can reach, and it writes files. A random token in the URL keeps other processes and pages
/// out; checking the `Host` header keeps a rebinding page out even if it learned the port; writes go only under the
/// manifest's reference folders, so no request can make the app overwrite anything else.
public enum ReviewAppGuard {
    /// A new random token: 32 bytes from the system's generator, as 64 hex digits.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether `given` is `token`, compared in time that depends only on the lengths, not on where they differ (a
    /// timing side channel would let a local attacker guess the token a byte at a time).
    public static func tokenMatches(_ given: String?, token: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(token.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
        return difference == 0 && !b.isEmpty
    }

    /// The token a request carries: `Authorization: Bearer TOKEN`, else the `token` query parameter.
    public static func token(authorization: String?, query: String?) -> String? {
        if let authorization, authorization.hasPrefix("Bearer ") { return String(authorization.dropFirst("Bearer ".count)) }
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == "token" { return String(parts[1]).removingPercentEncoding }
        }
        return nil
    }

    /// The `Host` values a request may carry for a server bound to `host`:`port`: that host, and for a loopback
    /// bind also `localhost` and `127.0.0.1`, each with the port. Anything else is a page on another name that
    /// resolved to this address (DNS rebinding), refused.
    public static func allowedHosts(host: String, port: Int) -> Set<String> {
        var names: Set<String> = [host]
        if host == "127.0.0.1" || host == "localhost" || host == "::1" { names.formUnion(["127.0.0.1", "localhost", "[::1]"]) }
        return Set(names.map { "\($0):\(port)".lowercased() })
    }

    /// Whether a request's `Host` header is one of `allowed`.
    public static func hostAllowed(_ header: String?, allowed: Set<String>) -> Bool {
        guard let header else { return false }
        return allowed.contains(header.lowercased())
    }

    /// Whether writing `path` stays inside one of `roots` once every symbolic link and `..` is resolved: the file's
    /// directory must exist (or be created under a root) and resolve inside a root, and the file itself must not be
    /// a symbolic link. Roots are resolved too.
    public static func writable(_ path: String, roots: [String]) -> Bool {
        let resolvedRoots = roots.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().standardized.path }
        let url = URL(fileURLWithPath: path).standardized
        if let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
           attributes[.type] as? FileAttributeType == .typeSymbolicLink { return false }
        let directory = url.deletingLastPathComponent().resolvingSymlinksInPath().standardized.path
        return resolvedRoots.contains { root in directory == root || directory.hasPrefix(root + "/") }
    }
}
