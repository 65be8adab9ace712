import GhostlineTesting
import XCTest

/// XCTest: the same checks, failing at the call's file and line.
final class CardXCTests: XCTestCase {
    func testCardMatchesTheDesign() {
        assertMatchesDesign(scene: "../../../../Fixtures/demo/card.yaml", design: "../../../../Fixtures/design/demo-card@3x.png")
    }

    func testCardSnapshot() {
        assertSceneSnapshot(of: .description(Card.scene))
    }
}
