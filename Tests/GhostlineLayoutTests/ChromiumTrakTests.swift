import Foundation
import Testing
@testable import GhostlineLayout

/// Fonts with a tracking table (`trak`) in the css model against a real browser. `Fixtures/browser/
/// chromium-trak-layout.json` was recorded by `scripts/browser/browser-trak.py` from headless Chromium 156 (cases in
/// `Fixtures/browser/trak-cases.json`): scripts/fixtures/make-trak-font.py's fonts — the HIG font with `STAT` at 8 to
/// 40 px (below, at, between and above its table's sizes), the same table without `STAT`, a flat +100/1000 em probe,
/// and letter spacing on top — each at @1x, @2x and @3x. Chromium applies none of the tables, so the css model does
/// not either; the same comparison with the uikit model's tracking must fail, or the fixture could not tell.
///
/// Each case is one label built as layout values (``ChromiumLabelCases``). As in GhostlineSceneTests'
/// ``ChromiumTypographyTests``: same line breaks, every baseline within half a device pixel, every line's
/// ends within one device pixel, and the block as tall within half a pixel.
@Suite("css model matches Chromium on fonts with tracking tables")
struct ChromiumTrakTests {
    static let cases = ChromiumLabelCases(recorded: "chromium-trak-layout.json", cases: "trak-cases.json")
    static let fixture = cases.fixture

    @Test(arguments: fixture.cases.map(\.id))
    func cssModelMatchesChromium(id: String) throws {
        try Self.cases.expectAgreement(try Self.cases.case(id))
    }

    /// The fixture can tell tracking from none: laid out with the uikit model's tracking, every case whose font is
    /// tracked there (the HIG font away from 12 px, the flat probe) breaks or ends a line elsewhere than Chromium at
    /// some scale (vertical metrics, where the models differ anyway, are not looked at).
    @Test func trackedLayoutsDisagreeWithChromium() throws {
        for c in Self.fixture.cases where c.id.hasPrefix("flat") || (c.id.hasPrefix("hig") && c.style.size != 12) {
            let disagree = try c.scales.keys.contains { key in
                !(try Self.cases.differences(c, scale: Int(key)!, model: .uikit, vertical: false).problems.isEmpty)
            }
            #expect(disagree, "\(c.id): the uikit model's tracking is invisible against this case")
        }
    }
}
