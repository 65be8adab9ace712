import Foundation
import Ghostline
import GhostlineScene
import XCTest

/// `expectMatchesDesign` for XCTest: fails at `file:line` with the summary in points and the artifacts' paths.
///
/// ```swift
/// func testCard() {
///     assertMatchesDesign(scene: "Scenes/card.yaml", design: "Designs/card@3x.png")
/// }
/// ```
public func assertMatchesDesign(scene: TestScene, design: String, options: ReviewOptions = ReviewOptions(),
                                overrides: SceneOverrides = SceneOverrides(), session: GhostlineSession = GhostlineSession(),
                                file: StaticString = #filePath, function: String = #function, line: UInt = #line) {
    let location = TestLocation(filePath: "\(file)", function: function, line: Int(line), column: 1)
    let outcome = DesignAssertion.matchesDesign(scene: scene, design: design, options: options, overrides: overrides,
                                                session: session, location: location)
    if !outcome.passed { XCTFail(outcome.message, file: file, line: line) }
}

/// `expectSnapshot` for XCTest. (Named apart from swift-snapshot-testing's `assertSnapshot`, so a file can
/// import both.)
public func assertSceneSnapshot(of scene: TestScene, named: String? = nil, record: SnapshotRecordMode? = nil,
                                options: ReviewOptions = ReviewOptions(), overrides: SceneOverrides = SceneOverrides(),
                                session: GhostlineSession = GhostlineSession(),
                                file: StaticString = #filePath, function: String = #function, line: UInt = #line) {
    let location = TestLocation(filePath: "\(file)", function: function, line: Int(line), column: 1)
    let outcome = DesignAssertion.matchesSnapshot(scene: scene, named: named, record: record, options: options,
                                                  overrides: overrides, session: session, location: location)
    if !outcome.passed { XCTFail(outcome.message, file: file, line: line) }
}
