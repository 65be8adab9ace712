extension GlyphRasterizer {
    /// `resample` when the bitmap grows (an emoji strike of 136 px drawn at 1000 pt): each target pixel then covers
    /// at most two source pixels on each axis, with the same area weights, summed separably. Each source row is
    /// first resampled across once (a strike has about a hundred rows, the target thousands), then every target
    /// row is the weighted sum of at most two of those: three operations a channel instead of a dozen, with the
    /// same bytes on every run. Against the per-pixel sums of the shrinking path, a channel may round one step
    /// apart where a sum falls within a few ulps of a half (`ResampleTests`).
    ///
    /// Returns false (nothing written) if a span covers more than two source pixels after all, for the general
    /// loops to do.
    static func upscale(_ source: [UInt8], width: Int, columns: (start: [Int], index: [Int], weight: [Double]),
                        rows: (start: [Int], index: [Int], weight: [Double]), into out: inout [UInt8], outWidth: Int,
                        area: Double) -> Bool {
        struct Pair { var count = 0, first = 0, second = 0; var w0 = 0.0, w1 = 0.0 }
        func pairs(_ spans: (start: [Int], index: [Int], weight: [Double])) -> [Pair]? {
            guard (0..<spans.start.count - 1).allSatisfy({ spans.start[$0 + 1] - spans.start[$0] <= 2 }) else { return nil }
            return (0..<spans.start.count - 1).map { target in
                let range = spans.start[target]..<spans.start[target + 1]
                var pair = Pair(count: range.count)
                if range.count > 0 { pair.first = spans.index[range.lowerBound]; pair.w0 = spans.weight[range.lowerBound] }
                if range.count > 1 { pair.second = spans.index[range.lowerBound + 1]; pair.w1 = spans.weight[range.lowerBound + 1] }
                return pair
            }
        }
        /// A sum as a byte, without branches that depend on the value (rounding half up by adding ½ and truncating:
        /// the sums here are never negative once clamped).
        @inline(__always) func byte(_ sum: Double) -> UInt8 { UInt8(truncatingIfNeeded: Int(min(255, max(0, sum * area)) + 0.5)) }
        guard width > 0, let across = pairs(columns), let down = pairs(rows) else { return false }
        let sourceRows = source.count / (width * 4)
        let rowLength = outWidth * 4
        // Every source row, resampled across: rowLength sums per row.
        var horizontal = [Double](repeating: 0, count: sourceRows * rowLength)
        source.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { horizontal in
                for row in 0..<sourceRows {
                    let from = row * width * 4, to = row * rowLength
                    for (x, column) in across.enumerated() {
                        for channel in 0..<4 {
                            var sum = 0.0
                            if column.count > 0 { sum += Double(source[from + column.first * 4 + channel]) * column.w0 }
                            if column.count > 1 { sum += Double(source[from + column.second * 4 + channel]) * column.w1 }
                            horizontal[to + x * 4 + channel] = sum
                        }
                    }
                }
            }
        }
        horizontal.withUnsafeBufferPointer { horizontal in
            out.withUnsafeMutableBufferPointer { out in
                for (y, row) in down.enumerated() where row.count > 0 && row.first < sourceRows {
                    let first = row.first * rowLength, to = y * rowLength
                    if row.count > 1, row.second < sourceRows {
                        let second = row.second * rowLength
                        for i in 0..<rowLength {
                            out[to + i] = byte(horizontal[first + i] * row.w0 + horizontal[second + i] * row.w1)
                        }
                    } else {
                        for i in 0..<rowLength { out[to + i] = byte(horizontal[first + i] * row.w0) }
                    }
                }
            }
        }
        return true
    }
}
