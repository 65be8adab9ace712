import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineImage
import GhostlineRaster
import GhostlineScene
import Testing

/// The README's pictures of stacks and scaled fonts: recorded renders of the fixture scenes with the frames drawn
/// and the legend under them, exactly what `ghostline render --debug boxes` writes (the session's render).
/// GHOSTLINE_RECORD=failed re-records what changed (look at it before committing).
@Suite("Recorded stack and scaled-font renders")
struct StackExampleSnapshotTests {
    func render(_ scene: String, debug: DebugOverlay) throws -> RGBAImage {
        let session = GhostlineSession()
        let loaded = try session.renderer.loadScene(path: Paths.root.appendingPathComponent("Fixtures/scenes/\(scene)").path,
                                                    overrides: SceneOverrides(scale: .x2))
        return try session.render(loaded, debug: debug).image
    }

    @Test func settingsRow() throws {
        try ExampleSnapshotTests().compare(render("settings-row.yaml", debug: [.boxes]), toRecorded: "settings-row@2x.png")
    }

    @Test func distributions() throws {
        try ExampleSnapshotTests().compare(render("stack-distributions.yaml", debug: [.boxes]),
                                           toRecorded: "stack-distributions@2x.png")
    }

    @Test func sizeConstraints() throws {
        try ExampleSnapshotTests().compare(render("stack-sizes.yaml", debug: [.boxes]), toRecorded: "stack-sizes@2x.png")
    }

    @Test func baselineRelative() throws {
        try ExampleSnapshotTests().compare(render("baseline-relative.yaml", debug: [.boxes, .baselines, .grid]),
                                           toRecorded: "baseline-relative@2x.png")
    }

    @Test func scaledFontsContactSheet() throws {
        let sheet = ContactSheet(renderer: GhostlineSession().renderer, columns: 6)
        let cells = try sheet.cells(scenePath: Paths.root.appendingPathComponent("Fixtures/scenes/scaled-fonts.yaml").path,
                                    overrides: SceneOverrides(scale: .x1))
        try ExampleSnapshotTests().compare(try sheet.compose(cells), toRecorded: "scaled-fonts-matrix@1x.png")
    }
}
