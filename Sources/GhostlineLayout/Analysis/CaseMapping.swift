import CTextAnalysis

/// The text as a ``TextCase`` draws it, and the way back to the source: what analysis, shaping and breaking run on
/// when a run sets a text case.
///
/// A mapping may change the number of scalars (German ß → SS, Turkish İ → i in lowercase outside `tr`), so each
/// grapheme cluster is mapped on its own and every displayed scalar remembers the source cluster it came from:
/// ``sourceOffsets`` takes a line's offsets, its runs' and its glyphs' clusters back to the source text, so the
/// layout JSON's `start`/`end` and NSRange counts mean the same with or without a text case.
struct CaseMapping {
    /// The displayed text: the same runs over the mapped scalars.
    let text: AttributedText
    /// `sourceOffsets[d]` is the source offset of displayed boundary `d` (one entry more than the displayed
    /// scalars). Scalars of a cluster that mapped to as many scalars map one to one; a cluster that grew or shrank
    /// maps wholly to its start, so a line never begins inside a source cluster.
    let sourceOffsets: [Int]

    /// The mapping of `text`, or nil when no run sets a case (nothing to map). `language` is the paragraph's, for
    /// runs without a language of their own.
    init?(_ text: AttributedText, language: String?) {
        guard text.runs.contains(where: { $0.style.textCase != .none }) else { return nil }
        let scalars = text.scalars
        let utf16 = UTF16Text(scalars)
        let clusters = BreakOpportunities.graphemes(utf16, count: scalars.count)
        let wordStarts = text.runs.contains { $0.style.textCase == .capitalize } ? Self.wordStarts(utf16) : []
        var displayed: [Unicode.Scalar] = []
        var sources: [Int] = []
        var runs: [AttributedText.Run] = []
        displayed.reserveCapacity(scalars.count)
        var clusterIndex = 0
        for run in text.runs {
            let runStart = displayed.count
            let locale = run.style.language ?? language ?? ""
            var start = run.range.lowerBound
            while start < run.range.upperBound {
                while clusterIndex < clusters.count && clusters[clusterIndex] <= start { clusterIndex += 1 }
                let end = min(clusterIndex < clusters.count ? clusters[clusterIndex] : scalars.count, run.range.upperBound)
                let piece = Array(scalars[start..<end])
                let mapped: [Unicode.Scalar]
                switch run.style.textCase {
                case .none: mapped = piece
                case .upper: mapped = Self.map(piece, upper: true, locale: locale)
                case .lower: mapped = Self.lowercased(piece, at: start, in: scalars, locale: locale)
                case .capitalize: mapped = wordStarts.contains(start) ? Self.titlecasedFirst(piece) : piece
                }
                if mapped.count == piece.count {
                    sources.append(contentsOf: start..<end)
                } else {
                    sources.append(contentsOf: repeatElement(start, count: mapped.count))
                }
                displayed.append(contentsOf: mapped)
                start = end
            }
            if displayed.count > runStart {
                runs.append(AttributedText.Run(range: runStart..<displayed.count, style: run.style, isStyled: run.isStyled))
            }
        }
        sources.append(scalars.count)
        self.text = AttributedText(mapped: text, scalars: displayed, runs: runs)
        self.sourceOffsets = sources
    }

    /// Where CSS `capitalize` titlecases: the start of the text and every UAX #29 word boundary, as Chromium walks
    /// them (it titlecases the first code point after each boundary, letter or not).
    static func wordStarts(_ text: UTF16Text) -> Set<Int> {
        var starts: Set<Int> = [0]
        guard !text.units.isEmpty else { return starts }
        var offsets = [Int32](repeating: 0, count: text.units.count)
        let count = text.units.withUnsafeBufferPointer { units in
            offsets.withUnsafeMutableBufferPointer { gl_word_boundaries(units.baseAddress, Int32(units.count), $0.baseAddress, Int32($0.count)) }
        }
        for index in 0..<max(0, Int(count)) { starts.insert(text.scalarAtUnit[Int(offsets[index])]) }
        return starts
    }

    /// The first scalar of a cluster in its simple titlecase form (one scalar for one, so nothing moves).
    static func titlecasedFirst(_ piece: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let first = piece.first, let title = Unicode.Scalar(gl_title_case(first.value)) else { return piece }
        return [title] + piece.dropFirst()
    }

    /// Lowercase, with Greek capital sigma's one context rule: at a word's end it becomes final ς. ICU decides it
    /// when it sees the neighbours, so a cluster with Σ is mapped between the scalars around it and they are cut
    /// off again.
    static func lowercased(_ piece: [Unicode.Scalar], at start: Int, in scalars: [Unicode.Scalar], locale: String) -> [Unicode.Scalar] {
        guard piece.contains("\u{03A3}") else { return map(piece, upper: false, locale: locale) }
        let before = start > 0 ? [scalars[start - 1]] : []
        let afterIndex = start + piece.count
        let after = afterIndex < scalars.count ? [scalars[afterIndex]] : []
        let whole = map(before + piece + after, upper: false, locale: locale)
        let head = map(before, upper: false, locale: locale).count, tail = map(after, upper: false, locale: locale).count
        guard whole.count >= head + tail else { return map(piece, upper: false, locale: locale) }
        return Array(whole[head..<(whole.count - tail)])
    }

    /// ICU's full case mapping of `piece` in `locale` (BCP 47; "" for the root rules); the piece itself if ICU fails.
    static func map(_ piece: [Unicode.Scalar], upper: Bool, locale: String) -> [Unicode.Scalar] {
        guard !piece.isEmpty else { return piece }
        var units: [UInt16] = []
        for scalar in piece { units.append(contentsOf: UTF16.encode(scalar)!) }
        var out = [UInt16](repeating: 0, count: units.count * 3 + 4)
        var length = Int32(-1)
        for _ in 0..<2 {
            length = units.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer {
                    gl_case_map(input.baseAddress, Int32(input.count), locale, upper ? 1 : 0, $0.baseAddress, Int32($0.count))
                }
            }
            guard Int(length) > out.count else { break }
            out = [UInt16](repeating: 0, count: Int(length))
        }
        guard length >= 0, Int(length) <= out.count else { return piece }
        return Array(String(decoding: out[0..<Int(length)], as: UTF16.self).unicodeScalars)
    }
}
