import GhostlineImage

/// The per-pixel pass both comparisons (whole image and streamed) share: every pixel of a block of rows is
/// classified as ignored, unchanged, background, anti-aliasing only or different, counted, marked in the
/// difference mask and drawn in the diff image.
extension PixelDiff {
    /// What one pass counted. Chunks classified in parallel each keep their own and are summed afterwards.
    struct Tally {
        var differing = 0, antialiased = 0, background = 0, ignored = 0
        var worst: Float = 0
        mutating func add(_ other: Tally) {
            differing += other.differing; antialiased += other.antialiased; background += other.background
            ignored += other.ignored
            worst = max(worst, other.worst)
        }
    }

    /// The buffers the parallel chunks work on; safe to share because every chunk writes disjoint rows.
    struct ChunkJob: @unchecked Sendable {
        let a: PixelBuffer, e: PixelBuffer
        /// The diff image's pixels, or nil when none is wanted.
        let out: UnsafeMutableRawPointer?
        /// 1 where a pixel differs, 0 elsewhere.
        let mask: UnsafeMutablePointer<UInt8>
        let tallies: UnsafeMutablePointer<Tally>
    }

    /// The options, turned once into what the loop reads: packed colours, the squared-distance limit, the rule.
    struct Settings: Sendable {
        let compatibility: DiffCompatibility
        let ghostline: GhostlineRule
        let pixelmatch: PixelmatchRule
        let includeAA: Bool
        let hasBackground: Bool
        let background: UInt32
        let difference: UInt32, darker: UInt32?, antialiasing: UInt32
        let diffMask: Bool
        let ignore: IgnoreMap

        init(_ options: DiffOptions, width: Int, height: Int) {
            compatibility = options.compatibility
            ghostline = GhostlineRule(threshold: options.threshold, fade: options.fadeAlpha)
            pixelmatch = PixelmatchRule(threshold: options.threshold, fade: options.fadeAlpha)
            includeAA = options.includeAA
            hasBackground = options.background != nil
            background = options.background?.packed ?? 0
            difference = options.differenceColor.opaque.packed
            darker = options.darkerColor?.opaque.packed
            antialiasing = options.antialiasingColor.opaque.packed
            diffMask = options.diffMask
            ignore = IgnoreMap(options.ignore, width: width, height: height)
        }
    }

    /// Classifies `rows` with the mode's rule.
    static func classify(rows: Range<Int>, width: Int, job: ChunkJob, settings: Settings) -> Tally {
        switch settings.compatibility {
        case .ghostline: return classify(rows: rows, width: width, job: job, settings: settings, rule: settings.ghostline)
        case .pixelmatch: return classify(rows: rows, width: width, job: job, settings: settings, rule: settings.pixelmatch)
        }
    }

    /// Ignored pixels in the diff image: diagonal stripes 4 px wide of `DiffResult.ignoredColor`, with the
    /// faded image (or, in a mask, transparency) between them — plainly "not compared", and what was there still
    /// shows through.
    @inline(__always)
    static func isIgnoreStripe(x: Int, y: Int) -> Bool { (x &+ y) & 7 < 4 }

