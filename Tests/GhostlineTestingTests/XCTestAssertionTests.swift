import GhostlineTesting
import XCTest

/// The XCTest front end, as an XCTest user calls it.
final class XCTestAssertionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testCardMatchesItsDesign() {
        assertMatchesDesign(scene: .file(Self.root.appendingPathComponent("Fixtures/demo/card.yaml").path),
                            design: Self.root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path)
    }
}
