import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// `textCase` (TextStyle) and the paragraph indents (ParagraphStyle) in the uikit model, in a label laid out in a
/// stack, hermetic (Inter's static faces only). Expected values come from outside the code under test: Unicode's
/// SpecialCasing.txt (ß → SS unconditionally; i → İ and I → ı under `tr`; Σ → ς before a non-letter), CSS Text's
/// `capitalize` (first letter of each word, the rest as written), and NSParagraphStyle's documentation of
/// `firstLineHeadIndent` ("the indentation of the first line of the receiver", a paragraph: text up to a newline),
/// `headIndent` ("lines other than the first") and `tailIndent` ("if positive, the distance from the leading
/// margin… if 0 or negative, the distance from the trailing margin"). The css model against Chromium is in
/// GhostlineSceneTests' ``ChromiumTypographyTests``; the keys' bad values are scene-format errors, there too.
@Suite("Text case and indents (uikit)")
struct TextCaseAndIndentTests {
    /// A style: Inter 17 pt with `textCase` and `language` (on the text and the paragraph, as a style sets both).
    static func style(_ textCase: TextCase = .none, language: String? = nil) -> TextStyle {
        var style = TextStyle(font: TestFonts.inter, pointSize: 17, language: language)
        style.textCase = textCase
        return style
    }

    /// Paragraph settings: the indents and alignment.
    static func paragraph(first: Double = 0, head: Double = 0, tail: Double = 0, alignment: TextAlignment = .natural,
                          direction: WritingDirection = .natural, language: String? = nil) -> ParagraphStyle {
        var paragraph = ParagraphStyle()
        paragraph.firstLineHeadIndent = first
        paragraph.headIndent = head
        paragraph.tailIndent = tail
        paragraph.alignment = alignment
        paragraph.baseWritingDirection = direction
        paragraph.language = language
        return paragraph
    }

    /// The label `t`, `width` wide, in a vertical stack on a 400 pt canvas at @3x.
    static func label(_ text: AttributedText, paragraph: ParagraphStyle = ParagraphStyle(), width: Double = 300,
                      model: LayoutModel = .uikit) -> LabelLayout {
        var node = LabelNode(id: "t", text: text, paragraph: paragraph)
        node.size = SizeConstraints(width: width)
        return Layouts.layout(Layouts.stack(children: [.label(node)]), width: 400, model: model).element("t")!.labelLayout!
    }

    static func label(_ text: String, style: TextStyle = TextCaseAndIndentTests.style(), paragraph: ParagraphStyle = ParagraphStyle(), width: Double = 300,
                      model: LayoutModel = .uikit) -> LabelLayout {
        label(AttributedText(text, style: style), paragraph: paragraph, width: width, model: model)
    }

    /// The first line's text of `text` in `textCase` and `language`.
    static func shown(_ text: String, _ textCase: TextCase, language: String? = nil) -> String {
        label(text, style: style(textCase, language: language), paragraph: paragraph(language: language)).lines[0].text
    }

    static func left(_ line: LabelLine) -> Double { line.x }
    static func right(_ line: LabelLine) -> Double { line.x + line.width }
    static func breaks(_ label: LabelLayout) -> [[Int]] { label.lines.map { [$0.start, $0.end] } }

    static let prose = "Indents move lines in from the edges of the label, the first line of each paragraph by its own amount."

    // MARK: Text case

    @Test func upperMapsSharpSToSSAndKeepsSourceOffsets() throws {
        let label = Self.label("Straße", style: Self.style(.upper, language: "de"), paragraph: Self.paragraph(language: "de"))
        let line = try #require(label.lines.first)
        #expect(line.text == "STRASSE")
        // Offsets count the six scalars written, NSRange's too; both S of ß point at ß's offset.
        #expect(line.start == 0 && line.end == 6 && line.utf16End == 6)
        #expect(line.runs.map { [$0.start, $0.end] } == [[0, 6]])
    }

    @Test func turkishMapsDottedAndDotlessI() throws {
        #expect(Self.shown("iı", .upper, language: "tr") == "İI")
        #expect(Self.shown("Iİ", .lower, language: "tr") == "ıi")
        // Without Turkish, i is I (SpecialCasing's tr rules are conditional on the language).
        #expect(Self.shown("iı", .upper) == "II")
    }

