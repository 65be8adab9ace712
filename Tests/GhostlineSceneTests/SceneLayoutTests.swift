import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineImage
import GhostlineLayout
import GhostlineRaster
import GhostlineScene
import Testing

/// Scenes end to end: YAML → layout, with expected numbers worked out from the font tables: the keys whose mapping
/// is the subject (a `fonts:` entry's metrics, Dynamic Type's `textStyle`) and drawing. The card's journey (R7) and
/// the stack anchors are tested on layout values in GhostlineLayoutTests' `CardJourneyTests` and `StackAnchorTests`.
///
/// Inter SemiBold 28 pt: lineHeight = 3408 × 28 / 2816 = 33.886, ascender 27.125, −descender 6.761.
///   @3x: R2 height ceil(101.66) = 102 px = 34 pt; R3 baseline (102 − ceil(20.28) = 21) / 3 = 27 pt.
/// Inter Regular 17 pt: lineHeight = 20.5739, ascender 16.46875, −descender 4.1051.
///   @3x: R2 62 px = 20.667 pt; R3 (62 − 13) / 3 = 16.333 pt.
@Suite("Scenes: metrics, Dynamic Type and drawing")
struct SceneLayoutTests {
    let loader = SceneLoader(fonts: FontContext())

    func layout(_ yaml: String, overrides: SceneOverrides = SceneOverrides()) throws -> SceneLayout {
        try loader.parse(yaml, path: Paths.demoScene, overrides: overrides).layout()
    }

    /// A `fonts:` entry with metrics replaces the font's vertical metrics in the scene: with the iOS system font's
    /// values a 17 pt label is ceil(20.287 × 3) / 3 = 61/3 tall, with its baseline at (61 − 13) / 3 = 16.
    @Test func sceneMetricOverrideChangesLayout() throws {
        let yaml = """
        canvas: { width: 300 }
        fonts:
          SystemStandIn:
            file: /usr/share/fonts/opentype/inter/Inter-Regular.otf
            metrics: { unitsPerEm: 2048, ascender: 1950, descender: -494, lineGap: 0, capHeight: 1443 }
        styles:
          system: { font: SystemStandIn, size: 17 }
          inter: { font: Inter, size: 17 }
        root:
          children:
            - label: { id: a, text: "Hello", style: system }
            - label: { id: b, text: "Hello", style: inter }
        """
        let elements = try layout(yaml).elements
        let a = elements.first { $0.id == "a" }!, b = elements.first { $0.id == "b" }!
        #expect(a.frame.height == 61.0 / 3)
        #expect(a.canvasLines[0].baseline == 16)
        #expect(b.frame.height == 62.0 / 3)
        #expect(b.frame.y == 61.0 / 3)
    }

    /// Dynamic Type: `textStyle: body` at Large is 17 pt, at AX5 53 pt (HIG table); headline is Semibold. The
    /// table's line height (22 pt for body at Large) is the css model's default and, in uikit, only on request
    /// (`lineHeight: textStyle`): UIKit applies a text style's size and weight, not that column.
    @Test func dynamicTypeTextStylesUseTheHIGTable() throws {
        let yaml = """
        canvas: { width: 375, contentSize: Large }
        styles:
          body: { font: Inter, textStyle: body }
          headline: { font: Inter, textStyle: headline }
        root:
          children:
            - label: { id: b, text: "Body", style: body }
            - label: { id: h, text: "Headline", style: headline }
        """
        let large = try layout(yaml)
        let body = try #require(large.elements.first { $0.id == "b" }?.labelLayout)
        #expect(body.metrics.pointSize == 17)
        let headline = try #require(large.elements.first { $0.id == "h" }?.labelLayout)
        #expect(headline.font.postScriptName == "Inter-SemiBold")
        // uikit: the font's own line height, R2: ceil(20.574 × 3) / 3 = 62 / 3.
        #expect(large.elements.first { $0.id == "b" }!.frame.height == 62.0 / 3)
        // Asked for, padded R7 with the table's 22 pt: frame = round((22 − 20.574 + 20.667) × 3) / 3 = 22.
        let asked = try layout(yaml.replacingOccurrences(of: "textStyle: body }", with: "textStyle: body, lineHeight: textStyle }"))
        #expect(asked.elements.first { $0.id == "b" }!.frame.height == 22)
        // css: the table's line height by default.
        let css = try layout(yaml, overrides: SceneOverrides(model: .css))
        #expect(css.elements.first { $0.id == "b" }!.frame.height == 22)
        let ax5 = try layout(yaml, overrides: SceneOverrides(contentSize: .AX5))
        #expect(ax5.elements.first { $0.id == "b" }!.labelLayout!.metrics.pointSize == 53)
        #expect(DynamicType.spec(.caption2, .AX5).pointSize == 40)
    }

    /// Boxes fill with their colour and round their corners; debug guides draw in their own colours.
    @Test func boxesAndDebugGuidesRender() throws {
        let yaml = """
        canvas: { width: 100, scale: 1, background: "#FFFFFF" }
        styles: { s: { font: Inter, size: 17 } }
        root:
          children:
            - box: { id: b, width: 40, height: 40, color: "#FF0000", cornerRadius: 10 }
            - label: { id: l, text: "Hi", style: s }
        """
        let scene = try loader.parse(yaml, path: Paths.demoScene)
        let sceneLayout = scene.layout()
        let image = Renderer(glyphCache: GlyphCache()).render(sceneLayout, palette: scene.palette)
        #expect(image[20, 20] == Color(red: 255, green: 0, blue: 0))
        #expect(image[0, 0] == Color.white)            // outside the rounded corner
        #expect(image[39, 20] == Color(red: 255, green: 0, blue: 0))
        let debug = Renderer(glyphCache: GlyphCache()).render(sceneLayout, palette: scene.palette, debug: [.baselines])
        let label = sceneLayout.elements.first { $0.id == "l" }!
        let row = Int(label.canvasLines[0].baseline)
        #expect(debug[60, row] != image[60, row])
    }
}

@Suite("Rendering content that overflows the canvas")
struct OverflowTests {
    /// A fixed-height canvas shorter than its content: boxes, labels and images below the edge are clipped,
    /// never a crash (a box wholly below the canvas once trapped on an empty pixel range).
    @Test func contentBelowAFixedCanvasIsClipped() throws {
        let yaml = """
        canvas: { width: 100, height: 20, scale: 2 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          children:
            - box: { id: a, height: 30, color: "#FF0000", cornerRadius: 4 }
            - box: { id: b, height: 30, color: "#00FF00", cornerRadius: 4 }
            - label: { id: l, text: "Below the edge", style: s }
        """
        let scene = try SceneLoader(fonts: FontContext()).parse(yaml, path: Paths.demoScene)
        let image = try GhostlineSession().renderer.render(scene).image
        #expect(image.width == 200 && image.height == 40)
        #expect(image[100, 20] == Color(red: 255, green: 0, blue: 0))
    }
}
