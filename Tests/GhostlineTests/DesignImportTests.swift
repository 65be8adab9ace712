import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `ghostline import` on real documents nobody on the project wrote (Fixtures/designdocs): every visible text
/// layer on an artboard or top-level frame comes in with its exact string, its runs' fonts and sizes, and its frame
/// within half a point. The expected values were read from the documents by scripts/fixtures/designdoc-expectations.py
/// (Python's json and zipfile), not by Ghostline.
@Suite("Importing Sketch and Figma documents")
struct DesignImportTests {
    static let folder = Paths.root.appendingPathComponent("Fixtures/designdocs")
    /// Hermetic: the fonts the imported scenes may name are only these, whatever else is installed.
    static let session = GhostlineSession(fontSet: FontSet(directories: ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/opentype/noto"],
                                                           systemFonts: false))

    static var expectations: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("expected").path)) ?? []).sorted()
    }

    /// (font, size) spans of a layer's runs, neighbours with the same pair merged, each with its text.
    static func spans(_ runs: [(text: String, font: String?, size: Double)]) -> [(String, String?, Double)] {
        var out: [(String, String?, Double)] = []
        for run in runs {
            if let last = out.last, last.1 == run.font, abs(last.2 - run.size) < 1e-9 { out[out.count - 1].0 += run.text }
            else { out.append((run.text, run.font, run.size)) }
        }
        return out
    }

    @Test(arguments: expectations) func everyTextLayerComesInExactly(expectation: String) throws {
        let json = try JSONValue(parsing: Array(try Data(contentsOf: Self.folder.appendingPathComponent("expected/" + expectation))))
        let path = Self.folder.appendingPathComponent(try #require(json["document"]?.stringValue)).path
        let document = try DesignReader().read(path)
        var frames = document.pages.flatMap { page in page.frames.map { (page: page.name, frame: $0) } }
        var checked = 0
        for screen in json["screens"]?.arrayValue ?? [] {
            let page = screen["page"]?.stringValue, name = screen["screen"]?.stringValue
            guard let index = frames.firstIndex(where: { $0.page == page && $0.frame.name == name }) else {
                Issue.record("\(expectation): no frame \(name ?? "?") on page \(page ?? "?")"); continue
            }
            let frame = frames.remove(at: index).frame
            let texts = frame.layers.compactMap { layer -> DesignText? in if case .text(let t) = layer { return t }; return nil }
            let expected = screen["texts"]?.arrayValue ?? []
            #expect(texts.count == expected.count, "\(expectation) \(name ?? ""): \(texts.count) text layers, expected \(expected.count)")
            for (text, want) in zip(texts, expected) {
                #expect(text.string == want["string"]?.stringValue, "\(expectation) \(text.id)")
                for (got, key) in [(text.frame.x, "x"), (text.frame.y, "y"), (text.frame.width, "width"), (text.frame.height, "height")] {
                    #expect(abs(got - (want[key]?.doubleValue ?? .nan)) <= 0.5, "\(expectation) \(text.id) \(key) \(got)")
                }
                let ours = Self.spans(text.runs.map { ($0.text, $0.attributes.postScriptName, $0.attributes.size) })
                let theirs = Self.spans((want["runs"]?.arrayValue ?? []).map {
                    ($0["text"]?.stringValue ?? "", $0["font"]?.stringValue, $0["size"]?.doubleValue ?? .nan)
                })
                #expect(ours.map(\.0) == theirs.map(\.0) && ours.map(\.1) == theirs.map(\.1) && ours.map(\.2) == theirs.map(\.2),
                        "\(expectation) \(text.id): runs \(ours) expected \(theirs)")
                checked += 1
            }
        }
        #expect(checked == (json["screens"]?.arrayValue ?? []).reduce(0) { $0 + ($1["texts"]?.arrayValue?.count ?? 0) })
    }
}
