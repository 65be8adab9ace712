import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineImage
import GhostlinePNG
import GhostlineRaster
import GhostlineScene
import Testing

/// A scene written in Swift is the same scene as its YAML twin: the demo card both ways renders the same bytes.
@Suite("Scenes in Swift")
struct SceneBuilderTests {
    static let bodyText = "Designs set a line height; UIKit sets line spacing. Ghostline lays text out the way UIKit does, so you can see where every baseline lands before the app ships."

    static let card = SceneDescription(width: 375, scale: 3, background: "white", model: .uikit,
                                       styles: ["body": StyleDescription(font: "Inter", size: 17, lineHeight: 24,
                                                                         lineHeightStrategy: .padded,
                                                                         color: "#3C3C43")]) {
        VStack(padding: 8, spacing: 8, align: .fill) {
            Label("Pixel-perfect line height", id: "title",
                  style: .init(font: "Inter-SemiBold", size: 28, lineHeight: 38, color: "#111111"))
            Label(bodyText, id: "body", style: "body")
        }
    }

    @Test func theCardInSwiftRendersTheSameBytesAsTheCardInYAML() throws {
        let renderer = GhostlineSession().renderer
        let fromYAML = try renderer.render(try renderer.loadScene(path: Paths.demoScene))
        let fromSwift = try renderer.render(try SceneLoader(fonts: renderer.fonts).resolve(Self.card))
        #expect(try PNGCodec.encode(fromSwift.image) == PNGCodec.encode(fromYAML.image))
        #expect(fromSwift.layout.elements.map(\.frame) == fromYAML.layout.elements.map(\.frame))
    }

    /// Runs, boxes, gaps and loops work as in YAML.
    @Test func runsBoxesAndControlFlow() throws {
        let link = StyleDescription(weight: .semibold, color: "#0A84FF", underline: true)
        let rows = ["One", "Two"]
        let scene = SceneDescription(width: 300, scale: 2) {
            VStack(padding: 8, spacing: 4) {
                Label(runs: [Run("By continuing you agree to our "), Run("Terms", style: link), Run(".")], id: "terms",
                      style: .inline(StyleDescription(font: "Inter", size: 13)))
                Gap(12, from: .lastBaseline, to: .firstBaseline)
                for row in rows { Box(id: row, height: 10) }
                if rows.count > 5 { Box(id: "never", height: 10) }
            }
        }
        let layout = try SceneLoader(fonts: FontContext()).resolve(scene).layout()
        #expect(layout.elements.map(\.id).contains("One") && !layout.elements.map(\.id).contains("never"))
        let terms = try #require(layout.elements.first { $0.id == "terms" }?.labelLayout)
        #expect(terms.lines[0].runs.contains { $0.font.postScriptName == "Inter-SemiBold" && $0.underline != nil })
        let one = try #require(layout.elements.first { $0.id == "One" })
        let termsElement = try #require(layout.elements.first { $0.id == "terms" })
        // The gap runs from the label's last baseline to the box's first baseline (a box's baselines are its bottom).
        #expect(abs(one.frame.maxY - (termsElement.frame.y + terms.anchors.lastBaseline) - 12) < 1 / 2)
    }
}
