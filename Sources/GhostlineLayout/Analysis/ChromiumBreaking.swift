/// Chromium's own line-breaking rules, laid over ICU's UAX #14 opportunities for the css model.
///
/// Blink decides a break between two printable ASCII characters (`!` through `~`) from a fixed table of its own,
/// kept for compatibility with older browsers, and never asks ICU about such a pair; every other pair (spaces,
/// controls, anything outside ASCII) is ICU's. The table was measured in headless Chromium 156 for all 8,836
/// ordered pairs (`scripts/browser/browser-breaking.py`, `Fixtures/browser/chromium-break-pairs.json`) and reads:
///
/// - after `! " # % & ) * + , . : ; = > \ ] | } ~` a line may break only before an opening `( < [ {`;
/// - after `-`, before `" # % & ' ( * + - < = > @ [ \ ^ _ ` { | ~` and letters, and before a digit only when the
///   hyphen follows an ASCII letter or digit (`ghostline-1.0` and `1234-5678` break, a minus sign in `-5` or
///   `(-7)` does not; UAX #14's LB25 forbids all of these);
/// - after `?`, before `# $ % & ( * + - < = > @ [ \ ^ _ ` { | ~`, letters and digits (a URL's query);
/// - after any other printable ASCII character (letters, digits, `$ ' ( / < @ [ ^ _ ` {`), never: so a URL is
///   not broken after `/`, and `Wow!Great` or `a|b` stay whole, where UAX #14 breaks after `!`, `|` and `}`.
///
/// Two more differences from the ICU that Ghostline links (72), measured the same way:
///
/// - a pair of Latin-1 characters (up to U+00FF) is decided by the pair alone, as if nothing stood around it:
///   `1)°` breaks before the degree sign in Chromium, where UAX #14's LB25 keeps a number's `)°` together;
/// - the figure dash and en dash (U+2012, U+2013) break as the hyphen U+2010 does: not after a word-initial one
///   before a letter (`–a` at a line's start or after a space stays whole), as LB20a keeps `‐a`.
///
/// Blink's source (`text_break_iterator.cc`: its ASCII table, the hyphen-before-digit case, a fast pair table up
/// to Latin-1) agrees. UIKit follows ICU, so the uikit model never uses this.
enum ChromiumBreaking {
    /// Characters after which a line may break before an opening bracket, and nowhere else in ASCII.
    private static let beforeOpeningOnly = Set("!\"#%&)*+,.:;=>\\]|}~".unicodeScalars)
    private static let openings = Set("(<[{".unicodeScalars)
    /// Symbols a hyphen may break before (besides letters, and digits in context).
    private static let afterHyphen = Set("\"#%&'(*+-<=>@[\\^_`{|~".unicodeScalars)
    /// Symbols a question mark may break before (besides letters and digits).
    private static let afterQuestionMark = Set("#$%&(*+-<=>@[\\^_`{|~".unicodeScalars)

    static func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool { (0x21...0x7E).contains(scalar.value) }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// The text ICU reads for Chromium: figure and en dashes as hyphens (U+2010), which take the same UTF-16 units.
    static func icuText(_ text: UTF16Text) -> UTF16Text {
        guard text.units.contains(where: { $0 == 0x2012 || $0 == 0x2013 }) else { return text }
        return UTF16Text(units: text.units.map { $0 == 0x2012 || $0 == 0x2013 ? 0x2010 : $0 }, scalarAtUnit: text.scalarAtUnit)
    }

    /// Whether Chromium allows a break before `scalars[offset]`, or nil when it leaves the pair to ICU; `latin`
    /// remembers the Latin-1 pairs ICU was asked about.
    static func allowsBreak(before offset: Int, in scalars: [Unicode.Scalar], latin: inout LatinPairs) -> Bool? {
        guard offset > 0, offset < scalars.count else { return nil }
        let last = scalars[offset - 1], next = scalars[offset]
        guard isPrintableASCII(last), isPrintableASCII(next) else {
            return latin.allowsBreak(last, next)
        }
        if beforeOpeningOnly.contains(last) { return openings.contains(next) }
        switch last {
        case "-":
            if isASCIIDigit(next) {
                guard offset >= 2 else { return false }
                let beforeHyphen = scalars[offset - 2]
                return isASCIILetter(beforeHyphen) || isASCIIDigit(beforeHyphen)
            }
            return isASCIILetter(next) || afterHyphen.contains(next)
        case "?":
            return isASCIILetter(next) || isASCIIDigit(next) || afterQuestionMark.contains(next)
        default:
            return false
        }
    }

    /// ICU's opportunities with every pair of printable ASCII characters decided by Chromium's table instead.
    static func adjust(_ opportunities: [BreakOpportunity], scalars: [Unicode.Scalar]) -> [BreakOpportunity] {
        var result: [BreakOpportunity] = []
        result.reserveCapacity(opportunities.count)
        var next = opportunities.makeIterator()
        var pending = next.next()
        var latin = LatinPairs()
        for offset in 1...max(scalars.count, 1) {
            var icu: BreakOpportunity?
            while let candidate = pending, candidate.offset <= offset {
                if candidate.offset == offset { icu = candidate }
                pending = next.next()
            }
            if let icu, icu.mandatory || offset == scalars.count {
                result.append(icu)
                continue
            }
            switch allowsBreak(before: offset, in: scalars, latin: &latin) {
            case true?: result.append(icu ?? BreakOpportunity(offset: offset, mandatory: false))
            case false?: continue
            case nil: if let icu { result.append(icu) }
            }
        }
        return result
    }
}

/// ICU's answer for a pair of Latin-1 characters on their own, remembered for one text: Chromium decides such a pair
/// from a table built the same way, without the characters around it. Spaces, controls and the C1 block are left to
/// ICU in context (Chromium handles spaces before any table, and breaks between controls nowhere), and so is a
/// hyphen-minus before a non-ASCII character (Blink hands that pair to ICU: `co-éclair` breaks after the hyphen,
/// which `-é` alone, a word-initial hyphen, would not). The memory belongs to the caller (one analysis), so there
/// is no process-wide state; a text holds at most 190 × 190 distinct pairs, so it stays small.
struct LatinPairs {
    private var known: [UInt16: Bool] = [:]

    static func inTable(_ scalar: Unicode.Scalar) -> Bool {
        (0x21...0x7E).contains(scalar.value) || (0xA0...0xFF).contains(scalar.value)
    }

    mutating func allowsBreak(_ last: Unicode.Scalar, _ next: Unicode.Scalar) -> Bool? {
        guard Self.inTable(last), Self.inTable(next), last != "-" else { return nil }
        let key = UInt16(last.value) << 8 | UInt16(next.value)
        if let answer = known[key] { return answer }
        guard let alone = BreakOpportunities.boundaries(UTF16Text([last, next]), lineBreaks: true, locale: "") else { return nil }
        let answer = alone.contains { $0.offset == 1 }
        known[key] = answer
        return answer
    }
}
