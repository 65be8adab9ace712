import GhostlineGeometry
import GhostlineImage

/// Measures where text ink is inside the bands layout says each line occupies, so a report can say "the
/// body's first baseline is 13 pt higher than the design" instead of counting pixels.
///
/// **Ink.** Each pixel (flattened onto the opaque background) whose YIQ distance from the background exceeds
/// `inkThreshold` (normalised, as `DiffOptions.threshold`) is ink, weighted by its coverage: the alpha
/// recovered by un-blending it from the background (`GhostImage.unblend`), 0…1. Faint anti-aliasing below the
/// threshold is ignored; partial pixels above it count partially. With a fully transparent `background` (an
/// image rendered on a clear canvas) the coverage is the pixel's alpha, and ink is alpha > `inkThreshold`.
///
/// **Extents.** `inkTop`/`inkBottom`/`inkLeft`/`inkRight` are the outer edges of the rows and columns with
/// any ink.
///
/// **Baseline.** From the row histogram `H[y]` (sum of coverage in row y of the band): glyph bodies fill many
/// columns of every row down to the baseline, while descenders (g, p, y, comma) are a few narrow strokes, so
/// the baseline is the bottom of the *last row whose ink is at least `baselineFraction` of the densest row*
/// (0.45 by default, between the ~100 % of body rows and the ~10–30 % of descender rows of ordinary text).
/// With crisp glyphs that boundary is the baseline exactly. With anti-aliasing, the glyph bottoms may end
/// part-way into a pixel row; that row's mean coverage per inked pixel, divided by the mean coverage per
/// inked pixel of the band's other dense rows, is the fraction of it the glyphs fill — for a row made of
/// glyph bottoms covering 40 % of each pixel the ratio is 0.4 and the baseline is placed 0.4 px into the row.
/// (Mean coverage rather than row totals, so a row that is sparse because it is a descender row, or narrower
/// because letters are round, is not mistaken for a partial one: its inked pixels are solid.) The error is
/// then below half a pixel either way: a partial row under the `baselineFraction` cut-off is left out, one
/// over it is counted by its fraction.
///
/// **x-height line.** The same from the top: the top edge of the first row at or above `baselineFraction` of
/// the densest row, moved down by the part of that row the glyphs don't fill. Ascenders and capitals above
/// it are sparse in mixed-case text; in capitals-only text the whole line is dense and this is the cap height.
public struct TextGeometry: Sendable {
    public var scale: Scale
    public var background: Color
    /// Normalised YIQ distance from the background above which a pixel is ink. 0.1 ignores coverage below
    /// about 10 % for dark text on white.
    public var inkThreshold: Double
    /// Fraction of the densest row's ink a row must reach to count as part of the glyph bodies.
    public var baselineFraction: Double
    /// Colours that are never ink besides `background`: what lies around the fill a label sits on (the page around
    /// a button, the cell around a badge), which a band reaching past the fill would otherwise read as ink.
    public var otherBackgrounds: [Color] = []
    /// Where ink may be: the inside of the fill the label sits on, its edges and border left out (``InkClip``);
    /// nil looks everywhere in a band.
    public var clip: InkClip?
    /// Shapes near the label but not under it (a separator below a title, an icon beside it, another element's
    /// fill), in points: their pixels, and 1.5 device pixels around them, are never ink. Why: a line's band reaches
    /// a line past the label, and a full-width hairline in it is the densest "text" row there is.
    public var excluded: [Rect] = []
    /// Judges ink by brightness alone (YIQ's Y): for a design from a lossy codec. Why: JPEG (4:2:0) and lossy WebP keep
    /// brightness at full resolution but halve colour, so around white text on a blue button the blue comes back
    /// greyer in a halo a few pixels wide. By full YIQ distance that halo is ink, and a dense band of it under the
    /// word was read as the baseline (5 pt off); by brightness it is the fill. Only for text whose brightness
    /// differs from what lies under it (the caller checks), which is nearly all UI text.
    public var lumaOnly = false

