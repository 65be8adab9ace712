import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `JSONValue.format` writes numbers from integers instead of `String(format:)`. These tests hold it to the printf
/// definition the JSON outputs have always used: six decimals, trailing zeros dropped, one decimal kept.
@Suite("JSON numbers")
struct JSONNumberTests {
    /// The definition, through printf.
    static func reference(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded() { return String(format: "%.1f", rounded) }
        var text = String(format: "%.6f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    @Test func edgeCasesMatchPrintf() {
        let values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 1e-7, -1e-7, 4e-7, 5e-7, 6e-7, 0.333333333, 2.0 / 3, 8.0, 37.0,
                                1_073_741_823.999999, 1_073_741_824.5, 1e9 + 0.123456, 123_456.000_000_4, 0.000_001, 0.1 + 0.2,
                                999_999.999_999_5, -999_999.999_999_5, 1e12 + 0.3]
        for value in values { #expect(JSONValue.format(value) == Self.reference(value), "\(value)") }
    }

    /// 200,000 seeded values across magnitudes from 10^-8 to 10^12, both signs.
    @Test func randomValuesMatchPrintf() {
        var random = SplitMix(seed: 7)
        for _ in 0..<200_000 {
            let magnitude = pow(10, Double(random.next(in: -8...12)))
            let value = Double(random.next() % 1_000_000_007) / 1_000_000_007 * magnitude * (random.next() & 1 == 0 ? 1 : -1)
            let text = JSONValue.format(value)
            guard text == Self.reference(value) else {
                Issue.record("\(value): \(text), printf \(Self.reference(value))")
                return
            }
        }
    }
}
