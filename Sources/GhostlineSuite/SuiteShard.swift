/// One of N parts of a suite, for spreading it over CI machines with the CI system's own matrix (as Playwright's
/// and Jest's `--shard K/N`). Every shard computes the same partition from the same plan (and the same recorded
/// costs), so the N parts cover every check exactly once without the machines talking to each other.
public struct SuiteShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based, as CI matrices count.
    public let index: Int
    /// How many parts (N).
    public let count: Int

    /// More parts than any CI matrix runs.
    public static let maximumCount = 1000

    /// Part `index` (1-based) of `count`; out of range is a bad value (`.value(name: "shard", …)`).
    public init(index: Int, count: Int) throws(SuiteError) {
        guard (1...Self.maximumCount).contains(count) else {
            throw .value(name: "shard", value: "\(index)/\(count)", problem: "N must be from 1 to \(Self.maximumCount), e.g. 1/4")
        }
        guard (1...count).contains(index) else {
            throw .value(name: "shard", value: "\(index)/\(count)",
                         problem: "K must be from 1 to N, e.g. 1/\(count) … \(count)/\(count)")
        }
        self.index = index; self.count = count
    }

    /// `K/N`, as a CI matrix writes it.
    public init(parsing text: String) throws(SuiteError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw .value(name: "shard", value: text, problem: "write K/N, e.g. 2/4 for the second of four parts")
        }
        try self.init(index: k, count: n)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The checks of this shard, in plan order.
    public func select(_ cases: [SuiteCase], costs: SuiteCosts? = nil) -> [SuiteCase] {
        let parts = Self.partition(cases, count: count, costs: costs)
        return parts[index - 1].map { cases[$0] }
    }

    /// Positions in `cases` for each of `count` shards, each in ascending order.
    ///
    /// Without costs, check i goes to shard i mod N: sizes differ by at most one, and neighbours in the plan (the
    /// content sizes of one screen, often alike in cost) are spread instead of piled on one machine. With costs
    /// (seconds each check took in an earlier report), the longest check goes first to the least loaded shard
    /// (LPT scheduling, within 4/3 of the best possible makespan); a check the report does not know costs the
    /// median of those it does. Ties go to the earlier check and the lower shard, so the result is the same on
    /// every machine.
    public static func partition(_ cases: [SuiteCase], count: Int, costs: SuiteCosts? = nil) -> [[Int]] {
        var parts = [[Int]](repeating: [], count: count)
        guard let costs else {
            for i in cases.indices { parts[i % count].append(i) }
            return parts
        }
        let fallback = costs.median
        let weighted = cases.indices.map { (index: $0, cost: costs.seconds[cases[$0].id] ?? fallback) }
            .sorted { $0.cost != $1.cost ? $0.cost > $1.cost : $0.index < $1.index }
        var loads = [Double](repeating: 0, count: count)
        for item in weighted {
            var lightest = 0
            for shard in 1..<count where loads[shard] < loads[lightest] { lightest = shard }
            loads[lightest] += item.cost
            parts[lightest].append(item.index)
        }
        return parts.map { $0.sorted() }
    }
}

/// Seconds per check id, read from an earlier suite report, to balance shards and to start long checks first.
public struct SuiteCosts: Sendable, Equatable {
    /// Seconds by check id.
    public var seconds: [String: Double]

    /// Costs by check id.
    public init(seconds: [String: Double]) { self.seconds = seconds }

    /// The median known cost (1 s when none is known), for checks the report has not seen.
    public var median: Double {
        let sorted = seconds.values.sorted()
        return sorted.isEmpty ? 1 : sorted[sorted.count / 2]
    }
}