    public init(scale: Scale, background: Color, inkThreshold: Double = 0.1, baselineFraction: Double = 0.45) {
        self.scale = scale
        self.background = background
        self.inkThreshold = inkThreshold
        self.baselineFraction = baselineFraction
    }

    /// A band edge in points as a pixel boundary clipped to 0…`limit`: the first pixel the band touches (`.down`),
    /// or the one after the last (`.up`). The 1e-6 px tolerance keeps 10.000000001 × 3 from reaching into the next
    /// pixel. Edges that are not finite or far off the image clamp instead of trapping (`SafeConversion`).
    func pixelEdge(_ points: Double, _ rule: FloatingPointRoundingRule, limit: Int) -> Int {
        let pixels = scale.pixels(fromPoints: points) + (rule == .down ? 1e-6 : -1e-6)
        return SafeConversion.index(pixels, rule, clampedTo: 0...limit)
    }

    /// Whether `a` and `b` are the same size and hold the same pixels in `region` (the rows and columns
    /// `inkWindow` reads). Why: every measurement here is a function of those pixels alone, so a region that is
    /// the same in both images (every label of a passing snapshot) need only be measured once.
    public func samePixels(in region: LineBand, _ a: RGBAImage, _ b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        let top = pixelEdge(region.top, .down, limit: a.height), bottom = pixelEdge(region.bottom, .up, limit: a.height)
        let left = pixelEdge(region.left, .down, limit: a.width), right = pixelEdge(region.right, .up, limit: a.width)
        guard top < bottom, left < right else { return true }
        return a.pixels.withUnsafeBytes { ab in
            b.pixels.withUnsafeBytes { bb in
                guard let ap = ab.baseAddress, let bp = bb.baseAddress else { return false }
                let pa = PixelBuffer(base: ap, width: a.width, height: a.height)
                let pb = PixelBuffer(base: bp, width: b.width, height: b.height)
                let columns = right - left
                for y in top..<bottom where PixelRuns.equal(pa, pb, from: y &* a.width &+ left, count: columns) != columns {
                    return false
                }
                return true
            }
        }
    }

    /// One result per band, in order; nil where the band holds no ink (or lies outside the image). With a
    /// `window` (from `inkWindow`) the pixels it covers are not classified again.
    public func measure(_ bands: [LineBand], in image: RGBAImage, window: InkWindow? = nil) -> [LineInk?] {
        bands.map { measure($0, in: image, window: window) }
    }

    /// The ink coverage of every pixel of `region`, worked out once. Why: a review looks at a label's region
    /// three times — to count its lines, to find each line's band, to measure each band — and classifying a
    /// pixel (flatten, YIQ distance, un-blend) is most of the review's time; the later looks read this instead.
    ///
    /// - Parameter keepingPixels: false keeps only the per-row sums (`InkWindow.coverage` is then empty): enough for
    ///   every band as wide as the region, which is all a review measures, without writing 4 bytes a pixel. A band
    ///   narrower than the window is then classified from the image again, with the same result.
    public func inkWindow(_ region: LineBand, in image: RGBAImage, keepingPixels: Bool = true) -> InkWindow? {
        let top = pixelEdge(region.top, .down, limit: image.height), bottom = pixelEdge(region.bottom, .up, limit: image.height)
        let left = pixelEdge(region.left, .down, limit: image.width), right = pixelEdge(region.right, .up, limit: image.width)
        guard top < bottom, left < right else { return nil }
        let rows = bottom - top, columns = right - left
        var coverage = [Float](repeating: -1, count: keepingPixels ? rows * columns : 0)
        var rowInk = [Float](repeating: 0, count: rows), rowPixels = [Int](repeating: 0, count: rows)
        var rowFirstColumn = [Int](repeating: -1, count: rows), rowLastColumn = [Int](repeating: -1, count: rows)
        // Pixels come row by row, in column order: a row's sums are kept in locals and stored when the next row
        // starts (the same additions, in the same order, as the full-width reads below would make).
        var row = -1, sum: Float = 0, pixels = 0, first = -1, last = -1
        func store() {
            guard row >= 0 else { return }
            rowInk[row] = sum; rowPixels[row] = pixels; rowFirstColumn[row] = first; rowLastColumn[row] = last
        }
        coverage.withUnsafeMutableBufferPointer { values in
            self.coverage(of: image, rows: top..<bottom, columns: left..<right, window: nil) { x, y, c in
                if keepingPixels { values[y &* columns &+ x] = c }
                if y != row {
                    store()
                    row = y; sum = 0; pixels = 0; first = x
                }
                sum += c
                pixels &+= 1
                last = x
            }
        }
        store()
        let window = InkWindow(top: top, left: left, rows: rows, columns: columns, coverage: coverage, rowInk: rowInk,
                               rowPixels: rowPixels, rowFirstColumn: rowFirstColumn, rowLastColumn: rowLastColumn)
        return window
    }

