import GhostlineImage

/// Areas the per-pixel threshold hides: a whole shape whose colour differs by less than the threshold (an iOS
/// grey placeholder `#E5E5EA` deleted from white, a bubble of the wrong width, a separator gone).
///
/// Why a second look: pixelmatch's threshold (0.1) is meant to excuse anti-aliasing, and it does — but it also
/// excuses every light grey against white, so a missing placeholder changes no statistic. What tells the two
/// apart is shape: anti-aliasing is thin and scattered along edges, a missing shape is a solid area. So pixels
/// that differ at all but stay under the threshold are grouped into 4-connected areas, and an area counts when it
/// is solid: at least `minimumPixels` pixels in all, holding a square of `minimumSide` × `minimumSide` faint
/// pixels. (Not "filling half of its box": a bubble 6 pt wider differs in a crescent around its rounded end, a
/// solid band 18 px thick whose box is mostly empty.)
///
/// One pure function, as `PixelDiff.compare`: the same images give the same regions, in reading order of their
/// top-left corners.
public enum FaintRegions {
    /// One area: its bounding box in device pixels, how many pixels it holds, and the colour pair most of them
    /// show (render, design).
    public struct Region: Equatable, Sendable {
        public var box: PixelRect
        public var pixels: Int
        public var render: Color
        public var design: Color
    }

    /// The solid areas of faint difference between two images of the same size, outside `ignore`.
    /// - Parameters:
    ///   - threshold: the per-pixel threshold (normalised YIQ, as `DiffOptions.threshold`): pixels at or above it are
    ///     the diff's own, so only those below it are looked at here.
    ///   - minimumSide: the least width and height, in device pixels, of an area's box.
    ///   - minimumPixels: the least number of pixels in an area.
    public static func find(render: RGBAImage, design: RGBAImage, threshold: Double, ignore: [PixelRect] = [],
                            minimumSide: Int = 6, minimumPixels: Int = 64) -> [Region] {
        guard render.width == design.width, render.height == design.height, render.width > 0, render.height > 0 else { return [] }
        let width = render.width, height = render.height
        let limit = Float(YIQ.maxDelta * threshold * threshold)
        var ignored = [Bool](repeating: false, count: ignore.isEmpty ? 0 : width * height)
        for box in ignore {
            for y in max(0, box.y)..<min(height, box.y + box.height) where box.width > 0 {
                for x in max(0, box.x)..<min(width, box.x + box.width) { ignored[y * width + x] = true }
            }
        }
        // The faint pixels: different, but under the threshold.
        // 0: the same or clearly different; 1: faint; 2: faint and already in an area.
        var faint = [UInt8](repeating: 0, count: width * height)
        var any = false
        render.pixels.withUnsafeBytes { rb in
            design.pixels.withUnsafeBytes { db in
                guard let rp = rb.baseAddress, let dp = db.baseAddress else { return }
                let a = PixelBuffer(base: rp, width: width, height: height), e = PixelBuffer(base: dp, width: width, height: height)
                let total = width &* height
                var i = 0
                while i < total {
                    // Most pixels are the same in both images: step over equal runs eight at a time.
                    i &+= PixelRuns.equal(a, e, from: i, count: total &- i)
                    guard i < total else { break }
                    defer { i &+= 1 }
                    guard ignored.isEmpty || !ignored[i] else { continue }
                    let p = rb.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                    let q = db.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                    let d = FastYIQ.delta(UInt32(littleEndian: p), UInt32(littleEndian: q))
                    if d > 0.5 && d < limit { faint[i] = 1; any = true }
                }
            }
        }
        guard any else { return [] }
        // 4-connected areas, flood-filled with an explicit stack (no recursion, whatever the area's size).
        var regions: [Region] = []
        var stack: [Int] = []
        for start in 0..<(width * height) where faint[start] == 1 {
            faint[start] = 2
            stack.append(start)
            var count = 0, minX = width, minY = height, maxX = -1, maxY = -1
            var pairs: [UInt64: Int] = [:]
            while let i = stack.popLast() {
                count += 1
                let x = i % width, y = i / width
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                if count <= 256 {   // the colour pair of an area is read from its first pixels
                    let p = UInt64(render.pixels.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) })
                    let q = UInt64(design.pixels.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) })
                    pairs[p << 32 | q, default: 0] += 1
                }
                for n in [x > 0 ? i - 1 : -1, x + 1 < width ? i + 1 : -1, y > 0 ? i - width : -1, y + 1 < height ? i + width : -1]
                where n >= 0 && faint[n] == 1 {
                    faint[n] = 2
                    stack.append(n)
                }
            }
            let w = maxX - minX + 1, h = maxY - minY + 1
            guard w >= minimumSide, h >= minimumSide, count >= minimumPixels,
                  holdsSquare(faint, width: width, box: PixelRect(x: minX, y: minY, width: w, height: h), side: minimumSide)
            else { continue }
            let (pair, _) = pairs.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!
            func color(_ v: UInt32) -> Color {
                let v = UInt32(littleEndian: v)
                return Color(red: UInt8(v & 0xFF), green: UInt8(v >> 8 & 0xFF), blue: UInt8(v >> 16 & 0xFF), alpha: UInt8(v >> 24))
            }
            regions.append(Region(box: PixelRect(x: minX, y: minY, width: w, height: h), pixels: count,
                                  render: color(UInt32(truncatingIfNeeded: pair >> 32)), design: color(UInt32(truncatingIfNeeded: pair))))
        }
        return regions
    }

    /// Whether `box` holds a `side` × `side` square of faint pixels (`faint` non-zero), by a summed-area table of
    /// the box: one pass over it, then one look per square position.
    static func holdsSquare(_ faint: [UInt8], width: Int, box: PixelRect, side: Int) -> Bool {
        guard side > 0, box.width >= side, box.height >= side else { return false }
        let w = box.width + 1
        var sums = [Int32](repeating: 0, count: w * (box.height + 1))
        for y in 0..<box.height {
            var row: Int32 = 0
            let base = (box.y + y) * width + box.x
            for x in 0..<box.width {
                row += faint[base + x] != 0 ? 1 : 0
                sums[(y + 1) * w + x + 1] = sums[y * w + x + 1] + row
            }
        }
        let full = Int32(side * side)
        for y in side...box.height {
            for x in side...box.width
            where sums[y * w + x] - sums[(y - side) * w + x] - sums[y * w + x - side] + sums[(y - side) * w + x - side] == full {
                return true
            }
        }
        return false
    }
}
