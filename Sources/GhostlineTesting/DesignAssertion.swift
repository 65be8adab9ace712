import Foundation
import Ghostline
import GhostlinePNG
import GhostlineScene

/// A scene for a test: a scene file (a path relative to the test file, as swift-snapshot-testing resolves
/// paths), or a scene built in Swift.
public enum TestScene: Sendable, ExpressibleByStringLiteral {
    /// A scene file: an absolute path, or one relative to the directory of the test file.
    case file(String)
    /// A scene built in Swift; reports name it after the test file and function (`CardTests.card`).
    case description(SceneDescription)

    /// A scene file by path: `"Scenes/card.yaml"`.
    public init(stringLiteral path: String) { self = .file(path) }
}

/// Where a check was called from: the test file (paths resolve next to it, snapshots live beside it) and the
/// test function (it names snapshots and artifacts).
public struct TestLocation: Sendable {
    /// The test file's path (`#filePath`): relative scene, design and snapshot paths resolve against its directory.
    public var filePath: String
    /// The test function (`#function`); its name without the argument list names snapshots and artifacts.
    public var function: String
    /// The line of the call (`#line`), where the framework reports a failure.
    public var line: Int
    /// The column of the call (`#column`).
    public var column: Int

    /// Creates a location; the assertion functions fill it from their `#filePath`, `#function`, `#line` and
    /// `#column` defaults.
    public init(filePath: String, function: String, line: Int, column: Int) {
        self.filePath = filePath; self.function = function; self.line = line; self.column = column
    }

    var directory: URL { URL(fileURLWithPath: filePath).deletingLastPathComponent() }
    var fileStem: String { URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent }
    /// `card()` → `card`, `sizes(category:)` → `sizes`.
    var testName: String {
        let name = String(function.prefix { $0 != "(" })
        return name.isEmpty ? "test" : name
    }

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : directory.appendingPathComponent(path).standardized.path
    }
}

/// The outcome of a design or snapshot check, whatever test framework reports it.
public struct DesignAssertionOutcome: Sendable {
    /// True when the check passed; the message then holds the summary.
    public var passed: Bool
    /// What the failure says: the summary in points, then every artifact's path, or how to record.
    public var message: String
    /// Files written for the failure (path and bytes, for test attachments).
    public var artifacts: [(name: String, path: String, bytes: [UInt8])]
}

/// The checks behind `expectMatchesDesign`, `expectSnapshot` and their XCTest twins.
public enum DesignAssertion {
    /// The artifacts directory: `GHOSTLINE_ARTIFACTS`, else `.build/ghostline-artifacts` in the package that
    /// holds the test file.
    public static func artifactsDirectory(for location: TestLocation,
                                          environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let configured = environment["GHOSTLINE_ARTIFACTS"], !configured.isEmpty {
            return URL(fileURLWithPath: configured)
        }
        var directory = location.directory
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.appendingPathComponent(".build/ghostline-artifacts")
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("ghostline-artifacts")
    }

    /// Compares a scene's render with a design export.
    public static func matchesDesign(scene: TestScene, design: String, options: ReviewOptions, overrides: SceneOverrides,
                                     session: GhostlineSession, location: TestLocation) -> DesignAssertionOutcome {
        let render: DesignCheck.Render
        switch scene {
        case .file(let path): render = .scene(path: location.resolve(path))
        case .description(let description): render = .description(description, name: "\(location.fileStem).\(location.testName)")
        }
        var check = session.check(render, design: location.resolve(design), overrides: overrides, options: options)
        // A failing assertion names a cause only once checked (the patched scene against the design); a passing one
        // searches nothing and pays nothing.
        check.verifySuggestions = true
        do {
            let result = try check.run()
            if result.passes { return DesignAssertionOutcome(passed: true, message: result.summary, artifacts: []) }
            return failure(result, name: "\(location.fileStem).\(location.testName)", location: location, note: nil)
        } catch {
            return DesignAssertionOutcome(passed: false, message: "design check could not run: \(error)", artifacts: [])
        }
    }