    @Test func lowerEndsAGreekWordWithFinalSigma() throws {
        #expect(Self.shown("ΟΔΟΣ ΣΟΦΟΣ", .lower) == "οδος σοφος")
    }

    @Test func capitalizeTitlecasesTheFirstLetterOfEachWordOnly() throws {
        #expect(Self.shown("hello wORLD, well-known", .capitalize) == "Hello WORLD, Well-Known")
    }

    @Test func aRunsCaseIsItsOwnAndItsOffsetsStayInTheSource() throws {
        let base = Self.style(.lower)
        let text = AttributedText(base: base, pieces: [("Buy NOW, ", nil), ("straße", Self.style(.upper, language: "de"))])
        let line = Self.label(text).lines[0]
        #expect(line.text == "buy now, STRASSE")
        #expect(line.runs.map { [$0.start, $0.end] } == [[0, 9], [9, 15]])
        #expect(line.end == 15)
    }

    // MARK: Indents

    @Test func firstLineAndHeadIndentStartTheLines() throws {
        let label = Self.label(Self.prose, paragraph: Self.paragraph(first: 30, head: 10))
        let lines = label.lines
        #expect(lines.count >= 3)
        #expect(abs(Self.left(lines[0]) - 30) < 1e-6)
        for line in lines.dropFirst() { #expect(abs(Self.left(line) - 10) < 1e-6) }
    }

    @Test func everyParagraphHasAFirstLineInUIKit() throws {
        let text = "One short paragraph.\nAnother one."
        let lines = Self.label(text, paragraph: Self.paragraph(first: 30, head: 10)).lines
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { abs(Self.left($0) - 30) < 1e-6 })
        // The css model indents only the text's first line (Chromium: ChromiumTypographyTests' indent-newline).
        let css = Self.label(text, paragraph: Self.paragraph(first: 30, head: 10), model: .css)
        #expect(abs(Self.left(css.lines[1]) - 10) < 1e-6)
    }

    @Test func aNegativeTailIndentComesInFromTheTrailingEdge() throws {
        let indented = Self.label(Self.prose, paragraph: Self.paragraph(tail: -60), width: 300)
        let narrow = Self.label(Self.prose, paragraph: Self.paragraph(tail: 0), width: 240)
        #expect(Self.breaks(indented) == Self.breaks(narrow))
        #expect(indented.lines.allSatisfy { Self.right($0) <= 240 + 1e-6 })
    }

    @Test func aPositiveTailIndentIsTheLinesEndFromTheLeadingEdge() throws {
        let indented = Self.label(Self.prose, paragraph: Self.paragraph(tail: 200), width: 300)
        let narrow = Self.label(Self.prose, paragraph: Self.paragraph(tail: 0), width: 200)
        #expect(Self.breaks(indented) == Self.breaks(narrow))
        // With a head indent the end stays put: the lines get 200 − 20 points.
        let both = Self.label(Self.prose, paragraph: Self.paragraph(first: 20, head: 20, tail: 200), width: 300)
        let shifted = Self.label(Self.prose, paragraph: Self.paragraph(tail: 0), width: 180)
        #expect(Self.breaks(both) == Self.breaks(shifted))
        #expect(both.lines.allSatisfy { Self.right($0) <= 200 + 1e-6 && abs(Self.left($0) - 20) < 1e-6 })
    }

    @Test func rightToLeftMirrorsTheIndents() throws {
        let label = Self.label(Self.prose, paragraph: Self.paragraph(first: 30, head: 10, tail: -20, direction: .rightToLeft))
        let lines = label.lines
        // The leading edge is the right one: natural alignment puts each line's end at the width less its lead.
        #expect(abs(Self.right(lines[0]) - 270) < 1e-6)
        for line in lines.dropFirst() { #expect(abs(Self.right(line) - 290) < 1e-6) }
        #expect(lines.allSatisfy { Self.left($0) >= 20 - 1e-6 })
    }

    @Test func centredLinesSitInTheRoomTheIndentsLeave() throws {
        let label = Self.label(Self.prose, paragraph: Self.paragraph(first: 40, head: 40, tail: -100, alignment: .center))
        for line in label.lines {
            #expect(abs((Self.left(line) + Self.right(line)) / 2 - (40 + 200) / 2) < 1e-6)
        }
    }
}
