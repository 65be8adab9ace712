import GhostlineSnapshotTesting
import SnapshotTesting
import XCTest

/// swift-snapshot-testing: the card as a PNG diffed with Ghostline's diff, and as a layout JSON text snapshot.
final class CardSnapshotTestingTests: XCTestCase {
    func testCardRender() {
        assertSnapshot(of: Card.scene, as: .ghostline)
    }

    func testCardLayout() {
        assertSnapshot(of: Card.scene, as: .ghostlineLayout)
    }
}
