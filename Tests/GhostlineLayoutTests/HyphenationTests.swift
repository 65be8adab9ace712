import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// Dictionary hyphenation. The expected syllables come from pyphen (an independent Python implementation of
/// Liang's algorithm) reading the same Debian dictionaries with each dictionary's own minimum lengths (German
/// 2 and 2; English LEFTHYPHENMIN 2, RIGHTHYPHENMIN 3, as its header states):
/// `pyphen.Pyphen(filename='/usr/share/hyphen/hyph_de_DE.dic', left=2, right=2).inserted(word)`.
@Suite("Hyphenation (libhyphen, Debian's dictionaries)")
struct HyphenationTests {
    static let expected: [(language: String, hyphenated: String)] = [
        ("de", "Do-nau-dampf-schiff-fahrts-ge-sell-schaft"),
        ("de", "Rechts-schutz-ver-si-che-rungs-ge-sell-schaf-ten"),
        ("de", "Bun-des-ver-fas-sungs-ge-richt"),
        ("de", "Ge-schwin-dig-keits-be-gren-zung"),
        ("en", "in-com-pre-hen-si-bil-i-ties"),
        ("en-US", "ty-pog-ra-phy"),
        ("en", "hy-phen-ation"),
        ("en", "char-ac-ter-is-ti-cally"),
        ("de", "Über-stra-ße"),
    ]

    @Test(arguments: expected.indices)
    func pointsMatchPyphen(index: Int) {
        let (language, hyphenated) = Self.expected[index]
        let word = Array(hyphenated.replacingOccurrences(of: "-", with: "").unicodeScalars)
        var points: [Int] = [], count = 0
        for scalar in hyphenated.unicodeScalars { if scalar == "-" { points.append(count) } else { count += 1 } }
        #expect(Hyphenator.shared.points(in: word, language: language) == points, "\(hyphenated)")
    }

    @Test func dictionariesByLanguage() {
        #expect(Hyphenator.shared.dictionaryPath(for: "de")?.hasSuffix("hyph_de_DE.dic") == true)
        #expect(Hyphenator.shared.dictionaryPath(for: "de-CH")?.hasSuffix("hyph_de_CH.dic") == true)
        #expect(Hyphenator.shared.dictionaryPath(for: "en")?.hasSuffix("hyph_en_US.dic") == true)
        #expect(Hyphenator.shared.dictionaryPath(for: "xx") == nil)
        #expect(Hyphenator.shared.points(in: Array("Überstraße".unicodeScalars), language: "xx").isEmpty)
    }

    static let inter = try! Font(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf")

    func lines(_ text: String, width: Double, model: LayoutModel, factor: Double = 0, hyphens: Hyphens = .manual) -> [LabelLine] {
        var paragraph = ParagraphStyle()
        paragraph.language = "de"
        paragraph.hyphenationFactor = factor
        paragraph.hyphens = hyphens
        return LabelLayouter.layout(.init(text: AttributedText(text, style: TextStyle(font: Self.inter, pointSize: 17)),
                                          paragraph: paragraph, model: model), width: width).lines
    }

    /// A German compound in a narrow box breaks at its syllables with a hyphen, not between any two letters.
    @Test(arguments: LayoutModel.allCases)
    func compoundsBreakAtSyllables(model: LayoutModel) {
        let word = "Donaudampfschifffahrtsgesellschaft"
        let syllableEnds = Set([2, 5, 10, 16, 22, 24, 28])        // Do|nau|dampf|schiff|fahrts|ge|sell|schaft
        let hyphenated = model == .uikit ? lines(word, width: 110, model: model, factor: 1)
                                         : lines(word, width: 110, model: model, hyphens: .auto)
        #expect(hyphenated.count >= 3)
        for line in hyphenated.dropLast() {
            #expect(syllableEnds.contains(line.end), "\(model): a line ends at \(line.end)")
            #expect(line.text.hasSuffix("\u{2010}") && line.width <= 110.02)
        }
        // Without hyphenation the word is cut between letters wherever the box ends.
        let cut = lines(word, width: 110, model: model)
        #expect(cut.dropLast().contains { !syllableEnds.contains($0.end) })
        #expect(!cut.contains { $0.text.hasSuffix("\u{2010}") })
    }

    /// UIKit hyphenates only a line that would otherwise be filled less than `hyphenationFactor` of its width.
    @Test func uikitHyphenationFactor() {
        let text = "Die Donaudampfschifffahrtsgesellschaft"
        // "Die " alone fills 30 of 200 pt: below any factor above 0.15, so the compound is hyphenated.
        #expect(lines(text, width: 200, model: .uikit, factor: 0.9)[0].text.hasSuffix("\u{2010}"))
        // With factor 0.1 the line (15% full) is full enough by UIKit's measure: "Die" stays alone.
        #expect(lines(text, width: 200, model: .uikit, factor: 0.1)[0].text == "Die")
    }

    /// CSS `hyphens: none` does not break at soft hyphens either; `manual` does.
    @Test func cssHyphensNoneIgnoresSoftHyphens() {
        let text = "Donau\u{AD}dampf\u{AD}schiff"
        #expect(lines(text, width: 80, model: .css, hyphens: .manual)[0].text == "Donau\u{2010}")
        #expect(!lines(text, width: 80, model: .css, hyphens: .none)[0].text.contains("\u{2010}"))
    }
}
