import GhostlineFonts
import GhostlineGeometry

/// UILabel's autoshrink (``Autoshrink``) applied to a label whose text does not fit: shrink every run's size,
/// never below `minimumScaleFactor`, to the largest scale at which nothing is truncated; then, on one line that
/// still does not fit, tighten the spacing between characters when the text is at most 5 % too wide; what is
/// left over is truncated by the label's `lineBreakMode`, as before.
///
/// Why a search rather than a formula: a line's width is only nearly proportional to the size (letter spacing and
/// baseline offsets stay in points, optical sizes change glyphs), and several lines rewrap as they shrink. The
/// search starts from the proportional guess (width ÷ text width) for one line, so a plain label takes two or
/// three layouts, and otherwise halves the interval: the scale found is the largest that fits to within
/// ``precision``. Apple does not publish its own search; its documented contract, "reduces the font size until the
/// string fits", is what the tests hold it to.
enum Autoshrinking {
    /// How close to the largest fitting scale the search gets.
    static let precision = 1e-4

    /// `natural` (the label at full size at `width`, truncated) shrunk and tightened as its paragraph asks.
    static func fitted(_ prepared: LabelLayouter.Prepared, natural: LabelLayout, width: Double) -> LabelLayout {
        let input = prepared.input
        let settings = input.paragraph.autoshrink
        var best = Shrunk(prepared: prepared, layout: natural, scale: 1)
        if settings.shrinks {
            let guess = proportionalGuess(prepared, width: width) ?? lineCountGuess(prepared, width: width)
            best = largestScale(prepared, width: width, guess: guess) { !$0.truncated }
        }
        if best.layout.truncated, settings.allowsDefaultTighteningForTruncation, let tight = tightened(best, width: width) {
            best = tight
        }
        var layout = best.layout
        layout.fontScale = best.scale
        return placed(layout, in: natural, paragraph: input.paragraph, scale: input.scale)
    }

    /// A multi-line autoshrinking label in a frame `height` tall that its full-size text overflows: the largest
    /// scale at which its text fits both the width and the height, or the smallest scale it may take when none does.
    /// nil when the label does not shrink (or has one line: UILabel shrinks one line to its width only).
    static func shrunk(_ prepared: LabelLayouter.Prepared, width: Double, height: Double) -> Shrunk? {
        let input = prepared.input
        guard input.shrinksToFit, input.paragraph.autoshrink.shrinks, input.paragraph.numberOfLines != 1 else { return nil }
        // Text covers an area that grows with the square of its size: the first guess for the height it must fit.
        let full = LabelLayouter.place(prepared, width: width).size.height
        let guess = full > 0 ? (height / full).squareRoot() : nil
        var best = largestScale(prepared, width: width, guess: guess) { !$0.truncated && $0.size.height <= height + 1e-9 }
        best.layout.fontScale = best.scale
        return best
    }

    /// A label's input, its layout and the scale they were made at.
    struct Shrunk {
        var prepared: LabelLayouter.Prepared
        var layout: LabelLayout
        var scale: Double
    }

    // MARK: Searching

    /// The largest scale in `minimumScaleFactor…1` whose layout `fits`, to within ``precision``; the smallest
    /// scale's layout when even that does not fit. The full size is known not to fit.
    static func largestScale(_ prepared: LabelLayouter.Prepared, width: Double, guess: Double?,
                             fits: (LabelLayout) -> Bool) -> Shrunk {
        let input = prepared.input
        let minimum = input.paragraph.autoshrink.minimumScaleFactor
        func attempt(_ scale: Double) -> Shrunk {
            let scaled = LabelLayouter.prepare(input.scaled(by: scale))
            return Shrunk(prepared: scaled, layout: LabelLayouter.place(scaled, width: width), scale: scale)
        }
        var low = attempt(minimum)
        guard fits(low.layout) else { return low }
        var high = 1.0
        func probe(_ scale: Double) -> Bool {
            let tried = attempt(scale)
            if fits(tried.layout) { low = tried; return true }
            high = scale
            return false
        }
        if let guess, guess > low.scale, guess < high {
            // Bracket the guess closely: one line is nearly proportional to its size (the guess fits or misses by a
            // hair); for several lines the guess is a bound or an estimate a few steps away. A long text costs a full
            // layout per try, so each saved halving counts.
            var step = input.paragraph.numberOfLines == 1 ? precision : guess * 0.02
            var next = guess
            let fitsGuess = probe(guess)
            for _ in 0..<8 {
                next = fitsGuess ? next + step : next - step
                guard next > low.scale, next < high, probe(next) == fitsGuess else { break }
                step *= 2
            }
        }
        while high - low.scale > precision { _ = probe((low.scale + high) / 2) }
        return low
    }

