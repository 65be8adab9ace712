import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlineSupport

/// One thing a review found, in a sentence a designer can act on.
///
/// Why a list of findings rather than a verdict and some numbers: a FAIL that says only "0.8% of pixels differ"
/// sends someone to squint at a diff image. Every cause the review can see gets its own finding — the sizes
/// differ, a label sits lower, wraps onto another line, is wider, lacks glyphs, or pixels changed where no label
/// is — so the summary, the report JSON and the review page explain the verdict instead of only stating it.
public struct ReviewFinding: Sendable, Equatable {
    /// What a finding is about; the raw value is the report's `kind`.
    public enum Kind: String, Sendable {
        /// The two images differ in size; the overlap was compared.
        case sizeDiffers
        /// Characters of a label no font has (drawn as empty boxes).
        case missingGlyphs
        /// A label's text is in only one of the two images on some line.
        case missingInk
        /// The render and the design show a label on different numbers of lines.
        case lineCount
        /// A label's baselines are further from the design's than the tolerance.
        case baselineOffset
        /// A label's ink is wider or narrower than the design's (letter spacing, size or font).
        case width
        /// A label's ink starts further left or right than the design's.
        case leftEdge
        /// Pixels differ over a label whose lines are where the design has them (colour, weight, glyphs).
        case pixelsInLabel
        /// A label on the design, nothing to say.
        case onTheDesign
        /// Pixels differ where no label is (a box, an image, a colour).
        case unexplainedRegion
        /// A solid area differs in colour by less than the pixel threshold (a light grey shape missing or resized).
        case faintRegion
        /// A label whose frame lies wholly outside the compared area: nothing of it could be compared.
        case outsideCanvas
    }

    /// What the finding is about.
    public var kind: Kind
    /// The label the finding is about; nil for the whole image.
    public var label: String?
    /// Whether this finding alone fails the review. Width, edge and region findings explain a pixel failure
    /// rather than make one: they never fail on their own.
    public var fails: Bool
    /// The sentence, without indentation: "body: render 2 lines, design 3 …".
    public var message: String
    /// Where, in points, for a region.
    public var box: Rect?
    /// The most specific cause the review knows, from the layout (a rule and the setting behind it) or the design's
    /// ink (a colour, a letter spacing): one sentence, without the label's id. Nil when none is known.
    public var cause: String? = nil
    /// The style change that would put the label on the design ("styles.body: lineHeightStrategy: padded").
    public var fix: String? = nil
    /// A hypothesis that was not confirmed: the suggestion search's cause for the label when the scene patched with
    /// it was not checked (`check` without `--suggest`) or, checked, still had this label's failing findings. Never
    /// printed as a cause (a cause is a claim: only a change applied and checked is one), but as a candidate.
    public var candidate: Candidate? = nil

    /// An unconfirmed cause and the change it would make.
    public struct Candidate: Sendable, Equatable {
        /// The hypothesis, one sentence, as ``ReviewFinding/cause`` would be.
        public var cause: String
        /// The change to try, as ``ReviewFinding/fix``; nil when it names none.
        public var fix: String?
        /// True when the patched scene was checked and this label still failed; false when no check was made.
        public var failedCheck: Bool

        /// "no single change explains it; the best candidate, checked, did not remove it: …" or "unchecked
        /// (`check --suggest` checks it): …".
        public var sentence: String {
            (failedCheck ? "no single change explains it; the best candidate, checked, did not remove it: "
                         : "unchecked candidate (`check --suggest` checks it): ")
                + cause + (fix.map { " (try \($0))" } ?? "")
        }
    }

    /// The finding in one line, cause first: "body: `lineHeightStrategy: none` ignores … (first baseline 5.67 pt
    /// higher than the design)". What the one-line outputs (JUnit, the suite index, test failures) show.
    public var headline: String {
        guard let cause else { return message }
        guard let label else { return "\(cause) (\(message))" }
        let symptom = message.hasPrefix(label + ": ") ? String(message.dropFirst(label.count + 2)) : message
        return "\(label): \(cause)" + (symptom.isEmpty ? "" : " (\(symptom))")
    }
}

