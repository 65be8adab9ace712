import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// The typography keys of issue 23 in the css model against a real browser. `Fixtures/browser/
/// chromium-typography-layout.json` was recorded by `scripts/browser/browser-typography.py` from headless Chromium (cases in
/// `Fixtures/browser/typography-cases.json`): a variable Inter at weights 400, 450, 700 and 850, explicit
/// `font-variation-settings` winning over `font-weight` and clamped to the axis range, an axis the font lacks,
/// `font-optical-sizing` auto and none on a font with an `opsz` axis (made by `scripts/fixtures/make-opsz-font.py`),
/// `font-feature-settings` (`tnum`, `ss01`, `liga`, `kern`), letter spacing and line height in percent of the
/// size, `text-transform` (`textCase`, with `lang="de"` ß and `lang="tr"` dotted and dotless i, and `capitalize`),
/// and the paragraph indents as `text-indent` and inline padding (first-line, hanging, tail, a positive tail
/// indent, centred lines between indents, a preserved newline, right to left) — each at @1x, @2x and @3x.
///
/// Each case goes through the whole scene pipeline: its `scene` keys are written into a style exactly as the
/// recording script turned them into CSS, parsed, resolved (the instance opened), laid out, and read back from the
/// layout JSON. Ghostline must break the same lines, put every baseline within half a device pixel of Chromium's,
/// start and end every line within one device pixel, and make the block as tall (within half a pixel).
@Suite("css model matches Chromium on variable fonts, features and percent units")
struct ChromiumTypographyTests {
    static let cases = ChromiumCases(recorded: "chromium-typography-layout.json", cases: "typography-cases.json")

    @Test func fixtureCoversEveryKey() {
        let css = Self.cases.fixture.cases.map(\.css).joined(separator: "; ")
        for property in ["font-weight: 450", "font-variation-settings", "font-optical-sizing: none", "font-feature-settings",
                         "letter-spacing: -0.02em", "line-height: 120%", "text-transform: uppercase",
                         "text-transform: lowercase", "text-transform: capitalize", "text-indent: 24px",
                         "text-indent: -20px", "padding-inline-end: 30px"] {
            #expect(css.contains(property), "no case sets \(property)")
        }
    }

    @Test(arguments: cases.fixture.cases.map(\.id))
    func sameLinesAndBaselines(id: String) throws {
        try Self.cases.expectAgreement(try Self.cases.case(id))
    }
}
