import GhostlineScene
import GhostlineSupport

/// Why a suite could not run at all (as opposed to an entry that fails, which the suite records and goes on).
/// Each is one line naming the file, the place and the fix; the CLI prints it and exits 2. The cause is kept for
/// callers that switch on it.
public enum SuiteError: Error, CustomStringConvertible, Sendable {
    /// The manifest is not valid: `FILE:LINE:COLUMN: KEY.PATH: problem; fix`, as scene errors read.
    case manifest(SceneError)
    /// A value given to the suite (a shard, a job count) cannot be used: which setting, the value, and why. The CLI
    /// names the setting by its flag (`--shard 5/4: …`).
    case value(name: String, value: String, problem: String)
    /// What was asked of the suite cannot be done as asked (no reports to merge, reports that do not cover the plan).
    case usage(String)
    /// An output could not be written; nothing was.
    case output(OutputError)
    /// A suite report (to merge, or to balance shards by) cannot be used.
    case report(file: String, keyPath: String, problem: String, fix: String)

    /// The one line the CLI prints.
    public var description: String {
        switch self {
        case .manifest(let error): return error.description
        case .value(let name, let value, let problem): return "\(name) \(value): \(problem)"
        case .usage(let message): return message
        case .output(let error): return error.description
        case .report(let file, let keyPath, let problem, let fix):
            let path = keyPath.isEmpty ? "" : " \(keyPath):"
            return "\(Escaping.oneLine(file)):\(path) \(problem); \(fix)"
        }
    }
}
