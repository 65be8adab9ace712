import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping
import Testing
@testable import GhostlineLayout

/// The label pipeline on real-world text: attributed runs, mixed fonts in a line (uikit), bidi, fallback that
/// never splits a cluster, emoji sequences, soft hyphens, tabs, U+FEFF, kerning at a line break.
@Suite("Real-world text in the label pipeline")
struct WorldTextTests {
    /// The system's fonts, for the fallback cases (the fonts named by path below come from Debian's packages).
    static let context = FontContext()
    static var library: FontLibrary { context.library }
    static func font(_ name: String, override: FontMetricsOverride? = nil) -> Font {
        try! library.font(path: "/usr/share/fonts/opentype/inter/\(name).otf", metricsOverride: override)
    }
    static let dejavu = try! library.font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    static let emoji = try! library.font(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

    func layout(_ text: AttributedText, width: Double? = 1000, paragraph: ParagraphStyle = ParagraphStyle(),
                model: LayoutModel = .uikit, scale: Scale = .x3, fallback: FontFallback = FontFallback(context: Self.context)) -> LabelLayout {
        LabelLayouter.layout(.init(text: text, paragraph: paragraph, model: model, scale: scale, fallback: fallback), width: width)
    }

    /// Measured on a device by an open-source UIKit layout library's CI (@2x): "H" bold 24 + "e" 14 + "llo, "
    /// italic 13 + "World!" black 32 in the system font on one line is 38.5 pt tall. TextKit makes the line as
    /// tall as its tallest font: 32 × (1950 + 494) / 2048 = 38.1875 pt, ceiled to @2x pixels (R2) = 38.5. The
    /// baseline follows R3 for that font: (ceil(76.375) − ceil(15.4375)) / 2 = (77 − 16) / 2 = 30.5.
    @Test func uikitLineIsAsTallAsItsTallestFont() {
        let system = FontMetricsOverride.iOSSystemFont
        let base = TextStyle(font: Self.font("Inter-Regular", override: system), pointSize: 14)
        func style(_ name: String, _ size: Double) -> TextStyle {
            TextStyle(font: Self.font(name, override: system), pointSize: size)
        }
        let text = AttributedText(base: base, pieces: [("H", style("Inter-Bold", 24)), ("e", nil),
                                                       ("llo, ", style("Inter-Italic", 13)), ("World!", style("Inter-Black", 32))])
        let label = layout(text, scale: .x2)
        #expect(label.lines.count == 1)
        #expect(label.size.height == 38.5)
        #expect(label.anchors.firstBaseline == 30.5)
        // The same text in one 14 pt font is 14 × 2444 / 2048 = 16.707 → 17.0 pt: the tall run is what counts.
        #expect(layout(AttributedText("Hello, World!", style: base), scale: .x2).size.height == 17.0)
    }

    /// Runs keep their text's offsets: the layout JSON's start/end count scalars of the whole label text, and
    /// each line lists its runs with their own fonts.
    @Test func runsTileTheTextWithTheirFonts() {
        let base = TextStyle(font: Self.font("Inter-Regular"), pointSize: 13)
        var link = TextStyle(font: Self.font("Inter-SemiBold"), pointSize: 13, underline: .single, paint: PaintID(3))
        link.underline = .single
        let text = AttributedText(base: base, pieces: [("By continuing you agree to our ", nil), ("Terms of Service", link), (".", nil)])
        let label = layout(text)
        let runs = label.lines[0].runs
        #expect(runs.map { [$0.start, $0.end] } == [[0, 31], [31, 47], [47, 48]])
        #expect(runs.map(\.font.postScriptName) == ["Inter-Regular", "Inter-SemiBold", "Inter-Regular"])
        #expect(runs[1].paint == PaintID(3) && runs[1].underline != nil && runs[0].underline == nil)
        // Runs sit end to end: each starts where the previous one ends.
        #expect(abs(runs[1].x - (runs[0].x + runs[0].width)) < 1e-9 && abs(runs[2].x - (runs[1].x + runs[1].width)) < 1e-9)
    }

    /// Bidi (UAX #9 L2): in a left-to-right paragraph a Hebrew phrase is one right-to-left run between two
    /// left-to-right ones, its letters in reverse order on screen; in a right-to-left paragraph the English
    /// word comes out on the left, and `natural` alignment puts the line against the right edge.
    @Test func bidiReordersRunsPerLine() {
        let style = TextStyle(font: Self.dejavu, pointSize: 17)
        let ltr = layout(AttributedText("abc אבג def", style: style), width: 400)
        let runs = ltr.lines[0].runs
        #expect(runs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
        let hebrew = runs[1]
        #expect(hebrew.start == 4 && hebrew.end == 7)
        #expect(hebrew.glyphs.map(\.cluster) == [6, 5, 4])          // visual order: ג first, on the left
        #expect(ltr.lines[0].x == 0)

        var rtlParagraph = ParagraphStyle()
        rtlParagraph.baseWritingDirection = .natural
        let rtl = layout(AttributedText("אבג abc", style: style), width: 400, paragraph: rtlParagraph)
        #expect(rtl.direction == .rightToLeft)
        #expect(rtl.lines[0].runs.map(\.direction) == [.leftToRight, .rightToLeft])
        #expect(rtl.lines[0].runs[0].start == 4)                     // "abc" is drawn first, on the left
        #expect(abs(rtl.lines[0].x + rtl.lines[0].width - 400) < 1e-9)
    }

    /// Neutral text (digits, punctuation) has no direction of its own: it takes the layout direction.
    @Test func neutralTextTakesTheLayoutDirection() {
        let style = TextStyle(font: Self.dejavu, pointSize: 17)
        let input = LabelLayouter.Input(text: AttributedText("12:30 — 45%", style: style), layoutDirection: .rightToLeft)
        let label = LabelLayouter.layout(input, width: 300)
        #expect(label.direction == .rightToLeft)
        #expect(abs(label.lines[0].x + label.lines[0].width - 300) < 1e-9)
    }

    /// Fallback works per grapheme cluster: a ZWJ family, a skin-toned thumb, a flag and a keycap each come from
    /// the colour emoji font as one glyph (Noto Color Emoji ligates the sequences), and a base letter keeps its
    /// combining mark in one font.
    @Test func fallbackNeverSplitsAClusterAndEmojiSequencesAreOneGlyph() {
        let style = TextStyle(font: Self.font("Inter-Regular"), pointSize: 17)
        for sequence in ["👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "1️⃣", "❤️"] {
            let label = layout(AttributedText("a\(sequence)b", style: style))
            let emojiRuns = label.lines[0].runs.filter { $0.font.path == Self.emoji.path }
            #expect(emojiRuns.count == 1, "\(sequence): one emoji run")
            #expect(emojiRuns.first?.glyphs.count == 1, "\(sequence): one glyph")
            #expect(emojiRuns.first?.end == 1 + sequence.unicodeScalars.count)
            #expect(label.missingScalars.isEmpty)
        }
        // "ǅ"-style combining: U+0301 after "e" stays with it; the letter keeps Inter, which has both.
        let accent = layout(AttributedText("cafe\u{301}", style: style))
        #expect(accent.lines[0].runs.count == 1 && accent.lines[0].runs[0].font.postScriptName == "Inter-Regular")
    }

    /// With the whole cascade turned off, a character the font lacks is reported, once.
    @Test func missingGlyphsAfterTheCascadeAreReported() {
        let style = TextStyle(font: Self.font("Inter-Regular"), pointSize: 17)
        let label = layout(AttributedText("日本 日", style: style), fallback: .none)
        #expect(label.missingScalars == ["日", "本"])
        let withFallback = layout(AttributedText("日本 日", style: style))
        #expect(withFallback.missingScalars.isEmpty)
        #expect(withFallback.lines[0].runs.contains { $0.isFallback })
    }

    /// A soft hyphen is invisible inside a line, and shows as a hyphen (with its width counted) where the line
    /// breaks after it.
    @Test func softHyphenShowsOnlyAtABreak() {
        let font = Self.font("Inter-Regular")
        let style = TextStyle(font: font, pointSize: 17)
        let hyphen = font.glyphIndex(for: "\u{2010}")
        let wide = layout(AttributedText("super\u{AD}cali", style: style), width: 400)
        #expect(wide.lines.count == 1 && !wide.lines[0].glyphs.contains { $0.glyph == hyphen })
        let plainWidth = layout(AttributedText("supercali", style: style), width: 400).lines[0].width
        #expect(abs(wide.lines[0].width - plainWidth) < 1e-9)
        let narrow = layout(AttributedText("super\u{AD}cali", style: style), width: 60)
        #expect(narrow.lines.map(\.start) == [0, 6])
        #expect(narrow.lines[0].glyphs.last?.glyph == hyphen)
        let superWidth = layout(AttributedText("super", style: style), width: 400).lines[0].width
        #expect(narrow.lines[0].width > superWidth + 3)               // the hyphen's advance is counted
    }

    /// Tabs advance to the next stop: every 28 pt in uikit (NSParagraphStyle's default interval), eight spaces
    /// of the font in css (`tab-size: 8`). No tab draws a glyph.
    @Test func tabsAdvanceToTabStops() {
        let font = Self.font("Inter-Regular")
        let style = TextStyle(font: font, pointSize: 17)
        let uikit = layout(AttributedText("A\tB", style: style))
        let b = uikit.lines[0].glyphs.first { $0.cluster == 2 }!
        #expect(b.x == 28)
        let space = Shaper.shape(" ", font: font, pointSize: 17).totalAdvance
        let css = layout(AttributedText("A\tB", style: style), model: .css)
        #expect(abs(css.lines[0].glyphs.first { $0.cluster == 2 }!.x - 8 * space) < 1e-9)
        #expect(!uikit.lines[0].glyphs.contains { $0.glyph == 0 })
    }

    /// U+FEFF inside text is a zero-width no-break space: laid out, no width, offsets unchanged.
    @Test func zeroWidthNoBreakSpaceIsKept() {
        let style = TextStyle(font: Self.font("Inter-Regular"), pointSize: 17)
        let with = layout(AttributedText("ab\u{FEFF}cd", style: style))
        let without = layout(AttributedText("abcd", style: style))
        #expect(with.lines[0].end == 5)
        #expect(abs(with.lines[0].width - without.lines[0].width) < 1e-9)
        #expect(with.missingScalars.isEmpty)
    }

    /// A line ending between a kerning pair does not keep the kern: "A" alone is as wide as "A" shaped alone,
    /// though in "AV" its advance is kerned.
    @Test func kernAcrossALineBreakIsNotCounted() {
        let font = Self.font("Inter-Regular")
        let style = TextStyle(font: font, pointSize: 40)
        var paragraph = ParagraphStyle()
        paragraph.lineBreakMode = .charWrap
        let alone = Shaper.shape("A", font: font, pointSize: 40).totalAdvance
        let kerned = Shaper.shape("AV", font: font, pointSize: 40).glyphs[0].advance
        #expect(kerned < alone)                                       // Inter kerns the pair
        let broken = layout(AttributedText("AV", style: style), width: alone + 5, paragraph: paragraph)
        #expect(broken.lines.map(\.start) == [0, 1])
        #expect(abs(broken.lines[0].width - alone) < 1e-9)
    }

    /// `language` reaches HarfBuzz: Noto Sans draws the Serbian form of "б" (its `locl` feature), a different
    /// glyph from the Russian one.
    @Test func languageSelectsLocalForms() {
        let noto = try! Self.library.font(path: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
        func glyph(_ language: String) -> UInt32 {
            let text = AttributedText("б", style: TextStyle(font: noto, pointSize: 17, language: language))
            return layout(text).lines[0].glyphs[0].glyph
        }
        #expect(glyph("sr") != glyph("ru"))
    }

    /// Thai has no spaces: ICU's dictionary finds the word boundaries, in both models.
    @Test func thaiBreaksBetweenWords() {
        let thai = try! Self.library.font(path: "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf")
        let text = AttributedText("ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค", style: TextStyle(font: thai, pointSize: 16))
        for model in LayoutModel.allCases {
            let label = layout(text, width: 90, model: model)
            #expect(label.lines.count > 2)
            // Every line ends at a dictionary word boundary: ภาษา|ไทย|เป็น|ภาษา|ที่|ไม่|มี|การ|เว้น|วรรค
            let words = [4, 7, 11, 15, 18, 21, 23, 26, 30, 34]
            #expect(label.lines.dropLast().allSatisfy { words.contains($0.end) }, "\(model)")
        }
    }
}
