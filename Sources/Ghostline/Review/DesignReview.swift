import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlinePNG

/// Settings of a design review; every default is what the CLI documents.
public struct ReviewOptions: Sendable {
    /// Per-pixel YIQ threshold (pixelmatch's; 0 = exact, 1 = anything goes).
    public var threshold: Double = 0.1
    /// The largest share of differing non-background pixels that still passes.
    public var tolerance: Double = 0.01
    /// The largest baseline offset, in points, that still passes; nil = one device pixel (1 / scale).
    public var baselineTolerance: Double?
    /// Opacity of the design under the render in the ghost image.
    public var opacity: Double = GhostImage.defaultOpacity
    /// Count anti-aliasing-only differences as differences.
    public var includeAA: Bool = false
    /// Compare the overlapping top-left area when the sizes differ, instead of refusing.
    public var anchorTopLeft: Bool = false
    /// Draw the diff image (needed for `--diff` and `--html`); without it a review skips 4 bytes a pixel.
    public var makeDiffImage: Bool = true
    public init() {}
}

/// One line's geometry in both images, in points (y down). Offsets are render − design: negative means the
/// render sits higher (or further left) than the design.
public struct LineComparison: Sendable {
    public var index: Int
    public var start: Int
    public var end: Int
    /// Where the layout put the baseline.
    public var layoutBaseline: Double
    /// Baselines measured from the ink in each image (nil when the band has no ink there).
    public var renderBaseline: Double?
    public var designBaseline: Double?
    public var renderInk: Rect?
    public var designInk: Rect?

    public var baselineOffset: Double? {
        guard let renderBaseline, let designBaseline else { return nil }
        return renderBaseline - designBaseline
    }
    public var leftOffset: Double? {
        guard let renderInk, let designInk else { return nil }
        return renderInk.minX - designInk.minX
    }
    public var widthDifference: Double? {
        guard let renderInk, let designInk else { return nil }
        return renderInk.width - designInk.width
    }
}

public struct LabelComparison: Sendable {
    public var id: String
    public var lines: [LineComparison]
    /// The largest |baseline offset| over the lines that have ink in both images.
    public var maxBaselineOffset: Double { lines.compactMap(\.baselineOffset).map(abs).max() ?? 0 }
    /// True when some line has ink in only one of the two images (text missing or moved far away).
    public var missingInk: Bool { lines.contains { ($0.renderBaseline == nil) != ($0.designBaseline == nil) } }
}

/// The outcome of comparing a render with a design export.
public struct DesignComparison: Sendable {
    public var actualPath: String
    public var designPath: String
    public var scenePath: String?
    public var layoutPath: String?
    public var actualSize: PixelSize
    public var designSize: PixelSize
    /// The area compared (the overlap when `anchorTopLeft` allowed different sizes).
    public var comparedSize: PixelSize
    public var anchoredTopLeft: Bool
    public var scale: Scale
    public var options: ReviewOptions
    public var diff: DiffResult
    /// The render drawn on a clear canvas (from `check`), which makes the ghost exact; nil for `diff`.
    public var renderOverlay: RGBAImage?
    public var background: Color
    public var actual: RGBAImage
    public var design: RGBAImage
    public var labels: [LabelComparison]

    public var baselineTolerance: Double { options.baselineTolerance ?? 1 / scale.value }
    public var pixelsPass: Bool { diff.ratio <= options.tolerance }
    public var offendingLabels: [LabelComparison] {
        labels.filter { $0.maxBaselineOffset > baselineTolerance + 1e-9 || $0.missingInk }
    }
    public var passes: Bool { pixelsPass && offendingLabels.isEmpty }
    /// The ghost image: the design at `options.opacity` under the render. Composed on demand (a few
    /// milliseconds for a phone screen), since a plain `diff` that writes no ghost should not pay for it.
    public func ghost() throws(ReviewError) -> RGBAImage {
        do {
            if let renderOverlay {
                return try GhostImage.compose(design: design, renderOverlay: renderOverlay, background: background,
                                              opacity: options.opacity)
            }
            return try GhostImage.compose(design: design, render: actual, renderBackground: background, opacity: options.opacity)
        } catch {
            throw .badInput(error.description)
        }
    }

    /// Regions of difference in points.
    public var regions: [Rect] { diff.regions.map { $0.rect(scale: scale) } }
}

/// Compares a render with a design export: pixels (perceptual diff), a ghost image, and where each label's
/// lines sit in both images.
public enum DesignReview {
    public struct Input {
        public var actual: RGBAImage
        public var design: RGBAImage
        public var actualPath: String
        public var designPath: String
        public var scale: Scale
        /// The colour the render was drawn on (the scene's background), for the ghost and the statistics.
        public var background: Color
        /// The render drawn on a clear background, when the caller has the scene: an exact ghost overlay.
        public var renderOverlay: RGBAImage?
        public var labels: [LabelLines]
        public var scenePath: String?
        public var layoutPath: String?