    /// The window's rows `rows` (image rows), when it spans exactly `columns` and holds those rows: a band or region
    /// of the label the window was made for, which can then be read from the row sums alone.
    private func fullWidthRows(_ window: InkWindow?, rows: Range<Int>, columns: Range<Int>) -> Range<Int>? {
        guard let w = window, columns.lowerBound == w.left, columns.upperBound == w.left + w.columns,
              rows.lowerBound >= w.top, rows.upperBound <= w.top + w.rows else { return nil }
        return rows.lowerBound - w.top..<rows.upperBound - w.top
    }

    /// The ink of one band, or nil when it has none.
    public func measure(_ band: LineBand, in image: RGBAImage, window: InkWindow? = nil) -> LineInk? {
        // Band edges in points → whole pixel rows and columns that the band touches, clipped to the image.
        let top = pixelEdge(band.top, .down, limit: image.height), bottom = pixelEdge(band.bottom, .up, limit: image.height)
        let left = pixelEdge(band.left, .down, limit: image.width), right = pixelEdge(band.right, .up, limit: image.width)
        guard top < bottom, left < right else { return nil }

        let rows = bottom - top, columns = right - left
        var rowInk: [Float], rowPixels: [Int]
        var inkColumns: (first: Int, last: Int)?
        if let w = window, let slice = fullWidthRows(window, rows: top..<bottom, columns: left..<right) {
            // The band spans the window's width: its rows' sums are the window's, and its ink columns their extremes.
            rowInk = Array(w.rowInk[slice]); rowPixels = Array(w.rowPixels[slice])
            for row in slice where w.rowPixels[row] > 0 {
                inkColumns = (min(inkColumns?.first ?? .max, w.rowFirstColumn[row]), max(inkColumns?.last ?? -1, w.rowLastColumn[row]))
            }
        } else {
            rowInk = [Float](repeating: 0, count: rows)
            rowPixels = [Int](repeating: 0, count: rows)
            var columnHasInk = [Bool](repeating: false, count: columns)
            coverage(of: image, rows: top..<bottom, columns: left..<right, window: window) { x, y, c in
                rowInk[y] += c
                rowPixels[y] += 1
                columnHasInk[x] = true
            }
            if let first = columnHasInk.firstIndex(of: true), let last = columnHasInk.lastIndex(of: true) { inkColumns = (first, last) }
        }
        guard let firstRow = rowPixels.firstIndex(where: { $0 > 0 }),
              let lastRow = rowPixels.lastIndex(where: { $0 > 0 }),
              case let (firstColumn, lastColumn)? = inkColumns else { return nil }

        let densest = rowInk.max() ?? 0
        let cut = densest * Float(baselineFraction)
        let dense = rowInk.indices.filter { rowInk[$0] >= cut && rowPixels[$0] > 0 }
        let bodyTop = dense.first!, bodyBottom = dense.last!   // the densest row is always among them

        /// The share of row `y` the glyphs fill, from its mean coverage against the other dense rows'.
        func filled(_ y: Int) -> Double {
            var ink: Float = 0, pixels = 0
            for r in dense where r != y { ink += rowInk[r]; pixels += rowPixels[r] }
            guard pixels > 0, ink > 0 else { return 1 }
            let reference = ink / Float(pixels)
            let mean = rowInk[y] / Float(rowPixels[y])
            return Double(min(1, mean / reference))
        }

        let px = { (value: Double) in self.scale.points(fromPixels: value) }
        return LineInk(id: band.id, lineIndex: band.lineIndex,
                       inkTop: px(Double(top + firstRow)), inkBottom: px(Double(top + lastRow + 1)),
                       inkLeft: px(Double(left + firstColumn)), inkRight: px(Double(left + lastColumn + 1)),
                       baseline: px(Double(top + bodyBottom) + filled(bodyBottom)),
                       xHeightLine: px(Double(top + bodyTop + 1) - filled(bodyTop)),
                       inkArea: Double(rowInk.reduce(0, +)))
    }

