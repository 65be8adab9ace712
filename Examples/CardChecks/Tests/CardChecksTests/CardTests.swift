import GhostlineTesting
import Testing

/// Swift Testing: the card against the designer's export, and against its own recorded snapshot.
@Suite struct CardTests {
    @Test func cardMatchesTheDesign() {
        expectMatchesDesign(scene: "../../../../Fixtures/demo/card.yaml", design: "../../../../Fixtures/design/demo-card@3x.png")
    }

    @Test func cardWrittenInSwiftMatchesTheDesign() {
        expectMatchesDesign(scene: .description(Card.scene), design: "../../../../Fixtures/design/demo-card@3x.png")
    }

    @Test func cardSnapshot() {
        expectSnapshot(of: Card.scene)
    }
}
