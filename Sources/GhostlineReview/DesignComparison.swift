import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlinePNG

/// One line's geometry in both images, in points (y down). Offsets are render − design: negative means the
/// render sits higher (or further left) than the design.
public struct LineComparison: Sendable {
    /// The line's position in its label, from 0.
    public var index: Int
    /// The first scalar of the label's text on the line (as the layout JSON's `start`).
    public var start: Int
    /// The end (exclusive) of the line's scalars.
    public var end: Int
    /// Where the layout put the baseline.
    public var layoutBaseline: Double
    /// Baselines measured from the ink in each image (nil when the band has no ink there).
    public var renderBaseline: Double?
    /// See ``renderBaseline``: the baseline measured in the design, nil without ink.
    public var designBaseline: Double?
    /// The line's ink box in the render, in points; nil without ink.
    public var renderInk: Rect?
    /// The line's ink box in the design, in points; nil without ink.
    public var designInk: Rect?

    /// Render baseline − design baseline in points (negative: the render's line sits higher); nil unless both have ink.
    public var baselineOffset: Double? {
        guard let renderBaseline, let designBaseline else { return nil }
        return renderBaseline - designBaseline
    }
    /// Render ink's left edge − design ink's left edge in points (negative: the render starts further left); nil unless
    /// both have ink.
    public var leftOffset: Double? {
        guard let renderInk, let designInk else { return nil }
        return renderInk.minX - designInk.minX
    }
    /// Render ink width − design ink width in points (positive: the render's line is wider); nil unless both have ink.
    public var widthDifference: Double? {
        guard let renderInk, let designInk else { return nil }
        return renderInk.width - designInk.width
    }
}

/// One label compared: its lines in both images, the line counts each image shows, and glyphs no font had.
public struct LabelComparison: Sendable {
    /// The label's id, as in the layout.
    public var id: String
    /// The label's frame in the layout, in points: pixel regions inside it are the label's to explain.
    public var frame: Rect
    /// One comparison per line of the layout, in order.
    public var lines: [LineComparison]
    /// Lines of text found in each image within the label's region (nil: no ink there). The layout's own count
    /// is `lines.count`.
    public var renderLineCount: Int?
    /// See ``renderLineCount``: the lines of text found in the design.
    public var designLineCount: Int?
    /// Characters of the label no font could draw (`U+XXXX`), from its layout.
    public var missingGlyphs: [String] = []
    /// The colour under the label's text (the page with the fills under it laid over), which its ink is measured
    /// against; nil when unknown.
    public var under: Color? = nil
    /// True when the render shows as many lines as the layout says and the design a different number: the
    /// text wraps differently (width, size, letter spacing or the text itself differ). A render whose own count
    /// disagrees with its layout is not trusted to count the design's either.
    public var lineCountDiffers: Bool {
        guard let rendered = renderLineCount, let designed = designLineCount else { return false }
        return rendered == lines.count && designed != rendered
    }
    /// The largest |baseline offset| over the lines that have ink in both images.
    public var maxBaselineOffset: Double { lines.compactMap(\.baselineOffset).map(abs).max() ?? 0 }
    /// True when some line has ink in only one of the two images (text missing or moved far away).
    public var missingInk: Bool { lines.contains { ($0.renderBaseline == nil) != ($0.designBaseline == nil) } }
}

/// The outcome of comparing a render with a design export.
public struct DesignComparison: Sendable {
    /// The render's path as the report names it (`SCENE (rendered)` for `check`).
    public var renderPath: String
    /// The design export's path.
    public var designPath: String
    /// The scene the render came from (`check`); nil for `diff`.
    public var scenePath: String?
    /// The layout JSON the labels came from (`diff --layout`); nil otherwise.
    public var layoutPath: String?
    /// The render's size in pixels, before any cropping to the overlap.
    public var renderSize: PixelSize
    /// The design's size in pixels, before any cropping to the overlap.
    public var designSize: PixelSize
    /// The area compared: the top-left overlap when the sizes differ (a finding of its own; see `findings`).
    public var comparedSize: PixelSize
    /// True when the sizes differ and only the top-left overlap was compared.
    public var anchoredTopLeft: Bool
    /// The scale both images are compared at: pixels per point for every length in points.
    public var scale: Scale
    /// The options the review ran with.
    public var options: ReviewOptions
    /// The pixel comparison: counts, ratio, regions and the diff image (empty when `makeDiffImage` was off).
    public var diff: DiffResult
    /// The render drawn on a clear canvas (from `check`), which makes the ghost exact; nil for `diff`.
    public var renderOverlay: RGBAImage?
    /// Labels drawn with other font bytes than the reference's layout JSON names (empty when it names none): the
    /// summary says them first, before any pixel statistic.
    public var fontChanges: [FontChange] = []
    /// The colour the render was drawn on; pixels of this colour in both images are not compared (Ghostline's mode).
    public var background: Color
    /// The render, cropped to the compared area.
    public var render: RGBAImage
    /// The design export, cropped to the compared area.
    public var design: RGBAImage
    /// One comparison per label of the layout, in layout order; empty for a `diff` without `--layout`.
    public var labels: [LabelComparison]
    /// Solid areas whose colour differs by less than the pixel threshold (a grey placeholder gone, a shape of
    /// another size): each is a failing finding. Empty with `--compat pixelmatch`, which keeps pixelmatch's rules.
    public var faintRegions: [FaintRegions.Region] = []
    /// Whether the design came from a lossy codec (`DesignReview.Input.designIsLossy`): faint areas must then be
    /// larger than the codec's 16-pixel blocks, and reach further than a point from the text to count.
    public var designIsLossy = false
    /// The check of the scene again at ``exportedAtScale``, when the design's size suggested one: true when it
    /// passes (the scale is then the cause), false when it still fails, nil when not tried (no scene to render).
    public var scaleCheck: Bool?
    /// Labels whose text the design spells otherwise, read from glyph ink after the checked search found no change
    /// for them (`check --suggest`, suites, tests): "the text differs after "Setting": …", by label id.
    public var textDiffers: [String: String] = [:]
    /// The colour profile the design file declared (an embedded ICC profile, PNG's sRGB, gAMA or cHRM chunks) and
    /// whether its pixels were converted to sRGB before the comparison; nil when it declared none (taken as sRGB).
    public var designColorProfile: ColorProfile?
    /// What would put the labels on the design, and why they are off (a check of a scene that failed); nil when not
    /// worked out (a `diff` of two PNGs, or a check that passed).
    public var suggestions: Suggestions?

