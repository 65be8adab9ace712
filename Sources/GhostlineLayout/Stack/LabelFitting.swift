import GhostlineGeometry

extension Arranger {
    /// The label in a frame `height` tall instead of its text's own height (a `height`, a minimum or maximum, a
    /// stack's `fill` alignment or distribution).
    ///
    /// UILabel draws its text centred vertically in its bounds (the text rect is centred by `drawText(in:)`), so
    /// a taller frame moves every line down by half the extra height; Ghostline rounds that to the pixel grid so
    /// each uikit baseline stays on a device pixel (R3). A CSS box keeps its text at the top
    /// (``LabelTextPlacement``). A frame too short for the text shows the lines that fit,
    /// the last of them cut by the label's `lineBreakMode`, as when `numberOfLines` limits it; if not even one
    /// line fits, the one line is centred and overflows the frame.
    ///
    /// An autoshrinking label of several lines (``Autoshrink``) first shrinks its text until it fits the frame's
    /// height too, as UILabel's "exceeds the label's bounding rectangle" says; only what still overflows at the
    /// smallest scale loses lines.
    func fitted(_ label: LabelItem, _ natural: LabelLayout, width: Double, height: Double) -> LabelLayout {
        var layout = natural
        var prepared = labels.prepared(label.slot)
        var fontScale = layout.fontScale
        if layout.size.height > height + 1e-9, let shrunk = Autoshrinking.shrunk(prepared, width: width, height: height) {
            layout = shrunk.layout
            prepared = shrunk.prepared
            fontScale = shrunk.scale
        }
        if layout.size.height > height + 1e-9 && layout.lines.count > 1 {
            func limited(to count: Int) -> LabelLayout {
                var input = prepared.input
                input.paragraph.numberOfLines = count
                // Only breaking depends on numberOfLines: the shaped paragraph is reused, and it is already at the
                // shrunk size, so the layout is placed as it is.
                var limited = LabelLayouter.place(LabelLayouter.Prepared(input: input, paragraph: prepared.paragraph,
                                                                         base: prepared.base, caseMapping: prepared.caseMapping),
                                                  width: width)
                limited.fontScale = fontScale
                return limited
            }
            // The most lines that fit: fewer lines are never taller, so halving finds it in a logarithmic number of
            // layouts (a long text in a short frame has thousands of candidate counts). One line when none fits.
            var fits = 0, tooTall = layout.lines.count
            var best: LabelLayout?
            while tooTall - fits > 1 {
                let count = (fits + tooTall) / 2
                let tried = limited(to: count)
                if tried.size.height <= height + 1e-9 { fits = count; best = tried } else { tooTall = count }
            }
            layout = best ?? limited(to: 1)
        }
        // A css box taller than its text keeps the text at its top. One too short keeps today's centred overflow:
        // CSS would let every line overflow below the box instead, which the css model does not model yet.
        guard model.labelTextPlacement == .top, layout.size.height <= height + 1e-9 else {
            return layout.centred(inHeight: height, scale: scale)
        }
        var top = layout
        top.size.height = height
        return top
    }
}

extension LabelLayout {
    /// This layout in a frame `height` tall, its lines centred vertically (offset rounded to the pixel grid).
    func centred(inHeight height: Double, scale: Scale) -> LabelLayout {
        var copy = shifted(dx: 0, dy: scale.roundToPixel((height - size.height) / 2))
        copy.size.height = height
        return copy
    }

    /// This layout with its lines moved right by `dx` and its lines and anchors down by `dy`, in points; the frame's
    /// size is unchanged.
    func shifted(dx: Double, dy: Double) -> LabelLayout {
        var copy = self
        for index in copy.lines.indices {
            copy.lines[index].x += dx
            copy.lines[index].baseline += dy
        }
        copy.anchors.firstBaseline += dy
        copy.anchors.lastBaseline += dy
        copy.anchors.capHeight += dy
        copy.anchors.xHeightTop += dy
        copy.anchors.xHeightBottom += dy
        return copy
    }
}