    static func classify<Rule: DiffRule>(rows: Range<Int>, width: Int, job: ChunkJob, settings: Settings,
                                         rule: Rule) -> Tally {
        var tally = Tally()
        guard !rows.isEmpty else { return tally }
        let a = job.a, e = job.e, out = job.out, mask = job.mask
        let hasBackground = settings.hasBackground, bg = settings.background
        let diffMask = settings.diffMask, hasIgnore = !settings.ignore.isEmpty
        let stripe = DiffResult.ignoredColor.packed
        // Locals, not reads through `settings`: the loop writes through raw pointers, which the optimizer must
        // otherwise assume could alias the settings and reload them for every pixel.
        let marks = Marks(difference: settings.difference, darker: settings.darker, antialiasing: settings.antialiasing,
                          includeAA: settings.includeAA, diffMask: settings.diffMask, drawsImage: out != nil)
        let ignore = settings.ignore
        let drawGrey = out != nil && !diffMask
        let backgroundLimit = settings.ghostline.limit
        // One-entry caches: text on a page is long runs of one colour, so the grey of the previous pixel (and its
        // background verdict) is usually the one needed next.
        let firstIndex = rows.lowerBound * width
        var greyKey = rule.fadeSource(actual: a[firstIndex], expected: e[firstIndex]), greyValue = rule.faded(greyKey)
        var bgKeyA = bg, bgKeyE = bg, bgNearA = true, bgNearE = true
        let noRuns: [Range<Int>] = []
        let skipsEqual = out == nil
        if skipsEqual { (mask + rows.lowerBound * width).initialize(repeating: 0, count: rows.count * width) }
        for y in rows {
            let rowBase = y * width
            // The row is walked as stretches of compared pixels, each followed by an ignored run (if any), so the
            // loop over compared pixels — nearly all of them — tests nothing about ignoring.
            let ignored = hasIgnore ? ignore.runs(row: y) : noRuns
            var start = 0
            for runIndex in 0...ignored.count {
                let stop = runIndex < ignored.count ? ignored[runIndex].lowerBound : width
                var x = start
                while x < stop {
                    let i = rowBase &+ x
                    // Without a diff image, equal pixels change nothing but a count: step over them a run at a
                    // time. With a background, a run is one colour, so its verdict (near the background or not) is
                    // the first pixel's; without one, any equal pixels do. The mask was zeroed above, so skipping
                    // its bytes leaves the 0 they would get.
                    if skipsEqual {
                        let pa = a[i]
                        if pa == e[i] {
                            if hasBackground {
                                let run = PixelRuns.uniform(a, e, from: i, count: stop &- x, colour: pa)
                                if pa != bgKeyA { bgKeyA = pa; bgNearA = pa == bg || FastYIQ.delta(pa, bg) <= backgroundLimit }
                                if bgNearA { tally.background &+= run }
                                x &+= run
                            } else {
                                x &+= PixelRuns.equal(a, e, from: i, count: stop &- x)
                            }
                            continue
                        }
                    }
                    defer { x &+= 1 }
                    let pa = a[i], pe = e[i]
                    var outPixel: UInt32 = 0
                    var isDifference = false
                    if pa != pe, let verdict = classifyChange(pa, pe, x: x, y: y, index: i, rule: rule, job: job,
                                                              marks: marks, tally: &tally) {
                        outPixel = verdict.pixel
                        isDifference = verdict.isDifference
                    } else if drawGrey {
                        let key = rule.fadeSource(actual: pa, expected: pe)
                        if key != greyKey { greyKey = key; greyValue = rule.faded(key) }
                        outPixel = greyValue
                    }
                    if hasBackground && !isDifference {
                        if pa != bgKeyA { bgKeyA = pa; bgNearA = pa == bg || FastYIQ.delta(pa, bg) <= backgroundLimit }
                        if bgNearA {
                            if pe != bgKeyE { bgKeyE = pe; bgNearE = pe == bg || FastYIQ.delta(pe, bg) <= backgroundLimit }
                            if bgNearE { tally.background &+= 1 }
                        }
                    }
                    mask[i] = isDifference ? 1 : 0
                    out?.storeBytes(of: outPixel.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
                }
                guard runIndex < ignored.count else { break }
                let run = ignored[runIndex]
                tally.ignored &+= run.count
                for x in run {
                    let i = rowBase &+ x
                    mask[i] = 0
                    guard let out else { continue }
                    let pixel: UInt32
                    if isIgnoreStripe(x: x, y: y) { pixel = stripe }
                    else if diffMask { pixel = 0 }
                    else { pixel = rule.faded(rule.fadeSource(actual: a[i], expected: e[i])) }
                    out.storeBytes(of: pixel.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
                }
                start = run.upperBound
            }
        }
        return tally
    }
}

extension PixelDiff {
    /// How a pixel that changed is drawn: the colours and flags `classifyChange` needs.
    struct Marks {
        let difference: UInt32, darker: UInt32?, antialiasing: UInt32
        let includeAA: Bool, diffMask: Bool, drawsImage: Bool
    }

    /// A pixel whose two values are not identical: nil when they are within the threshold (the caller draws it as
    /// unchanged), else its diff-image pixel and whether it is a difference (not anti-aliasing), counted in `tally`.
    ///
    /// Out of line on purpose: most pixels of a comparison are identical, and keeping this (with the anti-aliasing
    /// test it calls) out of the loop over them leaves that loop small enough to keep its values in registers.
    @inline(never)
    static func classifyChange<Rule: DiffRule>(_ pa: UInt32, _ pe: UInt32, x: Int, y: Int, index: Int, rule: Rule,
                                               job: ChunkJob, marks: Marks,
                                               tally: inout Tally) -> (pixel: UInt32, isDifference: Bool)? {
        let verdict = rule.compare(pa, pe, index: index)
        if verdict.squared > tally.worst { tally.worst = verdict.squared }
        guard verdict.differs else { return nil }
        if !marks.includeAA && rule.isAntialiased(x: x, y: y, a: job.a, e: job.e) {
            tally.antialiased &+= 1
            // A mask shows differences only (pixelmatch leaves anti-aliasing out of it too).
            return (marks.diffMask ? 0 : marks.antialiasing, false)
        }
        tally.differing &+= 1
        if let darker = marks.darker, marks.drawsImage, rule.secondIsDarker(pa, pe, index: index) {
            return (darker, true)
        }
        return (marks.difference, true)
    }
}

extension Color {
    /// The colour with full alpha: the diff image's marks are opaque whatever alpha a caller's colour has, as
    /// pixelmatch draws them.
    var opaque: Color { Color(red: red, green: green, blue: blue, alpha: 255) }
}
