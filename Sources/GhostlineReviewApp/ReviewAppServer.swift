import Foundation
import GhostlineSuite
import GhostlineSupport
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The review app's HTTP server: the pages and the API of docs/guide.md, behind the token and `Host` checks of
/// ``ReviewAppGuard``.
///
/// API (every request carries the token, `Authorization: Bearer TOKEN` or `?token=`):
/// `GET /api/entries`, `GET /api/entries/NAME`, `POST /api/entries/NAME/approve`, `POST /api/entries/NAME/reject`
/// (`{ "comment": … }`), `POST /api/entries/NAME/undo`, `GET /api/export` (Markdown), `GET /api/events` (server-sent
/// events: `entry` and `progress`). Pages: `/` and `/entries/NAME`.
public struct ReviewAppServer: Sendable {
    /// The suite under review.
    public var session: ReviewAppSession
    /// The address to bind: 127.0.0.1 unless told otherwise.
    public var host: String
    /// The port; 0 takes a free one.
    public var port: Int
    /// The secret every request must carry.
    public var token: String

    /// The largest request body read (a rejection's comment fits many times over).
    public static let maximumBodyBytes = 16 << 10
    /// The longest comment kept.
    public static let maximumCommentCharacters = 4000
    /// The largest request head (all header lines together).
    public static let maximumHeaderBytes = 16 << 10

    /// The names a bind beyond loopback also answers to (the machine's names and addresses); unused for loopback.
    public var machineNames: [String]

    /// A server for `session`, on `host`:`port`, with `token`.
    public init(session: ReviewAppSession, host: String = "127.0.0.1", port: Int = 0, token: String = ReviewAppGuard.newToken(),
                machineNames: [String]? = nil) {
        self.session = session; self.host = host; self.port = port; self.token = token
        self.machineNames = machineNames ?? (ReviewAppGuard.isLoopback(host) ? [] : ReviewAppGuard.machineNames())
    }

    /// What to tell the person who starts a server on `host`, or nil for a loopback bind: what anyone who can reach the
    /// machine can then do.
    public static func exposureWarning(host: String) -> String? {
        guard !ReviewAppGuard.isLoopback(host) else { return nil }
        return "warning: --host \(host) serves the review to the network, not just this machine: anyone who can reach "
            + "this port and learns the token (it is in the URL, in browser history and in shell scrollback) can approve "
            + "entries and overwrite references; the token is still required, but the traffic is plain HTTP. "
            + "Use the default 127.0.0.1 (with an SSH tunnel) unless you need this"
    }

