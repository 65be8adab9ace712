import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineTesting
import GhostlineFonts
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineRaster
import GhostlineScene
import Testing

@Suite("Demo card: deterministic, thread-safe, recorded")
struct DemoSnapshotTests {
    @Test func rendersByteIdenticalPNGsTwice() throws {
        let first = try renderIsolated(Paths.demoScene)
        let second = try renderIsolated(Paths.demoScene)
        #expect(first.png == second.png)
        #expect(first.SceneLayoutJSON == second.SceneLayoutJSON)
    }

    /// Two renders at once, sharing one font library and glyph cache (the contended case), give the same bytes
    /// as a render alone.
    @Test func rendersIdenticallyFromTwoThreadsAtOnce() throws {
        let reference = try renderIsolated(Paths.demoScene).png
        let renderer = GhostlineSession().renderer
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            do {
                let scene = try renderer.loadScene(path: Paths.demoScene)
                let (_, image) = try renderer.render(scene)
                results.set(index, try PNGCodec.encode(image))
            } catch {
                results.set(index, [])
            }
        }
        #expect(results.get(0) == reference)
        #expect(results.get(1) == reference)
    }

    /// The render equals the recorded reference in Snapshots/ (the README's picture, and what `scripts/demo.sh`
    /// writes), pixel for pixel, and so does its layout JSON. `GHOSTLINE_RECORD=failed` re-records the picture after
    /// an intended change (look at it before committing); the JSON is written beside it then.
    @Test func matchesRecordedSnapshot() throws {
        let rendered = try renderIsolated(Paths.demoScene)
        let jsonURL = Paths.snapshots.appendingPathComponent("demo-card.json")
        let matches = expectImageSnapshot(rendered.image, reference: Paths.snapshots.appendingPathComponent("demo-card@3x.png").path)
        if !matches && SnapshotRecordMode.resolve(nil) != .never {
            try Data(rendered.SceneLayoutJSON.utf8).write(to: jsonURL)
        }
        #expect(try String(contentsOf: jsonURL, encoding: .utf8) == rendered.SceneLayoutJSON)
    }

    /// Both labels are drawn where the layout says: for the first glyph of each label (a capital with no
    /// descender: "P" and "D"), the lowest row with ink is the pixel row just above the baseline, and the highest
    /// is round(capHeight × 3) rows above the baseline (±1 for anti-aliasing at the overshoot).
    @Test func capitalsSitOnTheLayoutBaselines() throws {
        let renderer = GhostlineSession().renderer
        let scene = try renderer.loadScene(path: Paths.demoScene)
        let (layout, image) = try renderer.render(scene)
        let labels = layout.elements.filter { $0.kind == .label }
        #expect(labels.map(\.id) == ["title", "body"])
        for element in labels {
            let line = try #require(element.canvasLines.first)
            let label = try #require(element.labelLayout)
            let glyphWidth = label.metrics.pointSize * 0.55   // the capital's advance is at least this wide
            let x0 = Int((line.x * 3).rounded(.down)), x1 = Int(((line.x + glyphWidth) * 3).rounded(.up))
            var inkRows: [Int] = []
            for y in 0..<image.height {
                let dark = (x0..<x1).contains { x in image[x, y].red < 128 }
                if dark { inkRows.append(y) }
            }
            let baselineRow = Int(line.baseline * 3)
            let lowest = try #require(inkRows.filter { $0 < baselineRow + 6 && $0 > baselineRow - 60 }.max())
            #expect(lowest == baselineRow - 1, "\(element.id): ink should end right above the baseline row \(baselineRow)")
            let capRows = Int((label.metrics.capHeight * 3).rounded())
            let highest = try #require(inkRows.filter { $0 > baselineRow - capRows - 4 }.min())
            #expect(abs(highest - (baselineRow - capRows)) <= 1, "\(element.id): cap height top")
        }
    }
}

