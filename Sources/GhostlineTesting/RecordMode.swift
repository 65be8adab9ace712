import Foundation

/// When a snapshot check records its reference instead of comparing with it, as swift-snapshot-testing's
/// record modes do. One mode drives every snapshot assertion Ghostline ships: `expectSnapshot`,
/// `assertSceneSnapshot`, and `assertSnapshot(of:as: .ghostline)` from GhostlineSnapshotTesting.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Record a reference that does not exist yet (and fail once, so the new file is noticed); compare the rest.
    case missing
    /// Record every reference again, and fail so nothing passes by accident.
    case all
    /// Record only where the comparison fails (accepting the new render), and fail.
    case failed
    /// Never record: a missing reference fails with how to record it. Right for CI.
    case never

    /// `GHOSTLINE_RECORD` (`missing`, `all`, `failed`, `never`; `1` or `true` mean `all`, `0` or `false` mean
    /// `never`), else swift-snapshot-testing's `SNAPSHOT_TESTING_RECORD` (same four names), so either variable
    /// drives every assertion. Nil when neither is set (or holds something else).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotRecordMode? {
        if let value = environment["GHOSTLINE_RECORD"]?.lowercased(), !value.isEmpty {
            if value == "1" || value == "true" || value == "yes" { return .all }
            if value == "0" || value == "false" || value == "no" { return .never }
            return SnapshotRecordMode(rawValue: value)
        }
        if let value = environment["SNAPSHOT_TESTING_RECORD"], let mode = SnapshotRecordMode(rawValue: value) {
            return mode
        }
        return nil
    }

    /// Whether this process runs on CI: `CI` is `true` or `1`, as GitHub Actions, GitLab, Buildkite and CircleCI set it.
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let ci = environment["CI"]?.lowercased()
        return ci == "true" || ci == "1"
    }

    /// The mode a check uses: the one asked for in the call, else the environment's, else the default for this
    /// machine: `never` on CI, where a recorded file would vanish with the checkout, else `missing` (as
    /// swift-snapshot-testing: the innermost setting wins).
    public static func resolve(_ requested: SnapshotRecordMode?,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotRecordMode {
        if let requested { return requested }
        if let fromEnvironment = fromEnvironment(environment) { return fromEnvironment }
        return isCI(environment) ? .never : .missing
    }

    /// What a check does before comparing, decided once for every kind of snapshot.
    public enum Step: Equatable, Sendable {
        /// Write the reference (and fail), saying why.
        case record(because: String)
        /// Fail: there is no reference, and this mode never records.
        case failMissing
        /// Compare with the reference; on a difference, ``recordsOnFailure`` says whether to record it.
        case compare
    }

    /// The step before comparing, given whether the reference exists. `thing` names the reference in the reason
    /// ("reference image", "reference snapshot").
    public func step(referenceExists: Bool, thing: String) -> Step {
        switch (self, referenceExists) {
        case (.all, _): return .record(because: "record mode is `all`")
        case (.never, false): return .failMissing
        case (.missing, false), (.failed, false): return .record(because: "no \(thing) yet")
        default: return .compare
        }
    }

    /// Whether a comparison that fails records the new picture as the reference.
    public var recordsOnFailure: Bool { self == .failed }

    /// What a failure for a missing reference says.
    static let howToRecord = "record it by running the test with GHOSTLINE_RECORD=missing (or record: .missing)"
}
