import Foundation
import Ghostline
import Testing

/// The library's front door: a session owns its fonts and does what `ghostline render` and `check` do, returning
/// values. This one sees only the Inter directory, so no other installed font can change its pixels.
@Suite struct SessionTests {
    let session = GhostlineSession(fontSet: FontSet(directories: ["/usr/share/fonts/opentype/inter"], systemFonts: false))

    @Test func renderTheCard() throws {
        let render = try session.render(path: scene("Fixtures/demo/card.yaml"))
        let png = try render.png()
        for warning in render.warnings { print(warning) }
        #expect(render.layout.elements.first { $0.id == "title" }?.frame.height == 38)
        #expect(png == Array(try Data(contentsOf: URL(fileURLWithPath: scene("Snapshots/demo-card@3x.png")))))
    }

    @Test func checkTheCard() throws {
        let check = session.check(.scene(path: scene("Fixtures/demo/card.yaml")), design: scene("Fixtures/design/demo-card@3x.png"))
        let result = try check.run()
        #expect(result.passes, "\(result.summary)")
    }

    /// A path in the Ghostline repository, two levels above this package.
    func scene(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).appendingPathComponent("../../../../../\(path)").standardized.path
    }
}
