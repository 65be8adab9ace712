import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// A check against a reference whose layout JSON names other font bytes says so first, before any pixel
/// statistic: `body: recorded with Inter-Regular 4.0 (sha256 …), this machine has Inter-Regular 3.019 (sha256 …)`.
@Suite("Font changes against a recorded reference")
struct FontChangeTests {
    /// The demo card recorded as a reference (PNG and layout JSON), its `body` label's font hash and revision
    /// replaced as if another Inter had drawn it.
    static func reference(in directory: URL, tamper: Bool) throws -> (png: String, json: String) {
        let session = GhostlineSession()
        let render = try session.render(path: Paths.demoScene)
        let png = directory.appendingPathComponent("card@3x.png").path
        let json = directory.appendingPathComponent("card@3x.json").path
        try Data(render.png()).write(to: URL(fileURLWithPath: png))
        var text = render.layoutJSON
        if tamper {
            let sha = try #require(render.layout.elements.first { $0.id == "body" }?.labelLayout?.font.identity.sha256)
            let lines = text.components(separatedBy: "\n")
            // The body label's own `font` object comes after its lines; replace its sha256 and revision there.
            let start = try #require(lines.firstIndex { $0.contains("\"id\": \"body\"") })
            var edited = lines
            for index in start..<lines.count where lines[index].contains("\"sha256\": \"\(sha)\"") && !lines[index].contains("fontIdentity") {
                edited[index] = lines[index].replacingOccurrences(of: sha, with: String(repeating: "ab", count: 32))
            }
            for index in start..<lines.count where lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("\"revision\":") {
                edited[index] = lines[index].replacingOccurrences(of: #"[0-9.]+,"#, with: "4.0,", options: .regularExpression)
            }
            text = edited.joined(separator: "\n")
        }
        try text.write(toFile: json, atomically: true, encoding: .utf8)
        return (png, json)
    }

    @Test func aDifferentFontIsTheFirstThingSaid() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (png, json) = try Self.reference(in: directory, tamper: true)
        var check = GhostlineSession().check(.scene(path: Paths.demoScene), design: png)
        check.referenceLayout = json
        let result = try check.run()
        let lines = result.summary.split(separator: "\n").map(String.init)
        #expect(lines.count > 2)
        #expect(lines[1].hasPrefix("  body: recorded with Inter-Regular 4.0 (sha256 abababab…), this machine has Inter-Regular "),
                "\(result.summary)")
        #expect(result.comparison.fontChanges.map(\.label) == ["body"])
        #expect(ReviewReport.encode(result.comparison).contains("\"fontChanges\""))
    }

    @Test func theSameFontSaysNothing() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (png, json) = try Self.reference(in: directory, tamper: false)
        var check = GhostlineSession().check(.scene(path: Paths.demoScene), design: png)
        check.referenceLayout = json
        let result = try check.run()
        #expect(result.comparison.fontChanges.isEmpty)
        #expect(!ReviewReport.encode(result.comparison).contains("fontChanges"))
        #expect(result.passes)
    }
}
