/// How near a mistyped word is to the names it could have meant, for "did you mean" hints.
public enum Spelling {
    /// Levenshtein distance, counting a swap of two neighbours as one edit (the commonest typo). Only the first 64
    /// characters of `a` count, so a pasted paragraph costs no more than a word.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64)), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The name of `names` nearest to `word` (lowercased; the first on a tie), if it is near enough to suggest:
    /// within a third of its length in edits (at least one), or starting with the word.
    public static func nearest(to word: String, among names: [String]) -> String? {
        let typed = word.lowercased()
        guard let (name, edits) = names.map({ ($0, distance(typed, $0)) }).min(by: { $0.1 < $1.1 }) else { return nil }
        return edits <= max(1, name.count / 3) || name.hasPrefix(typed) ? name : nil
    }
}
