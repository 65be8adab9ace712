/// One arranged view as a distribution sees it: lengths along the stack's axis only.
struct ArrangedSpan: Equatable {
    /// The intrinsic length, within `minimum…maximum`; a view without one starts at its minimum.
    var natural: Double
    /// Required bounds: the element's fixed length, or its min/max (a spacer's `minLength`).
    var minimum: Double
    var maximum: Double
    /// False for views with no intrinsic length (a spacer, a box without a width): Auto Layout gives them no
    /// hugging or compression resistance constraint, so they stretch and give way before any view with content.
    var hasIntrinsicLength: Bool
    var hugging: Int
    var compressionResistance: Int
    /// A label that may wrap (numberOfLines ≠ 1), or a stack holding one.
    var wraps: Bool
    /// The child's `grow`; nil leaves it to the model (see ``growWeight``).
    var grow: Double? = nil
    /// The child's `flex-shrink` (css model), 1 unless set.
    var shrink: Double = FlexOptions.defaultShrink
    /// The least length flex shrinking leaves it (css model): its minimum, or CSS's automatic minimum when that is
    /// more; at most its natural length.
    var shrinkFloor: Double = 0

    var growPriority: Int { hasIntrinsicLength ? hugging : 0 }
    /// Its share of leftover room among the children that grow: its `grow`, else 1 for a view without content (a
    /// spacer, a box without a length, as CSS's `flex: 1`) and 0 for one with content.
    var growWeight: Double { grow ?? (hasIntrinsicLength ? 0 : 1) }
    var shrinkPriority: Int { hasIntrinsicLength ? compressionResistance : 0 }
}

/// The result of a distribution: each view's length, and the space added to each gap between neighbours on top
/// of its minimum (`equalSpacing`, `equalCentering`).
struct DistributedSpans: Equatable {
    var lengths: [Double]
    var extraGaps: [Double]
}

/// UIStackView's distributions as pure arithmetic over lengths, one axis at a time.
///
/// The stack's edges are pinned to its first and last views (required), so the views and gaps must add up to
/// the stack's length; what each distribution does with the difference follows Apple's documentation of
/// `UIStackView.Distribution`:
/// - `fill`: "When the arranged views don't fit within the stack view, it shrinks the views according to their
///   compression resistance priority. If the arranged views don't fill the stack view, it stretches the views
///   according to their hugging priority. If there's any ambiguity, the stack view resizes the arranged views
///   based on their index". Ghostline resolves a tie by index: the first of the tied views takes all the change
///   it can, then the next (a horizontal stack of three default labels stretches the first, as shown on iOS in
///   ivanthinking.net's "Horizontal Stack Content Hugging"). Tied labels that wrap shrink to equal lengths
///   instead: UIKit adds a "UISV-text-width-disambiguation" constraint for multi-line labels to the same end
///   (useyourloaf.com, "Stack Views And Multi-Line Labels"), and squeezing the first to nothing serves no one.
/// - `fillEqually`, `fillProportionally`: lengths equal, or in proportion to the intrinsic lengths; a view's own
///   required size wins over the share (the others share what it leaves, as CSS flexbox freezes a clamped item).
/// - `equalSpacing`: intrinsic lengths, the leftover split equally between the gaps; when they do not fit, the
///   gaps stay at `spacing` and views shrink as in `fill`.
/// - `equalCentering`: intrinsic lengths, centres equally far apart "while maintaining the spacing property's
///   distance between views": a pair that would come closer than `spacing` keeps `spacing`, and the others share
///   the rest equally.
/// When nothing can absorb the difference (every view at a fixed size), the required constraints conflict and
/// Auto Layout breaks one of them; Ghostline leaves the space after the last view, or lets the views overflow.
enum StackDistributor {
    static let epsilon = 1e-9

