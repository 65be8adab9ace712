import Foundation
import Testing
@testable import GhostlineLayout

/// Chromium's own line-breaking rules and `text-spacing-trim` in the css model against a real browser.
/// `Fixtures/browser/chromium-breaking-layout.json` was recorded by `scripts/browser/browser-breaking.py` from headless
/// Chromium (cases in `Fixtures/browser/breaking-cases.json`): the release URL of issue 23 (a break after
/// `ghostline-`) at three widths, a URL's query and path, hyphens before digits after letters and digits against
/// minus signs, `!`, `|`, `}` and `?` inside words, opening brackets, currency and percent signs, hyphens before
/// non-ASCII letters; and Japanese and Chinese text with adjacent fullwidth punctuation, lines ending on a full
/// stop or closing bracket and starting with an opening one, each with `textSpacingTrim: normal` (Chromium's
/// default) and `spaceAll` — each at @1x, @2x and @3x.
///
/// Each case is one label built as layout values (``ChromiumLabelCases``), held as GhostlineSceneTests'
/// ``ChromiumTypographyTests`` holds its cases: same line breaks, every baseline within half a device pixel, every
/// line's start and end within one, the block as tall within half.
@Suite("css model breaks lines and trims CJK punctuation as Chromium does")
struct ChromiumBreakingTests {
    static let cases = ChromiumLabelCases(recorded: "chromium-breaking-layout.json", cases: "breaking-cases.json")
    static let fixture = cases.fixture

    /// UIKit never trims CJK punctuation: in the uikit model `textSpacingTrim` is accepted and changes nothing,
    /// while the same label in the css model is laid out differently (the trimmed lines are shorter).
    @Test func onlyTheCSSModelTrims() throws {
        let c = try Self.cases.case("ja-punct-200")
        #expect(Self.cases.keys[c.id]?.textSpacingTrim == "normal")
        // The label's geometry as the layout JSON writes it: its frame, and each line's and each run's extent.
        func layout(_ model: LayoutModel, _ trim: TextSpacingTrim) throws -> [[Double]] {
            let label = try Self.cases.layout(c, scale: 1, model: model, textSpacingTrim: trim)
            let frame = [[label.frame.x, label.frame.y, label.frame.width, label.frame.height]]
            return frame + label.canvasLines.flatMap { line in
                [[Double(line.start), Double(line.end), line.x, line.width, line.baseline]]
                    + line.runs.map { [Double($0.start), Double($0.end), line.x + $0.x, $0.width] }
            }
        }
        #expect(try layout(.uikit, .normal) == layout(.uikit, .spaceAll))
        #expect(try layout(.css, .normal) != layout(.css, .spaceAll))
    }

    @Test func fixtureCoversEveryRule() {
        let css = Self.fixture.cases.map(\.css).joined(separator: "; ")
        #expect(css.contains("text-spacing-trim: space-all") && css.contains("text-spacing-trim: normal"))
        // The key matters: somewhere Chromium breaks the same text differently with and without trimming.
        let byID = Dictionary(uniqueKeysWithValues: Self.fixture.cases.map { ($0.id, $0) })
        let differing = Self.fixture.cases.filter { c in
            guard let twin = byID[c.id.replacingOccurrences(of: "-spaceall", with: "")], twin.id != c.id else { return false }
            return twin.scales["1"]!.lines.map(\.end) != c.scales["1"]!.lines.map(\.end)
        }
        #expect(differing.count >= 2, "trimming changes no line break in the fixture")
        // The release URL breaks after `ghostline-` at one of its widths (UAX #14 forbids it).
        let url = Self.fixture.cases.filter { $0.id.hasPrefix("url-release") }
        #expect(url.contains { c in c.scales["1"]!.lines.contains { Array(c.text.unicodeScalars)[..<$0.end].map(String.init).joined().hasSuffix("ghostline-") } })
    }

    /// Cases Ghostline knowingly breaks differently. In `ja-punct-150` the first line `「かっこいい」とは、` is exactly
    /// 150 px wide and the next line starts with a `『` that `normal` trims after `、`: Chromium moves `は、` down at
    /// @1x and @3x (not @2x), and keeps it up from a width of 150.02 px, so it counts the line a fraction of a
    /// LayoutUnit wider than its glyphs when the break splits a trimmed pair. The same text with `spaceAll` fits.
    /// The likely cause: a break inside a trimmed pair is not safe, so Blink re-shapes the line's end and compares
    /// that width with the room strictly, without the LayoutUnit of slack other lines get, and its glyph advances
    /// are a hair over an em at some scales (every glyph box measures 15.015625 px at @1x). Not modelled yet.
    static let knownDifferences: Set<String> = ["ja-punct-150"]

    @Test(arguments: fixture.cases.map(\.id))
    func sameLinesAndBaselines(id: String) throws {
        try Self.cases.expectAgreement(try Self.cases.case(id), knownBreakDifferences: Self.knownDifferences.contains(id))
    }
}
