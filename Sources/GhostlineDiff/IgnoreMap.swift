import GhostlineGeometry

/// A rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height` (y down from the top-left).
/// Used for the areas a comparison ignores; it may reach past the image, and only its part inside counts.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Every pixel a box given in points touches, at `scale`: a box edge part-way into a pixel takes the whole
    /// pixel, so an ignored status bar at 44 pt leaves none of its anti-aliased bottom edge behind at any scale.
    /// (The same 1e-6 px tolerance as `TextGeometry`, so 10 pt × 3 does not reach into pixel 30.) nil when the
    /// box is not finite, is empty, or lies wholly outside `PixelSize`.
    public init?(covering points: Rect, scale: Scale, within size: PixelSize) {
        let left = scale.pixels(fromPoints: points.minX), right = scale.pixels(fromPoints: points.maxX)
        let top = scale.pixels(fromPoints: points.minY), bottom = scale.pixels(fromPoints: points.maxY)
        guard [left, right, top, bottom].allSatisfy(\.isFinite), right > left, bottom > top else { return nil }
        func column(_ v: Double, _ rule: FloatingPointRoundingRule, limit: Int) -> Int {
            SafeConversion.index(v, rule, clampedTo: 0...limit)
        }
        let x0 = column(left + 1e-6, .down, limit: size.width), x1 = column(right - 1e-6, .up, limit: size.width)
        let y0 = column(top + 1e-6, .down, limit: size.height), y1 = column(bottom - 1e-6, .up, limit: size.height)
        guard x0 < x1, y0 < y1 else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "\(width)×\(height) px at (\(x), \(y))" }
}

/// The ignored pixels of an image as, per row, sorted disjoint runs of columns, so the diff loop can step through
/// a row's runs alongside its pixels instead of testing every rectangle at every pixel.
///
/// Rows are grouped into bands between the rectangles' top and bottom edges; every row of a band has the same
/// runs, so the map holds one run list per band (at most 2 × rectangles + 1), not one per row.
struct IgnoreMap: Sendable {
    /// Band i covers rows `bandStarts[i] ..< bandStarts[i + 1]` (the last band runs to the image's bottom).
    private var bandStarts: [Int] = []
    private var bandRuns: [[Range<Int>]] = []

    var isEmpty: Bool { bandStarts.isEmpty }

    init(_ rects: [PixelRect], width: Int, height: Int) {
        let clipped: [(rows: Range<Int>, columns: Range<Int>)] = rects.compactMap { r in
            let x0 = max(0, r.x), y0 = max(0, r.y)
            let x1 = min(width, Self.saturatingSum(r.x, r.width))
            let y1 = min(height, Self.saturatingSum(r.y, r.height))
            guard x0 < x1, y0 < y1 else { return nil }
            return (y0..<y1, x0..<x1)
        }
        guard !clipped.isEmpty else { return }
        let edges = Set(clipped.flatMap { [$0.rows.lowerBound, $0.rows.upperBound] } + [0]).sorted()
        for start in edges where start < height {
            let runs = clipped.filter { $0.rows.contains(start) }.map(\.columns).sorted { $0.lowerBound < $1.lowerBound }
            var merged: [Range<Int>] = []
            for run in runs {
                if let last = merged.last, run.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, run.upperBound)
                } else {
                    merged.append(run)
                }
            }
            bandStarts.append(start)
            bandRuns.append(merged)
        }
    }

    /// `a + b`, or Int.max when that overflows (a huge rectangle simply reaches past the image).
    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    /// The ignored column runs of row `y`, left to right.
    func runs(row y: Int) -> [Range<Int>] {
        guard !bandStarts.isEmpty else { return [] }
        // The last band starting at or above y.
        var low = 0, high = bandStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if bandStarts[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return bandStarts[low] <= y ? bandRuns[low] : []
    }

    /// Ignored pixels in total (the diff counts them as it goes; this is the independent sum the tests check).
    func count(height: Int) -> Int {
        (0..<height).reduce(0) { $0 + runs(row: $1).reduce(0) { $0 + $1.count } }
    }
}