    static func distribute(_ spans: [ArrangedSpan], gaps: [Double], available: Double,
                           _ distribution: StackDistribution, slack rule: StackSlack = .byHugging,
                           shrinking: StackShrink = .byCompressionResistance) -> DistributedSpans {
        var lengths = spans.map(\.natural)
        var extra = [Double](repeating: 0, count: max(0, spans.count - 1))
        let gapTotal = gaps.reduce(0, +)
        guard !spans.isEmpty else { return DistributedSpans(lengths: [], extraGaps: []) }
        switch distribution {
        case .fill:
            let slack = available - lengths.reduce(0, +) - gapTotal
            let growing = spans.contains { ($0.grow ?? 0) > 0 }
            if slack > epsilon && (growing || rule == .flexibleViewsOnly) {
                // Children that grow (and views without content) share the room by their weights (flexbox's
                // flex-grow, SwiftUI's flexible frames); in the uikit model what they cannot take goes by hugging.
                let members = spans.indices.filter { spans[$0].growWeight > 0 }
                let taken = grow(&lengths, spans, members: members, by: slack)
                if rule == .byHugging && slack - taken > epsilon { fill(&lengths, spans, slack: slack - taken) }
            } else if slack < -epsilon && shrinking == .flexShrink {
                _ = flexShrink(&lengths, spans, by: -slack)
            } else {
                fill(&lengths, spans, slack: slack)
            }
        case .fillEqually:
            lengths = proportional(spans, weights: spans.map { _ in 1 }, free: max(0, available - gapTotal))
        case .fillProportionally:
            let weights = spans.map { $0.hasIntrinsicLength ? $0.natural : 0 }
            let any = weights.contains { $0 > 0 }
            lengths = proportional(spans, weights: any ? weights : spans.map { _ in 1 }, free: max(0, available - gapTotal))
        case .equalSpacing:
            let slack = available - lengths.reduce(0, +) - gapTotal
            if spans.count < 2 || slack < 0 {
                fill(&lengths, spans, slack: slack)
            } else {
                extra = extra.map { _ in slack / Double(spans.count - 1) }
            }
        case .equalCentering:
            let slack = available - lengths.reduce(0, +) - gapTotal
            if spans.count < 2 || slack < 0 {
                fill(&lengths, spans, slack: slack)
            } else {
                extra = equalCentres(lengths, gaps: gaps, available: available)
            }
        }
        return DistributedSpans(lengths: lengths, extraGaps: extra)
    }

    /// The stack's length when nothing constrains it along its axis: every view at its intrinsic length (for
    /// `fillEqually`, at the longest one's, "if possible, the stack view stretches all the arranged views to match
    /// the view with the longest intrinsic size"; for `equalCentering`, just far enough apart to keep `spacing`).
    static func fittingLength(_ spans: [ArrangedSpan], gaps: [Double], _ distribution: StackDistribution) -> Double {
        let gapTotal = gaps.reduce(0, +)
        let naturals = spans.map(\.natural)
        switch distribution {
        case .fill, .fillProportionally, .equalSpacing:
            return naturals.reduce(0, +) + gapTotal
        case .fillEqually:
            let longest = naturals.max() ?? 0
            return spans.reduce(0) { $0 + max($1.minimum, min($1.maximum, longest)) } + gapTotal
        case .equalCentering:
            guard spans.count >= 2 else { return naturals.reduce(0, +) + gapTotal }
            let pairs = spans.count - 1
            let widest: Double = minimumCentreDistances(naturals, gaps: gaps).max() ?? 0
            let ends: Double = naturals[0] / 2 + naturals[pairs] / 2
            return ends + Double(pairs) * widest
        }
    }

    // MARK: fill

