import Foundation
import Ghostline
import GhostlinePNG
import GhostlineScene

/// The outcome of a design or snapshot check, whatever test framework reports it.
public struct DesignAssertionOutcome: Sendable {
    /// True when the check passed; the message then holds the summary.
    public var passed: Bool
    /// What the failure says: the summary in points (with the checked cause and patch), then every artifact's path,
    /// or how to record. Paths inside the test's package are relative to it.
    public var message: String
    /// Files written for the failure (path and bytes, for test attachments).
    public var artifacts: [(name: String, path: String, bytes: [UInt8])]

    /// An outcome; the assertions make them, and the swift-snapshot-testing overloads report their own.
    public init(passed: Bool, message: String, artifacts: [(name: String, path: String, bytes: [UInt8])]) {
        self.passed = passed; self.message = message; self.artifacts = artifacts
    }
}

/// The checks behind `expectMatchesDesign`, `expectSnapshot`, their XCTest twins and the swift-snapshot-testing
/// strategy's `assertSnapshot`: one naming rule, one record mode, one set of artifacts.
public enum DesignAssertion {
    /// The artifacts directory: `GHOSTLINE_ARTIFACTS`, else `.build/ghostline-artifacts` in the package that
    /// holds the test file.
    public static func artifactsDirectory(for location: TestLocation,
                                          environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let configured = environment["GHOSTLINE_ARTIFACTS"], !configured.isEmpty {
            return URL(fileURLWithPath: configured)
        }
        if let root = location.packageRoot { return root.appendingPathComponent(".build/ghostline-artifacts") }
        return URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("ghostline-artifacts")
    }

    /// Whether a failing check searches for its cause and checks it (the patched scene rendered against the design
    /// again): the call's `suggest:`, else `GHOSTLINE_SUGGEST` (`0`/`false`/`no` turn it off), else on. A passing
    /// check searches nothing, so the default costs only failing tests.
    public static func suggests(_ requested: Bool?,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let requested { return requested }
        switch environment["GHOSTLINE_SUGGEST"]?.lowercased() {
        case "0", "false", "no", "off": return false
        default: return true
        }
    }

    /// Compares a scene's render with a design export.
    public static func matchesDesign(scene: TestScene, design: String, options: ReviewOptions, overrides: SceneOverrides,
                                     session: GhostlineSession, location: TestLocation,
                                     variant: SceneVariant = SceneVariant(), suggest: Bool? = nil) -> DesignAssertionOutcome {
        let name = location.artifactName(variant: variant, inputs: inputs(scene, design))
        let render: DesignCheck.Render
        switch scene.source {
        case .file(let path): render = .scene(path: location.resolve(path))
        case .description(let description): render = .description(description, name: name)
        }
        let designPath = location.resolve(design)
        var check = session.check(render, design: designPath, overrides: variant.applied(to: overrides), options: options)
        // A failing assertion names a cause only once checked (the patched scene against the design); a passing one
        // searches nothing and pays nothing.
        check.verifySuggestions = suggests(suggest)
        do {
            let result = try check.run()
            if result.passes { return DesignAssertionOutcome(passed: true, message: location.relativePaths(result.summary), artifacts: []) }
            return failure(result, name: name, location: location, note: nil,
                           compared: (designPath, "design"))
        } catch {
            return DesignAssertionOutcome(passed: false, message: location.relativePaths("design check could not run: \(error)"), artifacts: [])
        }
    }

