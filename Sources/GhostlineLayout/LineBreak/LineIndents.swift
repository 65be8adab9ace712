/// NSParagraphStyle's head, first-line and tail indents as the room each line gets: where a line starts from the
/// leading edge and how wide it may be. Breaking asks ``available(in:firstLine:)``; placing asks ``region``.
///
/// The css model means the same lengths by `padding-inline-start: headIndent`, `text-indent: firstLineHeadIndent −
/// headIndent` and `padding-inline-end: −tailIndent`; the models differ only in which lines are first lines
/// (``LayoutModel/firstLineIndent``).
struct LineIndents: Sendable {
    var firstLineHead = 0.0
    var head = 0.0
    var tail = 0.0
    var firstLine: FirstLineIndent = .eachParagraph

    init() {}

    init(_ paragraph: ParagraphStyle, model: LayoutModel) {
        firstLineHead = paragraph.firstLineHeadIndent
        head = paragraph.headIndent
        tail = paragraph.tailIndent
        firstLine = model.firstLineIndent
    }

    /// True when no line is indented: breaking and placing are what they were without indents.
    var isNone: Bool { firstLineHead == 0 && head == 0 && tail == 0 }

    /// Whether the line starting at `start` is a first line: the text's first, or (NSParagraphStyle) the first
    /// after a line terminator.
    func isFirstLine(start: Int, scalars: [Unicode.Scalar]) -> Bool {
        start == 0 || (firstLine == .eachParagraph && scalars[start - 1].isLineTerminator)
    }

    /// The leading indent of a line.
    func lead(firstLine: Bool) -> Double { firstLine ? firstLineHead : head }

    /// The line's end measured from the leading edge in a box `width` wide: a positive tail indent is that end
    /// itself; a negative one comes in from the trailing edge. An unconstrained box has no trailing edge, so only a
    /// positive tail indent limits it.
    func end(in width: Double) -> Double {
        if tail > 0 { return width.isFinite ? tail : .infinity }
        return width + tail
    }

    /// The width a line may fill in a box `width` wide (never negative).
    func available(in width: Double, firstLine: Bool) -> Double {
        max(0, end(in: width) - lead(firstLine: firstLine))
    }

    /// Points of the box beyond the widest line that the indents take: the lead of the line and a negative tail
    /// indent's padding (a label as wide as its text keeps its indents, as CSS shrink-to-fit keeps padding).
    func outerWidth(line width: Double, firstLine: Bool) -> Double {
        lead(firstLine: firstLine) + width + (tail < 0 ? -tail : 0)
    }

    /// The line's region from the box's left edge: (left, width). A right-to-left paragraph mirrors it, its
    /// leading edge being the box's right edge.
    func region(in width: Double, firstLine: Bool, leftToRight: Bool) -> (left: Double, width: Double) {
        let room = available(in: width, firstLine: firstLine)
        let lead = lead(firstLine: firstLine)
        return (leftToRight ? lead : width - lead - room, room)
    }
}