    /// Compares a scene's render with its recorded reference in `__Snapshots__/<TestFile>/<test>.<n>.png` (with the
    /// layout JSON beside it), recording it as `record` says.
    public static func matchesSnapshot(scene: TestScene, named name: String?, record: SnapshotRecordMode?,
                                       options: ReviewOptions, overrides: SceneOverrides, session: GhostlineSession,
                                       location: TestLocation) -> DesignAssertionOutcome {
        let mode = SnapshotRecordMode.resolve(record)
        let identifier = name ?? "\(location.testName).\(SnapshotCounter.shared.next(location))"
        let folder = location.directory.appendingPathComponent("__Snapshots__").appendingPathComponent(location.fileStem)
        let reference = folder.appendingPathComponent("\(identifier).png").path
        let referenceLayout = folder.appendingPathComponent("\(identifier).json").path
        let description: SceneDescription
        let sceneName: String
        do {
            switch scene {
            case .file(let path):
                sceneName = location.resolve(path)
                description = try session.loader.describe(path: sceneName)
            case .description(let built):
                sceneName = "\(location.fileStem).\(identifier)"
                description = built
            }
        } catch {
            return DesignAssertionOutcome(passed: false, message: "snapshot could not run: \(error)", artifacts: [])
        }
        func recordReference(_ why: String) -> DesignAssertionOutcome {
            do {
                let scene = try session.loader.resolve(description, overrides: overrides)
                let (layout, image) = try session.renderer.render(scene)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                var files = OutputFiles(inputs: scene.inputFiles)
                try files.stage(try PNGCodec.encode(image), to: reference)
                try files.stage(LayoutJSON.encode(layout, palette: scene.palette), to: referenceLayout)
                try files.commit()
                return DesignAssertionOutcome(passed: false, message: "\(why): recorded \(reference) (and its layout JSON); "
                                              + "look at it, commit it, and run the test again", artifacts: [])
            } catch {
                return DesignAssertionOutcome(passed: false, message: "snapshot could not be recorded: \(error)", artifacts: [])
            }
        }
        let exists = FileManager.default.fileExists(atPath: reference)
        switch (mode, exists) {
        case (.all, _): return recordReference("record mode is `all`")
        case (.never, false):
            return DesignAssertionOutcome(passed: false, message: "no reference snapshot at \(reference); record it by running "
                                          + "the test with GHOSTLINE_RECORD=missing (or record: .missing)", artifacts: [])
        case (.missing, false), (.failed, false): return recordReference("no reference snapshot yet")
        default: break
        }
        var check = session.check(.description(description, name: sceneName), design: reference, overrides: overrides,
                                  options: options)
        check.referenceLayout = referenceLayout   // names the fonts the reference was drawn with
        check.options.againstReference = true     // "the reference", not "the design"
        do {
            let result = try check.run()
            if result.passes { return DesignAssertionOutcome(passed: true, message: result.summary, artifacts: []) }
            if mode == .failed { return recordReference("the render differs and record mode is `failed`") }
            return failure(result, name: "\(location.fileStem).\(identifier)", location: location,
                           note: "the render differs from the reference \(reference)")
        } catch {
            return DesignAssertionOutcome(passed: false, message: "snapshot check could not run: \(error)", artifacts: [])
        }
    }

    /// Writes the failure's artifacts and says where they are.
    static func failure(_ result: DesignCheckResult, name: String, location: TestLocation, note: String?) -> DesignAssertionOutcome {
        let directory = artifactsDirectory(for: location)
        let kinds: [DesignCheckArtifact] = result.scene == nil ? [.ghost, .diff, .page, .report]
                                                                : [.render, .layout, .ghost, .diff, .page, .report]
        var paths: [DesignCheckArtifact: String] = [:]
        for kind in kinds { paths[kind] = directory.appendingPathComponent(kind.fileName(name)).path }
        var message = (note.map { $0 + "\n" } ?? "") + result.summary
        var artifacts: [(name: String, path: String, bytes: [UInt8])] = []
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try result.write(paths)
            for kind in kinds {
                guard let path = paths[kind], let bytes = try? result.artifact(kind) else { continue }
                artifacts.append((URL(fileURLWithPath: path).lastPathComponent, path, bytes))
            }
            message += "artifacts:\n" + kinds.compactMap { kind in paths[kind].map { "  \(kind.rawValue): \($0)" } }.joined(separator: "\n")
        } catch {
            message += "(the artifacts could not be written: \(error))"
        }
        return DesignAssertionOutcome(passed: false, message: message, artifacts: artifacts)
    }
}

/// Numbers the snapshots of one test function: the n-th `expectSnapshot` in a test is `<test>.<n>`.
final class SnapshotCounter: @unchecked Sendable {
    static let shared = SnapshotCounter()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func next(_ location: TestLocation) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let key = location.filePath + "#" + location.function
        counts[key, default: 0] += 1
        return counts[key]!
    }
}