    /// Compares a scene's render with its recorded reference in
    /// `__Snapshots__/<TestFile>/<test>[.<arguments>][.<variant>].<n>.png` (with the layout JSON beside it),
    /// recording it as `record` says.
    public static func matchesSnapshot(scene: TestScene, named name: String?, record: SnapshotRecordMode?,
                                       options: ReviewOptions, overrides: SceneOverrides, session: GhostlineSession,
                                       location: TestLocation, variant: SceneVariant = SceneVariant(),
                                       suggest: Bool? = nil) -> DesignAssertionOutcome {
        let mode = SnapshotRecordMode.resolve(record)
        let identifier = name ?? snapshotIdentifier(location, variant: variant, inputs: inputs(scene, nil))
        let folder = location.directory.appendingPathComponent("__Snapshots__").appendingPathComponent(location.fileStem)
        let reference = folder.appendingPathComponent("\(identifier).png").path
        let referenceLayout = folder.appendingPathComponent("\(identifier).json").path
        let overrides = variant.applied(to: overrides)
        let description: SceneDescription
        let sceneName: String
        do {
            switch scene.source {
            case .file(let path):
                sceneName = location.resolve(path)
                description = try session.loader.describe(path: sceneName)
            case .description(let built):
                sceneName = "\(location.fileStem).\(identifier)"
                description = built
            }
        } catch {
            return DesignAssertionOutcome(passed: false, message: location.relativePaths("snapshot could not run: \(error)"), artifacts: [])
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
                return DesignAssertionOutcome(passed: false, message: location.relativePaths(
                    "\(why): recorded \(reference) (and its layout JSON); look at it, commit it, and run the test again"),
                                              artifacts: [])
            } catch {
                return DesignAssertionOutcome(passed: false, message: location.relativePaths("snapshot could not be recorded: \(error)"),
                                              artifacts: [])
            }
        }
        switch mode.step(referenceExists: FileManager.default.fileExists(atPath: reference), thing: "reference snapshot") {
        case .record(let why): return recordReference(why)
        case .failMissing:
            return DesignAssertionOutcome(passed: false, message: location.relativePaths(
                "no reference snapshot at \(reference); " + SnapshotRecordMode.howToRecord), artifacts: [])
        case .compare: break
        }
        var check = session.check(.description(description, name: sceneName), design: reference, overrides: overrides,
                                  options: options)
        check.referenceLayout = referenceLayout   // names the fonts the reference was drawn with
        check.options.againstReference = true     // "the reference", not "the design"
        check.verifySuggestions = suggests(suggest)
        do {
            let result = try check.run()
            if result.passes { return DesignAssertionOutcome(passed: true, message: location.relativePaths(result.summary), artifacts: []) }
            if mode.recordsOnFailure { return recordReference("the render differs and record mode is `failed`") }
            return failure(result, name: "\(location.fileStem).\(identifier)", location: location,
                           note: "the render differs from the reference \(reference)", compared: (reference, "reference"))
        } catch {
            return DesignAssertionOutcome(passed: false, message: location.relativePaths("snapshot check could not run: \(error)"), artifacts: [])
        }
    }

    /// The n-th unnamed snapshot of one test case and variant: `<test>[.<arguments>][.<variant>].<n>`. Counted per
    /// case and variant, so parallel cases never take each other's numbers.
    public static func snapshotIdentifier(_ location: TestLocation, variant: SceneVariant, inputs: [String]) -> String {
        location.testName + "." + caseIdentifier(location, variant: variant, inputs: inputs)
    }

    /// ``snapshotIdentifier(_:variant:inputs:)`` without the test's name: `[<arguments>.][<variant>.]<n>`, as
    /// swift-snapshot-testing's `named:` takes it.
    public static func caseIdentifier(_ location: TestLocation, variant: SceneVariant, inputs: [String]) -> String {
        let suffix = location.caseSuffix(variant: variant, inputs: inputs)
        let key = ([location.filePath, location.function] + suffix).joined(separator: "#")
        return (suffix + [String(SnapshotCounter.shared.next(key))]).joined(separator: ".")
    }

    /// What stands in for a parameterized case's arguments when they cannot be read: the scene's and design's names.
    static func inputs(_ scene: TestScene, _ design: String?) -> [String] {
        var parts: [String] = []
        if case .file(let path) = scene.source { parts.append(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent) }
        if let design { parts.append(URL(fileURLWithPath: design).deletingPathExtension().lastPathComponent) }
        return parts
    }

    /// Writes a failure's artifacts side by side — render, layout, the design or reference it was compared with,
    /// ghost, diff, review page, report, and the checked suggestions — and says where they are.
    public static func failure(_ result: DesignCheckResult, name: String, location: TestLocation, note: String?,
                               compared: (path: String, role: String)?) -> DesignAssertionOutcome {
        let directory = artifactsDirectory(for: location)
        let kinds: [DesignCheckArtifact] = result.scene == nil ? [.ghost, .diff, .page, .report]
                                                                : [.render, .layout, .ghost, .diff, .page, .report]
        var paths: [DesignCheckArtifact: String] = [:]
        for kind in kinds { paths[kind] = directory.appendingPathComponent(kind.fileName(name)).path }
        var message = (note.map { $0 + "\n" } ?? "") + result.summary
        // Unchecked suggestions point at the CLI's flag; here the switch is the assertion's.
        message = message.replacingOccurrences(of: "--suggest prints", with: "`suggest: true` (or GHOSTLINE_SUGGEST=1) prints")
        var artifacts: [(name: String, path: String, bytes: [UInt8])] = []
        var listed: [(String, String)] = []
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try result.write(paths)
            for kind in kinds {
                guard let path = paths[kind], let bytes = try? result.artifact(kind) else { continue }
                artifacts.append((URL(fileURLWithPath: path).lastPathComponent, path, bytes))
                listed.append((kind.rawValue, path))
            }
            var extra: [(role: String, file: String, bytes: [UInt8])] = []
            if let compared, let bytes = FileManager.default.contents(atPath: compared.path) {
                let ext = URL(fileURLWithPath: compared.path).pathExtension
                extra.insert((compared.role, "\(name).\(compared.role).\(ext.isEmpty ? "png" : ext)", [UInt8](bytes)), at: 0)
            }
            if let suggestions = result.comparison.suggestions, suggestions.verified != nil {
                extra.append(("suggestions", "\(name).suggestions.txt", Array(ReviewSummary.suggestionText(suggestions).utf8)))
                if !suggestions.patch.isEmpty { extra.append(("patch", "\(name).patch.yaml", Array(suggestions.yaml.utf8))) }
            }
            for file in extra {
                let path = directory.appendingPathComponent(file.file).path
                try Data(file.bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
                artifacts.append((file.file, path, file.bytes))
                listed.append((file.role, path))
            }
            message += "artifacts:\n" + listed.map { "  \($0.0): \($0.1)" }.joined(separator: "\n")
        } catch {
            message += "(the artifacts could not be written: \(error))"
        }
        return DesignAssertionOutcome(passed: false, message: location.relativePaths(message), artifacts: artifacts)
    }
}

/// Numbers the snapshots of one test case: the n-th `expectSnapshot` of a case and variant is `<…>.<n>`.
final class SnapshotCounter: @unchecked Sendable {
    static let shared = SnapshotCounter()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func next(_ key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        counts[key, default: 0] += 1
        return counts[key]!
    }
}
