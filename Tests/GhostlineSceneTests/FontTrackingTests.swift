import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// A font's tracking table (`trak`, issue 23 item 7) through the whole scene pipeline. The uikit model tracks as
/// Core Text does: the normal track at the size, on fonts that also have a `STAT` table (WWDC20 "The details of UI
/// typography"), added to every cluster's advance on top of the style's letter spacing (UIKit's `.kern` adds to
/// the font's advances, which carry the tracking). The css model, like Chromium, does not (``ChromiumTrakTests``).
/// Fonts: scripts/fixtures/make-trak-font.py, whose normal track is Apple's HIG SF Pro tracking (17 pt: −26/1000 em).
@Suite("Font tracking tables in the uikit and css models")
struct FontTrackingTests {
    static let session = GhostlineSession()
    static let directory = Paths.root.path + "/Fixtures/fonts/trak"
    static let text = "Hamburgefonstiv"   // 15 clusters, no ligature in Inter

    static func label(font: String, size: Double, model: String, width: Double = 600, extra: String = "") throws -> [String: Any] {
        let yaml = """
        model: \(model)
        systemFonts: false
        fontDirectories: ["\(directory)"]
        fonts: { F: "\(directory)/\(font)" }
        canvas: { width: \(width), scale: 3 }
        styles:
          s: { font: F, size: \(size)\(extra) }
        root:
          stack: vertical
          children:
            - label: { id: t, text: "\(text)", style: s }
        """
        let scene = try session.loader.resolve(try session.loader.describe(text: yaml, path: Paths.root.path + "/trak.yaml"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(session.layout(scene).json.utf8)) as? [String: Any])
        return try #require((json["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "t" })
    }

    static func lines(_ label: [String: Any]) -> [[String: Any]] { label["lines"] as! [[String: Any]] }
    static func width(_ label: [String: Any]) -> Double { lines(label)[0]["width"] as! Double }
    static func tracking(_ label: [String: Any]) -> Double? {
        (lines(label)[0]["runs"] as! [[String: Any]])[0]["tracking"] as? Double
    }

    /// At each size the uikit line is the css line plus the HIG tracking after each of its 15 clusters: 17 pt
    /// −26/1000 em (−0.442 pt), 13 pt −6, 28 pt +14, 20 pt interpolated between 17 and 28; 12 pt is 0, and the layout
    /// JSON names the tracking of a run only when there is some. (The layout JSON writes six decimals, hence 1e-6.)
    @Test(arguments: [(17.0, -26.0), (13, -6), (28, 14), (20, -26 + 3.0 / 11 * 40), (12, 0)] as [(Double, Double)])
    func uikitAddsTheTableTrackingAtTheSize(size: Double, perMille: Double) throws {
        let uikit = try Self.label(font: "GhostlineTrakTest.otf", size: size, model: "uikit")
        let css = try Self.label(font: "GhostlineTrakTest.otf", size: size, model: "css")
        let points = perMille * size / 1000
        #expect(abs(Self.width(uikit) - Self.width(css) - 15 * points) < 2e-6, "\(size) pt")
        #expect(Self.tracking(css) == nil)
        if points == 0 {
            #expect(Self.tracking(uikit) == nil)
        } else {
            #expect(abs(try #require(Self.tracking(uikit)) - points) < 1e-6)
        }
    }

    /// Core Text tracks only "modern" fonts: the same `trak` without a `STAT` table is not applied.
    @Test func uikitLeavesAFontWithoutSTATUntracked() throws {
        let uikit = try Self.label(font: "GhostlineTrakNoSTAT.otf", size: 17, model: "uikit")
        let css = try Self.label(font: "GhostlineTrakNoSTAT.otf", size: 17, model: "css")
        #expect(Self.tracking(uikit) == nil)
        #expect(abs(Self.width(uikit) - Self.width(css)) < 2e-6)
    }

    /// Letter spacing (UIKit's `.kern`) adds to the font's tracking rather than replacing it.
    @Test func letterSpacingAddsToTheTableTracking() throws {
        let plain = try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: "uikit")
        let spaced = try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: "uikit", extra: ", letterSpacing: 0.5")
        #expect(abs(Self.width(spaced) - Self.width(plain) - 15 * 0.5) < 2e-6)
        #expect(abs(try #require(Self.tracking(spaced)) - (-0.442)) < 1e-6)
    }

    /// Tracking decides line breaks: in a box narrower than the untracked text but wider than the tracked text,
    /// the uikit label keeps one line and the css label wraps.
    @Test func trackingDecidesWhereALineBreaks() throws {
        let untracked = Self.width(try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: "css"))
        let width = ((untracked - 15 * 0.442 / 2) * 3).rounded(.down) / 3
        #expect(Self.lines(try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: "uikit", width: width)).count == 1)
        #expect(Self.lines(try Self.label(font: "GhostlineTrakTest.otf", size: 17, model: "css", width: width)).count == 2)
    }
}