    /// Calls `body(x − columns.lowerBound, y − rows.lowerBound, coverage)` for every ink pixel of the window;
    /// from `window` when it holds all of it.
    fileprivate func coverage(of image: RGBAImage, rows: Range<Int>, columns: Range<Int>, window: InkWindow?,
                          _ body: (Int, Int, Float) -> Void) {
        if let w = window, !w.coverage.isEmpty, rows.lowerBound >= w.top, rows.upperBound <= w.top + w.rows,
           columns.lowerBound >= w.left, columns.upperBound <= w.left + w.columns {
            w.coverage.withUnsafeBufferPointer { values in
                for y in rows {
                    let base = (y - w.top) * w.columns - w.left
                    for x in columns {
                        let c = values[base + x]
                        if c >= 0 { body(x - columns.lowerBound, y - rows.lowerBound, c) }
                    }
                }
            }
            return
        }
        let classifier = InkClassifier(self)
        // The excluded shapes that reach the window, as pixel bounds (centres inside the frame grown by 1.5 px).
        let blocked: [(left: Int, right: Int, top: Int, bottom: Int)] = excluded.compactMap { frame in
            let grow = 1.5
            func edge(_ points: Double, _ by: Double, _ rule: FloatingPointRoundingRule, _ limit: Int) -> Int {
                SafeConversion.index(scale.pixels(fromPoints: points) + by - 0.5, rule, clampedTo: -1...limit)
            }
            let left = edge(frame.x, -grow, .up, image.width), right = edge(frame.x + frame.width, grow, .down, image.width)
            let top = edge(frame.y, -grow, .up, image.height), bottom = edge(frame.y + frame.height, grow, .down, image.height)
            guard left <= right, top <= bottom, right >= columns.lowerBound, left < columns.upperBound,
                  bottom >= rows.lowerBound, top < rows.upperBound else { return nil }
            return (left, right, top, bottom)
        }
        image.pixels.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let width = image.width, background = classifier.background
            for y in rows {
                let cuts = blocked.isEmpty ? [] : blocked.filter { y >= $0.top && y <= $0.bottom }
                let row = base + (y &* width &+ columns.lowerBound) &* 4
                var count = columns.count
                var x = 0
                if let clip {
                    // Only the columns inside the fill's shape on this row.
                    let inside = clip.columns(row: y, scale: scale, limit: width).clamped(to: columns)
                    guard !inside.isEmpty else { continue }
                    x = inside.lowerBound &- columns.lowerBound
                    count = inside.upperBound &- columns.lowerBound
                }
                while x < count {
                    let p = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self))
                    if p == background {
                        // Most pixels of a text region are the background: step over its runs eight at a time.
                        x &+= PixelRuns.uniform(row, from: x, count: count &- x, colour: background)
                        continue
                    }
                    let c = classifier.coverage(p)
                    if c >= 0 {
                        let column = columns.lowerBound &+ x
                        if cuts.isEmpty || !cuts.contains(where: { column >= $0.left && column <= $0.right }) {
                            body(x, y &- rows.lowerBound, c)
                        }
                    }
                    x &+= 1
                }
            }
        }
    }
}

