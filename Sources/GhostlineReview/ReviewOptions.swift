import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlineSupport

/// Settings of a design review; every default is what the CLI documents.
public struct ReviewOptions: Sendable {
    /// Ghostline's rules (the default) or exactly pixelmatch v7.2.0's (`--compat`); see `DiffCompatibility`.
    /// With `.pixelmatch` the ratio is over every compared pixel, as pixelmatch's callers compute it, not only
    /// the non-background ones.
    public var compatibility: DiffCompatibility = .ghostline
    /// Per-pixel YIQ threshold (pixelmatch's; 0 = exact, 1 = anything goes).
    public var threshold: Double = 0.1
    /// The largest share of differing pixels that still passes (of the non-background ones in Ghostline's mode).
    public var tolerance: Double = 0.01
    /// The largest number of differing pixels that still passes (a suite's `maxDiffPixels`, as Playwright and
    /// reg-cli offer); nil = no count. It applies beside `tolerance`: the pixels pass only within both.
    public var maxDiffPixels: Int?
    /// The largest baseline offset, in points, that still passes; nil = one device pixel (1 / scale).
    public var baselineTolerance: Double?
    /// The smallest colour difference (CIEDE2000, ΔE00) a faint area must show to fail a review on its own
    /// (`--min-color-difference`). Areas under the per-pixel threshold are still found (a light grey placeholder deleted
    /// from white is ΔE00 5.9); one below this is colour noise, a fill one level off or a lossy export's drift
    /// (ΔE00 0.2 to 0.4), and is not a finding. 1.0, the difference commonly taken as just noticeable side by side:
    /// see docs/engineering.md for the pairs it was chosen from.
    /// Nil: the scene's `minColorDifference:` when it has one, else ``defaultMinColorDifference``.
    public var minColorDifference: Double?
    /// The floor when neither the caller nor the scene sets one.
    public static let defaultMinColorDifference = 1.0
    /// Opacity of the design under the render in the ghost image.
    public var opacity: Double = GhostImage.defaultOpacity
    /// Count anti-aliasing-only differences as differences.
    public var includeAA: Bool = false
    /// Let labels with characters no font has pass (`--allow-missing-glyphs`): for a scene that shows such
    /// boxes on purpose. Without it a missing glyph fails the review, since the render then shows empty boxes.
    public var allowMissingGlyphs: Bool = false
    /// Draw the diff image (needed for `--diff` and `--html`); without it a review skips 4 bytes a pixel.
    public var makeDiffImage: Bool = true
    /// Diff image: colour of a difference (`--diff-color`).
    public var differenceColor: Color = DiffResult.differenceColor
    /// Diff image: colour of a difference where the design is darker than the render (`--diff-color-alt`);
    /// nil = `differenceColor`.
    public var darkerColor: Color?
    /// Diff image: colour of an anti-aliasing-only difference (`--aa-color`).
    public var antialiasingColor: Color = DiffResult.antialiasingColor
    /// Diff image: opacity of the faded original under the marks, 0…1 (`--diff-alpha`, pixelmatch's `alpha`).
    public var diffAlpha: Double = 0.1
    /// Diff image: the marks alone on transparency (`--diff-mask`).
    public var diffMask: Bool = false
    /// Areas left out of the comparison, in points of the compared image (y down): a status bar, a clock, an
    /// avatar. Their pixels are in no statistic; the diff image stripes them and the review page outlines them.
    /// From `--ignore X,Y,W,H` (repeatable) and a scene's `ignore:` boxes — a caller with both appends them.
    public var ignore: [Rect] = []
    /// Creates the CLI's defaults: Ghostline's rules, threshold 0.1, tolerance 1%, a one-pixel baseline tolerance,
    /// the ghost at 30% opacity, anti-aliasing excused, missing glyphs failing, a diff image drawn, nothing ignored.
    /// True when the image compared with is a reference snapshot recorded from the scene, not a design export: the
    /// review then says "the reference" (a regression to look at) where it says "the design" (a design to meet), and
    /// works out no suggestions, which are about meeting a design.
    public var againstReference: Bool = false

    public init() {}

    /// The pixel diff's options for an image of `size` pixels at `scale`, drawn on `background`.
    ///
    /// - Throws: `ReviewError.badIgnoreBox` for an ignore box that is not finite, is empty, or lies wholly
    ///   outside the image (boxes given in pixels instead of points are the usual cause).
    package func diffOptions(background: Color?, scale: Scale, size: PixelSize) throws(ReviewError) -> DiffOptions {
        var pixelBoxes: [PixelRect] = []
        for (index, box) in ignore.enumerated() {
            let values = [box.x, box.y, box.width, box.height]
            guard values.allSatisfy(\.isFinite) else {
                throw .badIgnoreBox(index: index, box: box, reason: "its numbers must be finite")
            }
            guard box.width > 0, box.height > 0 else {
                throw .badIgnoreBox(index: index, box: box, reason: "its width and height must be positive")
            }
            guard let pixels = PixelRect(covering: box, scale: scale, within: size) else {
                let width = Double(size.width) / scale.value, height = Double(size.height) / scale.value
                throw .badIgnoreBox(index: index, box: box,
                                    reason: "it lies outside the \(JSONValue.format(width))×\(JSONValue.format(height)) pt image; give X,Y,W,H in points, not pixels")
            }
            pixelBoxes.append(pixels)
        }
        return DiffOptions(compatibility: compatibility, threshold: threshold, includeAA: includeAA,
                           background: compatibility == .pixelmatch ? nil : background, fadeAlpha: diffAlpha,
                           regionGap: max(2, 2 * scale.factor), makeDiffImage: makeDiffImage,
                           differenceColor: differenceColor, darkerColor: darkerColor,
                           antialiasingColor: antialiasingColor, diffMask: diffMask, ignore: pixelBoxes)
    }
}
