import CLineBreaking

/// A place where a line may (or must) end, as an offset in Unicode scalars.
public struct BreakOpportunity: Hashable, Sendable {
    /// Scalar offset of the first scalar of the *next* line.
    public var offset: Int
    /// True for a hard break (after `\n`, U+2028, U+2029, …): the line must end here.
    public var mandatory: Bool
}

/// Finds line-break opportunities with ICU's UAX #14 line-break iterator: the same rules TextKit follows, so
/// URLs, em dashes, non-breaking spaces, punctuation and CJK break where iOS breaks them.
public enum BreakOpportunities {
    /// Whose refinements of UAX #14 to apply on top of ICU's rules.
    public enum Profile: Sendable {
        /// ICU's rules as they are (what TextKit's breaking follows for the cases Ghostline tests).
        case icu
        /// Chromium's: no break after "/" before a letter or digit, so URLs stay whole until they must be split
        /// by character (observed in the browser fixture: `https://example.com/averyvery…` is never broken at a
        /// slash, while "?" still allows a break).
        case chromium
    }

    /// Every opportunity after offset 0, in order; the last is always `scalars.count`.
    public static func line(_ scalars: [Unicode.Scalar], profile: Profile = .icu) -> [BreakOpportunity] {
        let opportunities = boundaries(scalars, lineBreaks: true) ?? fallback(scalars)
        guard profile == .chromium else { return opportunities }
        return opportunities.filter { opportunity in
            let offset = opportunity.offset
            guard !opportunity.mandatory, offset > 0, offset < scalars.count, scalars[offset - 1] == "/" else { return true }
            let next = scalars[offset]
            return !(next.isASCII && (next.properties.isAlphabetic || ("0"..."9").contains(next)))
        }
    }

    /// Grapheme-cluster boundaries after offset 0: where `charWrap` may break and where truncation may cut.
    public static func graphemes(_ scalars: [Unicode.Scalar]) -> [Int] {
        boundaries(scalars, lineBreaks: false)?.map(\.offset) ?? Array(1...max(scalars.count, 1)).filter { $0 <= scalars.count }
    }

    private static func boundaries(_ scalars: [Unicode.Scalar], lineBreaks: Bool) -> [BreakOpportunity]? {
        guard !scalars.isEmpty else { return [] }
        // ICU works in UTF-16; remember which scalar each UTF-16 unit starts so offsets map back.
        var utf16: [UInt16] = []
        utf16.reserveCapacity(scalars.count)
        var scalarAtUnit: [Int] = []
        scalarAtUnit.reserveCapacity(scalars.count + 1)
        for (index, scalar) in scalars.enumerated() {
            for unit in String(scalar).utf16 {
                utf16.append(unit)
                scalarAtUnit.append(index)
            }
        }
        scalarAtUnit.append(scalars.count)
        let capacity = utf16.count
        var offsets = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        let count = utf16.withUnsafeBufferPointer { text in
            offsets.withUnsafeMutableBufferPointer { offsets in
                hard.withUnsafeMutableBufferPointer { hard in
                    lineBreaks
                        ? gl_line_boundaries(text.baseAddress, Int32(text.count), offsets.baseAddress, hard.baseAddress, Int32(capacity))
                        : gl_grapheme_boundaries(text.baseAddress, Int32(text.count), offsets.baseAddress, Int32(capacity))
                }
            }
        }
        // ICU could not start (missing data?): the caller falls back to something simpler that keeps layout working.
        guard count >= 0 else { return nil }
        return (0..<Int(count)).map { BreakOpportunity(offset: scalarAtUnit[Int(offsets[$0])], mandatory: hard[$0] != 0) }
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
