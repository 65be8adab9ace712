import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineImage
import GhostlineLayout
import GhostlineRaster
import GhostlineScene
import Testing

/// Scenes end to end: YAML → layout, with expected numbers worked out from the font tables.
///
/// Inter SemiBold 28 pt: lineHeight = 3408 × 28 / 2816 = 33.886, ascender 27.125, −descender 6.761.
///   @3x: R2 height ceil(101.66) = 102 px = 34 pt; R3 baseline (102 − ceil(20.28) = 21) / 3 = 27 pt.
/// Inter Regular 17 pt: lineHeight = 20.5739, ascender 16.46875, −descender 4.1051.
///   @3x: R2 62 px = 20.667 pt; R3 (62 − 13) / 3 = 16.333 pt.
@Suite("Scenes: the card's journey (R7) and scene features")
struct SceneLayoutTests {
    static let card = try! String(contentsOfFile: Paths.demoScene, encoding: .utf8)
    let loader = SceneLoader(fonts: FontContext())

    func layout(_ yaml: String, overrides: SceneOverrides = SceneOverrides()) throws -> SceneLayout {
        try loader.parse(yaml, path: Paths.demoScene, overrides: overrides).layout()
    }

    func card(strategy: String) throws -> (title: LayoutElement, body: LayoutElement) {
        let yaml = Self.card.replacingOccurrences(of: "lineHeightStrategy: padded", with: "lineHeightStrategy: \(strategy)")
        let elements = try layout(yaml).elements
        return (elements.first { $0.id == "title" }!, elements.first { $0.id == "body" }!)
    }

    let titleLineHeight = 3408.0 * 28 / 2816
    let bodyLineHeight = 3408.0 * 17 / 2816

    /// No line-height handling: lines sit at the font's pitch (each baseline on the @3x pixel grid) and
    /// everything drifts up.
    @Test func journeyStep1NoLineHeightHandling() throws {
        let (title, body) = try card(strategy: "none")
        #expect(title.frame == .init(x: 8, y: 8, width: 359, height: 34))
        #expect(title.canvasLines[0].baseline == 8 + 27)
        #expect(body.frame.y == 8 + 34 + 8)
        let lines = body.canvasLines
        #expect(abs(lines[0].baseline - (50 + 49.0 / 3)) < 1e-9)
        for i in 1..<lines.count {
            #expect(abs(lines[i].baseline - lines[0].baseline - (Double(i) * bodyLineHeight * 3).rounded() / 3) < 1e-9)
        }
    }

