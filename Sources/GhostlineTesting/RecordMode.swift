import Foundation

/// When a snapshot check records its reference instead of comparing with it, as swift-snapshot-testing's
/// record modes do.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Record a reference that does not exist yet (and fail once, so the new file is noticed); compare the rest.
    case missing
    /// Record every reference again, and fail so nothing passes by accident.
    case all
    /// Record only where the comparison fails (accepting the new render), and fail.
    case failed
    /// Never record: a missing reference fails with how to record it. Right for CI.
    case never

    /// `GHOSTLINE_RECORD` (`missing`, `all`, `failed`, `never`; `1` or `true` mean `all`, as Ghostline's own
    /// snapshot tests use it). Without it: `never` on CI (`CI` set to `true` or `1`), where a recorded file would
    /// vanish with the checkout, else `missing`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotRecordMode? {
        if let value = environment["GHOSTLINE_RECORD"]?.lowercased(), !value.isEmpty {
            if value == "1" || value == "true" || value == "yes" { return .all }
            if value == "0" || value == "false" || value == "no" { return .never }
            return SnapshotRecordMode(rawValue: value)
        }
        return nil
    }

    /// The mode a check uses: the one asked for in the call, else the environment's, else the default for this
    /// machine (as swift-snapshot-testing: the innermost setting wins).
    public static func resolve(_ requested: SnapshotRecordMode?,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotRecordMode {
        if let requested { return requested }
        if let fromEnvironment = fromEnvironment(environment) { return fromEnvironment }
        let ci = environment["CI"]?.lowercased()
        return ci == "true" || ci == "1" ? .never : .missing
    }
}
