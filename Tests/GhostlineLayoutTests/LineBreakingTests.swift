import GhostlineFonts
import GhostlineShaping
import Testing
@testable import GhostlineLayout

@Suite("Line breaking (UAX #14, greedy)")
struct LineBreakingTests {
    func lines(_ text: String, width: Double, mode: LineBreakMode = .wordWrap, numberOfLines: Int = 0) -> [String] {
        var paragraph = ParagraphStyle()
        paragraph.lineBreakMode = mode
        paragraph.numberOfLines = numberOfLines
        let style = TextStyle(font: TestFonts.inter, pointSize: 17)
        let layout = LabelLayouter.layout(.init(text: text, style: style, paragraph: paragraph), width: width)
        let scalars = Array(text.unicodeScalars)
        return layout.lines.map { line in
            String(String.UnicodeScalarView(scalars[line.start..<line.visibleEnd]))
        }
    }

    func width(_ text: String) -> Double { Shaper.shape(text, font: TestFonts.inter, pointSize: 17).totalAdvance }

    @Test func wrapsAtSpacesAndTrailingSpacesHang() {
        let w = width("Hello world")
        #expect(lines("Hello world again", width: w) == ["Hello world", "again"])
        // The space after "world" hangs: a width exactly that of "Hello world" still fits it.
        #expect(lines("Hello world   again", width: w) == ["Hello world", "again"])
    }