/// The README's example pictures are recorded renders of the fixture scenes; they must stay what the code draws.
/// GHOSTLINE_RECORD=failed re-records what changed (look at the new picture before committing).
@Suite("Recorded example renders")
struct ExampleSnapshotTests {
    @Test func featuresSceneWithGuides() throws {
        // The session's render, as `ghostline render --debug` draws it: the guides and their legend.
        let session = GhostlineSession()
        let scene = try session.renderer.loadScene(path: Paths.root.appendingPathComponent("Fixtures/scenes/features.yaml").path)
        let image = try session.render(scene, debug: [.baselines, .capHeight, .grid]).image
        try compare(image, toRecorded: "features@2x.png")
    }

    @Test func dynamicTypeContactSheet() throws {
        let renderer = GhostlineSession().renderer
        let sheet = ContactSheet(renderer: renderer)
        let cells = try sheet.cells(scenePath: Paths.root.appendingPathComponent("Fixtures/scenes/dynamic-type.yaml").path,
                                    overrides: SceneOverrides(scale: .x1))
        try compare(try sheet.compose(cells), toRecorded: "dynamic-type-matrix@1x.png")
    }

    /// The README's "World text" picture: runs, emoji sequences, Arabic and Japanese through font fallback.
    @Test func worldTextScene() throws {
        let renderer = GhostlineSession().renderer
        let scene = try renderer.loadScene(path: Paths.root.appendingPathComponent("Fixtures/scenes/world-text.yaml").path)
        try compare(try renderer.render(scene).image, toRecorded: "world-text@2x.png")
    }

    /// The README's Dynamic Type comparison: the same text styles in uikit (the font's own line height, as UIKit)
    /// and css (the HIG table's, as the design kits), side by side with their baselines.
    @Test func textStyleLineHeightsByModel() throws {
        let renderer = GhostlineSession().renderer
        let path = Paths.root.appendingPathComponent("Fixtures/scenes/dynamic-type.yaml").path
        let renders = try [LayoutModel.uikit, .css].map { model in
            try renderer.render(renderer.loadScene(path: path, overrides: SceneOverrides(scale: .x2, model: model)),
                                debug: [.baselines]).image
        }
        try compare(sideBySide(renders[0], renders[1], gap: 20), toRecorded: "dynamic-type-models@2x.png")
    }

    /// Two images next to each other on white, top-aligned.
    func sideBySide(_ left: RGBAImage, _ right: RGBAImage, gap: Int) -> RGBAImage {
        var out = RGBAImage(width: left.width + gap + right.width, height: max(left.height, right.height), fill: .white)
        for (image, x0) in [(left, 0), (right, left.width + gap)] {
            for y in 0..<image.height { for x in 0..<image.width { out[x0 + x, y] = image[x, y] } }
        }
        return out
    }

    /// The picture against its recording in Snapshots/, through the shipped image snapshot (`expectImageSnapshot`):
    /// the same record modes as every Ghostline snapshot (`GHOSTLINE_RECORD=failed` re-records what changed).
    func compare(_ image: RGBAImage, toRecorded name: String, filePath: String = #filePath,
                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        expectImageSnapshot(image, reference: Paths.snapshots.appendingPathComponent(name).path, filePath: filePath,
                            sourceLocation: sourceLocation)
    }
}

extension ExampleSnapshotTests {
    /// The README's ghost: the card without line-height handling over the Chromium design export.
    @Test func ghostOfTheCardWithoutLineHeight() throws {
        let renderer = GhostlineSession().renderer
        let scene = try renderer.loadScene(path: Paths.root.appendingPathComponent("Fixtures/scenes/card-no-line-height.yaml").path)
        let (layout, image) = try renderer.render(scene)
        let design = try PNGCodec.read(contentsOf: Paths.root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path)
        let comparison = try DesignReview.compare(.init(render: image, design: design, renderPath: "render", designPath: "design",
                                                        scale: scene.canvas.scale, background: scene.palette.color(scene.canvas.background),
                                                        renderOverlay: renderer.renderOverlay(layout, of: scene),
                                                        labels: LabelLines.from(layout)))
        #expect(!comparison.passes)
        try compare(try comparison.ghost(), toRecorded: "card-no-line-height-ghost@3x.png")
    }
}