    /// Runs until cancelled; `ready` is called once with the bound port.
    public func run(ready: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let bound = BoundPort()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: Guard(token: token, host: host, machineNames: machineNames, bound: bound))
        routes(router)
        var http = HTTP1Channel.Configuration(idleTimeout: .seconds(30))
        http.httpDecoder = .init(maxHeaderFieldSize: Self.maximumHeaderBytes, maxHeaderListSize: Self.maximumHeaderBytes,
                                 maxHeaderFieldCount: 100)
        // The app prints one URL and nothing else: the server's own log only for warnings and worse.
        var logger = Logger(label: "ghostline-review")
        logger.logLevel = .warning
        let app = Application(router: router, server: .http1(configuration: http),
                              configuration: .init(address: .hostname(host, port: port), serverName: nil),
                              onServerRunning: { channel in
                                  let port = channel.localAddress?.port ?? 0
                                  bound.set(port)
                                  await ready(port)
                              }, logger: logger)
        try await app.run()
    }

    private func routes(_ router: Router<BasicRequestContext>) {
        let session = self.session
        let index: @Sendable (Request, BasicRequestContext) async throws -> Response = { _, _ in Self.html(ReviewAppPages.index(suite: await session.plan.name)) }
        router.get("/", use: index)
        router.head("/", use: index)
        let entryPage: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, context in
            guard let name = Self.name(context) else { return Self.failure(.noEntry("")) }
            guard let entry = await session.entry(name) else { return Self.failure(.noEntry(name)) }
            let page = entry.page.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
            return Self.html(ReviewAppPages.entry(name: name, reviewPage: page, finding: entry.entry.map { $0.error ?? SuiteSummary.finding($0) }))
        }
        router.get("/entries/:name", use: entryPage)
        router.head("/entries/:name", use: entryPage)
        router.get("/entries/:name/thumbs/:kind") { request, context in
            guard let name = Self.name(context), let kind = context.parameters.get("kind"),
                  let file = await session.thumbnail(name, kind: kind),
                  let bytes = FileManager.default.contents(atPath: file) else { return Self.failure(.noEntry(Self.name(context) ?? "")) }
            return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        router.get("/api/entries") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: await session.listingText())))
        }
        router.get("/api/entries/:name") { _, context in
            await Self.answer { () async throws(ReviewAppError) in try await session.detail(Self.name(context) ?? "") }
        }
        router.post("/api/entries/:name/approve") { request, context in
            var request = request
            guard (try? await request.collectBody(upTo: Self.maximumBodyBytes)) != nil else { return Self.tooLarge() }
            return await Self.answer { () async throws(ReviewAppError) in try await session.approve(Self.name(context) ?? "") }
        }
        router.post("/api/entries/:name/reject") { request, context in
            var request = request
            guard let body = try? await request.collectBody(upTo: Self.maximumBodyBytes) else { return Self.tooLarge() }
            let text = String(buffer: body)
            guard let value = try? JSONValue(parsing: Array(text.utf8)), let comment = value["comment"]?.stringValue,
                  !comment.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return Self.failure(.badRequest("send a JSON body { \"comment\": \"why\" } with a comment that is not empty"))
            }
            guard comment.count <= Self.maximumCommentCharacters else {
                return Self.failure(.badRequest("the comment is over \(Self.maximumCommentCharacters) characters"))
            }
            return await Self.answer { () async throws(ReviewAppError) in try await session.reject(Self.name(context) ?? "", comment: comment) }
        }
        router.post("/api/entries/:name/undo") { request, context in
            var request = request
            guard (try? await request.collectBody(upTo: Self.maximumBodyBytes)) != nil else { return Self.tooLarge() }
            return await Self.answer { () async throws(ReviewAppError) in try await session.undo(Self.name(context) ?? "") }
        }
        router.get("/api/export") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/markdown; charset=utf-8", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: await session.export())))
        }
        router.get("/api/events") { _, _ in
            let (id, stream) = await session.subscribe()
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                            body: .init { writer in
                                defer { Task { await session.unsubscribe(id) } }
                                for await event in stream { try await writer.write(ByteBuffer(string: event)) }
                                try await writer.finish(nil)
                            })
        }
    }

    /// The `:name` parameter, percent-decoded.
    static func name(_ context: BasicRequestContext) -> String? {
        context.parameters.get("name").map { $0.removingPercentEncoding ?? $0 }
    }

    static func answer(_ work: () async throws(ReviewAppError) -> JSONValue) async -> Response {
        do { return json(try await work()) } catch { return failure(error) }
    }

    static func html(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: value.serialized() + "\n")))
    }

    static func failure(_ error: ReviewAppError) -> Response {
        json(.object([("error", .string(error.message))]), status: HTTPResponse.Status(code: error.status))
    }

    static func tooLarge() -> Response {
        json(.object([("error", .string("the request body is over \(maximumBodyBytes) bytes"))]), status: .contentTooLarge)
    }

    /// The port the server bound, known once it runs (the `Host` check needs it when port 0 picked one).
    final class BoundPort: @unchecked Sendable {
        private let lock = NSLock()
        private var port = 0
        func set(_ value: Int) { lock.lock(); port = value; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return port }
    }

    /// Every request passes here before any route, in this order: a foreign `Host` is refused (421); the icon a browser
    /// asks for by itself is answered without the token (204: it reveals nothing, and a 401 on every page load is noise);
    /// a request without the token is refused (401); a request that changes something from another site's page
    /// (`Origin`) is refused (403). `HEAD` is answered as `GET` without the body. Every answer, refusals included,
    /// carries ``ReviewAppPolicy/headers``.
    struct Guard: RouterMiddleware {
        typealias Context = BasicRequestContext
        let token: String
        let host: String
        let machineNames: [String]
        let bound: BoundPort

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            var response = try await answer(request, context: context, next: next)
            for (name, value) in ReviewAppPolicy.headers {
                if let field = HTTPFields.Element.Name(name) { response.headers[field] = value }
            }
            return response
        }

        private func answer(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            let allowed = ReviewAppGuard.allowedHosts(host: host, port: bound.value, machineNames: machineNames)
            guard ReviewAppGuard.hostAllowed(request.head.authority, allowed: allowed) else {
                return ReviewAppServer.json(.object([("error", .string("this server answers only to its own names, e.g. 127.0.0.1:\(bound.value)"))]),
                                            status: .misdirectedRequest)
            }
            if request.uri.path == "/favicon.ico", request.method == .get || request.method == .head {
                return Response(status: .noContent, headers: [.cacheControl: "max-age=86400"])
            }
            let given = ReviewAppGuard.token(authorization: request.headers[.authorization], query: request.uri.query)
            guard ReviewAppGuard.tokenMatches(given, token: token) else {
                return ReviewAppServer.json(.object([("error", .string("missing or wrong token: open the URL `ghostline review` printed"))]),
                                            status: .unauthorized)
            }
            if request.method != .get && request.method != .head,
               !ReviewAppGuard.originAllowed(request.headers[.origin], allowed: allowed) {
                return ReviewAppServer.json(.object([("error", .string("a change must come from the review's own pages, not from another site"))]),
                                            status: .forbidden)
            }
            let response: Response
            do { response = try await next(request, context) } catch let error as HTTPError {
                // The router's own refusals (no such route: 404) answered as the API's are, with the headers.
                response = ReviewAppServer.json(.object([("error", .string(error.body ?? "no such page or API"))]), status: error.status)
            }
            // `HEAD` is routed as `GET` (see `routes`); its answer is the same without the body.
            return request.method == .head ? Response(status: response.status, headers: response.headers) : response
        }
    }
}
