import Foundation
import Ghostline
import GhostlineTestSupport
import Testing

/// Issue 30's "Done means": over the check corpus (Fixtures/corpus/corpus.json), every correct screen passes with
/// default options, and every planted change fails with the right finding: the expected label with the expected
/// offset (render − design, within 0.1 pt, so the direction is right too), or a failing area that overlaps the
/// expected one. The rules are the ones scripts/bench/corpus-counts.py counts with; the report read is the JSON report
/// (schema ghostline-review/1) the CLI writes, made by the library entry point, `DesignCheck`.
@Suite("Check corpus: correct screens pass, planted changes are found (issue 30)")
struct CorpusTests {
    static let folder = Paths.root.appendingPathComponent("Fixtures/corpus")

    /// One case of corpus.json.
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Expected: Decodable, Sendable {
            var verdict: String
            var label: String?
            var offset: Double?
            var direction: String?
            var area: Box?
        }
        var name: String
        var kind: String
        var scene: String
        var design: String
        var format: String
        var change: String?
        var expected: Expected
        var testDescription: String { "\(name) (\(kind), \(format))" }
    }

    struct Manifest: Decodable { var cases: [Case] }

    struct Box: Decodable, Sendable {
        var x: Double, y: Double, width: Double, height: Double
        func overlaps(_ other: Box, grownBy grow: Double) -> Bool {
            x < other.x + other.width + grow && other.x - grow < x + width &&
                y < other.y + other.height + grow && other.y - grow < y + height
        }
    }

    /// The parts of the review report JSON the corpus's rules read.
    struct Report: Decodable {
        struct Finding: Decodable { var label: String?; var fails: Bool; var message: String; var box: Box? }
        struct Label: Decodable {
            struct Line: Decodable { var baselineOffset: Double? }
            var id: String
            var lines: [Line]
        }
        var verdict: String
        var scale: Double
        var findings: [Finding]
        var labels: [Label]
        var regions: [Box]
    }

    static let cases: [Case] = {
        do {
            let data = try Data(contentsOf: folder.appendingPathComponent("corpus.json"))
            return try JSONDecoder().decode(Manifest.self, from: data).cases
        } catch {
            Issue.record("Fixtures/corpus/corpus.json could not be read: \(error)")
            return []
        }
    }()

    @Test func theCorpusHasWhatIssue30AsksFor() {
        let correct = Self.cases.filter { $0.kind == "correct" }
        let planted = Self.cases.filter { $0.kind == "planted" }
        #expect(correct.count >= 12)
        #expect(planted.count >= 8)
        #expect(Set(correct.map(\.format)).isSuperset(of: ["png", "jpeg", "display-p3", "adobe-rgb"]))
        #expect(planted.allSatisfy { $0.expected.verdict == "fail" && ($0.expected.label != nil) != ($0.expected.area != nil) })
    }

    @Test(arguments: cases)
    func aCorrectScreenPassesAndAPlantedChangeIsFound(_ corpusCase: Case) throws {
        let scene = Self.folder.appendingPathComponent(corpusCase.scene).path
        let design = Self.folder.appendingPathComponent(corpusCase.design).path
        let result = try GhostlineSession().check(.scene(path: scene), design: design).run(for: [.report])
        let report = try JSONDecoder().decode(Report.self, from: Data(result.artifact(.report)))
        let failing = report.findings.filter(\.fails)
        let top = failing.first?.message ?? "(no failing finding)"
        let expected = corpusCase.expected

        if expected.verdict == "pass" {
            #expect(report.verdict == "pass", "a correct screen fails: \(top)\n\(result.summary)")
            return
        }
        try #require(report.verdict == "fail", "the planted change passes: \(corpusCase.change ?? "")\n\(result.summary)")
        if let label = expected.label, let offset = expected.offset {
            let measured = report.labels.first { $0.id == label }?.lines.first?.baselineOffset
            let found = try #require(measured, "\(label)'s baseline was not measured\n\(result.summary)")
            #expect(abs(found - offset) <= 0.1,
                    "\(label): offset \(found) pt (render − design), expected \(offset) (\(expected.direction ?? ""))\n\(result.summary)")
            #expect(failing.contains { $0.label == label }, "no failing finding names \(label); top: \(top)")
        } else if let area = expected.area {
            let grow = 1 / report.scale
            let boxes = failing.compactMap(\.box) + report.regions
            #expect(boxes.contains { $0.overlaps(area, grownBy: grow) },
                    "nothing found over the planted area (\(area.x), \(area.y), \(area.width)×\(area.height)); top: \(top)")
        }
    }
}