    /// Width ÷ the text's one-line width at full size, for a one-line label with one paragraph; nil otherwise.
    static func proportionalGuess(_ prepared: LabelLayouter.Prepared, width: Double) -> Double? {
        guard prepared.input.paragraph.numberOfLines == 1 else { return nil }
        let line = LabelLayouter.place(prepared, width: nil).lines
        guard line.count == 1, line[0].width > 0 else { return nil }
        return width / line[0].width
    }

    /// For several lines: the lines allowed times the width, over the text's one-line width at full size. Text never
    /// packs lines tighter than end to end, so no larger scale fits; one line or no line limit has no such guess.
    static func lineCountGuess(_ prepared: LabelLayouter.Prepared, width: Double) -> Double? {
        let allowed = prepared.input.paragraph.numberOfLines
        guard allowed > 1 else { return nil }
        let oneLine = LabelLayouter.place(prepared, width: nil).lines.map(\.width).reduce(0, +)
        return oneLine > 0 ? Double(allowed) * width / oneLine : nil
    }

    // MARK: Tightening

    /// `shrunk` with less space after every character so that its one line fits `width`, when the line break mode
    /// truncates and the text is at most ``Autoshrink/tighteningFactor`` wider than the line; nil otherwise.
    static func tightened(_ shrunk: Shrunk, width: Double) -> Shrunk? {
        let input = shrunk.prepared.input
        let paragraph = input.paragraph
        guard paragraph.numberOfLines == 1,
              [.truncateTail, .truncateHead, .truncateMiddle].contains(paragraph.lineBreakMode) else { return nil }
        let line = LabelLayouter.place(shrunk.prepared, width: nil).lines
        let available = LineIndents(paragraph, model: input.model).available(in: width, firstLine: true)
        let characters = shrunk.prepared.paragraph.analysis.graphemes.count
        guard line.count == 1, characters > 0, available > 0,
              line[0].width <= available * (1 + Autoshrink.tighteningFactor) else { return nil }
        let excess = line[0].width - available
        func attempt(_ tightening: Double) -> Shrunk {
            let prepared = LabelLayouter.prepare(input.tightened(by: tightening))
            var layout = LabelLayouter.place(prepared, width: width)
            layout.tightening = tightening
            return Shrunk(prepared: prepared, layout: layout, scale: shrunk.scale)
        }
        // Every character gives up the same space; a second try corrects for characters the spacing skips, from how
        // much the first try's one line actually narrowed.
        let first = excess / Double(characters)
        let tried = attempt(first)
        if !tried.layout.truncated { return tried }
        let narrowed = LabelLayouter.place(tried.prepared, width: nil).lines.first?.width ?? 0
        let perUnit = (line[0].width - narrowed) / first
        guard perUnit > 0 else { return nil }
        let second = attempt(excess / perUnit * (1 + 1e-9))
        return second.layout.truncated ? nil : second
    }

    // MARK: Placing

    /// The shrunk `layout` in the frame of the full-size `natural` one: one line by `baselineAdjustment`, more lines
    /// centred, as UILabel centres its text rect.
    static func placed(_ layout: LabelLayout, in natural: LabelLayout, paragraph: ParagraphStyle, scale: Scale) -> LabelLayout {
        var result: LabelLayout
        switch (paragraph.numberOfLines == 1, paragraph.autoshrink.baselineAdjustment) {
        case (true, .alignBaselines): result = layout.shifted(dx: 0, dy: natural.anchors.firstBaseline - layout.anchors.firstBaseline)
        case (true, .none): result = layout
        case (true, .alignCenters), (false, _): result = layout.centred(inHeight: natural.size.height, scale: scale)
        }
        result.size = natural.size
        result.intrinsicWidth = natural.intrinsicWidth
        return result
    }
}

extension LabelLayouter.Input {
    /// This input with every run's size times `scale`. A variable font whose `opsz` follows the size takes the
    /// instance of the new size, as Core Text's automatic optical size would; letter spacing and baseline offsets
    /// stay in points, as the attributes an app sets do.
    func scaled(by scale: Double) -> LabelLayouter.Input {
        let library = fallback.context?.library
        var copy = self
        copy.text = text.restyled { style in
            var style = style
            style.pointSize *= scale
            if style.variations.opticalSize != nil {
                style.variations.opticalSize = style.pointSize
                if let library, let instance = try? library.instance(of: style.font, style.variations) { style.font = instance }
            }
            return style
        }
        return copy
    }

    /// This input with `tightening` points less space after every character.
    func tightened(by tightening: Double) -> LabelLayouter.Input {
        var copy = self
        copy.text = text.restyled { style in
            var style = style
            style.letterSpacing -= tightening
            return style
        }
        return copy
    }
}
