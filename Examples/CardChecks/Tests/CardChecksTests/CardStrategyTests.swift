import Ghostline
import GhostlineSnapshotTesting
import SnapshotTesting
import Testing

/// swift-snapshot-testing's `assertSnapshot` in a parameterized Swift Testing test: the strategy's variant and the
/// case's argument name each reference, and `GHOSTLINE_RECORD` (or `SNAPSHOT_TESTING_RECORD`) records them, never
/// on CI unless asked.
@Suite struct CardStrategyTests {
    @Test(arguments: ColorScheme.allCases)
    func themedCard(scheme: ColorScheme) {
        assertSnapshot(of: ThemedCard.scene, as: .ghostline(colorScheme: scheme))
    }
}
