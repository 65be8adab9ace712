import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// The layout JSON says what is displayed: a truncated label's lines show their "…", and offsets come in
/// UTF-16 code units too, as NSRange counts them in iOS code.
@Suite("Layout JSON: what is displayed")
struct LayoutJSONTests {
    func labels(_ yaml: String) throws -> [[String: Any]] {
        let scene = try SceneLoader(fonts: FontContext()).parse(yaml, path: "/tmp/j.yaml")
        let json = LayoutJSON.encode(scene.layout(), palette: scene.palette)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return ((root["elements"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "label" }
    }

    @Test func truncatedLabelsShowTheirEllipsis() throws {
        let yaml = """
        canvas: { width: 150, scale: 2 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          children:
            - label: { id: t, text: "A long caption that will not fit on one line", style: s, numberOfLines: 1, lineBreakMode: truncateTail }
            - label: { id: f, text: "Fits", style: s, numberOfLines: 1, lineBreakMode: truncateTail }
            - stack: vertical
              padding: { trailing: 50 }
              children:
                - label: { id: h, text: "Donau\\u00ADdampf\\u00ADschiff", style: s }
        """
        let all = try labels(yaml)
        let truncated = try #require(all.first { $0["id"] as? String == "t" })
        #expect(truncated["truncated"] as? Bool == true)
        let line = try #require((truncated["lines"] as? [[String: Any]])?.first)
        let shown = try #require(line["text"] as? String)
        #expect(shown.hasSuffix("…") && shown.hasPrefix("A long") && shown.count < 44)
        #expect(line["end"] as? Int == 44)            // the line still owns the whole text
        let fits = try #require(all.first { $0["id"] as? String == "f" })
        #expect(fits["truncated"] as? Bool == false)
        #expect(((fits["lines"] as? [[String: Any]])?.first?["text"] as? String) == "Fits")
        // A soft hyphen shows as a hyphen at the break and not at all elsewhere.
        let hyphenated = try #require(all.first { $0["id"] as? String == "h" })
        let texts = ((hyphenated["lines"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }
        #expect(texts.count == 2 && texts[0].hasSuffix("\u{2010}") && !texts.joined().contains("\u{AD}"))
    }

    /// "👍🏽" is two scalars and four UTF-16 units; "é" one and one.
    @Test func utf16OffsetsBesideScalarOffsets() throws {
        let yaml = """
        canvas: { width: 60, scale: 2 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          children:
            - label: { id: e, text: "👍🏽 café 👍🏽 ok", style: s }
        """
        let label = try #require(try labels(yaml).first)
        let lines = try #require(label["lines"] as? [[String: Any]])
        #expect(lines.count > 1)
        let text = "👍🏽 café 👍🏽 ok"
        for line in lines {
            let start = try #require(line["start"] as? Int), end = try #require(line["end"] as? Int)
            let scalars = Array(text.unicodeScalars)
            let before = scalars[..<start].reduce(0) { $0 + $1.utf16.count }
            let within = scalars[start..<end].reduce(0) { $0 + $1.utf16.count }
            #expect(line["utf16Start"] as? Int == before)
            #expect(line["utf16End"] as? Int == before + within)
        }
        #expect(lines.last?["utf16End"] as? Int == text.utf16.count)
        #expect(lines.last?["end"] as? Int == text.unicodeScalars.count)
    }
}

/// Every label and every run names the font file that drew it, with its PostScript name, version and SHA-256, so
/// a reader can tell whether two machines drew with the same font. The hash is coreutils' `sha256sum` of the file.
@Suite("Layout JSON: font identity")
struct LayoutJSONFontIdentityTests {
    @Test func labelsAndRunsNameTheirFontByContent() throws {
        let session = GhostlineSession()
        let laidOut = session.layout(try session.scene(path: Paths.demoScene))
        let json = try JSONValue(parsing: Array(laidOut.json.utf8))
        let expected = try sha256sum("/usr/share/fonts/opentype/inter/Inter-SemiBold.otf")
        let title = try #require(json["elements"]?.arrayValue?.first { $0["id"]?.stringValue == "title" })
        #expect(title["font"]?["sha256"]?.stringValue == expected)
        #expect(title["font"]?["postScriptName"]?.stringValue == "Inter-SemiBold")
        let run = try #require(title["lines"]?.arrayValue?.first?["runs"]?.arrayValue?.first)
        #expect(run["fontIdentity"]?["sha256"]?.stringValue == expected)
        #expect(run["fontIdentity"]?["file"]?.stringValue == "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf")
        #expect(run["fontIdentity"]?["version"]?.stringValue?.hasPrefix("Version ") == true)
    }
}
