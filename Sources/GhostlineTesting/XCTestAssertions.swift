import Foundation
import Ghostline
import GhostlineScene
import XCTest

/// `expectMatchesDesign` for XCTest: fails at `file:line` with the summary in points, the checked cause and fix,
/// and the artifacts' paths. The variant arguments (`colorScheme:`, `device:`, `contentSize:`, `model:`) and
/// `suggest:` are the Swift Testing function's.
///
/// ```swift
/// func testCard() {
///     assertMatchesDesign(scene: "Scenes/card.yaml", design: "Designs/card@3x.png")
/// }
/// ```
public func assertMatchesDesign(scene: some TestSceneConvertible, design: String, colorScheme: ColorScheme? = nil,
                                device: String? = nil, contentSize: ContentSizeCategory? = nil, model: LayoutModel? = nil,
                                suggest: Bool? = nil, options: ReviewOptions = ReviewOptions(),
                                overrides: SceneOverrides = SceneOverrides(), session: GhostlineSession = GhostlineSession(),
                                file: StaticString = #filePath, function: String = #function, line: UInt = #line) {
    let location = TestLocation(filePath: "\(file)", function: function, line: Int(line), column: 1)
    let variant = SceneVariant(colorScheme: colorScheme, device: device, contentSize: contentSize, model: model)
    let outcome = DesignAssertion.matchesDesign(scene: scene.testScene, design: design, options: options, overrides: overrides,
                                                session: session, location: location, variant: variant, suggest: suggest)
    if !outcome.passed { XCTFail(outcome.message, file: file, line: line) }
}

/// `expectSnapshot` for XCTest. (Named apart from swift-snapshot-testing's `assertSnapshot`, so a file can
/// import both.)
public func assertSceneSnapshot(of scene: some TestSceneConvertible, named: String? = nil, record: SnapshotRecordMode? = nil,
                                colorScheme: ColorScheme? = nil, device: String? = nil, contentSize: ContentSizeCategory? = nil,
                                model: LayoutModel? = nil, suggest: Bool? = nil,
                                options: ReviewOptions = ReviewOptions(), overrides: SceneOverrides = SceneOverrides(),
                                session: GhostlineSession = GhostlineSession(),
                                file: StaticString = #filePath, function: String = #function, line: UInt = #line) {
    let location = TestLocation(filePath: "\(file)", function: function, line: Int(line), column: 1)
    let variant = SceneVariant(colorScheme: colorScheme, device: device, contentSize: contentSize, model: model)
    let outcome = DesignAssertion.matchesSnapshot(scene: scene.testScene, named: named, record: record, options: options,
                                                  overrides: overrides, session: session, location: location,
                                                  variant: variant, suggest: suggest)
    if !outcome.passed { XCTFail(outcome.message, file: file, line: line) }
}