extension DesignComparison {
    /// How far (points) a label's ink edges or width may differ before it is worth saying: two device pixels
    /// (anti-aliasing alone moves an ink edge by one), or the baseline tolerance when that is larger.
    public var edgeTolerance: Double { max(baselineTolerance, 2 / scale.value) }

    /// Whether an ink edge or width difference (points) is beyond ``edgeTolerance``: in device pixels, with the
    /// baselines' margin, so the same pixel difference gets the same verdict at every scale.
    public func exceedsEdgeTolerance(_ offset: Double) -> Bool {
        abs(offset) * scale.value > edgeTolerance * scale.value + Self.measurementMargin
    }

    /// Every finding, in reading order: the image's size, then each label in layout order, then regions no
    /// label explains.
    public var findings: [ReviewFinding] {
        var found: [ReviewFinding] = []
        if renderSize != designSize { found.append(sizeFinding) }
        // A checked fill change (a button, a bubble, a `colors:` entry) is the cause of the areas no label explains.
        let fillCause = wrongScaleCause == nil && suggestions?.verified == true
            ? suggestions?.labels.first { $0.edits.contains { $0.isFill } } : nil
        for region in failingFaintRegions {
            let b = region.box
            let box = Rect(x: Double(b.x) / scale.value, y: Double(b.y) / scale.value, width: Double(b.width) / scale.value,
                           height: Double(b.height) / scale.value)
            found.append(ReviewFinding(kind: .faintRegion, label: nil, fails: true,
                                       message: "a \(Self.pt(box.width).dropLast(3))×\(Self.pt(box.height)) area at (\(Self.pt(box.x).dropLast(3)), "
                                           + "\(Self.pt(box.y).dropLast(3))) differs slightly in colour: \(region.render.hexString) in the render, "
                                           + "\(region.design.hexString) in \(target) (below the pixel threshold: a light shape missing, "
                                           + "moved or resized?)", box: box,
                                       cause: fillCause.map { "\($0.label): \($0.cause)" }, fix: fillCause?.changeLine))
        }
        // Specks of one device pixel or less (a lone anti-aliased pixel) count in the statistics but are not listed.
        let regionBoxes = listedRegions
        for label in labels {
            var own = labelFindings(label, regions: regionBoxes)
            // A design at another scale moves every label: no style is the cause then, so none is named.
            // A hypothesis is the cause only when the patched scene was checked and no longer fails here.
            if wrongScaleCause == nil, let suggestions, let suggestion = suggestions.label(label.id) {
                let checked = suggestions.isChecked(label.id)
                for index in own.indices where own[index].kind != .onTheDesign {
                    if checked {
                        own[index].cause = suggestion.cause
                        own[index].fix = suggestion.changeLine
                    } else {
                        own[index].candidate = ReviewFinding.Candidate(cause: suggestion.cause, fix: suggestion.changeLine,
                                                         failedCheck: suggestions.verified != nil)
                    }
                }
            }
            found += own
        }
        // Regions no label explains: only worth saying when there are labels to compare with (a bare PNG diff
        // lists every region anyway) and the pixels fail.
        guard !labels.isEmpty, !pixelsPass else { return found }
        let outside = regionBoxes.filter { box in !labels.contains { $0.frame.insetBy(-1).intersects(box) } }
        for (index, box) in outside.enumerated() {
            let message = index > 0 ? "" :
                "\(outside.count) region\(outside.count == 1 ? "" : "s") outside every label (a box, an image or a colour differs): "
                + outside.prefix(3).map(Self.describe).joined(separator: "; ") + (outside.count > 3 ? "; …" : "")
            found.append(ReviewFinding(kind: .unexplainedRegion, label: nil, fails: false, message: message, box: box))
        }
        return found
    }

