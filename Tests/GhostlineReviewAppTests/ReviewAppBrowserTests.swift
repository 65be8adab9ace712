import Foundation
import GhostlineReviewApp
import GhostlineSuite
import GhostlineTestSupport
import Testing

/// The review app's pages in a real browser (issue 24's "done means"): headless Chromium (Debian's, installed by
/// scripts/setup.sh --tests) driven over the DevTools protocol from the test.
@Suite("Review app: the pages in Chromium", .serialized)
struct ReviewAppBrowserTests {
    /// Runs `body` with a browser on a thread of its own (the app in this process needs Swift's cooperative threads).
    static func withBrowser(_ body: @escaping @Sendable (DevTools) throws -> Void) async throws {
        let chromium = try #require(Browser.chromium, "headless Chromium is needed: run scripts/setup.sh --tests (apt-get install chromium)")
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    let browser = try DevTools(chromium: chromium)
                    try body(browser)
                })
            }
        }
    }

    @Test func reviewInTheBrowserFromIndexToApproveAndReject() async throws {
        let app = try await ReviewAppFixture()
        let base = "http://127.0.0.1:\(app.port)"
        let reference = app.path("refs/card@3x.png")
        let before = try #require(FileManager.default.contents(atPath: reference))
        try await Self.withBrowser { browser in
            // The index: failing entries first, by default only them; the filter shows all three.
            try browser.open("\(base)/?token=\(app.token)")
            try browser.wait(until: "document.querySelectorAll('#entries tbody tr').length === 2")
            let names = try browser.evaluate("[...document.querySelectorAll('#entries tbody tr')].map(r => r.dataset.name).join(',')") as? String
            #expect(names == "card-no-line-height,card-ref")
            _ = try browser.evaluate("(() => { const f = document.getElementById('filter'); f.value = 'all'; f.dispatchEvent(new Event('change')); })()")
            try browser.wait(until: "document.querySelectorAll('#entries tbody tr').length === 3")
            _ = try browser.evaluate("(() => { const s = document.getElementById('search'); s.value = 'ref'; s.dispatchEvent(new Event('input')); })()")
            try browser.wait(until: "document.querySelectorAll('#entries tbody tr').length === 1")

            // Each row has its ghost and diff thumbnails, loaded with the token; paths are the suite's, not absolute.
            try browser.wait(until: "[...document.querySelectorAll('#entries img.thumb-image')].every(i => i.complete && i.naturalWidth > 0)")
            #expect(try browser.evaluate("document.querySelectorAll('#entries tbody tr')[0].querySelector('.where').textContent") as? String
                    == "scenes/card-no-line-height.yaml → refs/card@3x.png")

            // An entry: open it from its link, move the ghost's slider (the review page's own script runs under the
            // policy), approve with the keyboard.
            _ = try browser.evaluate("location.href = document.querySelector('#entries tbody tr a').href")
            try browser.wait(until: "!!document.getElementById('ghostline-review-bar') && document.getElementById('entry-status').textContent === 'fail'")
            _ = try browser.evaluate("(() => { const o = document.getElementById('opacity'); o.value = '0.8'; o.dispatchEvent(new Event('input')); })()")
            #expect(try browser.evaluate("document.getElementById('ghost-design').style.opacity") as? String == "0.8")
            // The bar changes nothing of the review under it (item 9): the FAIL badge keeps its white text, the body its
            // margin; the review's link to the suite index leads to the app's index, with the token.
            #expect(try browser.evaluate("getComputedStyle(document.querySelector('h1 .verdict')).color") as? String == "rgb(255, 255, 255)")
            #expect(try browser.evaluate("getComputedStyle(document.body).marginLeft") as? String == "24px")
            #expect(try browser.evaluate("new URL(document.getElementById('suite-index').href).searchParams.get('token') === '\(app.token)'") as? Bool == true)
            try browser.press("a")
            // The page reloads after the approval: the bar and the review under it agree.
            let approved = "document.getElementById('entry-status').textContent === 'pass' && document.body.dataset.verdict === 'pass' && document.getElementById('message').textContent === 'approved'"
            do { try browser.wait(until: approved, seconds: 60) } catch {
                let state = try? browser.evaluate("JSON.stringify([document.getElementById('entry-status').textContent, document.body.dataset.verdict, document.getElementById('message').textContent])")
                throw DevToolsError("after approving, [status, verdict, message] = \(state.map { "\($0)" } ?? "unknown"): \(error)")
            }

            // Reject another with a comment: r focuses the comment, Enter sends it.
            try browser.open("\(base)/entries/card?token=\(app.token)")
            try browser.wait(until: "document.getElementById('entry-status').textContent === 'pass'")
            try browser.press("r")
            #expect(try browser.evaluate("document.activeElement.id") as? String == "comment")
            _ = try browser.evaluate("document.getElementById('comment').value = 'the title should wrap earlier'")
            try browser.press("Enter")
            try browser.wait(until: "document.getElementById('message').textContent === 'rejected'", seconds: 60)
        }
        // The reference on disk is the render now, and the rejection is in the export.
        #expect(FileManager.default.contents(atPath: reference) != before)
        let expected = app.path("expected@3x.png")
        #expect(try runCLI(["render", app.path("scenes/card-no-line-height.yaml"), "-o", expected]).status == 0)
        #expect(try sha256sum(reference) == (try sha256sum(expected)))
        let export = try await app.request("GET", "/api/export")
        #expect(export.body.contains("| card | ❌ rejected | tester | the title should wrap earlier |"), "\(export.body)")
    }

    /// Item 1 in a real browser: an entry named to close the script and open its own runs nothing; the name shows as
    /// text, and the app's scripts (allowed by their hashes) still run.
    @Test func aScriptNamedEntryRunsNothing() async throws {
        let app = try await ReviewAppFixture(extraEntries: ReviewAppSecurityTests.scriptEntry)
        let base = "http://127.0.0.1:\(app.port)"
        let path = "/entries/" + ReviewAppSession.pathComponent(ReviewAppSecurityTests.scriptName)
        try await Self.withBrowser { browser in
            try browser.open("\(base)\(path)?token=\(app.token)")
            try browser.wait(until: "document.getElementById('entry-status') && document.getElementById('entry-status').textContent === 'pass'")
            #expect(try browser.evaluate("document.title") as? String != "XSS-NAME")
            #expect(try browser.evaluate("document.getElementById('entry-name').textContent") as? String == ReviewAppSecurityTests.scriptName)
            // A script added to the page the way an injection would be is refused by the policy.
            _ = try browser.evaluate("(() => { const s = document.createElement('script'); s.textContent = \"document.title = 'INJECTED'\"; document.body.appendChild(s); })()")
            #expect(try browser.evaluate("document.title") as? String != "INJECTED")
            try browser.open("\(base)/?token=\(app.token)")
            try browser.wait(until: "document.querySelectorAll('#entries tbody tr').length === 2")
            #expect(try browser.evaluate("document.title") as? String != "XSS-NAME")
        }
    }
}