    @Test func linesTileTheText() {
        let text = "The quick brown fox jumps over the lazy dog, twice."
        let style = TextStyle(font: TestFonts.inter, pointSize: 17)
        let layout = LabelLayouter.layout(.init(text: text, style: style), width: 120)
        #expect(layout.lines.first?.start == 0)
        #expect(layout.lines.last?.end == text.unicodeScalars.count)
        for i in 1..<layout.lines.count { #expect(layout.lines[i].start == layout.lines[i - 1].end) }
        for line in layout.lines { #expect(line.width <= 120) }
    }

    @Test func hardBreaksEndLines() {
        #expect(lines("One\nTwo", width: 1000) == ["One", "Two"])
        #expect(lines("One\u{2029}Two", width: 1000) == ["One", "Two"])
        #expect(lines("One\n", width: 1000) == ["One", ""])
    }

    /// UAX #14: a no-break space joins words; an em dash allows a break after it; a URL breaks after "/".
    @Test func unicodeLineBreakRules() {
        // Room for "wide world" but not "Hello wide world": the no-break space keeps "wide world" together.
        let w = width("wide\u{00A0}world") + 1
        #expect(lines("Hello wide\u{00A0}world", width: w) == ["Hello", "wide\u{00A0}world"])
        #expect(lines("Hello wide world", width: width("Hello wide") + 1) == ["Hello wide", "world"])
        let dash = lines("word\u{2014}another", width: width("word\u{2014}ano"))
        #expect(dash == ["word\u{2014}", "another"])
        let url = lines("https://example.com/path/segment", width: width("https://example.com/pa"))
        #expect(url.first == "https://example.com/")
    }

    /// A word wider than the label breaks between characters (as TextKit does), never returning an empty line.
    @Test func overlongWordBreaksByCharacter() {
        let result = lines("Supercalifragilistic", width: width("Supercal"))
        #expect(result.first == "Supercal")
        #expect(result.joined() == "Supercalifragilistic")
    }

    @Test func charWrapBreaksAnywhere() {
        let result = lines("Hello world", width: width("Hello wo"), mode: .charWrap)
        #expect(result == ["Hello wo", "rld"])
    }

    @Test func numberOfLinesWithTailTruncation() {
        let style = TextStyle(font: TestFonts.inter, pointSize: 17)
        var paragraph = ParagraphStyle()
        paragraph.numberOfLines = 1
        paragraph.lineBreakMode = .truncateTail
        let layout = LabelLayouter.layout(.init(text: "Hello wonderful world", style: style, paragraph: paragraph),
                                          width: width("Hello wonder"))
        #expect(layout.lines.count == 1)
        let ellipsis = TestFonts.inter.glyphIndex(for: "\u{2026}")
        #expect(layout.lines[0].glyphs.last?.glyph == ellipsis)
        #expect(layout.lines[0].width <= width("Hello wonder") + 1e-9)
    }

    @Test(arguments: [LineBreakMode.truncateHead, .truncateMiddle, .truncateTail])
    func truncationPlacesTheEllipsis(mode: LineBreakMode) {
        let style = TextStyle(font: TestFonts.inter, pointSize: 17)
        var paragraph = ParagraphStyle()
        paragraph.lineBreakMode = mode
        paragraph.numberOfLines = 1
        let limit = width("Hello wonderful")
        let layout = LabelLayouter.layout(.init(text: "Hello wonderful world", style: style, paragraph: paragraph), width: limit)
        #expect(layout.lines.count == 1)
        let glyphs = layout.lines[0].glyphs.map(\.glyph)
        let ellipsis = TestFonts.inter.glyphIndex(for: "\u{2026}")
        let position = glyphs.firstIndex(of: ellipsis)
        switch mode {
        case .truncateHead: #expect(position == 0)
        case .truncateTail: #expect(position == glyphs.count - 1)
        default: #expect(position != nil && position! > 0 && position! < glyphs.count - 1)
        }
        #expect(layout.lines[0].width <= limit + 1e-9)
    }

    /// UILabel with numberOfLines 3 and truncateTail wraps words like wordWrap and ends the third line with "…";
    /// with numberOfLines 0 nothing is truncated.
    @Test func truncatingModesWrapAndTruncateTheLastAllowedLine() {
        let style = TextStyle(font: TestFonts.inter, pointSize: 17)
        var paragraph = ParagraphStyle()
        paragraph.lineBreakMode = .truncateTail
        let text = "One two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        let unlimited = LabelLayouter.layout(.init(text: text, style: style, paragraph: paragraph), width: 120)
        #expect(unlimited.lines.count > 3)
        #expect(!unlimited.lines.contains { $0.glyphs.contains { $0.glyph == TestFonts.inter.glyphIndex(for: "\u{2026}") } })
        paragraph.numberOfLines = 3
        let three = LabelLayouter.layout(.init(text: text, style: style, paragraph: paragraph), width: 120)
        #expect(three.lines.count == 3)
        #expect(three.lines[0].end == unlimited.lines[0].end && three.lines[1].end == unlimited.lines[1].end)
        #expect(three.lines[2].glyphs.last?.glyph == TestFonts.inter.glyphIndex(for: "\u{2026}"))
        #expect(three.lines[2].width <= 120)
    }

    /// Cost grows linearly: 2000 paragraphs lay out without quadratic blow-up (a smoke check of the algorithm's
    /// shape, asserted on line count, not on time).
    @Test func longTextLaysOut() {
        let text = Array(repeating: "Line spacing is trickier than it looks.", count: 2000).joined(separator: " ")
        let style = TextStyle(font: TestFonts.inter, pointSize: 17)
        let layout = LabelLayouter.layout(.init(text: text, style: style), width: 300)
        #expect(layout.lines.count >= 2000)
        #expect(layout.lines.last?.end == text.unicodeScalars.count)
    }
}

@Suite("Line breaking: CJK, justification")
struct MoreLineBreakingTests {
    /// UAX #14: ideographs may break between any two characters, but not before a closing punctuation mark
    /// (class CL, "。") nor after an opening bracket (OP, "「").
    @Test func cjkBreaksBetweenIdeographsButNotBeforeClosingPunctuation() {
        let text = Array("「日本語」の文章。".unicodeScalars)   // 「 日 本 語 」 の 文 章 。
        let offsets = BreakOpportunities.line(text).map(\.offset)
        #expect(!offsets.contains(1))          // not after 「
        #expect(offsets.contains(2) && offsets.contains(3))
        #expect(!offsets.contains(4))          // not before 」
        #expect(!offsets.contains(8))          // not before 。
        #expect(offsets.last == text.count)
    }

    /// Justified lines fill the box by widening the spaces; the paragraph's last line stays natural.
    @Test func justifiedLinesFillTheWidth() {
        var paragraph = ParagraphStyle()
        paragraph.alignment = .justified
        let style = TextStyle(font: TestFonts.inter, pointSize: 17)
        let layout = LabelLayouter.layout(.init(text: "The quick brown fox jumps over the lazy dog again and again", style: style,
                                                paragraph: paragraph), width: 200)
        #expect(layout.lines.count > 2)
        for line in layout.lines.dropLast() {
            #expect(abs(line.width - 200) < 1e-9)
            let last = line.glyphs.last!
            #expect(last.x < 200)
        }
        #expect(layout.lines.last!.width < 200)
    }
}
