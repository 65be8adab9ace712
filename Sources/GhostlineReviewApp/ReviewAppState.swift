import Foundation
import GhostlineRender
import GhostlineSuite
import GhostlineSupport

/// Why a request to the review app was refused; each case maps to one HTTP status and one sentence.
public enum ReviewAppError: Error, Equatable, Sendable {
    /// No entry of that name in the suite (404).
    case noEntry(String)
    /// Another approval or rejection of the entry is in progress (409): approvals of one entry never interleave.
    case busy(String)
    /// A file the request would write may not be written (403): outside the suite's reference folders, a symbolic
    /// link, or not a regular file. Nothing was written.
    case refusedWrite(String, reason: String)
    /// The request is malformed (400): a bad body, a comment too long.
    case badRequest(String)
    /// The check could not be run or its files written (500), with the cause.
    case failed(String)

    /// The HTTP status.
    public var status: Int {
        switch self {
        case .noEntry: return 404
        case .busy: return 409
        case .refusedWrite: return 403
        case .badRequest: return 400
        case .failed: return 500
        }
    }

    /// The sentence the API returns as `{ "error": … }`.
    public var message: String {
        switch self {
        case .noEntry(let name): return "no entry named \(Escaping.oneLine(name)) in this suite"
        case .busy(let name): return "\(Escaping.oneLine(name)) is being approved or rejected already; try again when it is done"
        case .refusedWrite(let path, let reason): return "\(Escaping.oneLine(path)): \(reason); nothing was written"
        case .badRequest(let why): return why
        case .failed(let why): return why
        }
    }
}

/// One entry as the review app shows it: the suite case, its latest result and page, and the decision on it.
public struct ReviewAppEntry: Sendable {
    /// The case of the plan.
    public var check: SuiteCase
    /// The latest result (nil while the first run has not reached it).
    public var entry: SuiteEntry?
    /// The entry's review page on disk, when it has one.
    public var page: String?
    /// True while it is being checked again.
    public var running = false
    /// How many checks of it have ended in this session: a page showing an older check's review is stale.
    public var checks = 0
    /// Whether its latest check left ghost and diff thumbnails.
    public var thumbnails = false
    /// SHA-256 of the render and of the target file as the app last hashed them (when a decision was made, or the
    /// entry was checked with a decision on record); nil before.
    public var digests: (render: String, target: String)?

    /// `pass`, `fail`, `error`, `accepted` (a design deviation accepted for these exact images), `rejected` (a failing
    /// entry with a rejection on record for them) or `pending`.
    public func status(_ decisions: SuiteDecisions) -> String {
        guard let entry else { return "pending" }
        if entry.accepted != nil { return "accepted" }   // the suite passed it by an acceptance on record
        if entry.verdict == .fail, let digests, let decision = decisions.latest(for: check.id),
           decision.render == digests.render, decision.design == digests.target {
            if decision.kind == .accepted, case .design = check.target { return "accepted" }
            if decision.kind == .rejected { return "rejected" }
        }
        return entry.verdict.rawValue
    }
}
