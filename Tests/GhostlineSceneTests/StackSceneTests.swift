import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineGeometry
import GhostlineLayout
import GhostlineScene
import Testing

/// Stacks in scenes: what the scene format maps into a stack's children. The stack rules themselves (size
/// constraints, spacers, hugging and compression resistance, distributions, the settings row) are tested on layout
/// values in GhostlineLayoutTests' `StackLayoutTests`; an image's intrinsic size comes from its file, which only
/// the scene format reads, so it is tested here.
@Suite("Stacks in scenes: images")
struct StackSceneTests {
    static let settingsRow = Paths.root.appendingPathComponent("Fixtures/scenes/settings-row.yaml").path
    let loader = SceneLoader(fonts: FontContext())

    func layout(_ yaml: String, overrides: SceneOverrides = SceneOverrides()) throws -> SceneLayout {
        try loader.parse(yaml, path: Self.settingsRow, overrides: overrides).layout()
    }
    func frames(_ layout: SceneLayout) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: layout.elements.map { ($0.id, $0.frame) })
    }

    /// An image without a size takes its bitmap's: icon@3x.png is 72 px at @3x, so 24 × 24 pt (UIImage's size);
    /// `width: 29` alone fixes the width and keeps the intrinsic height.
    @Test func imagesTakeTheirBitmapSizeAtTheirScale() throws {
        let yaml = """
        canvas: { width: 300 }
        root:
          align: leading
          children:
            - image: { id: own, file: assets/icon@3x.png }
            - image: { id: wide, file: assets/icon@3x.png, width: 29 }
        """
        let f = frames(try layout(yaml))
        #expect(f["own"]?.width == 24 && f["own"]?.height == 24)
        #expect(f["wide"]?.width == 29 && f["wide"]?.height == 24)
    }
}
