import Foundation
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
        #expect(Self.hyphenator.points(in: word, language: language) == points, "\(hyphenated)")
    }

    @Test func dictionariesByLanguage() {
        #expect(Self.hyphenator.dictionaryPath(for: "de")?.hasSuffix("hyph_de_DE.dic") == true)
        #expect(Self.hyphenator.dictionaryPath(for: "de-CH")?.hasSuffix("hyph_de_CH.dic") == true)
        #expect(Self.hyphenator.dictionaryPath(for: "en")?.hasSuffix("hyph_en_US.dic") == true)
        #expect(Self.hyphenator.dictionaryPath(for: "xx") == nil)
        #expect(Self.hyphenator.points(in: Array("Überstraße".unicodeScalars), language: "xx").isEmpty)
    }

    static let inter = try! Font(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
    /// The tests' own dictionaries: Debian's, named here rather than through any default.
    static let hyphenator = Hyphenator(directory: "/usr/share/hyphen")

    func lines(_ text: String, width: Double, model: LayoutModel, factor: Double = 0, hyphens: Hyphens = .manual) -> [LabelLine] {
        var paragraph = ParagraphStyle()
        paragraph.language = "de"
        paragraph.hyphenationFactor = factor
        paragraph.hyphens = hyphens
        var input = LabelLayouter.Input(text: AttributedText(text, style: TextStyle(font: Self.inter, pointSize: 17)),
                                        paragraph: paragraph, model: model)
        input.hyphenator = Self.hyphenator
        return LabelLayouter.layout(input, width: width).lines
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

/// The dictionaries belong to a font context, not to the process: each context reads the directory it was made
/// with, keeps one hyphenator for itself and the contexts it derives, and several threads look words up at once.
@Suite("Hyphenation dictionaries in the font context")
struct HyphenationContextTests {
    static let word = Array("Donaudampfschifffahrtsgesellschaft".unicodeScalars)

    @Test func aContextReadsItsOwnDirectory() throws {
        let debian = FontContext(fontSet: FontSet(directories: [], systemFonts: false), hyphenationDirectory: "/usr/share/hyphen")
        let empty = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
                                                appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = FontContext(fontSet: FontSet(directories: [], systemFonts: false), hyphenationDirectory: empty.path)
        #expect(debian.hyphenator.points(in: Self.word, language: "de") == [2, 5, 10, 16, 22, 24, 28])
        #expect(none.hyphenator.points(in: Self.word, language: "de").isEmpty)
        #expect(none.hyphenator.directory == empty.path)
    }

    @Test func derivedContextsShareOneHyphenator() {
        let context = FontContext(fontSet: FontSet(directories: [], systemFonts: false))
        let derived = context.context(for: FontSet(directories: ["/nonexistent"], systemFonts: false))
        #expect(derived !== context)
        #expect(derived.hyphenator === context.hyphenator)
        #expect(FontContext(fontSet: FontSet(directories: [], systemFonts: false)).hyphenator !== context.hyphenator)
    }

    /// A label laid out through a context (as every scene is) hyphenates with that context's dictionaries; with
    /// neither a context nor a hyphenator it gets no dictionary points at all, rather than a process-wide default.
    @Test func labelsHyphenateThroughTheirContext() throws {
        let context = FontContext(fontSet: FontSet(directories: [], systemFonts: false))
        var paragraph = ParagraphStyle()
        paragraph.language = "de"
        paragraph.hyphenationFactor = 1
        let text = AttributedText("Donaudampfschifffahrtsgesellschaft", style: TextStyle(font: HyphenationTests.inter, pointSize: 17))
        let through = LabelLayouter.layout(.init(text: text, paragraph: paragraph, fallback: FontFallback(context: context)), width: 110)
        let without = LabelLayouter.layout(.init(text: text, paragraph: paragraph, fallback: .none), width: 110)
        #expect(through.lines.dropLast().allSatisfy { $0.text.hasSuffix("\u{2010}") })
        #expect(!without.lines.contains { $0.text.hasSuffix("\u{2010}") })
    }

    /// Look-ups run in parallel (only opening a dictionary takes the lock) and give what one thread gives.
    @Test func parallelLookUpsAgreeWithSerialOnes() {
        let hyphenator = Hyphenator(directory: "/usr/share/hyphen")
        let words = HyphenationTests.expected.map { (language: $0.language,
                                                     word: Array($0.hyphenated.replacingOccurrences(of: "-", with: "").unicodeScalars)) }
        let serial = words.map { hyphenator.points(in: $0.word, language: $0.language) }
        let results = ResultBox(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let pick = words[index % words.count]
            results.set(index, hyphenator.points(in: pick.word, language: pick.language))
        }
        for index in 0..<64 { #expect(results.get(index) == serial[index % words.count]) }
    }

    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [[Int]]
        init(count: Int) { values = Array(repeating: [], count: count) }
        func set(_ index: Int, _ value: [Int]) { lock.lock(); values[index] = value; lock.unlock() }
        func get(_ index: Int) -> [Int] { lock.lock(); defer { lock.unlock() }; return values[index] }
    }
}
