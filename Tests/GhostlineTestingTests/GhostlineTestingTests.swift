import Foundation
import Ghostline
import GhostlineScene
import GhostlineTesting
import Testing

/// The testing product fails when it should, says where to look, and records as its modes say.
@Suite("GhostlineTesting: design and snapshot checks in tests")
struct GhostlineTestingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let card = root.appendingPathComponent("Fixtures/demo/card.yaml").path
    static let cardWithoutLineHeight = root.appendingPathComponent("Fixtures/scenes/card-no-line-height.yaml").path
    static let design = root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path

    /// A test file in a fresh directory, so snapshots recorded here do not land in the repository.
    func scratchTestFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("CardTests.swift").path
    }

    /// Issue 31, item 7: a failing assertion's message leads with a checked element cause (the card's spacing).
    @Test func aFailingAssertionLeadsWithTheElementCause() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let card = try String(contentsOfFile: Self.card, encoding: .utf8)
        let scene = dir.appendingPathComponent("card.yaml").path
        try card.replacingOccurrences(of: "  spacing: 8\n", with: "  spacing: 12\n").write(toFile: scene, atomically: true, encoding: .utf8)
        let location = TestLocation(filePath: #filePath, function: #function, line: #line, column: 1)
        let outcome = DesignAssertion.matchesDesign(scene: .file(scene), design: Self.design, options: ReviewOptions(),
                                                    overrides: SceneOverrides(), session: GhostlineSession(), location: location)
        #expect(!outcome.passed)
        let lines = outcome.message.split(separator: "\n").map(String.init)
        #expect(lines.count > 1 && lines[1].hasPrefix("  cause: body: the root stack's spacing is 12 pt; the design's is 8 pt"), "\(outcome.message)")
        #expect(outcome.message.contains("fix: root (stack): spacing: 8"), "\(outcome.message)")
    }

    @Test func theCardMatchesItsDesign() {
        #expect(expectMatchesDesign(scene: .file(Self.card), design: Self.design))
    }

    /// The card without line-height handling (R7's first step) fails with the body's offsets in points, at the
    /// caller's line, and names the artifacts it wrote.
    @Test func aMovedLabelFailsWithItsOffset() throws {
        let location = TestLocation(filePath: #filePath, function: #function, line: #line, column: 1)
        let outcome = DesignAssertion.matchesDesign(scene: .file(Self.cardWithoutLineHeight), design: Self.design,
                                                    options: ReviewOptions(), overrides: SceneOverrides(),
                                                    session: GhostlineSession(), location: location)
        #expect(!outcome.passed)
        // The message leads with the cause the verdict rests on, then each label's cause, offsets and fix.
        let lines = outcome.message.split(separator: "\n").map(String.init)
        #expect(lines.count > 1 && lines[1].hasPrefix("  cause: title: `lineHeightStrategy: none` ignores the 38.0 pt line height"), "\(outcome.message)")
        #expect(outcome.message.contains("\n    first baseline 5.66 pt higher than the design"))
        #expect(outcome.message.contains("\n    fix: styles.body: lineHeightStrategy: padded\n"))
        for kind in ["ghost", "diff", "review.html", "render.png", "report.json"] {
            let named = outcome.artifacts.first { $0.name.contains(kind) }
            #expect(named != nil, "no \(kind) artifact")
            if let named {
                // The message names each file relative to the package, as `swift test` runs from there.
                let relative = String(named.path.dropFirst(Self.root.path.count + 1))
                #expect(FileManager.default.fileExists(atPath: named.path) && outcome.message.contains(": " + relative))
                #expect(!outcome.message.contains(Self.root.path), "\(outcome.message)")
            }
        }
        // The Swift Testing front end records the same failure as an issue.
        withKnownIssue {
            expectMatchesDesign(scene: .file(Self.cardWithoutLineHeight), design: Self.design)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("5.66 pt higher") }
        }
    }

    /// `missing` records the reference and fails once; the next run compares and passes; nothing more is written.
    @Test func missingRecordsThenPasses() throws {
        let file = try scratchTestFile()
        withKnownIssue {
            expectSnapshot(of: .file(Self.card), record: .missing, filePath: file, function: "card()")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded") }
        }
        let reference = URL(fileURLWithPath: file).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/CardTests/card.1.png").path
        #expect(FileManager.default.fileExists(atPath: reference))
        #expect(FileManager.default.fileExists(atPath: reference.replacingOccurrences(of: ".png", with: ".json")))
        let recorded = try Data(contentsOf: URL(fileURLWithPath: reference))
        #expect(expectSnapshot(of: .file(Self.card), named: "card.1", record: .missing, filePath: file, function: "card()"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: reference)) == recorded)
    }

    /// `never` with no reference fails and says how to record it.
    @Test func neverOnAMissingReferenceSaysHowToRecord() throws {
        let file = try scratchTestFile()
        let location = TestLocation(filePath: file, function: "card()", line: 1, column: 1)
        let outcome = DesignAssertion.matchesSnapshot(scene: .file(Self.card), named: nil, record: .never,
                                                      options: ReviewOptions(), overrides: SceneOverrides(),
                                                      session: GhostlineSession(), location: location)
        #expect(!outcome.passed && outcome.message.contains("GHOSTLINE_RECORD=missing"))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: file).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__").path))
    }

    /// A reference recorded from one scene, compared with a scene whose label moved: the failure gives the
    /// baseline offset in points (the card without line height puts the title 2 pt higher).
    @Test func aSnapshotOfAMovedLabelFails() throws {
        let file = try scratchTestFile()
        #expect(!expectSnapshotQuietly(Self.card, file: file, record: .all))
        let location = TestLocation(filePath: file, function: "card()", line: 1, column: 1)
        let outcome = DesignAssertion.matchesSnapshot(scene: .file(Self.cardWithoutLineHeight), named: "card.1", record: .never,
                                                      options: ReviewOptions(), overrides: SceneOverrides(),
                                                      session: GhostlineSession(), location: location)
        #expect(!outcome.passed)
        #expect(outcome.message.contains("title: first baseline 2.0 pt higher"))
    }

    func expectSnapshotQuietly(_ scene: String, file: String, record: SnapshotRecordMode) -> Bool {
        let location = TestLocation(filePath: file, function: "card()", line: 1, column: 1)
        return DesignAssertion.matchesSnapshot(scene: .file(scene), named: "card.1", record: record, options: ReviewOptions(),
                                               overrides: SceneOverrides(), session: GhostlineSession(),
                                               location: location).passed
    }

    @Test func recordModeFromTheEnvironment() {
        #expect(SnapshotRecordMode.resolve(nil, environment: ["GHOSTLINE_RECORD": "never"]) == .never)
        #expect(SnapshotRecordMode.resolve(nil, environment: ["GHOSTLINE_RECORD": "1"]) == .all)
        #expect(SnapshotRecordMode.resolve(nil, environment: ["CI": "true"]) == .never)
        #expect(SnapshotRecordMode.resolve(nil, environment: [:]) == .missing)
        #expect(SnapshotRecordMode.resolve(.failed, environment: ["GHOSTLINE_RECORD": "never"]) == .failed)
    }

    /// The one decision every snapshot kind (a scene's render, any picture) takes before comparing.
    @Test func whatEachModeDoesBeforeComparing() {
        for exists in [true, false] {
            #expect(SnapshotRecordMode.all.step(referenceExists: exists, thing: "x") == .record(because: "record mode is `all`"))
        }
        #expect(SnapshotRecordMode.never.step(referenceExists: false, thing: "x") == .failMissing)
        #expect(SnapshotRecordMode.missing.step(referenceExists: false, thing: "reference image") == .record(because: "no reference image yet"))
        #expect(SnapshotRecordMode.failed.step(referenceExists: false, thing: "x") == .record(because: "no x yet"))
        for mode in [SnapshotRecordMode.never, .missing, .failed] {
            #expect(mode.step(referenceExists: true, thing: "x") == .compare)
        }
        #expect(SnapshotRecordMode.allCases.filter(\.recordsOnFailure) == [.failed])
    }
}
