/// The reorder stage: a line's pieces from logical to visual order (UAX #9 rule L2).
///
/// Each piece has one embedding level (items never mix levels) and its glyphs are already in visual order
/// (HarfBuzz returns right-to-left runs reversed), so reordering whole pieces is enough: from the highest level
/// down to the lowest odd one, every maximal sequence of pieces at that level or above is reversed. Trailing
/// whitespace, which rule L1 would reset to the paragraph level, is never part of a line's drawn pieces.
enum BidiReorder {
    static func visualOrder<T>(_ items: [T], level: (T) -> UInt8) -> [T] {
        guard items.count > 1 else { return items }
        let levels = items.map(level)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return items }
        var order = Array(items.indices)
        var current = highest
        while current >= lowestOdd {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= current else { index += 1; continue }
                var end = index
                while end < order.count && levels[order[end]] >= current { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            if current == 0 { break }
            current -= 1
        }
        return order.map { items[$0] }
    }
}
