import Foundation
import Ghostline
import GhostlinePNG
import GhostlineTesting
// `SnapshotTestingConfiguration.current` (what `withSnapshotTesting` and the `.snapshots` trait set) is
// swift-snapshot-testing's SPI for tools that wrap its assertions, as this file does.
@_spi(Internals) import SnapshotTesting
import Testing
import XCTest

/// `assertSnapshot(of: scene, as: .ghostline)` as Ghostline's own assertions behave. Swift picks this over
/// swift-snapshot-testing's generic `assertSnapshot` for a scene (it is more specific), so a test written the usual
/// way gets:
///
/// - **one record mode**: the call's `record:`, else swift-snapshot-testing's `withSnapshotTesting(record:)` or
///   `.snapshots(record:)` trait, else `GHOSTLINE_RECORD` or `SNAPSHOT_TESTING_RECORD`, else `never` on CI and
///   `missing` elsewhere — the same as `expectSnapshot`, so CI never writes a reference nobody asked for;
/// - **one name per case**: in a parameterized test each case's arguments, and the strategy's variant
///   (`.ghostline(colorScheme: .dark)`), name the reference, so cases never share or race for one file;
/// - **artifacts side by side**: a failure checks the scene against the reference as `expectSnapshot` does and
///   writes the render, the reference, the ghost, the diff, the review page, the report and the checked patch to
///   the artifacts directory (`GHOSTLINE_ARTIFACTS`, default `.build/ghostline-artifacts`), naming each file.
public func assertSnapshot(of value: @autoclosure () throws -> SceneDescription,
                           as snapshotting: Snapshotting<SceneDescription, GhostlineRender>,
                           named name: String? = nil, record: SnapshotTestingConfiguration.Record? = nil,
                           timeout: TimeInterval = 5, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           testName: String = #function, line: UInt = #line, column: UInt = #column) {
    let location = TestLocation(filePath: "\(filePath)", function: testName, line: Int(line), column: Int(column))
    let report = { (outcome: DesignAssertionOutcome) in
        GhostlineSnapshotAssertion.report(outcome, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let scene: SceneDescription
    do { scene = try value() } catch {
        return report(DesignAssertionOutcome(passed: false, message: "the scene could not be made: \(error)", artifacts: []))
    }
    // The strategy draws synchronously: draw once here, so the name can carry the variant the render was drawn in.
    var drawn: GhostlineRender?
    snapshotting.snapshot(scene).run { drawn = $0 }
    guard let render = drawn else {
        return report(DesignAssertionOutcome(passed: false, message: "the snapshot strategy did not draw the scene", artifacts: []))
    }
    let variant = render.source?.variant ?? SceneVariant()
    let identifier = name ?? GhostlineSnapshotAssertion.identifier(location, variant: variant)
    let captured = GhostlineSnapshotAssertion.Captured()
    let base = snapshotting.diffing
    let capturing = Snapshotting<SceneDescription, GhostlineRender>(
        pathExtension: snapshotting.pathExtension,
        diffing: .diff(toData: base.toData, fromData: base.fromData, diffV2: { reference, new in
            let failure = base.diffV2(reference, new)
            if failure != nil { captured.reference = reference }
            return failure
        }),
        snapshot: { _ in render })
    let mode = GhostlineSnapshotAssertion.recordMode(record)
    guard let message = verifySnapshot(of: scene, as: capturing, named: identifier, record: mode, timeout: timeout,
                                       fileID: fileID, file: filePath, testName: testName, line: line, column: column) else {
        return
    }
    guard let reference = captured.reference, let source = render.source, render.failure == nil else {
        // Recorded, missing, or not drawn: swift-snapshot-testing's message says which.
        let hint = GhostlineSnapshotAssertion.hint(message, mode: mode, location: location, testName: testName,
                                                   identifier: identifier, pathExtension: snapshotting.pathExtension)
        return report(DesignAssertionOutcome(passed: false, message: location.relativePaths(message + hint), artifacts: []))
    }
    report(GhostlineSnapshotAssertion.failure(render: render, source: source, reference: reference, location: location,
                                              name: "\(location.fileStem).\(testName.prefix { $0 != "(" }).\(identifier)"))
}

/// `assertSnapshot(of: scene, as: .ghostlineLayout)` with the one record mode and per-case names of the image
/// strategy above.
public func assertSnapshot(of value: @autoclosure () throws -> SceneDescription,
                           as snapshotting: Snapshotting<SceneDescription, String>,
                           named name: String? = nil, record: SnapshotTestingConfiguration.Record? = nil,
                           timeout: TimeInterval = 5, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                           testName: String = #function, line: UInt = #line, column: UInt = #column) {
    let location = TestLocation(filePath: "\(filePath)", function: testName, line: Int(line), column: Int(column))
    let identifier = name ?? GhostlineSnapshotAssertion.identifier(location, variant: SceneVariant())
    let mode = GhostlineSnapshotAssertion.recordMode(record)
    guard let message = verifySnapshot(of: try value(), as: snapshotting, named: identifier, record: mode, timeout: timeout,
                                       fileID: fileID, file: filePath, testName: testName, line: line, column: column) else {
        return
    }
    let hint = GhostlineSnapshotAssertion.hint(message, mode: mode, location: location, testName: testName,
                                               identifier: identifier, pathExtension: snapshotting.pathExtension)
    GhostlineSnapshotAssertion.report(DesignAssertionOutcome(passed: false, message: location.relativePaths(message + hint), artifacts: []),
                                      fileID: fileID, filePath: filePath, line: line, column: column)
}

/// What the two `assertSnapshot` overloads share.
enum GhostlineSnapshotAssertion {
    /// The reference a failing diff saw (set inside the diffing, read after `verifySnapshot` returns).
    final class Captured: @unchecked Sendable { var reference: GhostlineRender? }

    /// What a missing reference's failure adds under `never`: where the reference would be, and how to record it.
    static func hint(_ message: String, mode: SnapshotTestingConfiguration.Record, location: TestLocation, testName: String,
                     identifier: String, pathExtension: String?) -> String {
        guard mode == .never, message.contains("No reference was found") else { return "" }
        // swift-snapshot-testing's own layout: `__Snapshots__/<file>/<test>.<name>.<ext>`, each part sanitized.
        let file = "\(sanitized(testName)).\(sanitized(identifier))" + (pathExtension.map { ".\($0)" } ?? "")
        let path = location.directory.appendingPathComponent("__Snapshots__/\(location.fileStem)/\(file)").path
        return "\nno reference snapshot at \(path); record it by running the test with GHOSTLINE_RECORD=missing (or record: .missing)"
    }

    /// swift-snapshot-testing's rule for a name in a file name: each run of non-word characters one `-`, none at the ends.
    static func sanitized(_ name: String) -> String {
        name.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }

    /// The call's mode, else swift-snapshot-testing's scoped configuration (`withSnapshotTesting`, the `.snapshots`
    /// trait), else Ghostline's (`GHOSTLINE_RECORD`, `SNAPSHOT_TESTING_RECORD`, `never` on CI, `missing`).
    static func recordMode(_ requested: SnapshotTestingConfiguration.Record?) -> SnapshotTestingConfiguration.Record {
        if let requested { return requested }
        if let scoped = SnapshotTestingConfiguration.current?.record { return scoped }
        return SnapshotTestingConfiguration.Record(rawValue: SnapshotRecordMode.resolve(nil).rawValue) ?? .missing
    }

    /// A snapshot's name after `<test>.`: in a plain test `<n>`, as swift-snapshot-testing counts (so references
    /// recorded before keep their names); in a parameterized one the case's arguments first, and the variant's
    /// settings, numbered per case so parallel cases never take each other's numbers. Both overloads share the
    /// count, as swift-snapshot-testing's strategies share theirs.
    static func identifier(_ location: TestLocation, variant: SceneVariant) -> String {
        DesignAssertion.caseIdentifier(location, variant: variant, inputs: [])
    }

    /// The failure checked again as `expectSnapshot` checks it: the reference written beside the render, ghost, diff,
    /// page, report and checked patch.
    static func failure(render: GhostlineRender, source: GhostlineRender.Source, reference: GhostlineRender,
                        location: TestLocation, name: String) -> DesignAssertionOutcome {
        let directory = DesignAssertion.artifactsDirectory(for: location)
        let referencePath = directory.appendingPathComponent("\(name).reference.png").path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(try PNGCodec.encode(reference.image)).write(to: URL(fileURLWithPath: referencePath), options: .atomic)
        } catch {
            return DesignAssertionOutcome(passed: false, message: "the snapshot differs; its artifacts could not be written: \(error)",
                                          artifacts: [])
        }
        var check = source.session.check(.description(source.description, name: name), design: referencePath,
                                         overrides: source.overrides, options: source.options)
        check.options.againstReference = true
        check.verifySuggestions = DesignAssertion.suggests(nil)
        do {
            let result = try check.run()
            return DesignAssertion.failure(result, name: name, location: location,
                                           note: "the render differs from its reference snapshot",
                                           compared: (referencePath, "reference"))
        } catch {
            return DesignAssertionOutcome(passed: false, message: "the snapshot differs; it could not be checked again: \(error)",
                                          artifacts: [])
        }
    }

    /// A failure in whichever framework runs the test: a Swift Testing issue (with the artifacts attached) inside a
    /// `@Test`, else an XCTest failure.
    static func report(_ outcome: DesignAssertionOutcome, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        guard !outcome.passed else { return }
        if Test.current != nil {
            DesignAssertion.report(outcome, sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)",
                                                                           line: Int(line), column: Int(column)))
        } else {
            XCTFail(outcome.message, file: filePath, line: line)
        }
    }
}
