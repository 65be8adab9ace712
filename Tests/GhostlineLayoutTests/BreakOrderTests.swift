@testable import GhostlineLayout
import Testing

/// The line breaker walks break opportunities in order of their offsets. A fuzz finding
/// (`Tests/FuzzRegressions/text/keep-all-break-spaces.bin`) had `word-break: keep-all` remove as many opportunities
/// as `white-space: break-spaces` added, which left the added ones unsorted and the breaker looping forever.
@Suite("Break opportunities stay in order")
struct BreakOrderTests {
    @Test func keepAllWithBreakSpacesKeepsOffsetsSorted() {
        for text in ["ab  cd ef", "日本語 テキスト  です", "x1 2y  3z 4", "ab\u{00A0}cd  ef gh"] {
            let scalars = Array(text.unicodeScalars)
            var options = TextAnalysis.Options()
            options.whiteSpace = .breakSpaces
            options.wordBreak = .keepAll
            let offsets = TextAnalysis(scalars, options: options).breaks.map(\.offset)
            #expect(offsets == offsets.sorted(), "\(text): \(offsets)")
            #expect(Set(offsets).count == offsets.count, "\(text): \(offsets)")
        }
    }

    /// The adjustment itself, with one opportunity that keep-all drops (between the letters b and c) and one that
    /// break-spaces adds (after the first of two spaces): as many removed as added, which the old count check missed.
    @Test func adjustSortsWhatItAdds() {
        let scalars = Array("a  bc".unicodeScalars)
        let breaks = [BreakOpportunity(offset: 3, mandatory: false), BreakOpportunity(offset: 4, mandatory: false),
                      BreakOpportunity(offset: 5, mandatory: true)]
        let adjusted = WhiteSpaceProcessing.adjust(breaks, scalars: scalars, graphemes: [0, 1, 2, 3, 4, 5],
                                                   whiteSpace: .breakSpaces, wordBreak: .keepAll)
        #expect(adjusted.map(\.offset) == [2, 3, 5])
    }
}
