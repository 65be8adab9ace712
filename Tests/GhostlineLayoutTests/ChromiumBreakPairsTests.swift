import Foundation
import Testing
@testable import GhostlineLayout

/// The css model's break opportunities against Chromium's, pair by pair. `Fixtures/browser/chromium-break-pairs.json`
/// was recorded by `scripts/browser/browser-breaking.py` in headless Chromium: for 151 characters (the 94 printable
/// ASCII ones and 57 others: dashes, quotes, CJK punctuation, kana, emoji, joiners, spaces), every ordered pair X Y in
/// the text `<prefix> X Y a` for the prefixes `a`, `1`, `(` and none, whether a line may break between X and Y —
/// 91,204 pairs in context — and the hyphen before a digit after each of the 151 characters.
///
/// `BreakOpportunities` with the `.chromium` profile (ICU with `lb=normal`, as `line-break: auto` asks, and
/// ``ChromiumBreaking``'s table for ASCII pairs) must say the same for every one of them, but for the exceptions
/// listed below with their reason.
@Suite("css model breaks where Chromium breaks, pair by pair")
struct ChromiumBreakPairsTests {
    struct Fixture: Decodable {
        struct Context: Decodable { let prefix: String; let rows: [String] }
        let chromium: String
        let chars: [String]
        let contexts: [Context]
        let hyphenDigit: String
    }

    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: TestFonts.packageRoot + "/Fixtures/browser/chromium-break-pairs.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    /// Pairs where Ghostline knowingly differs: Chromium never breaks between a zero-width space and an
    /// ideographic space (U+3000), where UAX #14's LB8 breaks after the zero-width space. Not explained by Blink's
    /// break iterator; left to ICU until a case needs it.
    static let knownDifferences: Set<String> = ["U+200B U+3000"]

    static func name(_ s: String) -> String {
        s.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
    }

    /// Whether the css model may break before scalar `offset` of `text`.
    static func breaks(_ text: String, before offset: Int, profile: BreakOpportunities.Profile = .chromium) -> Bool {
        BreakOpportunities.line(Array(text.unicodeScalars), profile: profile, locale: "@lb=normal")
            .contains { $0.offset == offset }
    }

    @Test func fixtureHasEveryPair() {
        #expect(Self.fixture.chars.count == 151)
        #expect(Self.fixture.chars.allSatisfy { $0.unicodeScalars.count == 1 })
        #expect(Self.fixture.contexts.map(\.prefix) == ["a", "1", "(", ""])
        for context in Self.fixture.contexts {
            #expect(context.rows.count == 151 && context.rows.allSatisfy { $0.count == 151 })
        }
    }

    @Test(arguments: [0, 1, 2, 3])
    func everyPairBreaksAsInChromium(context index: Int) {
        let context = Self.fixture.contexts[index]
        let chars = Self.fixture.chars
        let at = context.prefix.unicodeScalars.count + 1
        var differences: [String] = []
        for (i, x) in chars.enumerated() {
            let row = Array(context.rows[i])
            for (j, y) in chars.enumerated() {
                let chromium = row[j] == "1"
                if Self.breaks(context.prefix + x + y + "a", before: at) != chromium {
                    differences.append(Self.name(x + y) + (chromium ? " (Chromium breaks)" : " (Chromium does not)"))
                }
            }
        }
        let unexpected = differences.filter { d in !Self.knownDifferences.contains { d.hasPrefix($0 + " ") } }
        #expect(unexpected.isEmpty, "prefix \"\(context.prefix)\": \(unexpected.count) pairs differ: \(unexpected.prefix(40))")
        // The known differences still differ: when Chromium or ICU changes, the list must shrink with them.
        for known in Self.knownDifferences {
            #expect(differences.contains { $0.hasPrefix(known + " ") }, "\(known) now agrees: drop it from the list")
        }
    }

    @Test func aHyphenBreaksBeforeADigitAfterALetterOrDigit() {
        for (i, z) in Self.fixture.chars.enumerated() {
            let chromium = Array(Self.fixture.hyphenDigit)[i] == "1"
            #expect(Self.breaks(z + "-7a", before: 2) == chromium, "\(Self.name(z)) - 7: Chromium \(chromium ? "breaks" : "does not")")
        }
    }

    /// The uikit model keeps ICU's rules: where the tables disagree, `.icu` still says what UAX #14 says.
    @Test func theUIKitProfileIsUnchanged() {
        #expect(!Self.breaks("ghostline-1.0", before: 10, profile: .icu))
        #expect(Self.breaks("ghostline-1.0", before: 10))
        #expect(Self.breaks("Wow!Great", before: 4, profile: .icu))
        #expect(!Self.breaks("Wow!Great", before: 4))
        #expect(Self.breaks("a.com/path", before: 6, profile: .icu))
        #expect(!Self.breaks("a.com/path", before: 6))
    }
}
