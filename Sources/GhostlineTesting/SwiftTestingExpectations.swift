import Foundation
import Ghostline
import GhostlineImage
import GhostlineScene
import Testing

/// Checks that a scene renders as its design export says, in a Swift Testing test. On failure it records an
/// `Issue` at the call site with the summary in points ("body: first baseline 5.66 pt higher than the design"),
/// the checked cause and its fix; writes the render, the design, the ghost, the diff, the review page, the report
/// and the suggested patch side by side in the artifacts directory (`GHOSTLINE_ARTIFACTS`, default
/// `.build/ghostline-artifacts`), names every file in the message and attaches them to the test.
///
/// ```swift
/// @Test(arguments: [ColorScheme.light, .dark])
/// func card(scheme: ColorScheme) {
///     expectMatchesDesign(scene: "Scenes/card.yaml", design: "Designs/card-\(scheme)@3x.png", colorScheme: scheme)
/// }
/// ```
/// - Parameters:
///   - scene: a scene file relative to this test file (a literal, a `String` or a `URL`), or a scene built in Swift.
///   - design: the design export, relative to this test file; its `@Nx` suffix sets the scale.
///   - colorScheme: draws the scene in this scheme.
///   - device: puts the scene on this Apple device's screen (width and scale).
///   - contentSize: draws the scene at this Dynamic Type size.
///   - model: lays the scene out with this model (`.uikit`, `.css`).
///   - suggest: whether a failure searches for its cause and checks it (`GHOSTLINE_SUGGEST` when nil; default on).
///   - options: thresholds and tolerances, as `ghostline check` takes them.
///   - overrides: scene overrides besides the variant's (scale, Chromium fonts).
///   - session: the fonts to render with; keep one per suite of tests.
/// - Returns: true when the render matches.
@discardableResult
public func expectMatchesDesign(scene: some TestSceneConvertible, design: String, colorScheme: ColorScheme? = nil,
                                device: String? = nil, contentSize: ContentSizeCategory? = nil, model: LayoutModel? = nil,
                                suggest: Bool? = nil, options: ReviewOptions = ReviewOptions(),
                                overrides: SceneOverrides = SceneOverrides(), session: GhostlineSession = GhostlineSession(),
                                filePath: String = #filePath, function: String = #function,
                                sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let location = TestLocation(filePath: filePath, function: function, line: sourceLocation.line, column: sourceLocation.column)
    let variant = SceneVariant(colorScheme: colorScheme, device: device, contentSize: contentSize, model: model)
    let outcome = DesignAssertion.matchesDesign(scene: scene.testScene, design: design, options: options, overrides: overrides,
                                                session: session, location: location, variant: variant, suggest: suggest)
    DesignAssertion.report(outcome, sourceLocation: sourceLocation)
    return outcome.passed
}

/// Checks a scene's render against its recorded reference snapshot, in a Swift Testing test. The reference is
/// `__Snapshots__/<TestFile>/<test>[.<arguments>][.<variant>].<n>.png` next to this test file, with the layout JSON
/// beside it; a failure reports the baselines that moved, in points, as a design check does.
///
/// - Parameters:
///   - record: when to record the reference instead of comparing (`GHOSTLINE_RECORD` when nil; on CI `never`).
///   - named: a name instead of `<test>[.<arguments>][.<variant>].<n>`.
///   - colorScheme, device, contentSize, model: the variant to draw, as ``expectMatchesDesign(scene:design:colorScheme:device:contentSize:model:suggest:options:overrides:session:filePath:function:sourceLocation:)`` takes it.
@discardableResult
public func expectSnapshot(of scene: some TestSceneConvertible, named: String? = nil, record: SnapshotRecordMode? = nil,
                           colorScheme: ColorScheme? = nil, device: String? = nil, contentSize: ContentSizeCategory? = nil,
                           model: LayoutModel? = nil, suggest: Bool? = nil,
                           options: ReviewOptions = ReviewOptions(), overrides: SceneOverrides = SceneOverrides(),
                           session: GhostlineSession = GhostlineSession(), filePath: String = #filePath,
                           function: String = #function, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let location = TestLocation(filePath: filePath, function: function, line: sourceLocation.line, column: sourceLocation.column)
    let variant = SceneVariant(colorScheme: colorScheme, device: device, contentSize: contentSize, model: model)
    let outcome = DesignAssertion.matchesSnapshot(scene: scene.testScene, named: named, record: record, options: options,
                                                  overrides: overrides, session: session, location: location,
                                                  variant: variant, suggest: suggest)
    DesignAssertion.report(outcome, sourceLocation: sourceLocation)
    return outcome.passed
}

extension DesignAssertion {
    /// Reports a failed outcome to Swift Testing: an issue at the call with the message, and each artifact attached.
    public static func report(_ outcome: DesignAssertionOutcome, sourceLocation: SourceLocation) {
        guard !outcome.passed else { return }
        Issue.record(Comment(rawValue: outcome.message), sourceLocation: sourceLocation)
        for artifact in outcome.artifacts {
            Attachment.record(artifact.bytes, named: artifact.name, sourceLocation: sourceLocation)
        }
    }
}

/// Expects `image` to equal the PNG at `reference` pixel for pixel, recording it as the record mode says
/// (``SnapshotRecordMode``). For pictures that are not one scene's render: a contact sheet, a render with its debug
/// legend, renders side by side. Scenes should use ``expectSnapshot(of:named:record:colorScheme:device:contentSize:model:suggest:options:overrides:session:filePath:function:sourceLocation:)``,
/// which re-renders and explains a difference in points.
///
/// - Parameter reference: the PNG, absolute or relative to this test file's folder.
@discardableResult
public func expectImageSnapshot(_ image: RGBAImage, reference: String, record: SnapshotRecordMode? = nil,
                                filePath: String = #filePath, function: String = #function,
                                sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let location = TestLocation(filePath: filePath, function: function, line: sourceLocation.line, column: sourceLocation.column)
    let outcome = DesignAssertion.matchesImage(image, reference: reference, record: record, location: location)
    DesignAssertion.report(outcome, sourceLocation: sourceLocation)
    return outcome.passed
}
