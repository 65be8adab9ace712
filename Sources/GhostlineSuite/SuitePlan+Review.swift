import Foundation

extension SuitePlan {
    /// This plan with only the cases named (and its fonts): what the review app runs again when one entry is
    /// approved or a file it reads changes.
    public func only(_ ids: Set<String>) -> SuitePlan {
        var copy = self
        copy.cases = cases.filter { ids.contains($0.id) }
        return copy
    }
}
