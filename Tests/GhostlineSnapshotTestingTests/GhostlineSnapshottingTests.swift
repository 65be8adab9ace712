import Foundation
import Ghostline
import GhostlineFonts
import GhostlineImage
import GhostlineScene
import GhostlineSnapshotTesting
import SnapshotTesting
import Testing

/// The strategies through swift-snapshot-testing's own record-and-compare cycle (`verifySnapshot`, which
/// `assertSnapshot` wraps), into a scratch directory.
@Suite("GhostlineSnapshotTesting: swift-snapshot-testing strategies")
struct GhostlineSnapshottingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func scene(_ path: String) throws -> SceneDescription {
        try SceneLoader(fonts: FontContext()).describe(path: root.appendingPathComponent(path).path)
    }

    func scratch() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test func recordsThenMatches() throws {
        let directory = try scratch()
        let card = try Self.scene("Fixtures/demo/card.yaml")
        let recorded = verifySnapshot(of: card, as: .ghostline, named: "card", record: .all, snapshotDirectory: directory)
        #expect(recorded?.contains("Record mode is on") == true || recorded?.contains("recorded") == true)
        #expect(FileManager.default.fileExists(atPath: directory + "/recordsThenMatches.card.png"))
        #expect(verifySnapshot(of: card, as: .ghostline, named: "card", record: .never, snapshotDirectory: directory) == nil)
    }

    /// The reference is the padded card; the card without line-height handling draws its labels higher: the
    /// failure names them with their offsets in points, as a design review does.
    @Test func aMovedLabelFailsWithItsOffsetInPoints() throws {
        let directory = try scratch()
        _ = verifySnapshot(of: try Self.scene("Fixtures/demo/card.yaml"), as: .ghostline, named: "card", record: .all,
                           snapshotDirectory: directory)
        let failure = verifySnapshot(of: try Self.scene("Fixtures/scenes/card-no-line-height.yaml"), as: .ghostline,
                                     named: "card", record: .never, snapshotDirectory: directory)
        let message = try #require(failure)
        #expect(message.contains("title: first baseline 2.0 pt higher"))
        #expect(message.contains("body: first baseline"))
    }

    @Test func layoutJSONAsATextSnapshot() throws {
        let directory = try scratch()
        let card = try Self.scene("Fixtures/demo/card.yaml")
        _ = verifySnapshot(of: card, as: .ghostlineLayout, named: "card", record: .all, snapshotDirectory: directory)
        let text = try String(contentsOfFile: directory + "/layoutJSONAsATextSnapshot.card.txt", encoding: .utf8)
        #expect(text.contains("\"baseline\": 37.0"))
        #expect(verifySnapshot(of: card, as: .ghostlineLayout, named: "card", record: .never, snapshotDirectory: directory) == nil)
        let moved = verifySnapshot(of: try Self.scene("Fixtures/scenes/card-no-line-height.yaml"), as: .ghostlineLayout,
                                   named: "card", record: .never, snapshotDirectory: directory)
        #expect(moved?.contains("baseline") == true)
    }

    /// `Diffing<RGBAImage>.ghostline` pulled back onto a value of the user's own.
    @Test func imageDiffingOnAUsersOwnValue() throws {
        struct Badge { var color: Color }
        let strategy = Snapshotting<Badge, RGBAImage>(pathExtension: "png", diffing: .ghostline()) { badge in
            RGBAImage(width: 20, height: 20, fill: badge.color)
        }
        let directory = try scratch()
        _ = verifySnapshot(of: Badge(color: .black), as: strategy, named: "badge", record: .all, snapshotDirectory: directory)
        #expect(verifySnapshot(of: Badge(color: .black), as: strategy, named: "badge", record: .never, snapshotDirectory: directory) == nil)
        let red = verifySnapshot(of: Badge(color: Color(red: 255, green: 0, blue: 0)), as: strategy, named: "badge",
                                 record: .never, snapshotDirectory: directory)
        #expect(red?.contains("FAIL") == true)
    }
}
