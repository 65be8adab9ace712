import Foundation
import GhostlineReviewApp
import Testing

/// The guard's rules on their own (issue 24, item 7): each is a pure function, so its edge cases are spelled out here.
@Suite("Review app: the guard's rules")
struct ReviewAppGuardTests {
    @Test func theTokenMustMatchExactly() {
        let token = ReviewAppGuard.newToken()
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
        #expect(ReviewAppGuard.newToken() != token)
        #expect(ReviewAppGuard.tokenMatches(token, token: token))
        #expect(!ReviewAppGuard.tokenMatches(nil, token: token))
        #expect(!ReviewAppGuard.tokenMatches("", token: token))
        #expect(!ReviewAppGuard.tokenMatches(String(token.dropLast()), token: token))          // a prefix
        #expect(!ReviewAppGuard.tokenMatches(token + "0", token: token))                       // longer
        #expect(!ReviewAppGuard.tokenMatches(String(token.dropLast()) + "g", token: token))   // last byte differs
        #expect(!ReviewAppGuard.tokenMatches("", token: ""))                                   // no token: nobody
    }

    @Test func theTokenComesFromTheHeaderOrTheQuery() {
        #expect(ReviewAppGuard.token(authorization: "Bearer abc", query: nil) == "abc")
        #expect(ReviewAppGuard.token(authorization: nil, query: "x=1&token=abc") == "abc")
        #expect(ReviewAppGuard.token(authorization: "Basic abc", query: nil) == nil)
        #expect(ReviewAppGuard.token(authorization: nil, query: "tokenx=abc") == nil)
    }

    @Test func onlyTheServersOwnHostIsAnswered() {
        let allowed = ReviewAppGuard.allowedHosts(host: "127.0.0.1", port: 4321)
        #expect(ReviewAppGuard.hostAllowed("127.0.0.1:4321", allowed: allowed))
        #expect(ReviewAppGuard.hostAllowed("LOCALHOST:4321", allowed: allowed))
        #expect(!ReviewAppGuard.hostAllowed("evil.example:4321", allowed: allowed))   // DNS rebinding
        #expect(!ReviewAppGuard.hostAllowed("127.0.0.1:80", allowed: allowed))
        #expect(!ReviewAppGuard.hostAllowed(nil, allowed: allowed))
        // Bound beyond loopback (issue 32, item 5): the address given, the machine's names, and still the loopback
        // names a browser on this machine uses; nothing else.
        let exposed = ReviewAppGuard.allowedHosts(host: "10.0.0.5", port: 80, machineNames: ["build-7", "fe80::1"])
        #expect(ReviewAppGuard.hostAllowed("10.0.0.5:80", allowed: exposed) && ReviewAppGuard.hostAllowed("localhost:80", allowed: exposed))
        #expect(ReviewAppGuard.hostAllowed("build-7:80", allowed: exposed) && ReviewAppGuard.hostAllowed("[fe80::1]:80", allowed: exposed))
        #expect(!ReviewAppGuard.hostAllowed("evil.example:80", allowed: exposed))
        let wildcard = ReviewAppGuard.allowedHosts(host: "0.0.0.0", port: 8080, machineNames: ReviewAppGuard.machineNames())
        #expect(ReviewAppGuard.hostAllowed("127.0.0.1:8080", allowed: wildcard))
        var name = [CChar](repeating: 0, count: 256)
        _ = gethostname(&name, 255)
        #expect(ReviewAppGuard.hostAllowed("\(String(cString: name)):8080", allowed: wildcard))
    }

    /// A change may come from no page (a tool holding the token) or the server's own pages, never another site's.
    @Test func changesComeFromTheServersOwnPagesOnly() {
        let allowed = ReviewAppGuard.allowedHosts(host: "127.0.0.1", port: 4321)
        #expect(ReviewAppGuard.originAllowed(nil, allowed: allowed))
        #expect(ReviewAppGuard.originAllowed("http://127.0.0.1:4321", allowed: allowed))
        #expect(ReviewAppGuard.originAllowed("http://localhost:4321", allowed: allowed))
        #expect(!ReviewAppGuard.originAllowed("http://evil.example", allowed: allowed))
        #expect(!ReviewAppGuard.originAllowed("http://127.0.0.1:4322", allowed: allowed))
        #expect(!ReviewAppGuard.originAllowed("https://127.0.0.1:4321", allowed: allowed))
        #expect(!ReviewAppGuard.originAllowed("null", allowed: allowed))
    }

    @Test func writesStayInsideTheirRoots() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("guard-\(UUID().uuidString)")
        let refs = root.appendingPathComponent("refs"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: refs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ReviewAppGuard.writable(refs.appendingPathComponent("a.png").path, roots: [refs.path]))
        #expect(!ReviewAppGuard.writable(refs.path + "/../outside/a.png", roots: [refs.path]))
        #expect(!ReviewAppGuard.writable(outside.appendingPathComponent("a.png").path, roots: [refs.path]))
        // A folder inside the root that links out, and a file that is a link out.
        try FileManager.default.createSymbolicLink(atPath: refs.appendingPathComponent("escape").path, withDestinationPath: outside.path)
        #expect(!ReviewAppGuard.writable(refs.appendingPathComponent("escape/a.png").path, roots: [refs.path]))
        try FileManager.default.createSymbolicLink(atPath: refs.appendingPathComponent("b.png").path,
                                                   withDestinationPath: outside.appendingPathComponent("b.png").path)
        #expect(!ReviewAppGuard.writable(refs.appendingPathComponent("b.png").path, roots: [refs.path]))
        #expect(ReviewAppGuard.refusal(toWrite: refs.appendingPathComponent("b.png").path, roots: [refs.path])?.contains("symbolic link") == true)
        // Something that is not a regular file: a folder, a FIFO.
        try FileManager.default.createDirectory(at: refs.appendingPathComponent("c.json"), withIntermediateDirectories: true)
        #expect(ReviewAppGuard.refusal(toWrite: refs.appendingPathComponent("c.json").path, roots: [refs.path]) == "it is not a regular file")
        #expect(mkfifo(refs.appendingPathComponent("d.json").path, 0o600) == 0)
        #expect(!ReviewAppGuard.writable(refs.appendingPathComponent("d.json").path, roots: [refs.path]))
    }
}
