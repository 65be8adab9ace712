import GhostlineGeometry

/// A group of differing pixels, as the bounding box of the group in **pixels** (x right, y down from the
/// image's top-left corner) and the number of differing pixels inside it.
public struct PixelRegion: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// Differing pixels in the group; at most `width × height`, usually far fewer (the box of a changed word
    /// contains the word's background too).
    public var pixelCount: Int

    public init(x: Int, y: Int, width: Int, height: Int, pixelCount: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height; self.pixelCount = pixelCount
    }

    /// The box in points, the unit the report and layout use: every coordinate divided by the scale.
    public func rect(scale: Scale) -> Rect {
        Rect(x: scale.points(fromPixels: Double(x)), y: scale.points(fromPixels: Double(y)),
             width: scale.points(fromPixels: Double(width)), height: scale.points(fromPixels: Double(height)))
    }
}

/// Groups differing pixels into regions while the diff loop runs, without a per-pixel mask or recursion.
///
/// Two differing pixels belong together when they are at most `gap + 1` apart horizontally *and* vertically
/// (Chebyshev distance ≤ gap + 1; with gap 0 that is exactly 8-connectivity). The work happens on runs:
///
/// 1. While the diff scans a row, consecutive differing pixels with at most `gap` non-differing pixels
///    between them are collected into one *span* (row, first x, last x, pixel count). Only spans are stored.
/// 2. After the scan, each span is joined (union–find over span indices, path halving) with the spans of the
///    `gap + 1` rows above whose x-range comes within `gap + 1` columns; both rows are sorted by x, so this is a
///    merge-like sweep and the whole labelling is linear in the number of spans.
/// 3. Each group's bounding box is collected; boxes that still come within `gap` pixels of each other (an
///    L-shaped group can enclose another group without its pixels being near) are merged until none do.
/// 4. Regions are sorted top to bottom, then left to right.
struct RegionCollector {
    struct Span {
        var y: Int32, x0: Int32, x1: Int32, count: Int32
    }

    let gap: Int
    private(set) var spans: [Span] = []
    /// `rowStart[y]` is the index of row y's first span; `rowStart[height]` the number of spans.
    private var rowStart: [Int32]
    private var openX0 = -1, openX1 = -1, openCount = 0
    private var row = 0

    init(gap: Int, height: Int) {
        self.gap = gap
        rowStart = [Int32](repeating: 0, count: height + 1)
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        row = y
        rowStart[y] = Int32(truncatingIfNeeded: spans.count)
    }

    @inline(__always)
    mutating func add(x: Int) {
        if openX1 >= 0 && x - openX1 - 1 <= gap {
            openX1 = x
            openCount += 1
        } else {
            flush()
            openX0 = x; openX1 = x; openCount = 1
        }
    }

    @inline(__always)
    mutating func endRow() {
        flush()
    }

    private mutating func flush() {
        guard openX1 >= 0 else { return }
        spans.append(Span(y: Int32(truncatingIfNeeded: row), x0: Int32(truncatingIfNeeded: openX0),
                          x1: Int32(truncatingIfNeeded: openX1), count: Int32(truncatingIfNeeded: openCount)))
        openX0 = -1; openX1 = -1; openCount = 0
    }

    mutating func regions() -> [PixelRegion] {
        guard !spans.isEmpty else { return [] }
        let height = rowStart.count - 1
        rowStart[height] = Int32(truncatingIfNeeded: spans.count)
        var parent = [Int32](unsafeUninitializedCapacity: spans.count) { buffer, initialized in
            for i in 0..<spans.count { buffer[i] = Int32(truncatingIfNeeded: i) }
            initialized = spans.count
        }
        func find(_ i: Int) -> Int {
            var i = i
            while Int(parent[i]) != i {
                parent[i] = parent[Int(parent[i])]   // path halving
                i = Int(parent[i])
            }
            return i
        }
        func union(_ a: Int, _ b: Int) {
            let ra = find(a), rb = find(b)
            if ra != rb { parent[max(ra, rb)] = Int32(truncatingIfNeeded: min(ra, rb)) }
        }

        let reach = gap + 1
        for y in 0..<height {
            let a0 = Int(rowStart[y]), a1 = Int(rowStart[y + 1])
            guard a0 < a1 else { continue }
            for r in max(0, y - reach)..<y {
                let b0 = Int(rowStart[r]), b1 = Int(rowStart[r + 1])
                guard b0 < b1 else { continue }
                var j = b0
                for s in a0..<a1 {
                    let sx0 = Int(spans[s].x0), sx1 = Int(spans[s].x1)
                    while j < b1 && Int(spans[j].x1) + reach < sx0 { j += 1 }
                    var k = j
                    while k < b1 && Int(spans[k].x0) <= sx1 + reach {
                        union(s, k)
                        k += 1
                    }
                }
            }
        }

        var boxIndex = [Int32](repeating: -1, count: spans.count)
        var boxes: [Box] = []
        for s in spans.indices {
            let root = find(s)
            let span = spans[s]
            if boxIndex[root] < 0 {
                boxIndex[root] = Int32(truncatingIfNeeded: boxes.count)
                boxes.append(Box(minX: Int(span.x0), minY: Int(span.y), maxX: Int(span.x1), maxY: Int(span.y),
                                 count: Int(span.count)))
            } else {
                boxes[Int(boxIndex[root])].absorb(Box(minX: Int(span.x0), minY: Int(span.y), maxX: Int(span.x1),
                                                      maxY: Int(span.y), count: Int(span.count)))
            }
        }
        boxes = Self.mergeNearBoxes(boxes, reach: reach)
        boxes.sort { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
        return boxes.map {
            PixelRegion(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1,
                        pixelCount: $0.count)
        }
    }

    /// Inclusive pixel bounds and a pixel count.
    struct Box {
        var minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int

        mutating func absorb(_ other: Box) {
            minX = min(minX, other.minX); minY = min(minY, other.minY)
            maxX = max(maxX, other.maxX); maxY = max(maxY, other.maxY)
            count += other.count
        }
    }

    /// Merges boxes separated by at most `reach − 1` empty pixels on both axes, until no two are that close.
    /// Sorted by top edge, each box only looks at boxes starting at most `reach` rows below its bottom, so a
    /// pass is near-linear for regions spread over a page; a merge can bring new neighbours in range, hence
    /// the repeat (few passes in practice: each pass that merges anything lowers the count).
    static func mergeNearBoxes(_ input: [Box], reach: Int) -> [Box] {
        var boxes = input
        var merged = true
        while merged && boxes.count > 1 {
            merged = false
            boxes.sort { $0.minY < $1.minY }
            var alive = [Bool](repeating: true, count: boxes.count)
            for i in boxes.indices where alive[i] {
                var j = i + 1
                while j < boxes.count && boxes[j].minY <= boxes[i].maxY + reach {
                    if alive[j] && boxes[j].minX <= boxes[i].maxX + reach && boxes[i].minX <= boxes[j].maxX + reach {
                        boxes[i].absorb(boxes[j])
                        alive[j] = false
                        merged = true
                    }
                    j += 1
                }
            }
            if merged { boxes = boxes.indices.filter { alive[$0] }.map { boxes[$0] } }
        }
        return boxes
    }
}
