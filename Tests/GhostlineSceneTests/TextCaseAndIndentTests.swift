import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// `textCase` and the paragraph indents in the uikit model, through the whole scene pipeline, hermetic (Inter's
/// static faces only). Expected values come from outside the code under test: Unicode's SpecialCasing.txt (ß → SS
/// unconditionally; i → İ and I → ı under `tr`; Σ → ς before a non-letter), CSS Text's `capitalize` (first letter
/// of each word, the rest as written), and NSParagraphStyle's documentation of `firstLineHeadIndent` ("the
/// indentation of the first line of the receiver", a paragraph: text up to a newline), `headIndent` ("lines other
/// than the first") and `tailIndent` ("if positive, the distance from the leading margin… if 0 or negative, the
/// distance from the trailing margin"). The css model against Chromium is in ``ChromiumTypographyTests``.
@Suite("Text case and indents (uikit)")
struct TextCaseAndIndentTests {
    static let session = GhostlineSession()

    static func label(_ style: String, text: String, width: Double = 300, labelKeys: String = "",
                      model: String = "uikit", runs: String? = nil) throws -> [String: Any] {
        let quoted = try runs.map { "runs: \($0)" } ?? "text: " + String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        let yaml = """
        model: \(model)
        systemFonts: false
        fontDirectories: [/usr/share/fonts/opentype/inter]
        canvas: { width: 400, scale: 3 }
        styles:
          s: { font: Inter, size: 17, \(style) }
        root:
          stack: vertical
          children:
            - label: { id: t, \(quoted), style: s, width: \(width)\(labelKeys) }
        """
        let loader = session.loader
        let scene = try loader.resolve(try loader.describe(text: yaml, path: Paths.root.path + "/indents.yaml"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(session.layout(scene).json.utf8)) as? [String: Any])
        return try #require((json["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "t" })
    }

    static func lines(_ label: [String: Any]) -> [[String: Any]] { label["lines"] as! [[String: Any]] }
    static func left(_ line: [String: Any], _ label: [String: Any]) -> Double {
        (line["x"] as! Double) - (label["frame"] as! [String: Double])["x"]!
    }
    static func right(_ line: [String: Any], _ label: [String: Any]) -> Double { left(line, label) + (line["width"] as! Double) }
    static func breaks(_ label: [String: Any]) -> [[Int]] { lines(label).map { [$0["start"] as! Int, $0["end"] as! Int] } }

    static let prose = "Indents move lines in from the edges of the label, the first line of each paragraph by its own amount."

    // MARK: Text case

    @Test func upperMapsSharpSToSSAndKeepsSourceOffsets() throws {
        let label = try Self.label("textCase: upper, language: de", text: "Straße")
        let line = try #require(Self.lines(label).first)
        #expect(line["text"] as? String == "STRASSE")
        // Offsets count the six scalars written, NSRange's too; both S of ß point at ß's offset.
        #expect(line["start"] as? Int == 0 && line["end"] as? Int == 6 && line["utf16End"] as? Int == 6)
        let runs = try #require(line["runs"] as? [[String: Any]])
        #expect(runs.map { [$0["start"] as! Int, $0["end"] as! Int] } == [[0, 6]])
    }

    @Test func turkishMapsDottedAndDotlessI() throws {
        #expect(Self.lines(try Self.label("textCase: upper, language: tr", text: "iı"))[0]["text"] as? String == "İI")
        #expect(Self.lines(try Self.label("textCase: lower, language: tr", text: "Iİ"))[0]["text"] as? String == "ıi")
        // Without Turkish, i is I (SpecialCasing's tr rules are conditional on the language).
        #expect(Self.lines(try Self.label("textCase: upper", text: "iı"))[0]["text"] as? String == "II")
    }

    @Test func lowerEndsAGreekWordWithFinalSigma() throws {
        #expect(Self.lines(try Self.label("textCase: lower", text: "ΟΔΟΣ ΣΟΦΟΣ"))[0]["text"] as? String == "οδος σοφος")
    }

