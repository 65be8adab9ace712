import Dispatch
import Foundation
import Ghostline
import GhostlineTestSupport
import Testing

/// Issue 31's "Done means": the planted-change corpus (Fixtures/suggest-corpus/cases.json, written by
/// scripts/fixtures/make-suggest-corpus.py). Each case is a fixture screen with one change (or two) planted in the
/// design's copy of the scene; the design is that copy rendered, and `check --suggest` runs on the unchanged scene. The
/// outcome is counted as scripts/bench/suggest-corpus-counts.py counts it:
///
/// - right: every planted change is named by a printed cause's fix;
/// - partial: one of two planted changes named, the other not found;
/// - alternative: a printed cause names another change, and the patched scene was checked and passes;
/// - unchecked: no cause printed, a candidate names the change;
/// - silent: nothing names it;
/// - wrong: a printed cause names another change and its patch does not pass.
@Suite("Planted changes: the checked cause names what was changed (issue 31)")
struct SuggestionCorpusTests {
    struct Case: Decodable, Sendable {
        var scene: String
        var find: String?
        var replace: String?
        var base: [[String]]?
        var edits: [[String]]?
        var kind: String
        var expect: [String]
        var model: String
    }

    enum Outcome: String, CaseIterable { case right, partial, alternative, unchecked, silent, wrong, passes }

    static func outcome(_ c: Case, index: Int, in dir: URL) throws -> Outcome {
        var text = try String(contentsOf: Paths.root.appendingPathComponent(c.scene), encoding: .utf8)
        for edit in c.base ?? [] { text = text.replacingOccurrences(of: edit[0], with: edit[1], range: text.range(of: edit[0])) }
        var changed = text
        for edit in c.edits ?? [[c.find ?? "", c.replace ?? ""]] {
            #expect(changed.contains(edit[0]), "case \(index): \(edit[0])")
            changed = changed.replacingOccurrences(of: edit[0], with: edit[1], range: changed.range(of: edit[0]))
        }
        let scene = dir.appendingPathComponent("s\(index).yaml").path, designScene = dir.appendingPathComponent("d\(index).yaml").path
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        try changed.write(toFile: designScene, atomically: true, encoding: .utf8)
        var overrides = SceneOverrides()
        overrides.model = LayoutModel(rawValue: c.model)
        let design = dir.appendingPathComponent("d\(index)@3x.png")
        try Data(try renderIsolated(designScene, overrides: overrides).png).write(to: design)
        var check = GhostlineSession().check(.scene(path: scene), design: design.path, overrides: overrides)
        check.verifySuggestions = true
        let result = try check.run(for: [.report])
        if result.passes { return .passes }
        let printed = result.comparison.findings.filter { $0.cause != nil }.map { $0.fix ?? $0.cause! }
        let patch = result.comparison.suggestions?.yaml ?? ""
        if !printed.isEmpty {
            let said = printed.joined(separator: " ") + " " + patch
            let covered = c.expect.filter { said.contains($0) }
            let stray = printed.filter { p in !c.expect.contains { p.contains($0) } && !p.contains("moves with") }
            if !stray.isEmpty && covered.isEmpty { return result.comparison.suggestions?.verified == true ? .alternative : .wrong }
            return covered.count == c.expect.count ? .right : .partial
        }
        let candidates = (result.comparison.suggestions?.labels ?? []).map { ($0.changeLine ?? "") + " " + $0.cause }.joined(separator: " ")
        return c.expect.allSatisfy { candidates.contains($0) } ? .unchecked : .silent
    }

    @Test func theCorpusCounts() async throws {
        let data = try Data(contentsOf: Paths.root.appendingPathComponent("Fixtures/suggest-corpus/cases.json"))
        let cases = try JSONDecoder().decode([Case].self, from: data)
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Each slot is written by one iteration only.
        final class Slots: @unchecked Sendable { var outcomes: [Outcome?]; init(_ n: Int) { outcomes = Array(repeating: nil, count: n) } }
        let slots = Slots(cases.count)
        let lock = NSLock()
        // One case at a time, on a thread of its own: both cores for the minutes the corpus takes starved the review
        // app's in-process servers in the suites running meanwhile (their requests timed out at 30 s).
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                for index in cases.indices {
                    let found = try? Self.outcome(cases[index], index: index, in: dir)
                    lock.lock(); slots.outcomes[index] = found; lock.unlock()
                }
                done.resume()
            }
        }
        var counts: [Outcome: Int] = [:]
        for (index, outcome) in slots.outcomes.enumerated() {
            #expect(outcome != nil, "case \(index) could not be run")
            #expect(outcome != .wrong, "case \(index) (\(cases[index].scene), \(cases[index].kind), \(cases[index].model)): a wrong cause")
            #expect(outcome != .passes, "case \(index): the planted change does not change the design")
            if let outcome { counts[outcome, default: 0] += 1 }
        }
        // What docs/engineering.md records; a change that loses a right cause fails here.
        #expect(cases.count >= 90 && cases.filter { $0.kind == "pair" }.count >= 10)
        #expect(counts[.wrong, default: 0] == 0)
        #expect(Double(counts[.right, default: 0]) >= 0.9 * Double(cases.count),
                "right \(counts[.right, default: 0]) of \(cases.count): \(counts)")
    }

    /// Changes no hypothesis covers (an underline, a border colour, a corner radius): checked, no cause is printed. (A
    /// fill was one until the fill hypotheses; `ElementOptionTests` has it as a cause now.)
    @Test func aChangeNoHypothesisCoversPrintsNoCause() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOf: Paths.root.appendingPathComponent("Fixtures/corpus/login.yaml"), encoding: .utf8)
        let changes = [("title: { font: Inter, size: 28, weight: 700, lineHeight: 34, color: label }",
                        "title: { font: Inter, size: 28, weight: 700, lineHeight: 34, color: label, underline: true }"),
                       ("border: { width: 1, color: \"#D1D1D6\" }", "border: { width: 1, color: \"#FF3B30\" }"),
                       ("background: { color: systemBlue, cornerRadius: 12 }", "background: { color: systemBlue, cornerRadius: 24 }")]
        for (index, (find, replace)) in changes.enumerated() {
            let scene = dir.appendingPathComponent("s\(index).yaml").path, designScene = dir.appendingPathComponent("d\(index).yaml").path
            try text.write(toFile: scene, atomically: true, encoding: .utf8)
            #expect(text.contains(find))
            try text.replacingOccurrences(of: find, with: replace).write(toFile: designScene, atomically: true, encoding: .utf8)
            let design = dir.appendingPathComponent("d\(index)@3x.png")
            try Data(try renderIsolated(designScene).png).write(to: design)
            var check = GhostlineSession().check(.scene(path: scene), design: design.path)
            check.verifySuggestions = true
            let result = try check.run(for: [.report])
            let passes = result.passes, summary = result.summary
            #expect(!passes, "change \(index)")
            #expect(!summary.contains("cause:"), "change \(index): \(summary)")
            #expect(result.comparison.findings.allSatisfy { $0.cause == nil }, "change \(index)")
        }
    }
}
