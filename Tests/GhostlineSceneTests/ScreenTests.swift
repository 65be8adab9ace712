import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// Four everyday screens (issue 21) written in the css model — a settings list with section footnotes, a product
/// card with a SALE badge and a struck-through price, an onboarding page with two buttons, a chat with bubbles —
/// against Chromium's layout of their HTML twins (`Fixtures/screens/chromium-screens.json`, recorded by
/// `scripts/browser/browser-screens.py`): every element's frame within one device pixel, every label's baselines within
/// half of one.
@Suite("Everyday screens match the browser")
struct ScreenTests {
    static let directory = URL(fileURLWithPath: Paths.demoScene).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("screens").path
    static let session = GhostlineSession()

    nonisolated(unsafe) static let chromium: [String: Any] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: directory + "/chromium-screens.json"))
        return (try! JSONSerialization.jsonObject(with: data) as! [String: Any])["screens"] as! [String: Any]
    }()

    /// Labels whose width is their text's (shrink-to-fit), not the stack's. (The chat's `out1` is left out: its emoji
    /// is 0.125 device px wider in Chromium than Noto Color Emoji's advance, which no other label shows.)
    static let shrinkToFit: Set<String> = ["badge", "price", "old-price", "wifi-title", "wifi-value", "bt-value", "wifi-chevron"]

    @Test(arguments: ["settings", "product", "onboarding", "chat"])
    func framesAndBaselinesMatchChromium(screen: String) throws {
        let scene = try Self.session.loader.resolve(try Self.session.loader.describe(path: Self.directory + "/\(screen).yaml"))
        let layout = try JSONValue(parsing: Array(Self.session.render(scene).layoutJSON.utf8))
        let expected = Self.chromium[screen] as! [String: [String: Double]]
        let elements = layout["elements"]?.arrayValue ?? []
        let onePixel = 1.0 / 3 + 1e-9, halfPixel = 0.5 / 3 + 1e-9
        for (id, box) in expected.sorted(by: { $0.key < $1.key }) {
            guard let element = elements.first(where: { $0["id"]?.stringValue == id }) else {
                Issue.record("\(screen): no element `\(id)` in the layout"); continue
            }
            for key in ["x", "y", "width", "height"] {
                let ours = element["frame"]?[key]?.doubleValue ?? .nan
                #expect(abs(ours - box[key]!) <= onePixel, "\(screen) \(id).\(key): \(ours) vs Chromium \(box[key]!)")
            }
            // Boxes sized by their text keep Chromium's fractional LayoutUnit widths (1/192 pt at @3x), not whole
            // pixels: the widths of these labels agree to the unit.
            if Self.shrinkToFit.contains(id) {
                let ours = element["frame"]?["width"]?.doubleValue ?? .nan
                #expect(abs(ours - box["width"]!) <= 1.0 / 192 + 1e-9, "\(screen) \(id).width: \(ours) vs Chromium \(box["width"]!)")
            }
            for key in ["firstBaseline", "lastBaseline"] {
                guard let theirs = box[key] else { continue }
                let ours = element["anchors"]?[key]?.doubleValue ?? .nan
                #expect(abs(ours - theirs) <= halfPixel, "\(screen) \(id).\(key): \(ours) vs Chromium \(theirs)")
            }
        }
    }
}
