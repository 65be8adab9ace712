import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlinePNG

/// Compares a render with a design export: pixels (perceptual diff), a ghost image, and where each label's
/// lines sit in both images.
public enum DesignReview {
    /// What a review compares: two images at one scale, the background the render was drawn on, and the labels'
    /// lines from a layout.
    public struct Input {
        /// The render (Ghostline's output, or any image for `diff`).
        public var render: RGBAImage
        /// The design export; its size may differ from the render's (a finding, not an error).
        public var design: RGBAImage
        /// The render's name in the report and summary.
        public var renderPath: String
        /// The design's name in the report and summary.
        public var designPath: String
        /// The scale of both images: how many pixels a point is when lengths are reported in points.
        public var scale: Scale
        /// The colour the render was drawn on (the scene's background), for the ghost and the statistics.
        public var background: Color
        /// The render drawn on a clear background, when the caller has the scene: an exact ghost overlay.
        public var renderOverlay: RGBAImage?
        /// The labels' lines from the layout; empty for a pixels-only review.
        public var labels: [LabelLines]
        /// The scene the render came from, for the report; nil for `diff`.
        public var scenePath: String?
        /// The layout JSON the labels came from, for the report; nil otherwise.
        public var layoutPath: String?
        /// Whether the design came from a lossy codec (JPEG, lossy WebP), whose halved colour resolution puts a
        /// halo around text: its labels' ink is then judged by brightness (`TextGeometry.lumaOnly`).
        public var designIsLossy = false

        /// Creates an input; without labels the review compares pixels only.
        public init(render: RGBAImage, design: RGBAImage, renderPath: String, designPath: String, scale: Scale,
                    background: Color, renderOverlay: RGBAImage? = nil, labels: [LabelLines] = [],
                    scenePath: String? = nil, layoutPath: String? = nil) {
            self.render = render; self.design = design; self.renderPath = renderPath; self.designPath = designPath
            self.scale = scale; self.background = background; self.renderOverlay = renderOverlay; self.labels = labels
            self.scenePath = scenePath; self.layoutPath = layoutPath
        }
    }

    /// Compares a render with a design export: the pixel diff, then each label's lines measured from the ink of both
    /// images.
    ///
    /// When the sizes differ, the top-left overlap is compared and the difference becomes a finding.
    /// - Parameters:
    ///   - input: The two images, their scale and background, and the labels' lines.
    ///   - options: Thresholds, tolerance, ignored areas and diff image settings.
    /// - Returns: The comparison; its ``DesignComparison/passes`` and ``DesignComparison/findings`` give the verdict.
    /// - Throws: ``ReviewError/badInput(_:)`` when an image has no pixels to overlap or the pixel diff refuses its
    ///   input, ``ReviewError/badIgnoreBox(index:box:reason:)`` for an ignore box that is not finite, is empty or lies
    ///   outside the image.
    public static func compare(_ input: Input, options: ReviewOptions = ReviewOptions()) throws(ReviewError) -> DesignComparison {
        var render = input.render, design = input.design, overlay = input.renderOverlay
        let renderSize = PixelSize(of: render), designSize = PixelSize(of: design)
        if renderSize != designSize {
            // A size difference is a finding, not bad input: compare the overlap, anchored top-left (where a
            // screen's layout starts), and report the difference in points. Only no overlap at all is unusable.
            let width = min(render.width, design.width), height = min(render.height, design.height)
            guard width > 0, height > 0 else {
                throw .badInput("\(input.designPath): the design is \(designSize) and the render \(renderSize); with an empty image there is nothing to compare")
            }
            render = crop(render, width: width, height: height)
            design = crop(design, width: width, height: height)
            overlay = overlay.map { crop($0, width: width, height: height) }
        }
        let diffOptions = try options.diffOptions(background: input.background, scale: input.scale, size: PixelSize(of: render))
        let diff: DiffResult
        do {
            diff = try PixelDiff.compare(render: render, design: design, options: diffOptions)
        } catch {
            throw .badInput(error.description)
        }
        let geometry = TextGeometry(scale: input.scale, background: input.background)
        let bands = bands(for: input.labels)
        let labels = input.labels.indices.map { index in
            let label = input.labels[index]
            // Ink against what lies under the label (its button, bubble or cell), not against the page.
            let own = labelGeometry(label, base: geometry, page: input.background, scale: input.scale, designIsLossy: input.designIsLossy)
            let measured = compareLines(label, bands: bands[index], render: render, design: design, geometry: own)
            var comparison = LabelComparison(id: label.id, frame: label.frame, lines: measured.lines)
            comparison.renderLineCount = measured.renderLineCount
            comparison.designLineCount = measured.designLineCount
            comparison.missingGlyphs = label.missingGlyphs
            comparison.under = own.background
            return comparison
        }
        var comparison = DesignComparison(renderPath: input.renderPath, designPath: input.designPath, scenePath: input.scenePath,
                                layoutPath: input.layoutPath, renderSize: renderSize, designSize: designSize,
                                comparedSize: PixelSize(of: render), anchoredTopLeft: renderSize != designSize,
                                scale: input.scale, options: options, diff: diff, renderOverlay: overlay, background: input.background,
                                render: render, design: design,
                                labels: labels)
        comparison.designIsLossy = input.designIsLossy
        if options.compatibility != .pixelmatch {
            // A lossy codec quantises each 8 × 8 block (16 × 16 for halved colour) on its own, so a flat fill comes
            // back a level or two off in patches of one block: an area that small is the codec, not a shape.
            let side = input.designIsLossy ? Self.lossyBlock + 1 : 6
            comparison.faintRegions = FaintRegions.find(render: render, design: design, threshold: options.threshold,
                                                        ignore: diffOptions.ignore, minimumSide: side, minimumPixels: max(64, side * side))
        }
        return comparison
    }