    /// Stretches (slack > 0) by hugging priority or squeezes (slack < 0) by compression resistance.
    static func fill(_ lengths: inout [Double], _ spans: [ArrangedSpan], slack: Double) {
        if slack > epsilon {
            var remaining = slack
            let tiers = Dictionary(grouping: spans.indices, by: { spans[$0].growPriority })
            for priority in tiers.keys.sorted() where remaining > epsilon {
                let members = tiers[priority]!.sorted()
                // Views without content (spacers, boxes without a length) share the space equally, as SwiftUI's
                // spacers do: Auto Layout leaves two of them ambiguous, and `[spacer, label, spacer]` is written
                // to centre the label. Views with content keep UIKit's tie rule: the first one takes it.
                if members.count > 1 && members.allSatisfy({ !spans[$0].hasIntrinsicLength }) {
                    remaining -= growEqually(&lengths, spans, members: members, by: remaining)
                    continue
                }
                for index in members where remaining > epsilon {
                    let take = min(remaining, spans[index].maximum - lengths[index])
                    guard take > 0 else { continue }
                    lengths[index] += take
                    remaining -= take
                }
            }
        } else if slack < -epsilon {
            var remaining = -slack
            let tiers = Dictionary(grouping: spans.indices, by: { spans[$0].shrinkPriority })
            for priority in tiers.keys.sorted() where remaining > epsilon {
                let members = tiers[priority]!.sorted()
                if members.count > 1 && members.allSatisfy({ spans[$0].wraps }) {
                    remaining -= shrinkToEqualLengths(&lengths, spans, members: members, by: remaining)
                    continue
                }
                for index in members where remaining > epsilon {
                    let take = min(remaining, lengths[index] - spans[index].minimum)
                    guard take > 0 else { continue }
                    lengths[index] -= take
                    remaining -= take
                }
            }
        }
    }

    /// Grows `members` by their ``ArrangedSpan/growWeight``s, each no longer than its maximum (one that reaches it is
    /// frozen there and the others share the rest again, as flexbox resolves flexible lengths); returns how much
    /// they took. Equal weights take ``growEqually(_:_:members:by:)``'s arithmetic exactly.
    static func grow(_ lengths: inout [Double], _ spans: [ArrangedSpan], members: [Int], by amount: Double) -> Double {
        guard let first = members.first else { return 0 }
        let weight = spans[first].growWeight
        if members.allSatisfy({ spans[$0].growWeight == weight }) { return growEqually(&lengths, spans, members: members, by: amount) }
        return resolve(&lengths, members: members, weight: { spans[$0].growWeight }, toward: { spans[$0].maximum },
                       growing: true, by: amount)
    }

    /// Shrinks every child by its `flex-shrink` times its natural length (css-flexbox-1 §9.7: the scaled shrink
    /// factor), by `amount` in all, none below its ``ArrangedSpan/shrinkFloor``: a child that reaches its floor is
    /// frozen there and the others share what it could not give. Returns how much they gave; the rest overflows.
    static func flexShrink(_ lengths: inout [Double], _ spans: [ArrangedSpan], by amount: Double) -> Double {
        func scaled(_ index: Int) -> Double { spans[index].shrink * spans[index].natural }
        return resolve(&lengths, members: spans.indices.filter { scaled($0) > 0 }, weight: scaled,
                       toward: { spans[$0].shrinkFloor }, growing: false, by: amount)
    }

    /// Flexbox's loop for resolving flexible lengths (css-flexbox-1 §9.7), for growing and shrinking alike: `amount`
    /// is shared among `members` in proportion to `weight`, each moving toward its `bound` (a maximum when growing,
    /// a floor when shrinking); a member whose share would carry it past its bound is frozen there, and the rest is
    /// shared again among the others. Returns how much was shared.
    static func resolve(_ lengths: inout [Double], members: [Int], weight: (Int) -> Double, toward bound: (Int) -> Double,
                        growing: Bool, by amount: Double) -> Double {
        func room(_ index: Int) -> Double { growing ? bound(index) - lengths[index] : lengths[index] - bound(index) }
        var open = members.filter { room($0) > epsilon }
        var remaining = amount
        while remaining > epsilon, !open.isEmpty {
            let total = open.reduce(0) { $0 + weight($1) }
            let frozen = open.filter { remaining * weight($0) / total > room($0) }
            if frozen.isEmpty {
                for index in open {
                    let share = remaining * weight(index) / total
                    if growing { lengths[index] += share } else { lengths[index] -= share }
                }
                return amount
            }
            for index in frozen {
                remaining -= room(index)
                lengths[index] = bound(index)
            }
            open.removeAll { frozen.contains($0) }
        }
        return amount - remaining
    }

