import Foundation
import GhostlineTestSupport

/// Headless Chromium driven over the DevTools protocol: a WebSocket of our own on a plain socket (no browser download,
/// no client library), JSON commands, and their answers. Blocking: call it from a thread of its own, never from Swift's
/// cooperative threads, which the review app in the same process needs.
final class DevTools {
    private let process: Process
    private let profile: URL
    private var socket: Socket!
    private var nextID = 1
    private var pending: [UInt8] = []

    /// Starts Chromium with an empty profile and connects to a new page.
    init(chromium: String) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("devtools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0", "--no-first-run",
                             "--user-data-dir=\(profile.path)", "--window-size=1280,900", "about:blank"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Chromium writes the port and the browser's path to DevToolsActivePort once it listens.
        var port = 0
        for _ in 0..<200 {
            if let text = try? String(contentsOf: profile.appendingPathComponent("DevToolsActivePort"), encoding: .utf8),
               let first = text.split(separator: "\n").first, let value = Int(first) { port = value; break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard port > 0 else { throw DevToolsError("Chromium did not start its DevTools server") }
        // A page target: its WebSocket path from /json/list.
        var path: String?
        for _ in 0..<100 {
            let list = Self.httpGet(port: port, path: "/json/list")
            if let data = list.data(using: .utf8), let targets = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]],
               let page = targets.first(where: { $0["type"] as? String == "page" }), let url = page["webSocketDebuggerUrl"] as? String,
               let range = url.range(of: "/devtools/") {
                path = String(url[range.lowerBound...]); break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let path else { throw DevToolsError("Chromium lists no page") }
        socket = Socket(port: port)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        socket.send(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8))
        let head = readHead()
        guard head.hasPrefix("HTTP/1.1 101") else { throw DevToolsError("no WebSocket upgrade: \(head.prefix(80))") }
    }

    deinit {
        socket?.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command and returns its `result`.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        let message = try JSONSerialization.data(withJSONObject: ["id": id, "method": method, "params": params])
        writeFrame(Array(message))
        while true {
            let text = try readFrame()
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  object["id"] as? Int == id else { continue }   // events and other answers
            if let error = object["error"] { throw DevToolsError("\(method): \(error)") }
            return object["result"] as? [String: Any] ?? [:]
        }
    }

    /// Evaluates JavaScript in the page (awaiting a promise) and returns its value.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw DevToolsError("\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `expression` is true in the page (polling), or throws after `seconds`.
    func wait(until expression: String, seconds: Double = 30) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? evaluate(expression)) as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw DevToolsError("timed out waiting for \(expression)")
    }

    /// Opens `url` in the page.
    func open(_ url: String) throws { try send("Page.navigate", ["url": url]) }

    /// A key pressed and released, as the keyboard sends it to the focused element.
    func press(_ key: String) throws {
        let code = key == "Enter" ? 13 : Int(key.uppercased().unicodeScalars.first!.value)
        var down: [String: Any] = ["type": "keyDown", "key": key, "windowsVirtualKeyCode": code]
        if key.count == 1 { down["text"] = key }
        try send("Input.dispatchKeyEvent", down)
        try send("Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "windowsVirtualKeyCode": code])
    }

    // MARK: WebSocket frames (RFC 6455): the client masks what it sends; the server's frames are unmasked.

    private func writeFrame(_ payload: [UInt8]) {
        var frame: [UInt8] = [0x81]
        if payload.count < 126 { frame.append(0x80 | UInt8(payload.count)) }
        else if payload.count < 65536 { frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] }
        else { frame.append(0x80 | 127); for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) } }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        socket.send(frame)
    }

    private func take(_ count: Int) throws -> [UInt8] {
        while pending.count < count {
            let more = socket.receiveSome(timeout: 30)
            if more.isEmpty { throw DevToolsError("the DevTools connection closed") }
            pending += more
        }
        let bytes = Array(pending.prefix(count))
        pending.removeFirst(count)
        return bytes
    }

    private func readFrame() throws -> String {
        var message: [UInt8] = []
        while true {
            let head = try take(2)
            var length = Int(head[1] & 0x7F)
            if length == 126 { length = try take(2).reduce(0) { $0 << 8 | Int($1) } }
            else if length == 127 { length = try take(8).reduce(0) { $0 << 8 | Int($1) } }
            message += try take(length)
            if head[0] & 0x80 != 0 { return String(decoding: message, as: UTF8.self) }
        }
    }

    private func readHead() -> String {
        var bytes: [UInt8] = []
        while !bytes.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let more = socket.receiveSome(timeout: 10)
            if more.isEmpty { break }
            bytes += more
        }
        if let end = bytes.indices.first(where: { bytes[$0...].starts(with: [13, 10, 13, 10]) }) {
            pending = Array(bytes[(end + 4)...])
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func httpGet(port: Int, path: String) -> String {
        let socket = Socket(port: port)
        defer { socket.close() }
        socket.send(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
        let text = socket.receive(timeout: 5)
        guard let body = text.range(of: "\r\n\r\n") else { return "" }
        return String(text[body.upperBound...])
    }
}

struct DevToolsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