    @Test func capitalizeTitlecasesTheFirstLetterOfEachWordOnly() throws {
        #expect(Self.lines(try Self.label("textCase: capitalize", text: "hello wORLD, well-known"))[0]["text"] as? String
                == "Hello WORLD, Well-Known")
    }

    @Test func aRunsCaseIsItsOwnAndItsOffsetsStayInTheSource() throws {
        let label = try Self.label("textCase: lower", text: "",
                                   runs: "[ { text: \"Buy NOW, \" }, { text: straße, style: { textCase: upper, language: de } } ]")
        let line = Self.lines(label)[0]
        #expect(line["text"] as? String == "buy now, STRASSE")
        let runs = try #require(line["runs"] as? [[String: Any]])
        #expect(runs.map { [$0["start"] as! Int, $0["end"] as! Int] } == [[0, 9], [9, 15]])
        #expect(line["end"] as? Int == 15)
    }

    // MARK: Indents

    @Test func firstLineAndHeadIndentStartTheLines() throws {
        let label = try Self.label("firstLineHeadIndent: 30, headIndent: 10", text: Self.prose)
        let lines = Self.lines(label)
        #expect(lines.count >= 3)
        #expect(abs(Self.left(lines[0], label) - 30) < 1e-6)
        for line in lines.dropFirst() { #expect(abs(Self.left(line, label) - 10) < 1e-6) }
    }

    @Test func everyParagraphHasAFirstLineInUIKit() throws {
        let label = try Self.label("firstLineHeadIndent: 30, headIndent: 10", text: "One short paragraph.\nAnother one.")
        let lines = Self.lines(label)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { abs(Self.left($0, label) - 30) < 1e-6 })
        // The css model indents only the text's first line (Chromium: ChromiumTypographyTests' indent-newline).
        let css = try Self.label("firstLineHeadIndent: 30, headIndent: 10", text: "One short paragraph.\nAnother one.", model: "css")
        #expect(abs(Self.left(Self.lines(css)[1], css) - 10) < 1e-6)
    }

    @Test func aNegativeTailIndentComesInFromTheTrailingEdge() throws {
        let indented = try Self.label("tailIndent: -60", text: Self.prose, width: 300)
        let narrow = try Self.label("tailIndent: 0", text: Self.prose, width: 240)
        #expect(Self.breaks(indented) == Self.breaks(narrow))
        #expect(Self.lines(indented).allSatisfy { Self.right($0, indented) <= 240 + 1e-6 })
    }

    @Test func aPositiveTailIndentIsTheLinesEndFromTheLeadingEdge() throws {
        let indented = try Self.label("tailIndent: 200", text: Self.prose, width: 300)
        let narrow = try Self.label("tailIndent: 0", text: Self.prose, width: 200)
        #expect(Self.breaks(indented) == Self.breaks(narrow))
        // With a head indent the end stays put: the lines get 200 − 20 points.
        let both = try Self.label("tailIndent: 200, headIndent: 20, firstLineHeadIndent: 20", text: Self.prose, width: 300)
        let shifted = try Self.label("tailIndent: 0", text: Self.prose, width: 180)
        #expect(Self.breaks(both) == Self.breaks(shifted))
        #expect(Self.lines(both).allSatisfy { Self.right($0, both) <= 200 + 1e-6 && abs(Self.left($0, both) - 20) < 1e-6 })
    }

    @Test func rightToLeftMirrorsTheIndents() throws {
        let label = try Self.label("firstLineHeadIndent: 30, headIndent: 10, tailIndent: -20", text: Self.prose,
                                   labelKeys: ", baseWritingDirection: rightToLeft")
        let lines = Self.lines(label)
        // The leading edge is the right one: natural alignment puts each line's end at the width less its lead.
        #expect(abs(Self.right(lines[0], label) - 270) < 1e-6)
        for line in lines.dropFirst() { #expect(abs(Self.right(line, label) - 290) < 1e-6) }
        #expect(lines.allSatisfy { Self.left($0, label) >= 20 - 1e-6 })
    }

    @Test func centredLinesSitInTheRoomTheIndentsLeave() throws {
        let label = try Self.label("headIndent: 40, firstLineHeadIndent: 40, tailIndent: -100, alignment: center", text: Self.prose)
        for line in Self.lines(label) {
            #expect(abs((Self.left(line, label) + Self.right(line, label)) / 2 - (40 + 200) / 2) < 1e-6)
        }
    }

    // MARK: Errors

    @Test(arguments: [
        ("textCase: title", "styles.s.textCase", "none, upper, lower, capitalize"),
        ("headIndent: -4", "styles.s.headIndent", "0"),
        ("firstLineHeadIndent: wide", "styles.s.firstLineHeadIndent", "number"),
        ("tailIndent: 20000", "styles.s.tailIndent", "10000"),
        ("underline: maybe", "styles.s.underline", "underline: true"),
        ("underline: { style: wavy }", "styles.s.underline.style", "single, thick, double"),
        ("strikethrough: { pattern: dashed }", "styles.s.strikethrough.pattern", "solid, dot, dash, dashDot"),
        ("underline: { colour: red }", "styles.s.underline.colour", "color"),
    ])
    func badValuesNameThePlaceAndTheFix(style: String, keyPath: String, fix: String) throws {
        do {
            _ = try Self.label(style, text: "x")
            Issue.record("\(style) was accepted")
        } catch let error as SceneError {
            let message = "\(error)"
            #expect(error.keyPath == keyPath, "\(message)")
            #expect(message.contains("indents.yaml:6:"), "\(message)")
            #expect(message.contains(fix), "\(message)")
            #expect(!message.contains("\n"))
        }
    }
}