        public init(actual: RGBAImage, design: RGBAImage, actualPath: String, designPath: String, scale: Scale,
                    background: Color, renderOverlay: RGBAImage? = nil, labels: [LabelLines] = [],
                    scenePath: String? = nil, layoutPath: String? = nil) {
            self.actual = actual; self.design = design; self.actualPath = actualPath; self.designPath = designPath
            self.scale = scale; self.background = background; self.renderOverlay = renderOverlay; self.labels = labels
            self.scenePath = scenePath; self.layoutPath = layoutPath
        }
    }

    public static func compare(_ input: Input, options: ReviewOptions = ReviewOptions()) throws(ReviewError) -> DesignComparison {
        var actual = input.actual, design = input.design, overlay = input.renderOverlay
        let actualSize = PixelSize(of: actual), designSize = PixelSize(of: design)
        if actualSize != designSize {
            guard options.anchorTopLeft else {
                throw .badInput("\(input.designPath): the design is \(designSize) but the render is \(actualSize) at @\(input.scale.factor)x; export the design at the render's size and scale, or pass --anchor top-left to compare the overlap")
            }
            let width = min(actual.width, design.width), height = min(actual.height, design.height)
            actual = crop(actual, width: width, height: height)
            design = crop(design, width: width, height: height)
            overlay = overlay.map { crop($0, width: width, height: height) }
        }
        let diffOptions = DiffOptions(threshold: options.threshold, includeAA: options.includeAA, background: input.background,
                                      regionGap: max(2, 2 * input.scale.factor), makeDiffImage: options.makeDiffImage)
        let diff: DiffResult
        do {
            diff = try PixelDiff.compare(actual: actual, expected: design, options: diffOptions)
        } catch {
            throw .badInput(error.description)
        }
        let geometry = TextGeometry(scale: input.scale, background: input.background)
        let bands = bands(for: input.labels)
        let labels = input.labels.indices.map { index in
            LabelComparison(id: input.labels[index].id,
                            lines: compareLines(input.labels[index], bands: bands[index], actual: actual, design: design,
                                                geometry: geometry))
        }
        return DesignComparison(actualPath: input.actualPath, designPath: input.designPath, scenePath: input.scenePath,
                                layoutPath: input.layoutPath, actualSize: actualSize, designSize: designSize,
                                comparedSize: PixelSize(of: actual), anchoredTopLeft: actualSize != designSize,
                                scale: input.scale, options: options, diff: diff, renderOverlay: overlay, background: input.background,
                                actual: actual, design: design,
                                labels: labels)
    }

    /// The band each line owns, from the layout: split from its neighbours where the two line boxes meet (the
    /// neighbours include lines of other labels that overlap it horizontally); the first and last lines of a
    /// label reach a whole line further out, so a design whose text moved (or whose line spacing differs) still
    /// lands in them.
    static func bands(for labels: [LabelLines]) -> [[LineBand]] {
        struct Flat { let label: Int; let line: Int; let baseline: Double; let ascender: Double; let descent: Double; let left: Double; let right: Double }
        let flat: [Flat] = labels.enumerated().flatMap { index, label in
            label.lines.indices.map { i in
                Flat(label: index, line: i, baseline: label.lines[i].baseline, ascender: max(label.ascender, 0.1),
                     descent: max(-label.descender, 0), left: label.frame.minX - 2, right: label.frame.maxX + 2)
            }
        }
        var result = labels.map { label in [LineBand](repeating: LineBand(id: label.id, lineIndex: 0, top: 0, bottom: 0, left: 0, right: 0), count: label.lines.count) }
        for line in flat {
            let box = line.ascender + line.descent
            var top = line.baseline - line.ascender - box
            var bottom = line.baseline + line.descent + box
            for other in flat where !(other.label == line.label && other.line == line.line)
                && other.left < line.right && line.left < other.right {
                if other.baseline > line.baseline {
                    bottom = min(bottom, line.baseline + (other.baseline - line.baseline) * line.descent / (line.descent + other.ascender))
                } else if other.baseline < line.baseline {
                    top = max(top, other.baseline + (line.baseline - other.baseline) * other.descent / (other.descent + line.ascender))
                }
            }
            result[line.label][line.line] = LineBand(id: labels[line.label].id, lineIndex: line.line, top: top, bottom: bottom,
                                                     left: line.left, right: line.right)
        }
        return result
    }

