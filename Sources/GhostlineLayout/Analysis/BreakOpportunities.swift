import CTextAnalysis

/// A place where a line may (or must) end, as an offset in Unicode scalars.
public struct BreakOpportunity: Hashable, Sendable {
    /// Scalar offset of the first scalar of the *next* line.
    public var offset: Int
    /// True for a hard break (after `\n`, U+2028, U+2029, …): the line must end here.
    public var mandatory: Bool
    /// A dictionary hyphenation point inside a word: a line ending here shows a hyphen.
    public var hyphenates: Bool = false

    /// Creates a break opportunity before scalar `offset`.
    public init(offset: Int, mandatory: Bool, hyphenates: Bool = false) {
        self.offset = offset; self.mandatory = mandatory; self.hyphenates = hyphenates
    }
}

/// A text converted once to the UTF-16 that ICU reads, with the way back to scalar offsets.
struct UTF16Text {
    let units: [UInt16]
    /// `scalarAtUnit[u]` is the scalar that UTF-16 unit `u` belongs to; one extra entry maps the end.
    let scalarAtUnit: [Int]

    init(units: [UInt16], scalarAtUnit: [Int]) {
        self.units = units
        self.scalarAtUnit = scalarAtUnit
    }

    init(_ scalars: [Unicode.Scalar]) {
        var units: [UInt16] = []
        units.reserveCapacity(scalars.count)
        var scalarAtUnit: [Int] = []
        scalarAtUnit.reserveCapacity(scalars.count + 1)
        for (index, scalar) in scalars.enumerated() {
            if scalar.value < 0x10000 {
                units.append(UInt16(scalar.value))
                scalarAtUnit.append(index)
            } else {
                let value = scalar.value - 0x10000
                units.append(UInt16(0xD800 + (value >> 10)))
                units.append(UInt16(0xDC00 + (value & 0x3FF)))
                scalarAtUnit.append(index)
                scalarAtUnit.append(index)
            }
        }
        scalarAtUnit.append(scalars.count)
        self.units = units
        self.scalarAtUnit = scalarAtUnit
    }
}

/// Finds line-break opportunities with ICU's UAX #14 line-break iterator: the same rules TextKit follows, so
/// URLs, em dashes, no-break spaces, punctuation, Thai (ICU's dictionary) and CJK break where iOS breaks them.
public enum BreakOpportunities {
    /// Whose refinements of UAX #14 to apply on top of ICU's rules.
    public enum Profile: Sendable {
        /// ICU's rules as they are (what TextKit's breaking follows for the cases Ghostline tests).
        case icu
        /// Chromium's: every pair of printable ASCII characters decided by Blink's own table instead of UAX #14
        /// (``ChromiumBreaking``: URLs are not broken after "/", a hyphen before a digit breaks after a letter or
        /// digit, "?" breaks before most characters, "!", "|" and "}" break only before an opening bracket).
        case chromium
    }

    /// Every opportunity after offset 0, in order; the last is always `scalars.count`.
    public static func line(_ scalars: [Unicode.Scalar], profile: Profile = .icu, locale: String = "") -> [BreakOpportunity] {
        line(UTF16Text(scalars), scalars: scalars, profile: profile, locale: locale)
    }

    /// Grapheme-cluster boundaries after offset 0: where `charWrap` may break and where truncation may cut.
    public static func graphemes(_ scalars: [Unicode.Scalar]) -> [Int] {
        graphemes(UTF16Text(scalars), count: scalars.count)
    }

    static func line(_ text: UTF16Text, scalars: [Unicode.Scalar], profile: Profile, locale: String) -> [BreakOpportunity] {
        guard profile == .chromium else {
            return boundaries(text, lineBreaks: true, locale: locale) ?? fallback(scalars)
        }
        let opportunities = boundaries(ChromiumBreaking.icuText(text), lineBreaks: true, locale: locale) ?? fallback(scalars)
        return ChromiumBreaking.adjust(opportunities, scalars: scalars)
    }

    static func graphemes(_ text: UTF16Text, count: Int) -> [Int] {
        boundaries(text, lineBreaks: false, locale: "")?.map(\.offset) ?? Array(1...max(count, 1)).filter { $0 <= count }
    }

    static func boundaries(_ text: UTF16Text, lineBreaks: Bool, locale: String) -> [BreakOpportunity]? {
        guard !text.units.isEmpty else { return [] }
        let capacity = text.units.count
        var offsets = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        let count = text.units.withUnsafeBufferPointer { units in
            offsets.withUnsafeMutableBufferPointer { offsets in
                hard.withUnsafeMutableBufferPointer { hard in
                    lineBreaks
                        ? gl_line_boundaries(units.baseAddress, Int32(units.count), locale, offsets.baseAddress,
                                             hard.baseAddress, Int32(capacity))
                        : gl_grapheme_boundaries(units.baseAddress, Int32(units.count), offsets.baseAddress, Int32(capacity))
                }
            }
        }
        // ICU could not start (missing data?): the caller falls back to something simpler that keeps layout working.
        guard count >= 0 else { return nil }
        return (0..<Int(count)).map { BreakOpportunity(offset: text.scalarAtUnit[Int(offsets[$0])], mandatory: hard[$0] != 0) }
    }

    private static func fallback(_ scalars: [Unicode.Scalar]) -> [BreakOpportunity] {
        var result: [BreakOpportunity] = []
        for (i, s) in scalars.enumerated() where s == " " || s == "\n" {
            result.append(BreakOpportunity(offset: i + 1, mandatory: s == "\n"))
        }
        if result.last?.offset != scalars.count { result.append(BreakOpportunity(offset: scalars.count, mandatory: false)) }
        return result
    }
}