    /// lineSpacing alone: the inner lines get the designed 24 pt pitch, but the first baseline is still where
    /// step 1 put it, too high by half the extra space.
    @Test func journeyStep2LineSpacingOnly() throws {
        let (title, body) = try card(strategy: "lineSpacing")
        #expect(title.frame.height == 34)   // one line: lineSpacing adds nothing (R5)
        let lines = body.canvasLines
        #expect(abs(lines[0].baseline - (50 + 49.0 / 3)) < 1e-9)
        for i in 1..<lines.count { #expect(abs(lines[i].baseline - lines[i - 1].baseline - 24) < 1e-9) }
        // Height: n × 20.5739 + (n − 1) × 3.4261, ceiled to @3x pixels.
        let n = Double(lines.count)
        let text = n * bodyLineHeight + (n - 1) * (24 - bodyLineHeight)
        #expect(body.frame.height == (text * 3).rounded(.up) / 3)
    }

    /// Padded (R7): title frame 8 + 38; baseline 8 + round(2.057 × 3) / 3 + 27 = 37; body frame at 54, first
    /// baseline 54 + round(1.713 × 3) / 3 + 16.333 = 72, then every 24 pt.
    @Test func journeyStep3PaddedLandsOnTheDesign() throws {
        let (title, body) = try card(strategy: "padded")
        #expect(title.frame == .init(x: 8, y: 8, width: 359, height: 38))
        #expect(title.canvasLines[0].baseline == 37)
        #expect(body.frame.y == 54)
        let lines = body.canvasLines
        #expect(abs(lines[0].baseline - 72) < 1e-9)
        for i in 1..<lines.count { #expect(abs(lines[i].baseline - lines[i - 1].baseline - 24) < 1e-9) }
    }

    /// The css model (the design tool's, with Chromium's device-pixel rounding, see CSSLineStack) at @3x:
    /// title: ascent round(27.125 × 3) = 81 px, descent round(6.761 × 3) = 20 px, line 38 × 3 = 114 px, leading
    /// above floor((114 − 101) / 2) = 6 px → baseline (6 + 81) / 3 = 29 pt below the frame top, 8 + 29 = 37;
    /// body: ascent 49 px, descent 12 px, line 72 px, above floor(11 / 2) = 5 px → (5 + 49) / 3 = 18 → 54 + 18 = 72,
    /// then every 24 pt. Padded uikit lands on exactly the same baselines here, and within one @3x pixel in general.
    @Test func paddedMatchesCSSBaselines() throws {
        let (title, body) = try card(strategy: "padded")
        let css = try layout(Self.card.replacingOccurrences(of: "model: uikit", with: "model: css"))
        let cssTitle = css.elements.first { $0.id == "title" }!, cssBody = css.elements.first { $0.id == "body" }!
        #expect(cssTitle.canvasLines[0].baseline == 37)
        #expect(cssBody.canvasLines[0].baseline == 72)
        for i in 1..<cssBody.canvasLines.count {
            #expect(abs(cssBody.canvasLines[i].baseline - cssBody.canvasLines[i - 1].baseline - 24) < 1e-9)
        }
        #expect(cssBody.canvasLines.count == body.canvasLines.count)
        let pairs = zip(title.canvasLines + body.canvasLines, cssTitle.canvasLines + cssBody.canvasLines)
        for (uikit, design) in pairs { #expect(abs(uikit.baseline - design.baseline) <= 1.0 / 3) }
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

    /// A gap between anchors: lastBaseline of the first label to firstBaseline of the second is exactly 30 pt.
    @Test func gapBetweenAnchors() throws {
        let yaml = """
        canvas: { width: 300, scale: 2 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          spacing: 100
          children:
            - label: { id: a, text: "One", style: s }
            - gap: { value: 30, from: lastBaseline, to: firstBaseline }
            - label: { id: b, text: "Two", style: s }
            - label: { id: c, text: "Three", style: s }
        """
        let elements = try layout(yaml).elements
        let a = elements.first { $0.id == "a" }!, b = elements.first { $0.id == "b" }!, c = elements.first { $0.id == "c" }!
        #expect(b.canvasLines[0].baseline - a.canvasLines[0].baseline == 30)
        #expect(c.frame.y - b.frame.maxY == 100)   // plain spacing where no gap is given
    }

    /// Horizontal stack aligned on first baselines: a 28 pt and a 17 pt label share one baseline.
    @Test func horizontalStackAlignsFirstBaselines() throws {
        let yaml = """
        canvas: { width: 375 }
        styles:
          big: { font: Inter, size: 28 }
          small: { font: Inter, size: 17 }
        root:
          stack: horizontal
          spacing: 8
          align: firstBaseline
          children:
            - label: { id: big, text: "Big", style: big }
            - label: { id: small, text: "small", style: small }
            - box: { id: icon, width: 20, height: 20 }
        """
        let elements = try layout(yaml).elements
        let big = elements.first { $0.id == "big" }!, small = elements.first { $0.id == "small" }!
        #expect(big.canvasLines[0].baseline == small.canvasLines[0].baseline)
        #expect(small.frame.minX == big.frame.maxX + 8)
        let icon = elements.first { $0.id == "icon" }!
        #expect(icon.frame.maxY == big.canvasLines[0].baseline)   // views without text align on their bottom
    }

    /// alignCapHeight (R4): padding reaches the top of the capitals, so the frame starts the cap inset above it.
    @Test func alignCapHeightMovesTheLabelUpByTheCapInset() throws {
        let yaml = """
        canvas: { width: 300 }
        styles: { t: { font: Inter-SemiBold, size: 28 } }
        root:
          padding: 20
          children:
            - label: { id: t, text: "Title", style: t, alignCapHeight: true }
        """
        let t = try layout(yaml).elements.first { $0.id == "t" }!
        // Cap inset @3x = 20/3 (see UIKitRuleTests.r4…): the capitals' top lands on the 20 pt padding.
        #expect(abs(t.frame.y - (20 - 20.0 / 3)) < 1e-9)
        #expect(abs(t.frame.y + t.labelLayout!.anchors.capHeight - 20) < 1e-9)
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