    /// How one label's ink is told from what lies under it (its button, bubble or cell), not from the page.
    package static func labelGeometry(_ label: LabelLines, base: TextGeometry, page: Color, scale: Scale, designIsLossy: Bool) -> TextGeometry {
        var own = base
        let layers = label.layers(page: page)
        own.background = layers.last ?? page
        // Inside the fill, clear of its anti-aliased edge: one device pixel, and half another for a design tool
        // that snapped the shape to the pixel grid where Ghostline kept a fraction. What lies around the fill
        // (the page beside a button) is then outside the clip: its colour is no longer excluded from ink, so
        // white text on a button on a white page is ink again.
        own.clip = label.fillShape.map { $0.inset(by: scale.points(fromPixels: 1.5)) ?? $0 }
        own.otherBackgrounds = own.clip != nil ? [] : layers.dropLast().filter { $0 != own.background }
        own.excluded = label.nearbyShapes
        if designIsLossy, let text = label.textColor { own.lumaOnly = Self.brightnessTells(text, from: own.background) }
        return own
    }

    /// One label's lines measured in one image (the design, where a hypothesis would put the label): each line's ink
    /// and the number of lines found, as ``compareLines`` measures either image.
    package static func measureLines(_ label: LabelLines, bands: [LineBand], image: RGBAImage, geometry: TextGeometry) -> (ink: [LineInk?], count: Int?) {
        guard let first = bands.first, let last = bands.last else { return ([], nil) }
        let region = LineBand(id: label.id, lineIndex: 0, top: first.top, bottom: last.bottom, left: first.left, right: first.right)
        let window = geometry.inkWindow(region, in: image, keepingPixels: false)
        let own = geometry.lineBands(in: region, expectedLines: label.lines.count, image: image, window: window) ?? bands
        return (geometry.measure(own, in: image, window: window), geometry.lineCount(in: region, image: image, window: window))
    }

    /// The largest block a lossy codec quantises on its own, in device pixels: JPEG's 4:2:0 colour blocks (16 × 16)
    /// and VP8's macroblocks (16 × 16). Ringing and colour bleeding stay inside the blocks an edge touches.
    public static let lossyBlock = 16