    /// Measures each line of a label in both images. Lines are found in each image by their dense cores within
    /// the label's region, so the k-th line of the design is compared with the k-th line of the render even when
    /// the line spacing differs; where that fails, the layout's bands are used for both.
    static func compareLines(_ label: LabelLines, bands: [LineBand], actual: RGBAImage, design: RGBAImage,
                             geometry: TextGeometry) -> [LineComparison] {
        guard let first = bands.first, let last = bands.last else { return [] }
        let region = LineBand(id: label.id, lineIndex: 0, top: first.top, bottom: last.bottom, left: first.left, right: first.right)
        func measure(_ image: RGBAImage) -> [LineInk?] {
            let own = geometry.lineBands(in: region, expectedLines: label.lines.count, image: image) ?? bands
            return geometry.measure(own, in: image)
        }
        let rendered = measure(actual)
        let designed = measure(design)
        return label.lines.indices.map { i in
            let line = label.lines[i]
            func rect(_ ink: LineInk?) -> Rect? {
                ink.map { Rect(x: $0.inkLeft, y: $0.inkTop, width: $0.inkRight - $0.inkLeft, height: $0.inkBottom - $0.inkTop) }
            }
            return LineComparison(index: i, start: line.start, end: line.end, layoutBaseline: line.baseline,
                                  renderBaseline: rendered[i]?.baseline, designBaseline: designed[i]?.baseline,
                                  renderInk: rect(rendered[i]), designInk: rect(designed[i]))
        }
    }

    static func crop(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        guard width != image.width || height != image.height else { return image }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let from = y * image.width * 4
            pixels.replaceSubrange(y * width * 4..<(y + 1) * width * 4, with: image.pixels[from..<from + width * 4])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
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

/// Hands a PNG stream's rows to the streaming differ.
private final class PNGRows: PixelRowSource {
    let stream: PNGRowStream
    init(_ stream: PNGRowStream) { self.stream = stream }
    var width: Int { stream.width }
    var height: Int { stream.height }
    func read(rows count: Int, into buffer: UnsafeMutableRawPointer) throws { try stream.read(rows: count, into: buffer) }
}

extension DesignReview {
    /// A pixels-only review of two PNG files (no layout, ghost, diff image or page), decoded a block of rows at a
    /// time and compared as they arrive: what a CI gate on two phone-sized exports needs, at a fraction of the
    /// memory. Returns nil when streaming cannot give the answer (an interlaced PNG, or sizes that differ, which
    /// the whole-image path reports or anchors); the caller then decodes whole.
    public static func compareStreaming(actualPath: String, designPath: String, scale: Scale, background: Color?,
                                        options: ReviewOptions) throws(ReviewError) -> DesignComparison? {
        func bytes(_ path: String) throws(ReviewError) -> [UInt8] {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .badInput(PNGError.unreadable(path: path, reason: "no such file, or it cannot be read").description)
            }
            return [UInt8](data)
        }
        let actualBytes = try bytes(actualPath), designBytes = try bytes(designPath)
        do {
            guard let actual = try PNGRowStream.open(actualBytes, source: actualPath),
                  let design = try PNGRowStream.open(designBytes, source: designPath),
                  actual.width == design.width, actual.height == design.height else { return nil }
            // The default background is the render's top-left pixel, read from a one-row stream of its own.
            var page = background
            if page == nil, let probe = try PNGRowStream.open(actualBytes, source: actualPath) {
                let row = UnsafeMutableRawPointer.allocate(byteCount: probe.width * 4, alignment: 4)
                defer { row.deallocate() }
                try probe.read(rows: 1, into: row)
                let first = row.assumingMemoryBound(to: UInt8.self)
                page = Color(red: first[0], green: first[1], blue: first[2])
            }
            let diffOptions = DiffOptions(threshold: options.threshold, includeAA: options.includeAA, background: page,
                                          regionGap: max(2, 2 * scale.factor), makeDiffImage: false)
            let diff = try PixelDiff.compare(actual: PNGRows(actual), expected: PNGRows(design), options: diffOptions)
            let size = PixelSize(width: actual.width, height: actual.height)
            let empty = RGBAImage(width: 0, height: 0, pixels: [])
            return DesignComparison(actualPath: actualPath, designPath: designPath, scenePath: nil, layoutPath: nil,
                                    actualSize: size, designSize: size, comparedSize: size, anchoredTopLeft: false,
                                    scale: scale, options: options, diff: diff, renderOverlay: nil, background: page ?? .white,
                                    actual: empty, design: empty, labels: [])
        } catch let error as PNGError {
            throw .badInput(error.description)
        } catch let error as DiffError {
            throw .badInput(error.description)
        } catch {
            throw .badInput("\(error)")
        }
    }
}