    /// Grows `members` by equal amounts, each no longer than its maximum (one that reaches it leaves the rest to
    /// the others), by `amount` or as much as they can take; returns how much they took.
    static func growEqually(_ lengths: inout [Double], _ spans: [ArrangedSpan], members: [Int], by amount: Double) -> Double {
        var open = members.filter { spans[$0].maximum - lengths[$0] > epsilon }
        var remaining = amount
        while remaining > epsilon, !open.isEmpty {
            let share = remaining / Double(open.count)
            var next: [Int] = []
            for index in open {
                let take = min(share, spans[index].maximum - lengths[index])
                lengths[index] += take
                remaining -= take
                if spans[index].maximum - lengths[index] > epsilon { next.append(index) }
            }
            if next.count == open.count { break }   // everyone took a full share: nothing left to hand out
            open = next
        }
        return amount - remaining
    }

    /// Shrinks the longest of `members` first, down to a common length (each no shorter than its minimum), by
    /// `amount` or as much as they can give; returns how much they gave.
    static func shrinkToEqualLengths(_ lengths: inout [Double], _ spans: [ArrangedSpan], members: [Int], by amount: Double) -> Double {
        func given(atLevel level: Double) -> Double {
            members.reduce(0) { $0 + max(0, lengths[$1] - max(level, spans[$1].minimum)) }
        }
        let possible = given(atLevel: 0)
        let target = min(amount, possible)
        var low = 0.0, high = members.map { lengths[$0] }.max() ?? 0
        for _ in 0..<200 where high - low > 1e-12 {
            let middle = (low + high) / 2
            if given(atLevel: middle) > target { low = middle } else { high = middle }
        }
        for index in members { lengths[index] = min(lengths[index], max(high, spans[index].minimum)) }
        return target
    }

    // MARK: fillEqually, fillProportionally

    /// Shares `free` in proportion to `weights`, each share within its view's bounds: a share outside them is
    /// frozen at the bound and the rest shared again (the CSS flexbox "resolve flexible lengths" loop).
    static func proportional(_ spans: [ArrangedSpan], weights: [Double], free: Double) -> [Double] {
        var lengths = [Double](repeating: 0, count: spans.count)
        var active = Array(spans.indices)
        var remaining = free
        while !active.isEmpty {
            let total = active.reduce(0) { $0 + weights[$1] }
            var targets: [Int: Double] = [:]
            for index in active {
                targets[index] = total > 0 ? remaining * weights[index] / total : remaining / Double(active.count)
            }
            var violation = 0.0
            var clamped: [Int: Double] = [:]
            for index in active {
                let value = max(spans[index].minimum, min(spans[index].maximum, targets[index]!))
                clamped[index] = value
                violation += value - targets[index]!
            }
            let frozen = active.filter { index in
                let moved = clamped[index]! - targets[index]!
                if abs(violation) <= epsilon { return true }
                return violation > 0 ? moved > epsilon : moved < -epsilon
            }
            for index in frozen { lengths[index] = clamped[index]!; remaining -= clamped[index]! }
            active.removeAll { frozen.contains($0) }
        }
        return lengths
    }

    // MARK: equalCentering

    /// For each pair of neighbours, how far apart their centres must be to keep the minimum gap between them.
    static func minimumCentreDistances(_ lengths: [Double], gaps: [Double]) -> [Double] {
        var result: [Double] = []
        for index in 0..<max(0, lengths.count - 1) {
            let halves: Double = (lengths[index] + lengths[index + 1]) / 2
            result.append(halves + gaps[index])
        }
        return result
    }

    /// The extra space in each gap that puts the centres an equal distance d apart, where pairs that need more
    /// than d to keep their minimum gap keep it and the others share the rest.
    static func equalCentres(_ lengths: [Double], gaps: [Double], available: Double) -> [Double] {
        let pairs = lengths.count - 1
        let minimumCentres = minimumCentreDistances(lengths, gaps: gaps)
        let ends: Double = lengths[0] / 2 + lengths[pairs] / 2
        let centreSpan = available - ends
        // The largest minimums are kept one by one until the equal distance left for the rest covers them all.
        let descending = minimumCentres.sorted(by: >)
        var kept = 0.0
        var distance = centreSpan / Double(pairs)
        for count in 0..<pairs {
            distance = (centreSpan - kept) / Double(pairs - count)
            if distance >= descending[count] - epsilon { break }
            kept += descending[count]
        }
        return minimumCentres.map { max(0, distance - $0) }
    }
}