    /// Whether text of colour `text` over `under` differs from it in brightness by at least twice what ink needs
    /// (`TextGeometry.inkThreshold` 0.1 of YIQ's range on the Y term alone: 26 levels), so that judging a lossy
    /// design's ink by brightness keeps the text's anti-aliased edges. Red text on a green of the same brightness
    /// does not, and keeps the full colour distance.
    static func brightnessTells(_ text: Color, from under: Color) -> Bool {
        func luma(_ c: Color) -> Double {
            let a = Double(c.alpha) / 255
            func flat(_ v: UInt8, _ u: UInt8) -> Double { Double(v) * a + Double(u) * (1 - a) }
            return 0.29889531 * flat(c.red, under.red) + 0.58662247 * flat(c.green, under.green) + 0.11448223 * flat(c.blue, under.blue)
        }
        let needed = 0.1 * (YIQ.maxDelta / 0.5053).squareRoot()
        return abs(luma(text) - luma(under)) >= 2 * needed
    }

    /// The band each line owns, from the layout: split from its neighbours where the two line boxes meet (the
    /// neighbours include lines of other labels that overlap it horizontally); the first and last lines of a
    /// label reach a whole line further out, so a design whose text moved (or whose line spacing differs) still
    /// lands in them.
    package static func bands(for labels: [LabelLines]) -> [[LineBand]] {
        struct Flat { let label: Int; let line: Int; let baseline: Double; let ascender: Double; let descent: Double; let left: Double; let right: Double }
        let flat: [Flat] = labels.enumerated().flatMap { index, label in
            label.lines.indices.map { i in
                Flat(label: index, line: i, baseline: label.lines[i].baseline, ascender: max(label.ascender, 0.1),
                     descent: max(-label.descender, 0), left: label.frame.minX - 2, right: label.frame.maxX + 2)
            }
        }
        var result = labels.map { label in [LineBand](repeating: LineBand(id: label.id, lineIndex: 0, top: 0, bottom: 0, left: 0, right: 0), count: label.lines.count) }
        // Lines sorted by baseline, so each line looks only at the neighbours that can still move its band's edges (a
        // layout JSON of 200,000 lines would otherwise take 4·10^10 comparisons). A neighbour above at distance g puts
        // the top edge at baseline − g·a/(d' + a) (a: this line's ascender, d': the neighbour's descent), never higher
        // than baseline − g·a/(D + a) with D the largest descent; once that is no lower than the edge found so far,
        // no neighbour further up can move it. Likewise below, with the largest ascender A.
        let sorted = flat.indices.sorted { flat[$0].baseline < flat[$1].baseline }
        let baselines = sorted.map { flat[$0].baseline }
        let largestDescent = flat.map(\.descent).max() ?? 0
        let largestAscender = flat.map(\.ascender).max() ?? 0
        /// The first position in `baselines` whose value is not below `value` (or, with `after`, above it).
        func position(of value: Double, after: Bool = false) -> Int {
            var low = 0, high = baselines.count
            while low < high {
                let middle = (low + high) / 2
                if after ? baselines[middle] <= value : baselines[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }
        for line in flat {
            let box = line.ascender + line.descent
            var top = line.baseline - line.ascender - box
            var bottom = line.baseline + line.descent + box
            let equal = position(of: line.baseline)..<position(of: line.baseline, after: true)
            // Neighbours above (smaller baselines), nearest first.
            for slot in stride(from: equal.lowerBound - 1, through: 0, by: -1) {
                let other = flat[sorted[slot]]
                let gap = line.baseline - other.baseline
                guard line.baseline - gap * line.ascender / (largestDescent + line.ascender) > top else { break }
                guard other.left < line.right && line.left < other.right else { continue }
                top = max(top, other.baseline + (line.baseline - other.baseline) * other.descent / (other.descent + line.ascender))
            }
            // Neighbours below (larger baselines), nearest first.
            for slot in equal.upperBound..<sorted.count {
                let other = flat[sorted[slot]]
                let gap = other.baseline - line.baseline
                guard line.baseline + gap * line.descent / (line.descent + largestAscender) < bottom else { break }
                guard other.left < line.right && line.left < other.right else { continue }
                bottom = min(bottom, line.baseline + (other.baseline - line.baseline) * line.descent / (line.descent + other.ascender))
            }
            result[line.label][line.line] = LineBand(id: labels[line.label].id, lineIndex: line.line, top: top, bottom: bottom,
                                                     left: line.left, right: line.right)
        }
        return result
    }

    /// Measures each line of a label in both images. Lines are found in each image by their dense cores within
    /// the label's region, so the k-th line of the design is compared with the k-th line of the render even when
    /// the line spacing differs; where that fails, the layout's bands are used for both.
    ///
    /// Each image's region is classified once (`TextGeometry.inkWindow`) and read three times: the line count, the
    /// lines' bands, and each band's ink.
    static func compareLines(_ label: LabelLines, bands: [LineBand], render: RGBAImage, design: RGBAImage,
                             geometry: TextGeometry) -> (lines: [LineComparison], renderLineCount: Int?, designLineCount: Int?) {
        guard let first = bands.first, let last = bands.last else { return ([], nil, nil) }
        let region = LineBand(id: label.id, lineIndex: 0, top: first.top, bottom: last.bottom, left: first.left, right: first.right)
        // Every band here is as wide as the region, so the rows' sums are all that is read.
        func measure(_ image: RGBAImage) -> (ink: [LineInk?], count: Int?) { measureLines(label, bands: bands, image: image, geometry: geometry) }
        let (rendered, renderCount) = measure(render)
        // What is measured is a function of the region's pixels alone (every band read lies inside it), so a
        // region the same in both images (a passing snapshot's every label) is measured once.
        let inside = bands.allSatisfy { $0.top >= region.top && $0.bottom <= region.bottom && $0.left >= region.left && $0.right <= region.right }
        let (designed, designCount) = inside && geometry.samePixels(in: region, render, design)
            ? (rendered, renderCount) : measure(design)
        let lines = label.lines.indices.map { i in
            let line = label.lines[i]
            return LineComparison(index: i, start: line.start, end: line.end, layoutBaseline: line.baseline,
                                  renderBaseline: rendered[i]?.baseline, designBaseline: designed[i]?.baseline,
                                  renderInk: rendered[i]?.box, designInk: designed[i]?.box)
        }
        return (lines, renderCount, designCount)
    }

    package static func crop(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        guard width != image.width || height != image.height else { return image }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let from = y * image.width * 4
            pixels.replaceSubrange(y * width * 4..<(y + 1) * width * 4, with: image.pixels[from..<from + width * 4])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The scale of a review of `fileNames`: `explicit` when given, else the one their `@Nx` suffixes state, else 1.
    ///
    /// - Throws: ``ConflictingScalesError`` when two names state different scales (`a@2x.png`, `b@3x.png`).
    public static func scale(_ explicit: Scale?, fileNames: [String]) throws(ConflictingScalesError) -> Scale {
        if let explicit { return explicit }
        let stated = Set(fileNames.compactMap { scale(fromFileName: $0)?.factor })
        guard stated.count <= 1 else { throw ConflictingScalesError(fileNames: fileNames) }
        return Scale(stated.first ?? 1)
    }

    /// The scale a file name states (`card@3x.png` → 3), if any.
    public static func scale(fromFileName path: String) -> Scale? {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard let at = name.range(of: "@", options: .backwards) else { return nil }
        let suffix = name[at.upperBound...]
        guard suffix.count == 2, suffix.hasSuffix("x"), let factor = Int(suffix.prefix(1)), (1...3).contains(factor) else { return nil }
        return Scale(factor)
    }
}

/// Files whose names state different scales (`render@2x.png`, `design@3x.png`): which one to compare at must be given.
public struct ConflictingScalesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The files, in the order they were given.
    public var fileNames: [String]

    /// Creates the error for `fileNames`.
    public init(fileNames: [String]) { self.fileNames = fileNames }

    /// "the file names state different scales (a@2x.png, b@3x.png); give the scale".
    public var description: String { "the file names state different scales (\(fileNames.joined(separator: ", "))); give the scale" }
}

extension LineInk {
    /// The line's ink as a rectangle in points: what a comparison keeps of it.
    package var box: Rect { Rect(x: inkLeft, y: inkTop, width: inkRight - inkLeft, height: inkBottom - inkTop) }
}
