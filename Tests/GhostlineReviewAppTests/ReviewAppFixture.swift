import Foundation
import Ghostline
import GhostlineReviewApp
import GhostlineSuite
import GhostlineTestSupport

/// A suite in a temporary folder (the demo card against its design, the card without line-height handling against
/// the same design, and the card against a reference snapshot), served by a review app in this process.
final class ReviewAppFixture: @unchecked Sendable {
    let dir: URL
    let session: ReviewAppSession
    let token: String
    let port: Int
    private let task: Task<Void, any Error>

    var manifest: String { dir.appendingPathComponent("ghostline.yaml").path }
    func path(_ relative: String) -> String { dir.appendingPathComponent(relative).path }

    /// - Parameters:
    ///   - reference: where the reference entry's snapshot is, relative to the suite folder.
    ///   - extraEntries: more manifest entries (YAML list items, indented by two spaces).
    ///   - host: the address the server binds.
    ///   - prepare: runs on the suite folder before the app reads it.
    init(reference: String = "refs/card@3x.png", recordReference: Bool = true, extraEntries: String = "",
         host: String = "127.0.0.1", prepare: (URL) throws -> Void = { _ in }) async throws {
        dir = try Paths.temporaryDirectory()
        let fm = FileManager.default
        for folder in ["scenes", "designs", "refs"] { try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true) }
        try fm.copyItem(atPath: Paths.root.appendingPathComponent("Fixtures/demo/card.yaml").path, toPath: dir.appendingPathComponent("scenes/card.yaml").path)
        try fm.copyItem(atPath: Paths.root.appendingPathComponent("Fixtures/scenes/card-no-line-height.yaml").path,
                        toPath: dir.appendingPathComponent("scenes/card-no-line-height.yaml").path)
        try fm.copyItem(atPath: Paths.root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path,
                        toPath: dir.appendingPathComponent("designs/demo-card@3x.png").path)
        try """
        name: Demo
        entries:
          - scene: scenes/card.yaml
            design: designs/demo-card@3x.png
          - scene: scenes/card-no-line-height.yaml
            design: designs/demo-card@3x.png
          - name: card-ref
            scene: scenes/card-no-line-height.yaml
            reference: \(reference)
        \(extraEntries)
        """.write(to: dir.appendingPathComponent("ghostline.yaml"), atomically: true, encoding: .utf8)
        if recordReference {
            // The reference is the demo card, so the entry (the card without line-height handling) differs from it.
            let out = reference.hasPrefix("/") ? reference : dir.appendingPathComponent(reference).path
            try fm.createDirectory(atPath: URL(fileURLWithPath: out).deletingLastPathComponent().path, withIntermediateDirectories: true)
            _ = try runCLI(["render", dir.appendingPathComponent("scenes/card.yaml").path, "-o", out])
        }
        try prepare(dir)
        (session, token, port, task) = try await Self.serve(dir.appendingPathComponent("ghostline.yaml").path, in: dir, host: host)
    }

    /// A suite laid out by the convention, without a manifest: scenes/card.yaml against designs/card@3x.png (the
    /// card without line-height handling against the demo design, so it fails).
    init(convention: Void) async throws {
        dir = try Paths.temporaryDirectory()
        let fm = FileManager.default
        for folder in ["scenes", "designs"] { try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true) }
        try fm.copyItem(atPath: Paths.root.appendingPathComponent("Fixtures/scenes/card-no-line-height.yaml").path,
                        toPath: dir.appendingPathComponent("scenes/card.yaml").path)
        try fm.copyItem(atPath: Paths.root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path,
                        toPath: dir.appendingPathComponent("designs/card@3x.png").path)
        (session, token, port, task) = try await Self.serve(dir.path, in: dir, host: "127.0.0.1")
    }

    /// A session for the suite at `source` (a manifest or a convention folder), served on `host` at a free port and
    /// checked once.
    private static func serve(_ source: String, in dir: URL, host: String) async throws
        -> (ReviewAppSession, String, Int, Task<Void, any Error>) {
        let plan = try SuitePlan.load(source)
        let session = try ReviewAppSession(plan: plan, manifest: plan.source, pagesRoot: dir.appendingPathComponent("pages").path, renderer: GhostlineSession().renderer,
                                           reviewer: "tester")
        let server = ReviewAppServer(session: session, host: host)
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { try await server.run { port in continuation.yield(port) } }
        var iterator = stream.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        try await session.check()
        return (session, server.token, port, task)
    }

    deinit {
        task.cancel()
        try? FileManager.default.removeItem(at: dir)
    }

    struct Reply {
        var status: Int
        var body: String
        /// Header lines by lower-cased name (the last of each).
        var headers: [String: String] = [:]
    }

    /// One request with curl, on a thread of its own: the server runs in this process on Swift's cooperative
    /// threads, which a test blocked in `waitUntilExit` would take from it (two such waits on a 2-core machine and the
    /// server could answer nobody).
    func request(_ method: String, _ path: String, body: String? = nil, headers: [String] = [], token: Bool = true,
                 host: String? = nil, maxTime: Int = 30) async throws -> Reply {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try self.requestNow(method, path, body: body, headers: headers, token: token, host: host, maxTime: maxTime)
                })
            }
        }
    }

    /// One request with curl: `headers` as `Name: value`, the token as a Bearer header unless `token` is false.
    func requestNow(_ method: String, _ path: String, body: String? = nil, headers: [String] = [], token: Bool = true,
                    host: String? = nil, maxTime: Int = 30) throws -> Reply {
        var arguments = ["-s", "-S", "-o", "-", "-w", "\n%{http_code}", "-X", method, "--max-time", "\(maxTime)"]
        if token { arguments += ["-H", "Authorization: Bearer \(self.token)"] }
        for header in headers { arguments += ["-H", header] }
        if let host { arguments += ["-H", "Host: \(host)"] }
        if let body {
            let file = dir.appendingPathComponent("body-\(UUID().uuidString)").path
            try body.write(toFile: file, atomically: true, encoding: .utf8)
            arguments += ["--data-binary", "@\(file)", "-H", "Content-Type: application/json"]
        }
        let headerFile = dir.appendingPathComponent("headers-\(UUID().uuidString)").path
        arguments += ["-D", headerFile]
        if method == "HEAD" { arguments[arguments.firstIndex(of: "-X")! ... arguments.firstIndex(of: "-X")! + 1] = ["-I"] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let text = try toolOutput("/usr/bin/curl", arguments)
        var headers: [String: String] = [:]
        for line in ((try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? "").split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        try? FileManager.default.removeItem(atPath: headerFile)
        guard let newline = text.lastIndex(of: "\n") else { return Reply(status: 0, body: text, headers: headers) }
        return Reply(status: Int(text[text.index(after: newline)...]) ?? 0, body: String(text[..<newline]), headers: headers)
    }

    /// A request sent as raw bytes on a TCP socket; returns what the server answered (empty when it closed).
    func raw(_ bytes: [UInt8], waitSeconds: Double = 5) throws -> String {
        let socket = Socket(port: port)
        defer { socket.close() }
        socket.send(bytes)
        return socket.receive(timeout: waitSeconds)
    }
}

/// A plain TCP client for hand-made requests (slow, huge or malformed ones curl will not send).
final class Socket {
    private let fd: Int32

    init(port: Int) {
        fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    func receive(timeout: Double) -> String {
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            result += buffer[0..<n]
            if result.count > 1 << 20 { break }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whatever arrives next (one read), empty when the connection closed or nothing came within `timeout`.
    func receiveSome(timeout: Double) -> [UInt8] {
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? Array(buffer[0..<n]) : []
    }

    func close() { Glibc.close(fd) }
}
