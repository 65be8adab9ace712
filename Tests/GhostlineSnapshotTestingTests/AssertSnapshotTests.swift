import Foundation
import Ghostline
import GhostlineScene
@testable import GhostlineSnapshotTesting
import GhostlineTesting
import SnapshotTesting
import Testing

/// Issue 37, item 2: `assertSnapshot(of: scene, as: .ghostline)` keeps swift-snapshot-testing's spelling and gets
/// Ghostline's record mode, per-case names and side-by-side artifacts. The reference,
/// `__Snapshots__/AssertSnapshotTests/card.1.png`, was recorded from Fixtures/demo/card.yaml with
/// `GHOSTLINE_RECORD=missing`.
@Suite("GhostlineSnapshotTesting: assertSnapshot for scenes")
struct AssertSnapshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func scene(_ path: String) throws -> SceneDescription {
        try SceneLoader(fonts: FontContext()).describe(path: root.appendingPathComponent(path).path)
    }

    @Test func theCardMatchesItsReference() throws {
        assertSnapshot(of: try Self.scene("Fixtures/demo/card.yaml"), as: .ghostline, named: "1", record: .never, testName: "card()")
    }

    /// A label that moved fails with its offset in points, and the render, the reference, the ghost, the diff and
    /// the report are written side by side (not the render alone in a temporary folder).
    @Test func aMovedLabelWritesItsArtifactsSideBySide() throws {
        let moved = try Self.scene("Fixtures/scenes/card-no-line-height.yaml")
        let messages = Messages()
        withKnownIssue {
            assertSnapshot(of: moved, as: .ghostline, named: "1", record: .never, testName: "card()")
        } matching: { issue in
            messages.add(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        let message = try #require(messages.all.first)
        #expect(message.contains("title: first baseline 2.0 pt higher than the reference"), "\(message)")
        var folders = Set<String>()
        for role in ["render", "reference", "ghost", "diff", "report"] {
            let line = try #require(message.split(separator: "\n").first { $0.hasPrefix("  \(role): ") }, "no \(role) in \(message)")
            let path = String(line.dropFirst(role.count + 4))
            let absolute = path.hasPrefix("/") ? path : Self.root.appendingPathComponent(path).path
            #expect(FileManager.default.fileExists(atPath: absolute), "\(absolute)")
            #expect(absolute.contains("AssertSnapshotTests.card.1."), "\(absolute)")
            folders.insert(URL(fileURLWithPath: absolute).deletingLastPathComponent().path)
        }
        #expect(folders.count == 1, "side by side: \(folders)")
        #expect(!message.contains(Self.root.path + "/"), "paths relative to the package")
    }

    /// Each case of a parameterized test, and each variant, has its own reference name; `never` writes nothing and
    /// says where the reference would be and how to record it.
    @Test(arguments: [ColorScheme.light, .dark])
    func eachCaseNamesItsReference(scheme: ColorScheme) throws {
        let card = try Self.scene("Fixtures/demo/card.yaml")
        let messages = Messages()
        withKnownIssue {
            assertSnapshot(of: card, as: .ghostline(colorScheme: scheme), record: .never)
        } matching: { issue in
            messages.add(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        let message = try #require(messages.all.first)
        let expected = "__Snapshots__/AssertSnapshotTests/eachCaseNamesItsReference-scheme.\(scheme.rawValue)-1.png"
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("GHOSTLINE_RECORD=missing"))
        #expect(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Tests/GhostlineSnapshotTestingTests/" + expected).path))
    }

    /// The call's mode wins, then swift-snapshot-testing's scoped setting (`withSnapshotTesting`, the `.snapshots`
    /// trait), then Ghostline's (the environment, `never` on CI).
    @Test func recordModeOrder() {
        let fromEnvironment = SnapshotTestingConfiguration.Record(rawValue: SnapshotRecordMode.resolve(nil).rawValue)
        #expect(GhostlineSnapshotAssertion.recordMode(nil) == fromEnvironment)
        withSnapshotTesting(record: .failed) {
            #expect(GhostlineSnapshotAssertion.recordMode(nil) == .failed)
            #expect(GhostlineSnapshotAssertion.recordMode(.all) == .all)
        }
    }

    /// The messages a known issue carried, gathered from its matcher.
    final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ message: String) { lock.lock(); list.append(message); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
    }
}