extension TextGeometry {
    /// How many lines of text the image holds in `region`: the dense cores of ink rows, as `lineBands` finds
    /// them. Nil when the region is empty or has no ink. The review compares the count in the render with the
    /// count in the design to say "render 2 lines, design 3" instead of a baseline offset that means nothing.
    public func lineCount(in region: LineBand, image: RGBAImage, window: InkWindow? = nil) -> Int? {
        cores(in: region, image: image, window: window)?.cores.count
    }

    /// The dense cores of ink rows in `region` (pixel rows relative to `top`), or nil without ink.
    func cores(in region: LineBand, image: RGBAImage, window: InkWindow? = nil) -> (top: Int, cores: [Range<Int>])? {
        let top = pixelEdge(region.top, .down, limit: image.height), bottom = pixelEdge(region.bottom, .up, limit: image.height)
        let left = pixelEdge(region.left, .down, limit: image.width), right = pixelEdge(region.right, .up, limit: image.width)
        guard top < bottom, left < right else { return nil }
        var rows: [Float]
        if let w = window, let slice = fullWidthRows(window, rows: top..<bottom, columns: left..<right) {
            rows = Array(w.rowInk[slice])
        } else {
            rows = [Float](repeating: 0, count: bottom - top)
            coverage(of: image, rows: top..<bottom, columns: left..<right, window: window) { _, y, c in rows[y] += c }
        }
        guard let densest = rows.max(), densest > 0 else { return nil }
        // A low bar (a sixth of the densest row) so a core is not split where an x-height body has only stems;
        // runs closer than a third of the thickest run are one core, runs thinner than a fifth of it are stray
        // strokes (a rule, an underline, a dot) rather than lines.
        let limit = densest / 6
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, ink) in rows.enumerated() {
            if ink >= limit { if start == nil { start = index } }
            else if let s = start { runs.append(s..<index); start = nil }
        }
        if let s = start { runs.append(s..<rows.count) }
        let thickest = runs.map(\.count).max() ?? 0
        var cores: [Range<Int>] = []
        for run in runs {
            if let last = cores.last, run.lowerBound - last.upperBound < max(1, thickest / 3) {
                cores[cores.count - 1] = last.lowerBound..<run.upperBound
            } else {
                cores.append(run)
            }
        }
        let thickestCore = cores.map(\.count).max() ?? 0
        cores = cores.filter { $0.count * 5 >= thickestCore }
        return (top, cores)
    }

    /// Splits a region holding several lines of text into one band per line, by the lines' dense cores.
    ///
    /// Why: a design whose line spacing differs from the render's puts its lines in different places, so bands cut
    /// from the render's layout would slice the design's lines in half. Each line of text has a dense core (the
    /// x-height body, where most rows carry ink) separated from the next core by sparse rows (ascenders,
    /// descenders, the gap). Runs of rows with enough ink form the cores; the band of a line runs from the middle
    /// of the gap above its core to the middle of the gap below.
    ///
    /// Returns nil unless exactly `expectedLines` cores are found (text missing, or lines merged): the caller
    /// then falls back to bands from the layout.
    public func lineBands(in region: LineBand, expectedLines: Int, image: RGBAImage, window: InkWindow? = nil) -> [LineBand]? {
        guard expectedLines > 0, let (top, cores) = cores(in: region, image: image, window: window) else { return nil }
        guard cores.count == expectedLines else { return nil }
        func points(_ row: Int) -> Double { scale.points(fromPixels: Double(top + row)) }
        return cores.indices.map { i in
            let upper = i == 0 ? region.top : points((cores[i - 1].upperBound + cores[i].lowerBound) / 2)
            let lower = i == cores.count - 1 ? region.bottom : points((cores[i].upperBound + cores[i + 1].lowerBound) / 2)
            return LineBand(id: region.id, lineIndex: i, top: upper, bottom: lower, left: region.left, right: region.right)
        }
    }
}