    /// A comparison of what was measured; the defaulted properties are set after.
    package init(renderPath: String, designPath: String, scenePath: String?, layoutPath: String?, renderSize: PixelSize,
                 designSize: PixelSize, comparedSize: PixelSize, anchoredTopLeft: Bool, scale: Scale, options: ReviewOptions,
                 diff: DiffResult, renderOverlay: RGBAImage?, background: Color, render: RGBAImage, design: RGBAImage,
                 labels: [LabelComparison]) {
        self.renderPath = renderPath; self.designPath = designPath; self.scenePath = scenePath; self.layoutPath = layoutPath
        self.renderSize = renderSize; self.designSize = designSize; self.comparedSize = comparedSize
        self.anchoredTopLeft = anchoredTopLeft; self.scale = scale; self.options = options; self.diff = diff
        self.renderOverlay = renderOverlay; self.background = background; self.render = render; self.design = design
        self.labels = labels
    }

    /// The baseline tolerance in points: the option's, or one device pixel (1 / scale) when it is nil.
    public var baselineTolerance: Double { options.baselineTolerance ?? 1 / scale.value }

    /// Whether a baseline offset (points) is beyond the tolerance. Compared in device pixels, inclusive, with a
    /// margin of 1/16 pixel: baselines are measured from ink to a fraction of a pixel, so a one-pixel move may
    /// read 1.005 px, and it must get the verdict a one-pixel move gets (0.333 and 0.335 pt at @3x alike).
    public func exceedsBaselineTolerance(_ offset: Double) -> Bool {
        abs(offset) * scale.value > baselineTolerance * scale.value + Self.measurementMargin
    }

    /// The margin, in device pixels, within which a measured offset counts as the tolerance itself.
    public static let measurementMargin = 1.0 / 16
    /// True when the share of differing pixels is within `options.tolerance`, and their count within
    /// `options.maxDiffPixels` when one is set.
    public var pixelsPass: Bool {
        diff.ratio <= options.tolerance && diff.differingPixels <= (options.maxDiffPixels ?? .max)
    }
    /// The labels with a finding that fails (baselines, missing text, line count, missing glyphs).
    public var offendingLabels: [LabelComparison] {
        let failing = Set(findings.filter(\.fails).compactMap(\.label))
        return labels.filter { failing.contains($0.id) }
    }
    /// Pixels within tolerance and no finding that fails (see `findings`: sizes, baselines, missing text, line
    /// counts, missing glyphs).
    public var passes: Bool { passes(findings) }

    /// The verdict with `findings` already worked out (an output that lists them and states the verdict works them
    /// out once).
    func passes(_ findings: [ReviewFinding]) -> Bool { pixelsPass && !findings.contains(where: \.fails) }
    /// The ghost image: the design at `options.opacity` under the render. Composed on demand (a few
    /// milliseconds for a phone screen), since a plain `diff` that writes no ghost should not pay for it.
    public func ghost() throws(ReviewError) -> RGBAImage {
        do {
            if let renderOverlay {
                return try GhostImage.compose(design: design, renderOverlay: renderOverlay, background: background,
                                              opacity: options.opacity)
            }
            return try GhostImage.compose(design: design, render: render, renderBackground: background, opacity: options.opacity)
        } catch {
            throw .badInput(error.description)
        }
    }

    /// Regions of difference in points.
    public var regions: [Rect] { diff.regions.map { $0.rect(scale: scale) } }
}
