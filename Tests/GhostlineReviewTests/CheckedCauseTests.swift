import Ghostline
import Foundation
@testable import GhostlineReview
import GhostlineSupport
import GhostlineTestSupport
import Testing

/// Issue 31, item 5, and the brief's rule "a cause is a claim": a hypothesis is printed as the cause only when the
/// scene patched with it was checked against the design and no longer fails there. Unchecked, it is a candidate;
/// checked and still failing, "no single change explains it".
@Suite("Only checked causes are causes")
struct CheckedCauseTests {
    /// The demo card, and a design of it with a change: the body's size (a style change the search finds), or the
    /// card's padding moved 1 pt down (both texts 1 pt lower, the canvas the same: no style change explains it).
    static func fixture(_ change: (String) -> String) throws -> (dir: URL, scene: String, design: String) {
        let dir = try Paths.temporaryDirectory()
        let text = try String(contentsOfFile: Paths.demoScene, encoding: .utf8)
        let scene = dir.appendingPathComponent("card.yaml").path, designScene = dir.appendingPathComponent("d.yaml").path
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        try change(text).write(toFile: designScene, atomically: true, encoding: .utf8)
        let design = dir.appendingPathComponent("d@3x.png").path
        #expect(try runCLI(["render", designScene, "-o", design]).status == 0)
        return (dir, scene, design)
    }

    static func sizeChanged(_ text: String) -> String {
        text.replacingOccurrences(of: "    font: Inter\n    size: 17\n", with: "    font: Inter\n    size: 18\n")
    }

    static func paddingMoved(_ text: String) -> String {
        text.replacingOccurrences(of: "  padding: 8\n", with: "  padding: { top: 9, leading: 8, bottom: 7, trailing: 8 }\n")
    }

    /// The body's sentence edited: no style or element change makes the design's words.
    static func bodyEdited(_ text: String) -> String {
        text.replacingOccurrences(of: "Designs set a line height; UIKit sets line spacing.", with: "Designers set line heights; UIKit sets line spacing.")
    }

    @Test func anUncheckedHypothesisIsACandidateNotACause() throws {
        let f = try Self.fixture(Self.sizeChanged)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let result = try GhostlineSession().check(.scene(path: f.scene), design: f.design).run()
        #expect(!result.passes)
        #expect(!result.summary.contains("cause:"), "\(result.summary)")
        #expect(result.summary.contains("unchecked candidate (`check --suggest` checks it): it is set at 17.0 pt; the design's text is 18.0 pt"),
                "\(result.summary)")
        #expect(result.comparison.findings.allSatisfy { $0.cause == nil })
        // The report keeps it where the contract says: `suggestions.candidates`, `verified: false`.
        let report = try JSONValue(parsing: try result.artifact(.report))
        let candidate = report["suggestions"]?["candidates"]?.arrayValue?.first { $0["label"]?.stringValue == "body" }
        #expect(candidate?["verified"]?.boolValue == false)
        #expect(candidate?["cause"]?.stringValue?.hasPrefix("it is set at 17.0 pt") == true, "\(report["suggestions"] as Any)")
        #expect(report["cause"]?.isNull == true)
        // Checked, the same hypothesis passes and is the cause.
        var checked = GhostlineSession().check(.scene(path: f.scene), design: f.design)
        checked.verifySuggestions = true
        let confirmed = try checked.run()
        #expect(confirmed.summary.contains("\n  cause: body: it is set at 17.0 pt; the design's text is 18.0 pt"), "\(confirmed.summary)")
        let confirmedReport = try JSONValue(parsing: try confirmed.artifact(.report))
        #expect(confirmedReport["suggestions"]?["candidates"]?.arrayValue?.isEmpty == true)
    }

    /// The padding moved inside the card (1 pt more above, 1 pt less below): a style search's best hypothesis (the
    /// title's line height) would push the body off; the element search finds the padding, and it is checked.
    @Test func paddingMovedInsideTheCardIsTheCheckedCause() throws {
        let f = try Self.fixture(Self.paddingMoved)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        var check = GhostlineSession().check(.scene(path: f.scene), design: f.design)
        check.verifySuggestions = true
        let result = try check.run(for: [.report])
        let summary = result.summary
        #expect(result.comparison.suggestions?.verified == true, "\(summary)")
        #expect(summary.contains("cause: title: the root stack's padding is 8 pt top and 8 pt bottom; the design's content sits 9 pt from the top and 7 pt from the bottom"), "\(summary)")
        #expect(summary.contains("fix: root (stack): padding: { top: 9, leading: 8, bottom: 7, trailing: 8 }"), "\(summary)")
    }

    /// The body's words edited: the search's hypotheses (a letter spacing that fits the new width) fail their check.
    /// Checked, they explain nothing: no cause line anywhere.
    @Test func aHypothesisThatFailsItsCheckIsNoCause() throws {
        let f = try Self.fixture(Self.bodyEdited)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        var check = GhostlineSession().check(.scene(path: f.scene), design: f.design)
        check.verifySuggestions = true
        let result = try check.run(for: [.report])
        #expect(!result.passes)
        #expect(result.comparison.suggestions?.verified != true)
        #expect(!result.summary.contains("cause:"), "\(result.summary)")
        #expect(result.comparison.findings.allSatisfy { $0.cause == nil && $0.fix == nil })
        // Issue 31, item 3: the glyphs say where the words part ("Designs" / "Designers"), a symptom, not a cause.
        #expect(result.summary.contains("body: 10.67 pt narrower than the design (the text differs after \"Design\": the design's line is 10.67 pt longer)"),
                "\(result.summary)")
        // Whatever was tried is a candidate, said as one under its symptom, never as the cause.
        if let candidates = result.comparison.suggestions?.labels, !candidates.isEmpty {
            #expect(result.summary.contains("no single change explains it"), "\(result.summary)")
        }
        let report = try JSONValue(parsing: try result.artifact(.report))
        #expect(report["cause"]?.isNull == true, "\(report["cause"] as Any)")
    }
}