    /// The scale the design (or reference) was exported at when it is not the check's: its size is the render's at
    /// that scale, to within a device pixel of rounding (an @2x export named `@3x`). Nil when the sizes agree or no
    /// scale from @1x to @3x explains the difference.
    public var exportedAtScale: Int? {
        guard renderSize != designSize else { return nil }
        let s = scale.value
        for factor in 1...3 where factor != scale.factor {
            let width = Double(designSize.width) * s / Double(factor), height = Double(designSize.height) * s / Double(factor)
            if abs(width - Double(renderSize.width)) <= Double(scale.factor), abs(height - Double(renderSize.height)) <= Double(scale.factor) {
                return factor
            }
        }
        return nil
    }

    /// Why the check fails when the design was exported at another scale, said as the cause: every label, box and
    /// region differs then, and nothing about a style can be told from it. "the design is 750 px wide and the scene
    /// at @3x is 1125 px: exported at @2x? (name it card@2x.png or pass --scale 2); checked at @2x, it passes".
    ///
    /// A cause only when it was checked: the scene checked again at that scale passes (``scaleCheck``). Otherwise
    /// (not checked, as for two PNGs, or still failing) the same words are the size finding's, not a cause.
    public var wrongScaleCause: String? {
        guard let guess = wrongScaleGuess, scaleCheck == true, let factor = exportedAtScale else { return nil }
        return guess + "; checked at @\(factor)x, it passes"
    }

