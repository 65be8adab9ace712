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

    @inline(__always)
    static func classify<Rule: DiffRule>(rows: Range<Int>, width: Int, job: ChunkJob, settings: Settings,
                                         rule: Rule) -> Tally {
        var tally = Tally()
        guard !rows.isEmpty else { return tally }
        let a = job.a, e = job.e, out = job.out, mask = job.mask
        let includeAA = settings.includeAA, hasBackground = settings.hasBackground, bg = settings.background
        let diffMask = settings.diffMask, hasIgnore = !settings.ignore.isEmpty
        let stripe = DiffResult.ignoredColor.packed
        let backgroundLimit = settings.ghostline.limit
        // One-entry caches: text on a page is long runs of one colour, so the grey of the previous pixel (and its
        // background verdict) is usually the one needed next.
        let firstIndex = rows.lowerBound * width
        var greyKey = rule.fadeSource(actual: a[firstIndex], expected: e[firstIndex]), greyValue = rule.faded(greyKey)
        var bgKeyA = bg, bgKeyE = bg, bgNearA = true, bgNearE = true
        for y in rows {
            let rowBase = y * width
            let ignored = hasIgnore ? settings.ignore.runs(row: y) : []
            var run = 0
            for x in 0..<width {
                let i = rowBase &+ x
                if hasIgnore {
                    while run < ignored.count && ignored[run].upperBound <= x { run += 1 }
                    if run < ignored.count && ignored[run].lowerBound <= x {
                        tally.ignored &+= 1
                        mask[i] = 0
                        guard let out else { continue }
                        let pixel: UInt32
                        if isIgnoreStripe(x: x, y: y) { pixel = stripe }
                        else if diffMask { pixel = 0 }
                        else { pixel = rule.faded(rule.fadeSource(actual: a[i], expected: e[i])) }
                        out.storeBytes(of: pixel.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
                        continue
                    }
                }
                let pa = a[i], pe = e[i]
                var outPixel: UInt32 = 0
                var isDifference = false
                var same = pa == pe
                if !same {
                    let verdict = rule.compare(pa, pe, index: i)
                    if verdict.squared > tally.worst { tally.worst = verdict.squared }
                    if !verdict.differs {
                        same = true
                    } else if !includeAA && rule.isAntialiased(x: x, y: y, a: a, e: e) {
                        tally.antialiased &+= 1
                        // A mask shows differences only (pixelmatch leaves anti-aliasing out of it too).
                        outPixel = diffMask ? 0 : settings.antialiasing
                    } else {
                        tally.differing &+= 1
                        isDifference = true
                        if let darker = settings.darker, out != nil, rule.secondIsDarker(pa, pe, index: i) {
                            outPixel = darker
                        } else {
                            outPixel = settings.difference
                        }
                    }
                }
                if same && out != nil && !diffMask {
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
        }
        return tally
    }
}

extension Color {
    /// The colour with full alpha: the diff image's marks are opaque whatever alpha a caller's colour has, as
    /// pixelmatch draws them.
    var opaque: Color { Color(red: red, green: green, blue: blue, alpha: 255) }
}
