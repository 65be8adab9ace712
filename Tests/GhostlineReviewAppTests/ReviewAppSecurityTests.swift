import Ghostline
import Foundation
import GhostlineReviewApp
import GhostlineSuite
import GhostlineSupport
import GhostlineTestSupport
import Testing

/// Issue 32's audit, one request (or one edit) per finding, against a real server in this process; the pages' side
/// of it runs in Chromium in ReviewAppBrowserTests.
@Suite("Review app: the audit's findings", .serialized)
struct ReviewAppSecurityTests {
    static func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }
    static let scriptName = "</script><script>document.title='XSS-NAME'</script>"
    static let scriptEntry = """
      - name: "\(scriptName)"
        scene: scenes/card.yaml
        design: designs/demo-card@3x.png
    """

    /// Item 1: a name that closes the script and opens another is text on the page, never markup, and every page is
    /// served with a policy that runs no script but the app's own.
    @Test func aScriptInAnEntryNameIsText() async throws {
        let app = try await ReviewAppFixture(extraEntries: Self.scriptEntry)
        let page = try await app.request("GET", "/entries/\(ReviewAppSession.pathComponent(Self.scriptName))")
        #expect(page.status == 200, "\(page.body.prefix(300))")
        #expect(!page.body.contains("<script>document.title"), "the name reached the page as markup")
        #expect(page.body.contains("data-name=\"&lt;/script&gt;&lt;script&gt;document.title=&#39;XSS-NAME&#39;&lt;/script&gt;\""))
        let policy = try #require(page.headers["content-security-policy"])
        #expect(policy.contains("script-src 'sha256-") && policy.contains("default-src 'none'"))
        #expect(!policy.components(separatedBy: ";").first { $0.contains("script-src") }!.contains("unsafe"))
        // The index and the API list the name as data, in JSON.
        let listed = try Self.json(try await app.request("GET", "/api/entries").body)["entries"]?.arrayValue ?? []
        #expect(listed.contains { $0["name"]?.stringValue == Self.scriptName })
    }

    /// Every answer, a refusal as much as a page, carries the four headers.
    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        let app = try await ReviewAppFixture()
        for reply in [try await app.request("GET", "/"), try await app.request("GET", "/api/entries"),
                      try await app.request("GET", "/", token: false), try await app.request("GET", "/nowhere"),
                      try await app.request("GET", "/api/entries", host: "evil.example:\(app.port)")] {
            #expect(reply.headers["x-content-type-options"] == "nosniff", "\(reply.status) \(reply.headers)")
            #expect(reply.headers["x-frame-options"] == "DENY")
            #expect(reply.headers["referrer-policy"] == "no-referrer")
            #expect(reply.headers["content-security-policy"]?.hasPrefix("default-src 'none'") == true)
        }
        #expect(try await app.request("GET", "/api/export").headers["cache-control"] == "no-store")
        // HEAD answers as GET without the body; the icon a browser asks for is no 401.
        let head = try await app.request("HEAD", "/")
        #expect(head.status == 200 && !head.body.contains("<!doctype"), "\(head.status) \(head.body.prefix(200))")
        #expect(try await app.request("GET", "/favicon.ico", token: false).status == 204)
    }

    /// Item 2: a layout JSON that is a link out of the suite is never written through, and nothing is written at all.
    @Test func approveNeverWritesThroughALink() async throws {
        let outside = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        let victim = outside.appendingPathComponent("victim.json").path
        try "precious".write(toFile: victim, atomically: true, encoding: .utf8)
        let app = try await ReviewAppFixture { dir in
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("refs/card@3x.json").path, withDestinationPath: victim)
        }
        let before = try #require(FileManager.default.contents(atPath: app.path("refs/card@3x.png")))
        let reply = try await app.request("POST", "/api/entries/card-ref/approve", body: "{}")
        #expect(reply.status == 403, "\(reply.body)")
        #expect(reply.body.contains("symbolic link"), "\(reply.body)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(FileManager.default.contents(atPath: app.path("refs/card@3x.png")) == before)
        #expect(try await app.request("POST", "/api/entries/card-ref/undo", body: "{}").status == 400)
    }

    /// Item 8: undo removes the layout JSON the approval wrote (there was none before), and the approval's answer says
    /// what happened, not the old comparison's figures.
    @Test func undoTakesBackEveryFileTheApprovalWrote() async throws {
        let app = try await ReviewAppFixture()
        let json = app.path("refs/card@3x.json")
        #expect(!FileManager.default.fileExists(atPath: json))
        let approved = try await app.request("POST", "/api/entries/card-ref/approve", body: "{}")
        #expect(approved.status == 200)
        #expect(try Self.json(approved.body)["finding"]?.stringValue?.hasPrefix("within tolerance") == true, "\(approved.body)")
        #expect(FileManager.default.fileExists(atPath: json))
        #expect(try await app.request("POST", "/api/entries/card-ref/undo", body: "{}").status == 200)
        #expect(!FileManager.default.fileExists(atPath: json))
    }

    /// Item 3: a suite without a manifest keeps its decisions in its own folder, where `ghostline suite` reads them.
    @Test func aConventionSuitesDecisionsAreWhereTheSuiteReadsThem() async throws {
        let app = try await ReviewAppFixture(convention: ())
        #expect(try await app.request("POST", "/api/entries/card/approve", body: "{}").status == 200)
        #expect(FileManager.default.fileExists(atPath: app.path(SuiteDecisions.fileName)))
        #expect(!FileManager.default.fileExists(atPath: app.dir.deletingLastPathComponent().appendingPathComponent(SuiteDecisions.fileName).path))
        let suite = try runCLI(["suite", app.dir.path])
        #expect(suite.status == 0, "\(suite.stdout) \(suite.stderr)")
    }

    /// Item 8: a decision recorded on disk while the app runs (a `git pull`) is kept when the app records another.
    @Test func decisionsMadeElsewhereAreKept() async throws {
        let app = try await ReviewAppFixture()
        let file = app.path(SuiteDecisions.fileName)
        let pulled = SuiteDecisions(decisions: [SuiteDecisions.Decision(entry: "card", kind: .rejected, by: "colleague", at: "2026-11-01T00:00:00Z",
                                                                         comment: "from main", render: "00", design: "11")])
        try pulled.write(to: file)
        #expect(try await app.request("POST", "/api/entries/card-no-line-height/approve", body: "{}").status == 200)
        let onDisk = try SuiteDecisions.read(file)
        #expect(onDisk.decisions.map(\.by) == ["colleague", "tester"])
        #expect(try await app.request("POST", "/api/entries/card-no-line-height/undo", body: "{}").status == 200)
        #expect(try SuiteDecisions.read(file).decisions.map(\.by) == ["colleague"])
    }

    /// Item 8: a page of another site that holds the token cannot change anything; the app's own origin can.
    @Test func aForeignOriginCannotDecide() async throws {
        let app = try await ReviewAppFixture()
        let foreign = try await app.request("POST", "/api/entries/card/reject", body: #"{"comment": "x"}"#, headers: ["Origin: http://evil.example"])
        #expect(foreign.status == 403)
        #expect(try await app.request("POST", "/api/entries/card/reject", body: #"{"comment": "x"}"#, headers: ["Origin: null"]).status == 403)
        #expect(!FileManager.default.fileExists(atPath: app.path(SuiteDecisions.fileName)))
        let own = try await app.request("POST", "/api/entries/card/reject", body: #"{"comment": "x"}"#, headers: ["Origin: http://127.0.0.1:\(app.port)"])
        #expect(own.status == 200, "\(own.body)")
    }

    /// Item 5: bound to every interface, the server still answers a browser on this machine, and still wants the token.
    @Test func aWildcardBindAnswersLoopbackNames() async throws {
        let app = try await ReviewAppFixture(host: "0.0.0.0")
        #expect(try await app.request("GET", "/api/entries").status == 200)
        #expect(try await app.request("GET", "/api/entries", host: "localhost:\(app.port)").status == 200)
        #expect(try await app.request("GET", "/api/entries", token: false).status == 401)
        #expect(try await app.request("GET", "/api/entries", host: "evil.example:\(app.port)").status == 421)
        #expect(ReviewAppServer.exposureWarning(host: "0.0.0.0")?.contains("network") == true)
        #expect(ReviewAppServer.exposureWarning(host: "127.0.0.1") == nil)
    }

    /// Item 6: the scratch folder is private and holds each entry's latest page once, however many runs there were.
    @Test func theScratchFolderDoesNotGrow() async throws {
        let app = try await ReviewAppFixture()
        let pages = app.path("pages")
        var info = stat()
        #expect(stat(pages, &info) == 0 && info.st_mode & 0o777 == 0o700)
        func size() throws -> Int {
            try FileManager.default.subpathsOfDirectory(atPath: pages).reduce(0) { total, sub in
                total + ((try? FileManager.default.attributesOfItem(atPath: pages + "/" + sub)[.size] as? Int) ?? 0)
            }
        }
        let first = try size()
        for _ in 0..<3 {
            #expect(try await app.request("POST", "/api/entries/card-ref/approve", body: "{}").status == 200)
            #expect(try await app.request("POST", "/api/entries/card-ref/undo", body: "{}").status == 200)
        }
        let listing = try FileManager.default.contentsOfDirectory(atPath: pages).sorted()
        #expect(listing == ["entries", "thumbs"], "\(listing)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pages + "/entries").count == 3)
        let last = try size()
        #expect(last <= first + first / 10, "grew from \(first) to \(last) bytes")
        // The thumbnails are served with the token.
        let thumb = try await app.request("GET", "/entries/card-ref/thumbs/ghost.png")
        #expect(thumb.status == 200 && thumb.headers["content-type"] == "image/png")
        #expect(try await app.request("GET", "/entries/card-ref/thumbs/..%2F..%2Fghostline.yaml").status == 404)
    }

    /// Item 4: an edit made while its entry is being checked is seen by the watcher's next round.
    @Test func anEditDuringACheckIsNotLost() async throws {
        let app = try await ReviewAppFixture()
        let scene = app.path("scenes/card-no-line-height.yaml")
        let run = Task { try await app.session.check(["card-no-line-height"]) }
        // Wait for the check to start, then fix the scene while it runs.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, await app.session.entry("card-no-line-height")?.running != true { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(await app.session.entry("card-no-line-height")?.running == true)
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        try text.replacingOccurrences(of: "lineHeightStrategy: none", with: "lineHeightStrategy: padded").write(toFile: scene, atomically: true, encoding: .utf8)
        try await run.value
        let stamps = await app.session.stamps
        #expect(await app.session.changedEntries() == ["card-no-line-height", "card-ref"], "\(stamps)")
    }

    /// Item 7: one edit re-checks exactly the entries that read the edited file; a scene in the same folder is not one.
    @Test func anEditRechecksOnlyTheEntriesThatReadIt() async throws {
        let app = try await ReviewAppFixture()
        #expect(await app.session.changedEntries() == nil)
        let scene = app.path("scenes/card.yaml")
        try (try String(contentsOfFile: scene, encoding: .utf8) + "\n# edited\n").write(toFile: scene, atomically: true, encoding: .utf8)
        #expect(await app.session.changedEntries() == ["card"])
        // The design export both design entries compare with: both, and not the reference entry.
        let design = app.path("designs/demo-card@3x.png")
        let bytes = try #require(FileManager.default.contents(atPath: design))
        try bytes.write(to: URL(fileURLWithPath: design))
        #expect(await app.session.changedEntries() == ["card", "card-no-line-height"])
    }
}

/// Item 7's last input: the manifest entry. An edit to the manifest is read while the app runs, and re-checks the
/// entries it added or changed, and only those.
@Suite("Review app: manifest edits")
struct ReviewAppManifestTests {
    @Test func aManifestEditRechecksTheEntriesItChanged() async throws {
        let app = try await ReviewAppFixture()
        #expect(await app.session.reloadPlan().isEmpty)
        // card-no-line-height gets a tolerance that passes it; card-ref goes; card-copy comes; card is untouched.
        try """
        name: Demo
        entries:
          - name: card-copy
            scene: scenes/card.yaml
            design: designs/demo-card@3x.png
          - scene: scenes/card.yaml
            design: designs/demo-card@3x.png
          - scene: scenes/card-no-line-height.yaml
            design: designs/demo-card@3x.png
            tolerance: 1
            baselineTolerance: 100
        """.write(toFile: app.manifest, atomically: true, encoding: .utf8)
        let changed = await app.session.reloadPlan()
        #expect(changed == ["card-copy", "card-no-line-height"], "\(changed)")
        try await app.session.check(changed)
        let listed = try ReviewAppSecurityTests.json(try await app.request("GET", "/api/entries").body)["entries"]?.arrayValue ?? []
        #expect(listed.map { $0["name"]?.stringValue ?? "" }.sorted() == ["card", "card-copy", "card-no-line-height"])
        #expect(listed.first { $0["name"]?.stringValue == "card-copy" }?["status"]?.stringValue == "pass")
        #expect(listed.first { $0["name"]?.stringValue == "card" }?["checks"]?.intValue == 1, "card was checked again")
        // A manifest that does not parse keeps the plan as it was.
        try "entries: [".write(toFile: app.manifest, atomically: true, encoding: .utf8)
        #expect(await app.session.reloadPlan().isEmpty)
        #expect(await app.session.plan.cases.count == 3)
    }
}

/// Issue 36, item 5: with a cache, the watcher and the suite use the same keys. A file saved again with the same
/// bytes (its stamp changes, its content does not) costs no check; an edit is checked.
@Suite("Review app: the suite cache")
struct ReviewAppCacheTests {
    @Test func aFileSavedUnchangedIsReusedAndAnEditIsChecked() async throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        for folder in ["scenes", "designs"] { try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true) }
        let scene = dir.appendingPathComponent("scenes/card.yaml").path
        try fm.copyItem(atPath: Paths.root.appendingPathComponent("Fixtures/demo/card.yaml").path, toPath: scene)
        try fm.copyItem(atPath: Paths.root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path,
                        toPath: dir.appendingPathComponent("designs/card@3x.png").path)
        let plan = try SuitePlan.load(dir.path)
        let cache = SuiteCache(directory: dir.appendingPathComponent("cache").path)
        let session = try ReviewAppSession(plan: plan, manifest: plan.source, pagesRoot: dir.appendingPathComponent("pages").path, renderer: GhostlineSession().renderer,
                                           reviewer: "tester", cache: cache, version: "test")
        try await session.check()
        #expect(await session.reusedChecks == 0)
        // Saved again with the same bytes: the watcher sees a new stamp, the cache the same digest.
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        try fm.removeItem(atPath: scene)
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let touched = try #require(await session.changedEntries())
        #expect(touched == ["card"])
        try await session.check(touched)
        #expect(await session.reusedChecks == 1)
        #expect(await session.entry("card")?.entry?.verdict == .pass)
        // An edit: checked, and it fails.
        try text.replacingOccurrences(of: "  spacing: 8\n", with: "  spacing: 12\n").write(toFile: scene, atomically: true, encoding: .utf8)
        try await session.check(try #require(await session.changedEntries()))
        #expect(await session.reusedChecks == 1)
        #expect(await session.entry("card")?.entry?.verdict == .fail)
        // A suite run over the same cache reuses what the app checked.
        var runner = GhostlineSession().suite(plan)
        runner.cache = cache
        runner.version = "test"
        #expect(try runner.run().reused == 1)
    }
}
