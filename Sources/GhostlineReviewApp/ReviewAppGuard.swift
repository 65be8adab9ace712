import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Whether `host` names this machine's loopback interface only.
    public static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased()
        return h == "localhost" || h == "::1" || h == "[::1]" || h.hasPrefix("127.")
    }

    /// The `Host` values a request may carry for a server bound to `host`:`port`, each with the port: the loopback
    /// names (`localhost`, `127.0.0.1`, `[::1]`) on any bind, since a browser on this machine uses them whatever the
    /// bind; and for a bind beyond loopback, the address given and `machineNames` (the machine's host names and
    /// addresses, see ``machineNames()``). Anything else is a page on another name that resolved to this address
    /// (DNS rebinding), refused.
    public static func allowedHosts(host: String, port: Int, machineNames: [String] = []) -> Set<String> {
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        if !isLoopback(host) {
            names.insert(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
            for name in machineNames where !name.isEmpty { names.insert(name.contains(":") ? "[\(name)]" : name) }
        }
        return Set(names.map { "\($0):\(port)".lowercased() })
    }

    /// This machine's names and addresses, for a server bound beyond loopback: its host name (and the short form
    /// before the first dot) and every interface's IPv4 and IPv6 address.
    public static func machineNames() -> [String] {
        var names: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count - 1) == 0 {
            let name = String(cString: buffer)
            names.append(name)
            if let dot = name.firstIndex(of: ".") { names.append(String(name[..<dot])) }
        }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return names }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let item = cursor {
            if let address = item.pointee.ifa_addr {
                let family = Int32(address.pointee.sa_family)
                if family == AF_INET || family == AF_INET6 {
                    var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
                    let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
                    if getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                        // A link-local IPv6 address carries its interface (`fe80::1%eth0`), which no Host header does.
                        names.append(String(String(cString: text).split(separator: "%").first ?? ""))
                    }
                }
            }
            cursor = item.pointee.ifa_next
        }
        return names
    }

    /// Whether a request's `Host` header is one of `allowed`.
    public static func hostAllowed(_ header: String?, allowed: Set<String>) -> Bool {
        guard let header else { return false }
        return allowed.contains(header.lowercased())
    }

    /// Whether a request that changes something may come from `origin` (its `Origin` header): none (a tool such as
    /// curl, which holds the token itself), or a page of this server (`http://` and an allowed host). A page of
    /// another site that learned the token (from a leaked URL) cannot approve from there; `null` (a sandboxed frame,
    /// a file) is refused too.
    public static func originAllowed(_ origin: String?, allowed: Set<String>) -> Bool {
        guard let origin else { return true }
        let lowered = origin.lowercased()
        guard lowered.hasPrefix("http://") else { return false }
        return allowed.contains(String(lowered.dropFirst("http://".count)))
    }

    /// Why writing `path` is refused, or nil when it may be written: every file an approval writes or an undo
    /// restores goes through this one check. The file's directory, once every symbolic link and `..` is resolved,
    /// must be one of `roots` or inside one (roots are resolved too); the file itself must not be a symbolic link
    /// (a write would go through it, wherever it points); and if it exists it must be a regular file (not a FIFO, a
    /// device or a folder).
    public static func refusal(toWrite path: String, roots: [String]) -> String? {
        let resolvedRoots = roots.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().standardized.path }
        let url = URL(fileURLWithPath: path).standardized
        var info = stat()
        if lstat(url.path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK { return "it is a symbolic link, and a write would go wherever it points" }
            if info.st_mode & S_IFMT != S_IFREG { return "it is not a regular file" }
        }
        let directory = url.deletingLastPathComponent().resolvingSymlinksInPath().standardized.path
        guard resolvedRoots.contains(where: { root in directory == root || directory.hasPrefix(root == "/" ? "/" : root + "/") }) else {
            return "it is outside the suite's folders"
        }
        return nil
    }

    /// Whether `path` may be written (see ``refusal(toWrite:roots:)``).
    public static func writable(_ path: String, roots: [String]) -> Bool { refusal(toWrite: path, roots: roots) == nil }
}
