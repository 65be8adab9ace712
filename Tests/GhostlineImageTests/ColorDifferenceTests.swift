import GhostlineImage
import Testing

/// CIEDE2000 against published values: pairs of Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula:
/// implementation notes, supplementary test data, and mathematical observations", Color Research and Application
/// 30(1), 2005, Table 1 (to four decimals); and sRGB's CIELAB against Bruce Lindbloom's published conversion.
@Suite("Colour difference (CIEDE2000)")
struct ColorDifferenceTests {
    /// (L1, a1, b1, L2, a2, b2, ΔE00) from Sharma et al. 2005, Table 1 (pairs 1–6, 25–27 and others of its rows).
    static let sharma: [(Double, Double, Double, Double, Double, Double, Double)] = [
        (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
        (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
        (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
        (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
        (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
        (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
        (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
        (84.2500, 5.7400, 96.0000, 84.4600, 8.8800, 96.4900, 1.6743),
        (84.2500, 5.7400, 96.0000, 84.5200, 5.7500, 93.0900, 0.5887),
        (84.2500, 5.7400, 96.0000, 84.3700, 5.8600, 99.4200, 0.6395),
    ]

    @Test func sharmasPairs() {
        for (l1, a1, b1, l2, a2, b2, expected) in Self.sharma {
            let forward = ColorDifference.ciede2000((l1, a1, b1), (l2, a2, b2))
            let backward = ColorDifference.ciede2000((l2, a2, b2), (l1, a1, b1))
            #expect(abs(forward - expected) < 0.00005, "(\(l1), \(a1), \(b1)) – (\(l2), \(a2), \(b2)): \(forward), published \(expected)")
            #expect(abs(forward - backward) < 1e-9, "ΔE00 is symmetric")
        }
        #expect(ColorDifference.ciede2000((100, 0, 0), (0, 0, 0)) == 100)
        #expect(ColorDifference.ciede2000((73, 49, 39.4), (73, 49, 39.4)) == 0)
    }

    /// sRGB to CIELAB (D65): white, black, and the primaries as Lindbloom's calculator gives them.
    @Test func srgbToLab() {
        func near(_ c: Color, _ l: Double, _ a: Double, _ b: Double) -> Bool {
            let lab = ColorDifference.lab(c)
            return abs(lab.l - l) < 0.01 && abs(lab.a - a) < 0.01 && abs(lab.b - b) < 0.01
        }
        #expect(near(Color(red: 255, green: 255, blue: 255), 100, 0, 0))
        #expect(near(Color(red: 0, green: 0, blue: 0), 0, 0, 0))
        #expect(near(Color(red: 255, green: 0, blue: 0), 53.2408, 80.0925, 67.2032), "\(ColorDifference.lab(Color(red: 255, green: 0, blue: 0)))")
        #expect(near(Color(red: 0, green: 255, blue: 0), 87.7347, -86.1827, 83.1793), "\(ColorDifference.lab(Color(red: 0, green: 255, blue: 0)))")
        #expect(near(Color(red: 0, green: 0, blue: 255), 32.2970, 79.1875, -107.8602), "\(ColorDifference.lab(Color(red: 0, green: 0, blue: 255)))")
    }
}
