import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// A font's tracking table (`trak`, issue 23 item 7) in a label laid out in a stack. The uikit model tracks as
/// Core Text does: the normal track at the size, on fonts that also have a `STAT` table (WWDC20 "The details of UI
/// typography"), added to every cluster's advance on top of the style's letter spacing (UIKit's `.kern` adds to
/// the font's advances, which carry the tracking). The css model, like Chromium, does not (``ChromiumTrakTests``).
/// Fonts: scripts/fixtures/make-trak-font.py (`Fixtures/fonts/trak`), whose normal track is Apple's HIG SF Pro
/// tracking (17 pt: −26/1000 em).
@Suite("Font tracking tables in the uikit and css models")
struct FontTrackingTests {
    static let text = "Hamburgefonstiv"   // 15 clusters, no ligature in Inter

    /// The label `t` of `text` in the trak fixture font `font` at `size`, in a stack `width` wide at @3x.
    static func label(font: String, size: Double, model: LayoutModel, width: Double = 600, letterSpacing: Double = 0) throws -> LabelLayout {
        let style = TextStyle(font: try Font(path: TestFonts.trakDirectory + "/" + font), pointSize: size, letterSpacing: letterSpacing)
        let layout = Layouts.layout(Layouts.stack(children: [Layouts.label("t", text, style)]), width: width, model: model)
        return try #require(layout.element("t")?.labelLayout)
    }

    static func width(_ label: LabelLayout) -> Double { label.lines[0].width }
    /// The tracking of the first run; 0 when there is none (the layout JSON then leaves the key out).
    static func tracking(_ label: LabelLayout) -> Double { label.lines[0].runs[0].tracking }

    /// At each size the uikit line is the css line plus the HIG tracking after each of its 15 clusters: 17 pt
    /// −26/1000 em (−0.442 pt), 13 pt −6, 28 pt +14, 20 pt interpolated between 17 and 28; 12 pt is 0, and a run
    /// carries tracking only when there is some. (The layout JSON these were once read from wrote six decimals,
    /// hence 1e-6.)
    @Test(arguments: [(17.0, -26.0), (13, -6), (28, 14), (20, -26 + 3.0 / 11 * 40), (12, 0)] as [(Double, Double)])
    func uikitAddsTheTableTrackingAtTheSize(size: Double, perMille: Double) throws {
        let uikit = try Self.label(font: "GhostlineTrakTest.otf", size: size, model: .uikit)
        let css = try Self.label(font: "GhostlineTrakTest.otf", size: size, model: .css)
        let points = perMille * size / 1000
        #expect(abs(Self.width(uikit) - Self.width(css) - 15 * points) < 2e-6, "\(size) pt")
        #expect(Self.tracking(css) == 0)
        if points == 0 {
            #expect(Self.tracking(uikit) == 0)
        } else {
            #expect(abs(Self.tracking(uikit) - points) < 1e-6)
        }
    }

    /// Core Text tracks only "modern" fonts: the same `trak` without a `STAT` table is not applied.
    @Test func uikitLeavesAFontWithoutSTATUntracked() throws {
        let uikit = try Self.label(font: "GhostlineTrakNoSTAT.otf", size: 17, model: .uikit)
        let css = try Self.label(font: "GhostlineTrakNoSTAT.otf", size: 17, model: .css)
        #expect(Self.tracking(uikit) == 0)
        #expect(abs(Self.width(uikit) - Self.width(css)) < 2e-6)
    }

    /// Letter spacing (UIKit's `.kern`) adds to the font's tracking rather than replacing it.
    @Test func letterSpacingAddsToTheTableTracking() throws {
        let plain = try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: .uikit)
        let spaced = try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: .uikit, letterSpacing: 0.5)
        #expect(abs(Self.width(spaced) - Self.width(plain) - 15 * 0.5) < 2e-6)
        #expect(abs(Self.tracking(spaced) - (-0.442)) < 1e-6)
    }

    /// Tracking decides line breaks: in a box narrower than the untracked text but wider than the tracked text,
    /// the uikit label keeps one line and the css label wraps.
    @Test func trackingDecidesWhereALineBreaks() throws {
        let untracked = Self.width(try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: .css))
        let width = ((untracked - 15 * 0.442 / 2) * 3).rounded(.down) / 3
        #expect(try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: .uikit, width: width).lines.count == 1)
        #expect(try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: .css, width: width).lines.count == 2)
    }
}
