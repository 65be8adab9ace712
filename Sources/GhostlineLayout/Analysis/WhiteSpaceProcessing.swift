import CTextAnalysis

/// CSS white-space processing and the word-breaking keys, for the css model (the uikit model keeps every
/// character, as UILabel does).
///
/// Offsets never change: a collapsed space stays in the text (the layout JSON still counts it) but is shaped
/// with no advance and draws nothing; a newline that collapses is shaped and broken as a space.
struct WhiteSpaceProcessing: Sendable {
    /// The text as it is shaped and broken.
    let scalars: [Unicode.Scalar]
    /// `collapsed[i]`: scalar `i` is removed by collapsing.
    let collapsed: [Bool]

    init(_ original: [Unicode.Scalar], whiteSpace: WhiteSpace) {
        guard whiteSpace.collapsesSpaces else {
            scalars = original
            collapsed = [Bool](repeating: false, count: original.count)
            return
        }
        var text = original
        for i in text.indices {
            if text[i] == "\t" || (!whiteSpace.keepsNewlines && text[i].isLineTerminator) { text[i] = " " }
        }
        var collapsed = [Bool](repeating: false, count: text.count)
        // A space collapses after another space, at the start of the text, and next to a kept newline.
        var previousIsBreakOrStart = true, previousIsSpace = false
        for i in text.indices {
            let scalar = text[i]
            if scalar == " " {
                if previousIsSpace || previousIsBreakOrStart { collapsed[i] = true }
                previousIsSpace = true
            } else {
                previousIsSpace = false
                previousIsBreakOrStart = scalar.isLineTerminator
                if previousIsBreakOrStart {
                    // Spaces right before a kept newline go too (pre-line).
                    var j = i - 1
                    while j >= 0 && text[j] == " " { collapsed[j] = true; j -= 1 }
                }
            }
        }
        scalars = text
        self.collapsed = collapsed
    }

    /// Break opportunities as `white-space` and `word-break` change them.
    static func adjust(_ breaks: [BreakOpportunity], scalars: [Unicode.Scalar], graphemes: [Int], whiteSpace: WhiteSpace,
                       wordBreak: WordBreak) -> [BreakOpportunity] {
        var result = breaks
        var added = false
        switch wordBreak {
        case .normal:
            break
        case .keepAll:
            // No break between two letters of ideographs, kana, Hangul, letters or digits (CSS: opportunities
            // between NU, AL, AI and ID units are suppressed).
            result = result.filter { opportunity in
                let i = opportunity.offset
                guard !opportunity.mandatory, i > 0, i < scalars.count else { return true }
                return !(isWordLetter(scalars[i - 1], cjk: true) && isWordLetter(scalars[i], cjk: true))
            }
        case .breakAll:
            // Letters and digits break as ideographs do: between any two of them.
            var offsets = Set(result.map(\.offset))
            for boundary in graphemes where boundary > 0 && boundary < scalars.count && !offsets.contains(boundary) {
                if isWordLetter(scalars[boundary - 1], cjk: true) && isWordLetter(scalars[boundary], cjk: true) {
                    result.append(BreakOpportunity(offset: boundary, mandatory: false))
                    offsets.insert(boundary)
                    added = true
                }
            }
        }
        if whiteSpace == .breakSpaces {
            // A line may end after any preserved space, not only after the last of a run.
            var offsets = Set(result.map(\.offset))
            for i in scalars.indices where scalars[i] == " " && !offsets.contains(i + 1) {
                result.append(BreakOpportunity(offset: i + 1, mandatory: false))
                offsets.insert(i + 1)
                added = true
            }
        }
        // Sorted whenever anything was appended. (Comparing counts was not enough: keep-all can remove as many
        // opportunities as break-spaces adds, and the line breaker, which walks them in order, then went back to an
        // earlier offset and never finished: a fuzz finding, Tests/FuzzRegressions/text/keep-all-break-spaces.bin.)
        return added ? result.sorted { $0.offset < $1.offset } : result
    }

    /// UAX #14 classes that `word-break` treats as letters of a word (ICU's ULineBreak values): AI 1, AL 2,
    /// NU 19, SA 24, HL 38, and with `cjk` also ID 14, the Hangul classes H2 31, H3 32, JL 33, JT 34, JV 35,
    /// and CJ 37.
    static func isWordLetter(_ scalar: Unicode.Scalar, cjk: Bool) -> Bool {
        switch gl_line_break_class(scalar.value) {
        case 1, 2, 19, 24, 38: return true
        case 14, 31, 32, 33, 34, 35, 37: return cjk
        default: return false
        }
    }
}

extension Unicode.Scalar {
    /// A mandatory break (UAX #14's BK, CR, LF and NL classes): where every later stage ends a line or a paragraph.
    var isLineTerminator: Bool {
        switch self {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }
}
