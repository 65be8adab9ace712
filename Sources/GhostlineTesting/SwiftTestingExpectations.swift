import Foundation
import Ghostline
import GhostlineScene
import Testing

/// Checks that a scene renders as its design export says, in a Swift Testing test. On failure it records an
/// `Issue` at the call site with the summary in points ("body: first baseline 5.66 pt higher than the design"),
/// writes the ghost, diff, review page, render and report to the artifacts directory (`GHOSTLINE_ARTIFACTS`,
/// default `.build/ghostline-artifacts`), names every file in the message and attaches them to the test.
///
/// ```swift
/// @Test func card() {
///     expectMatchesDesign(scene: "Scenes/card.yaml", design: "Designs/card@3x.png")
/// }
/// ```
/// - Parameters:
///   - scene: a scene file, relative to this test file, or a scene built in Swift.
///   - design: the design export, relative to this test file; its `@Nx` suffix sets the scale.
///   - options: thresholds and tolerances, as `ghostline check` takes them.
/// - Returns: true when the render matches.
@discardableResult
public func expectMatchesDesign(scene: TestScene, design: String, options: ReviewOptions = ReviewOptions(),
                                overrides: SceneOverrides = SceneOverrides(), session: GhostlineSession = GhostlineSession(),
                                filePath: String = #filePath, function: String = #function,
                                sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let location = TestLocation(filePath: filePath, function: function, line: sourceLocation.line, column: sourceLocation.column)
    let outcome = DesignAssertion.matchesDesign(scene: scene, design: design, options: options, overrides: overrides,
                                                session: session, location: location)
    report(outcome, sourceLocation: sourceLocation)
    return outcome.passed
}

/// Checks a scene's render against its recorded reference snapshot, in a Swift Testing test. The reference is
/// `__Snapshots__/<TestFile>/<test>.<n>.png` next to this test file, with the layout JSON beside it; a failure
/// reports the baselines that moved, in points, as a design check does.
///
/// - Parameters:
///   - record: when to record the reference instead of comparing (`GHOSTLINE_RECORD` when nil; on CI `never`).
///   - named: a name instead of `<test>.<n>`.
@discardableResult
public func expectSnapshot(of scene: TestScene, named: String? = nil, record: SnapshotRecordMode? = nil,
                           options: ReviewOptions = ReviewOptions(), overrides: SceneOverrides = SceneOverrides(),
                           session: GhostlineSession = GhostlineSession(), filePath: String = #filePath,
                           function: String = #function, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let location = TestLocation(filePath: filePath, function: function, line: sourceLocation.line, column: sourceLocation.column)
    let outcome = DesignAssertion.matchesSnapshot(scene: scene, named: named, record: record, options: options,
                                                  overrides: overrides, session: session, location: location)
    report(outcome, sourceLocation: sourceLocation)
    return outcome.passed
}

/// A Swift-built scene, as `expectSnapshot(of: card)`.
@discardableResult
public func expectSnapshot(of scene: SceneDescription, named: String? = nil, record: SnapshotRecordMode? = nil,
                           options: ReviewOptions = ReviewOptions(), overrides: SceneOverrides = SceneOverrides(),
                           session: GhostlineSession = GhostlineSession(), filePath: String = #filePath,
                           function: String = #function, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    expectSnapshot(of: .description(scene), named: named, record: record, options: options, overrides: overrides,
                   session: session, filePath: filePath, function: function, sourceLocation: sourceLocation)
}

private func report(_ outcome: DesignAssertionOutcome, sourceLocation: SourceLocation) {
    guard !outcome.passed else { return }
    Issue.record(Comment(rawValue: outcome.message), sourceLocation: sourceLocation)
    for artifact in outcome.artifacts {
        Attachment.record(artifact.bytes, named: artifact.name, sourceLocation: sourceLocation)
    }
}