    /// "the design is 750 px wide and the scene at @3x is 1125 px: exported at @2x? (name it card@2x.png or pass
    /// --scale 2)": what the sizes suggest, checked or not.
    var wrongScaleGuess: String? {
        guard let factor = exportedAtScale else { return nil }
        let file = URL(fileURLWithPath: designPath).lastPathComponent
        let stem = file.replacingOccurrences(of: #"@[0-9]+x(?=\.[A-Za-z]+$)"#, with: "", options: .regularExpression)
        let renamed = stem.replacingOccurrences(of: #"(\.[A-Za-z]+)$"#, with: "@\(factor)x$1", options: .regularExpression)
        return "\(target) is \(designSize.width) px wide and the scene at @\(scale.factor)x is \(renderSize.width) px: "
            + "exported at @\(factor)x? (name it \(renamed) or pass --scale \(factor))"
    }

    /// "the render is 0.67 pt taller than the design (1151 vs 1149 px at @3x)"; when the design's size is the render's
    /// at another scale, that is its cause (``wrongScaleCause``).
    var sizeFinding: ReviewFinding {
        var parts: [String] = []
        let s = scale.value
        if renderSize.height != designSize.height {
            let d = Double(renderSize.height - designSize.height) / s
            parts.append("\(Self.pt(abs(d))) \(d > 0 ? "taller" : "shorter") (\(renderSize.height) vs \(designSize.height) px)")
        }
        if renderSize.width != designSize.width {
            let d = Double(renderSize.width - designSize.width) / s
            parts.append("\(Self.pt(abs(d))) \(d > 0 ? "wider" : "narrower") (\(renderSize.width) vs \(designSize.width) px)")
        }
        var message = "size: the render is " + parts.joined(separator: " and ") + " than \(target) at @\(scale.factor)x; "
            + "compared the top-left \(comparedSize)"
        // A scale the sizes suggest but no check confirmed is said, as a question, not as a cause.
        if wrongScaleCause == nil, let guess = wrongScaleGuess, let factor = exportedAtScale {
            message += ". " + guess + (scaleCheck == false ? "; checked at @\(factor)x, it still fails" : "")
        }
        return ReviewFinding(kind: .sizeDiffers, label: nil, fails: true, message: message, cause: wrongScaleCause)
    }

    /// The regions worth listing: larger than one device pixel in at least one dimension.
    public var listedRegions: [Rect] {
        regions.filter { $0.width * scale.value > 1 + 1e-9 || $0.height * scale.value > 1 + 1e-9 }
    }

    func labelFindings(_ label: LabelComparison, regions: [Rect]) -> [ReviewFinding] {
        var found: [ReviewFinding] = []
        let id = label.id
        func add(_ kind: ReviewFinding.Kind, fails: Bool, _ message: String) {
            found.append(ReviewFinding(kind: kind, label: id, fails: fails, message: "\(id): " + message))
        }
        let compared = Rect(x: 0, y: 0, width: Double(comparedSize.width) / scale.value, height: Double(comparedSize.height) / scale.value)
        if label.frame.width > 0, label.frame.height > 0, !label.frame.intersects(compared) {
            add(.outsideCanvas, fails: false, "outside the canvas, not compared")
            return found
        }
        if !label.missingGlyphs.isEmpty {
            let listed = label.missingGlyphs.prefix(5).joined(separator: ", ") + (label.missingGlyphs.count > 5 ? ", …" : "")
            add(.missingGlyphs, fails: !options.allowMissingGlyphs,
                "no font has a glyph for \(listed); they draw as empty boxes"
                    + (options.allowMissingGlyphs ? " (allowed)" : " (install a font that has them, or allow them)"))
        }
        if label.missingInk {
            let missing = label.lines.filter { ($0.renderBaseline == nil) != ($0.designBaseline == nil) }.map { String($0.index + 1) }
            add(.missingInk, fails: true, "text on line \(missing.joined(separator: ", ")) is in only one of the two images")
        }
        if label.lineCountDiffers, let rendered = label.renderLineCount, let designed = label.designLineCount {
            add(.lineCount, fails: true,
                "render \(rendered) line\(rendered == 1 ? "" : "s"), design \(designed) (the text wraps differently: its width, size, letter spacing or words differ)")
        }
        let measured = label.lines.filter { $0.baselineOffset != nil }
        if let first = measured.first?.baselineOffset, exceedsBaselineTolerance(label.maxBaselineOffset) {
            var sentence = "first baseline \(Self.pt(abs(first))) \(first < 0 ? "higher" : "lower") than \(target)"
            if !label.lineCountDiffers, measured.count > 1, let last = measured.last?.baselineOffset,
               exceedsBaselineTolerance(last - first) {
                sentence += ", last \(Self.pt(abs(last))) \(last < 0 ? "higher" : "lower") (line spacing differs)"
            }
            add(.baselineOffset, fails: true, sentence)
        }
        if !label.lineCountDiffers {
            // A line cut by the edge of the compared area (the sizes differ) has no true width: leave it out.
            let right = Double(comparedSize.width) / scale.value - 1 / scale.value
            let bottom = Double(comparedSize.height) / scale.value - 1 / scale.value
            let whole = label.lines.filter { line in
                [line.renderInk, line.designInk].allSatisfy { ink in ink.map { $0.maxX < right && $0.maxY < bottom } ?? true }
            }
            let widths = whole.compactMap(\.widthDifference)
            if let widest = widths.max(by: { abs($0) < abs($1) }), exceedsEdgeTolerance(widest) {
                // The glyph-ink reading, when the checked search made one, says which: the words.
                let why = textDiffers[label.id] ?? "letter spacing, size, weight or font differs"
                add(.width, fails: false, "\(Self.pt(abs(widest))) \(widest > 0 ? "wider" : "narrower") than \(target) (\(why))")
            }
            let lefts = whole.compactMap(\.leftOffset)
            if let left = lefts.first, exceedsEdgeTolerance(left) {
                add(.leftEdge, fails: false, "starts \(Self.pt(abs(left))) further \(left > 0 ? "right" : "left") than \(target)")
            }
        }
        if found.isEmpty && !measured.isEmpty {
            let over = regions.filter { label.frame.insetBy(-1).intersects($0) }
            if !pixelsPass && !over.isEmpty {
                add(.pixelsInLabel, fails: false,
                    "baselines on \(target), but pixels differ in \(over.count) region\(over.count == 1 ? "" : "s") over it "
                        + "(\(textDiffers[label.id] ?? "colour, weight or glyphs")): "
                        + over.prefix(2).map(Self.describe).joined(separator: "; ") + (over.count > 2 ? "; …" : ""))
            } else {
                add(.onTheDesign, fails: false, "on \(target) (baselines within \(Self.pt(baselineTolerance)))")
            }
        } else if found.isEmpty {
            add(.missingInk, fails: false, "no text found in either image")
        }
        return found
    }

    /// The cause the verdict rests on, in one line: a font file other than the reference's, else the first failing
    /// finding with a known cause, else (when the pixels fail) the first finding with one (a width from letter
    /// spacing, a colour). Nil when no cause is known: the findings then speak for themselves.
    public func topCause(_ findings: [ReviewFinding]) -> String? {
        if let wrongScaleCause { return wrongScaleCause }
        if let change = fontChanges.first { return change.message }
        if let failing = findings.first(where: { $0.fails && $0.cause != nil }) { return failing.headline }
        guard !pixelsPass else { return nil }
        return findings.first { $0.cause != nil }?.headline
    }

    /// What the render is compared with, in words: "the design", or "the reference" for a reference snapshot.
    public var target: String { options.againstReference ? "the reference" : "the design" }

    static func pt(_ v: Double) -> String { JSONValue.format((v * 100).rounded() / 100) + " pt" }

    /// "(x, y) w×h pt", rounded to hundredths of a point.
    static func describe(_ box: Rect) -> String {
        func n(_ v: Double) -> String { JSONValue.format((v * 100).rounded() / 100) }
        return "(\(n(box.x)), \(n(box.y))) \(n(box.width))×\(n(box.height)) pt"
    }
}

extension DesignComparison {
    /// The faint areas that fail on their own: those whose colours differ as much as the eye notices (ΔE00 at least
    /// the floor, `ReviewOptions.minColorDifference`) and that lie outside every label's text.
    ///
    /// Why not inside text: a glyph's strokes are a few device pixels wide, and a lossy export shifts their colour
    /// (JPEG's halved chroma mixes a grey text with the white around it: `#3C3C43` comes back as `#3E3D42` to
    /// `#3F3F41`, ΔE00 up to 3.2 at quality 80 to 95) and rings around them. Those areas are the text, already
    /// judged by its label (its baselines, its ink, the pixel diff over it); a shape missing or resized is a
    /// solid area away from text, which is what this pass is for.
    public var failingFaintRegions: [FaintRegions.Region] {
        let floor = options.minColorDifference ?? ReviewOptions.defaultMinColorDifference
        let hulls = textHulls
        return faintRegions.filter { region in
            guard ColorDifference.ciede2000(region.render, region.design) >= floor else { return false }
            let b = region.box
            let box = Rect(x: Double(b.x) / scale.value, y: Double(b.y) / scale.value, width: Double(b.width) / scale.value,
                           height: Double(b.height) / scale.value)
            return !hulls.contains { $0.holds(box) }
        }
    }

    /// Each label's text: the box around its lines' ink in the render and in the design, grown by a point (or two
    /// device pixels, if more) for the anti-aliasing around glyphs; for a lossy design, by the codec's block
    /// (`DesignReview.lossyBlock`), which its ringing and colour bleeding around glyphs fill.
    var textHulls: [Rect] {
        let margin = max(1, Double(designIsLossy ? DesignReview.lossyBlock : 2) / scale.value)
        return labels.compactMap { label in
            let inks = label.lines.flatMap { [$0.renderInk, $0.designInk].compactMap { $0 } }
            guard let first = inks.first else { return nil }
            var (minX, minY, maxX, maxY) = (first.minX, first.minY, first.maxX, first.maxY)
            for ink in inks.dropFirst() {
                minX = min(minX, ink.minX); minY = min(minY, ink.minY); maxX = max(maxX, ink.maxX); maxY = max(maxY, ink.maxY)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).insetBy(-margin)
        }
    }
}

extension Rect {
    /// Whether `other` lies wholly inside this rectangle.
    func holds(_ other: Rect) -> Bool {
        other.minX >= minX - 1e-9 && other.maxX <= maxX + 1e-9 && other.minY >= minY - 1e-9 && other.maxY <= maxY + 1e-9
    }

    /// The rectangle grown by `-amount` on every side (a negative inset grows it).
    package func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }

    package func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
