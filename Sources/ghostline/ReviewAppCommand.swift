import ArgumentParser
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Ghostline
import GhostlineReviewApp

/// `ghostline review`: the suite's review in the browser (GhostlineReviewApp does the work; this parses the flags,
/// prints the URL and waits).
struct ReviewAppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review a suite in the browser: approve, reject and comment on every entry, with live re-checks.",
        discussion: """
        Runs the suite, serves its review on 127.0.0.1 at a free port, and prints one URL with a random token; every
        request needs the token. Another --host (0.0.0.0 for every interface) serves the review to the network: it prints
        a warning, answers to the machine's names and addresses as well as 127.0.0.1 and localhost, and still requires
        the token. Approving an entry checked against a reference writes the render as the new reference;
        approving or rejecting one checked against a design export records the decision, with the hashes of both images,
        in ghostline-review.json beside the manifest (the suite then reports an accepted entry as passing while both
        images are unchanged). Stop it with Ctrl-C.

        Examples:
          ghostline review
          ghostline review Tests/Design/ghostline.yaml --open
          ghostline review --port 8080
        """
    )

    @Argument(help: "The manifest (ghostline.yaml), the suite's directory (default: the current directory), or a suite report (.json) of the suite to review.") var source: String?
    @Option(help: "The port (default: a free one).") var port: Int = 0
    @Option(help: "The address to listen on (default 127.0.0.1, this machine only); another exposes the review to the network, token still required.")
    var host: String = "127.0.0.1"
    @Flag(help: "Open the review in the default browser (xdg-open, or open on macOS).") var open = false
    @OptionGroup var fonts: FontOptions
    @OptionGroup var caching: SuiteCacheOptions

    func run() throws {
        guard (0...65535).contains(port) else { throw CLIError("--port \(port): use 0 (a free port) to 65535") }
        if caching.info { throw CLIError("--cache-info: a suite flag; run `ghostline suite --cache-info`") }
        let session = try fonts.session()
        // A suite report names the manifest it ran: review that suite (its entries are checked again, so what the
        // pages show is now, not then).
        var manifest = source
        if let source, source.hasSuffix(".json") { manifest = try SuiteReport.read(source).header.source }
        let runner = session.suite(try SuitePlan.load(manifest))
        // The scratch folder: made by mkdtemp (mode 0700, a name nobody can guess or take first), removed on exit and
        // on Ctrl-C or SIGTERM.
        var template = Array((FileManager.default.temporaryDirectory.path + "/ghostline-review-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CLIError("\(FileManager.default.temporaryDirectory.path): cannot create the review's scratch folder (\(String(cString: strerror(errno)))); set TMPDIR to a writable folder")
        }
        let pages = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: pages) }
        let review = try ReviewAppSession(plan: runner.plan, manifest: runner.plan.source, pagesRoot: pages, renderer: runner.renderer,
                                          cache: try caching.cache(for: runner.plan), version: runner.version)
        let signals = Self.stopOnSignal(review, removing: pages)
        defer { signals.forEach { $0.cancel() } }
        let server = ReviewAppServer(session: review, host: host, port: port)
        if let warning = ReviewAppServer.exposureWarning(host: host) { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        let host = self.host, open = self.open
        let done = DispatchSemaphore(value: 0)
        final class Outcome: @unchecked Sendable { var error: (any Error)? }
        let outcome = Outcome()
        Task {
            do {
                try await server.run { port in
                    let shown = host.contains(":") ? "[\(host)]" : host
                    let url = "http://\(shown):\(port)/?token=\(server.token)"
                    FileHandle.standardOutput.write(Data((url + "\n").utf8))
                    if open { Self.openBrowser(url) }
                    Task {
                        try? await review.check()
                        await review.watch()
                    }
                }
            } catch {
                outcome.error = error
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.error {
            throw CLIError("\(host):\(port): the review app could not listen (\(error)); pick another --port or --host")
        }
    }

    /// On SIGINT or SIGTERM: lets a decision being written finish (at most 10 s), removes `folder`, and exits as a
    /// shell expects of a process ended by that signal.
    static func stopOnSignal(_ review: ReviewAppSession, removing folder: String) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let finished = DispatchSemaphore(value: 0)
                Task {
                    await review.finishDecisions(within: 10)
                    finished.signal()
                }
                _ = finished.wait(timeout: .now() + 11)
                try? FileManager.default.removeItem(atPath: folder)
                Glibc.exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    static func openBrowser(_ url: String) {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        #endif
        process.arguments = [url]
        try? process.run()
    }
}
