/// A label's text with its character styles: one string, tiled by runs that each carry a `TextStyle`.
///
/// Offsets everywhere in layout are Unicode scalars of the whole string (all runs joined), so a layout JSON's
/// `start`/`end` mean the same with or without runs. `baseStyle` is the label's own style: the CSS block's font
/// (its strut) and the font UIKit's paragraph rules (R7) are worked out from.
public struct AttributedText: Sendable {
    /// A stretch of the text in one character style.
    public struct Run: Sendable {
        /// The scalars of the whole text the run covers; never empty.
        public var range: Range<Int>
        /// The run's character style: its own, or the label's base style for text given none.
        public var style: TextStyle
        /// True when the run has a style of its own (a CSS inline box); false for text in the label's style.
        public var isStyled: Bool
    }

    /// The whole text, every run joined, as Unicode scalars: the unit every layout offset counts in.
    public let scalars: [Unicode.Scalar]
    /// Non-empty, in order, covering every scalar; empty only for an empty string.
    public let runs: [Run]
    /// The label's own style. It is also the style of runs that set none, and of the empty text.
    public let baseStyle: TextStyle

    /// Plain text in one style.
    public init(_ text: String, style: TextStyle) {
        scalars = Array(text.unicodeScalars)
        baseStyle = style
        runs = scalars.isEmpty ? [] : [Run(range: 0..<scalars.count, style: style, isStyled: false)]
    }

    /// Runs of text, each with its own style or the base style (`nil`). Empty pieces are dropped.
    public init(base: TextStyle, pieces: [(text: String, style: TextStyle?)]) {
        var scalars: [Unicode.Scalar] = []
        var runs: [Run] = []
        for piece in pieces {
            let start = scalars.count
            scalars.append(contentsOf: piece.text.unicodeScalars)
            guard scalars.count > start else { continue }
            runs.append(Run(range: start..<scalars.count, style: piece.style ?? base, isStyled: piece.style != nil))
        }
        self.scalars = scalars
        self.runs = runs
        self.baseStyle = base
    }

    /// The same runs over other scalars (as many): what white-space processing hands to shaping.
    init(replacing other: AttributedText, scalars: [Unicode.Scalar]) {
        precondition(scalars.count == other.scalars.count)
        self.scalars = scalars
        self.runs = other.runs
        self.baseStyle = other.baseStyle
    }

    /// Other scalars with the same runs over new ranges: what a text case hands to analysis (``CaseMapping``).
    init(mapped other: AttributedText, scalars: [Unicode.Scalar], runs: [Run]) {
        self.scalars = scalars
        self.runs = runs
        self.baseStyle = other.baseStyle
    }

    /// The same text with every style, the runs' and the base one, passed through `transform`: what an autoshrinking
    /// label lays out at a smaller size (``Autoshrink``).
    public func restyled(_ transform: (TextStyle) -> TextStyle) -> AttributedText {
        AttributedText(scalars: scalars, base: transform(baseStyle),
                       runs: runs.map { Run(range: $0.range, style: transform($0.style), isStyled: $0.isStyled) })
    }

    private init(scalars: [Unicode.Scalar], base: TextStyle, runs: [Run]) {
        self.scalars = scalars
        self.runs = runs
        self.baseStyle = base
    }

    /// The whole text as a `String`.
    public var string: String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// The index of the run holding scalar `offset` (the last run for the end of the text).
    public func runIndex(at offset: Int) -> Int {
        guard !runs.isEmpty else { return 0 }
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The style of scalar `offset` (the base style for an empty text).
    public func style(at offset: Int) -> TextStyle {
        runs.isEmpty ? baseStyle : runs[runIndex(at: offset)].style
    }
}
