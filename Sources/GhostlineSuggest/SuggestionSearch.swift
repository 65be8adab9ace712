import GhostlineFonts
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineReview
import GhostlineScene
import GhostlineSupport

/// Finds the style changes that would put a scene's labels where the design's ink is, by trying them.
///
/// Why trial rather than formulas: the rules between a style and a baseline (R2–R8, pixel rounding, stacks that move
/// everything below a label that grew) are what the layout already knows. So each hypothesis — a line-height strategy,
/// the design's line pitch as a line height, a letter spacing, a size, a weight, an alignment — is laid out again, and
/// the new layout predicts where the ink would land: each line's position in the new layout plus the offset between
/// ink and layout measured in the render (the font's side bearings and the ink's own baseline), which a style change
/// keeps. The hypothesis that lands the label on the design's ink, without moving a label that was already right, is
/// the suggestion; the label's own facts (its rule, its rounding) give the cause.
///
/// Labels are taken in layout order and fixes accumulate, so a label moved only by one above it is said to follow it.
/// Only layouts are made here (no pixels); ``Suggestions/verified`` comes from a full check of the patched scene.
package struct SuggestionSearch {
    var description: SceneDescription
    var overrides: SceneOverrides
    var loader: SceneLoader
    var layout: SceneLayout
    package var comparison: DesignComparison
    /// Every label's placement in the unchanged layout: what each hypothesis is measured against, worked out once
    /// (the search consults it inside its loops over labels and candidates).
    package let unchanged: [String: Placement]
    /// The frames of the painted elements (boxes, images, fills) in the unchanged layout, which each element
    /// hypothesis's moved edges are measured against.
    let paintedBefore: [String: Rect]
    /// The design whole (the comparison keeps only the part both images have): a hypothesis that grows the scene puts
    /// labels where only the whole design shows them.
    package var wholeDesign: RGBAImage?
    /// The render whole, likewise.
    package var wholeRender: RGBAImage?
    /// Labels another search fixes (a style change in a pair): the element search counts them as landed.
    var settled: Set<String> = []
    /// The designs of the suite's other colour schemes (the same size as this one's), so a colour is named by what
    /// draws it in every scheme.
    package var otherDesigns: [(scheme: ColorScheme, image: RGBAImage)] = []
    /// Each label's measuring bands in the unchanged layout (set with the whole images): a label a hypothesis leaves
    /// in place is measured again when a neighbour's move changed its band (the row above moved into it).
    var bandsBefore: [String: [LineBand]] = [:]

    package init(description: SceneDescription, overrides: SceneOverrides, loader: SceneLoader, layout: SceneLayout,
         comparison: DesignComparison) {
        self.description = description; self.overrides = overrides; self.loader = loader; self.layout = layout
        self.comparison = comparison
        unchanged = Self.placements(layout)
        paintedBefore = Self.painted(layout)
    }

    /// At most this many labels are worked on (each costs a few layouts); the rest keep their findings' words.
    static let labelLimit = 16

    /// Where a layout would put one label's lines, in canvas points.
    package struct Placement: Equatable {
        package var frame: Rect
        var baselines: [Double]
        var lefts: [Double]
        var widths: [Double]
        var pointSize: Double
        var postScriptName: String
        var fontLineHeight: Double
        /// True when the label draws its own background: its frame is a shape in the design too.
        var drawsBackground: Bool
        /// The text the label shows, its lines put end to end.
        var text: String
        /// True when the layout cut the text short (an ellipsis, or lines past `numberOfLines` left out).
        var truncated: Bool
        /// True when the label may shrink its text to fit (UILabel's autoshrink is set).
        var shrinks: Bool = false
    }

    /// How far a placement's predicted ink is from the design's, per aspect, in points.
    package struct Miss {
        var lineCount = 0
        var vertical = 0.0
        var width = 0.0
        var left = 0.0
        var height = 0.0
    }

    /// What the render's ink says about one label: ink − layout offsets, and the design's ink to aim at.
    package struct Target {
        var label: LabelComparison
        var baselineBias: [Double]
        var widthBias: [Double]
        var leftBias: [Double]
        var renderInkHeight: Double?
        var designInkHeight: Double?
        var designBaselines: [Double?]
        var designWidths: [Double?]
        var designLefts: [Double?]
        var designLineCount: Int?
    }

    /// Every label's placement in the layout of `description`; nil when it does not resolve.
    func place(_ description: SceneDescription) -> [String: Placement]? {
        guard let scene = try? loader.resolve(description, overrides: overrides) else { return nil }
        return Self.placements(scene.layout())
    }

    static func placements(_ layout: SceneLayout) -> [String: Placement] {
        var result: [String: Placement] = [:]
        for element in layout.elements {
            guard let label = element.labelLayout else { continue }
            let lines = element.canvasLines
            result[element.id] = Placement(frame: element.frame, baselines: lines.map(\.baseline), lefts: lines.map(\.x),
                                           widths: lines.map(\.width), pointSize: label.lines.first?.runs.first?.pointSize ?? label.metrics.pointSize,
                                           postScriptName: label.font.postScriptName, fontLineHeight: label.metrics.lineHeight,
                                           drawsBackground: element.background != nil, text: label.lines.map(\.text).joined(), truncated: label.truncated,
                                           shrinks: label.autoshrinks)
        }
        return result
    }

    package func target(_ label: LabelComparison, placement: Placement) -> Target {
        let whole = Double(comparison.comparedSize.width) / comparison.scale.value - 1 / comparison.scale.value
        var target = Target(label: label, baselineBias: [], widthBias: [], leftBias: [], designBaselines: [], designWidths: [],
                            designLefts: [], designLineCount: label.designLineCount)
        for (index, line) in label.lines.enumerated() where index < placement.baselines.count {
            target.baselineBias.append(line.renderBaseline.map { $0 - placement.baselines[index] } ?? .nan)
            target.widthBias.append(line.renderInk.map { $0.width - placement.widths[index] } ?? .nan)
            target.leftBias.append(line.renderInk.map { $0.minX - placement.lefts[index] } ?? .nan)
            let cut = [line.renderInk, line.designInk].contains { $0.map { $0.maxX >= whole } ?? false }
            target.designBaselines.append(line.designBaseline)
            target.designWidths.append(cut || label.lineCountDiffers ? nil : line.designInk?.width)
            target.designLefts.append(cut || label.lineCountDiffers ? nil : line.designInk?.minX)
        }
        target.renderInkHeight = label.lines.compactMap(\.renderInk).map(\.height).max()
        target.designInkHeight = label.lines.compactMap(\.designInk).map(\.height).max()
        return target
    }

    /// The mean of the finite values, or 0.
    static func mean(_ values: [Double]) -> Double {
        let finite = values.filter(\.isFinite)
        return finite.isEmpty ? 0 : finite.reduce(0, +) / Double(finite.count)
    }

    /// - Parameter spacingChange: how much a hypothesis changes the letter spacing (points): a line's advance width
    ///   includes the spacing after its last letter, its ink does not.
    /// - Parameter shapeKept: whether a label that draws its own background must keep its frame (a style hypothesis
    ///   must; an element hypothesis that resizes a button is judged by the regions of difference instead).
    package func miss(_ target: Target, _ placement: Placement?, base: Placement, spacingChange: Double = 0, shapeKept: Bool = true) -> Miss {
        guard let placement else { return Miss(lineCount: 99) }
        var miss = Miss()
        if let designed = target.designLineCount, !target.label.lines.isEmpty, target.label.lineCountDiffers || placement.baselines.count != base.baselines.count {
            miss.lineCount = abs(placement.baselines.count - designed)
        }
        let meanBaseline = Self.mean(target.baselineBias), meanWidth = Self.mean(target.widthBias), meanLeft = Self.mean(target.leftBias)
        func bias(_ values: [Double], _ index: Int, _ fallback: Double) -> Double {
            index < values.count && values[index].isFinite ? values[index] : fallback
        }
        let comparable = miss.lineCount == 0 && placement.baselines.count == target.designBaselines.count
        for index in 0..<min(placement.baselines.count, target.designBaselines.count) {
            if let design = target.designBaselines[index] {
                let predicted = placement.baselines[index] + bias(target.baselineBias, index, meanBaseline)
                miss.vertical = max(miss.vertical, abs(predicted - design))
            }
            guard comparable else { continue }
            if let design = target.designWidths[index] {
                miss.width = max(miss.width, abs(placement.widths[index] - spacingChange + bias(target.widthBias, index, meanWidth) - design))
            }
            if let design = target.designLefts[index] {
                miss.left = max(miss.left, abs(placement.lefts[index] + bias(target.leftBias, index, meanLeft) - design))
            }
        }
        // A label with a background is a shape (a button, a badge) the design draws too: a hypothesis that resizes it
        // moves the shape's edges, which the text's ink does not show, so the change counts as a miss.
        if base.drawsBackground, shapeKept {
            miss.vertical = max(miss.vertical, abs(placement.frame.height - base.frame.height))
            miss.width = max(miss.width, abs(placement.frame.width - base.frame.width))
        }
        if let rendered = target.renderInkHeight, let designed = target.designInkHeight, base.pointSize > 0 {
            miss.height = abs(rendered * placement.pointSize / base.pointSize - designed)
        }
        return miss
    }

    /// True when nothing of `miss` is past the review's tolerances.
    package func fits(_ miss: Miss) -> Bool {
        // Edges in device pixels with the baselines' margin, so an edge exactly at the tolerance is within it.
        let edge = comparison.edgeTolerance * comparison.scale.value + DesignComparison.measurementMargin
        return miss.lineCount == 0 && !comparison.exceedsBaselineTolerance(miss.vertical)
            && [miss.width, miss.left, miss.height].allSatisfy { $0 * comparison.scale.value <= edge }
    }

    /// One number to rank hypotheses by: each aspect in units of its tolerance, a wrong line count above all.
    func cost(_ miss: Miss) -> Double {
        Double(miss.lineCount) * 1000 + miss.vertical / comparison.baselineTolerance
            + (miss.width + miss.left + miss.height) / comparison.edgeTolerance
    }
}
