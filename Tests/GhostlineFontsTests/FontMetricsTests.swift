import Foundation
import Testing
@testable import GhostlineFonts

/// The fixture was written by `scripts/fixtures/make-metrics-fixture.py`, which reads the same font files with
/// fontTools, an independent parser. Ghostline reads them with FreeType; the two must agree to the last bit of the
/// `units × size / unitsPerEm` formula.
struct FontToolsFixture: Decodable {
    struct Entry: Decodable {
        struct Raw: Decodable {
            struct Vertical: Decodable { let ascender: Int; let descender: Int; let lineGap: Int }
            let unitsPerEm: Int
            let hhea: Vertical
            let typo: Vertical
            let useTypoMetrics: Bool
            let capHeight: Int
            let xHeight: Int
            let capHeightSource: String
        }
        struct AtSize: Decodable {
            struct Vertical: Decodable { let ascender: Double; let descender: Double; let leading: Double; let lineHeight: Double }
            let size: Double
            let capHeight: Double
            let xHeight: Double
            let hhea: Vertical
            let typo: Vertical
        }
        let name: String
        let path: String
        let package: String
        let familyName: String
        let fontRevision: Double
        let raw: Raw
        let sizes: [AtSize]
    }
    let fonts: [Entry]

    static func load() throws -> FontToolsFixture {
        let url = try #require(Bundle.module.url(forResource: "fonttools-metrics", withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(FontToolsFixture.self, from: Data(contentsOf: url))
    }
}

@Suite("Font metrics agree with fontTools")
struct FontMetricsTests {
    static let fixture = try! FontToolsFixture.load()

    @Test("Raw table values", arguments: fixture.fonts.map(\.name))
    func rawTables(name: String) throws {
        let entry = try #require(Self.fixture.fonts.first { $0.name == name })
        let font = try Font(path: entry.path)
        let t = font.fileTables
        #expect(font.familyName == entry.familyName)
        #expect(t.unitsPerEm == entry.raw.unitsPerEm)
        #expect(t.hhea == VerticalMetricsUnits(ascender: entry.raw.hhea.ascender, descender: entry.raw.hhea.descender, lineGap: entry.raw.hhea.lineGap))
        #expect(t.typo == VerticalMetricsUnits(ascender: entry.raw.typo.ascender, descender: entry.raw.typo.descender, lineGap: entry.raw.typo.lineGap))
        #expect(t.useTypoMetrics == entry.raw.useTypoMetrics)
        #expect(t.capHeight == entry.raw.capHeight)
        #expect(t.xHeight == entry.raw.xHeight)
        #expect(t.capHeightSource == entry.raw.capHeightSource)
    }

    @Test("Point metrics at every fixture size, both sources (R1)", arguments: fixture.fonts.map(\.name))
    func pointMetrics(name: String) throws {
        let entry = try #require(Self.fixture.fonts.first { $0.name == name })
        let font = try Font(path: entry.path)
        for expected in entry.sizes {
            for source in VerticalMetricsSource.allCases {
                let m = font.metrics(pointSize: expected.size, source: source)
                let v = source == .hhea ? expected.hhea : expected.typo
                #expect(abs(m.ascender - v.ascender) < 1e-9, "\(name) \(expected.size)pt \(source) ascender")
                #expect(abs(m.descender - v.descender) < 1e-9, "\(name) \(expected.size)pt \(source) descender")
                #expect(abs(m.leading - v.leading) < 1e-9, "\(name) \(expected.size)pt \(source) leading")
                // R1: lineHeight = ascender − descender, leading not included.
                #expect(abs(m.lineHeight - v.lineHeight) < 1e-9, "\(name) \(expected.size)pt \(source) lineHeight")
                #expect(abs(m.capHeight - expected.capHeight) < 1e-9)
                #expect(abs(m.xHeight - expected.xHeight) < 1e-9)
                #expect(m.descender < 0 && m.ascender > 0)
            }
        }
    }
}

@Suite("Metric overrides")
struct MetricOverrideTests {
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

    /// The iOS system font's published values (unitsPerEm 2048, ascender 1950, descender −494, capHeight 1443)
    /// at 17 pt: 1950 × 17 / 2048 = 16.1865234375; (1950 + 494) × 17 / 2048 = 20.287109375;
    /// 1443 × 17 / 2048 = 11.97802734375.
    @Test func systemFontOverrideGivesPublishedValues() throws {
        let font = try Font(path: Self.inter, metricsOverride: .iOSSystemFont)
        let m = font.metrics(pointSize: 17)
        #expect(m.unitsPerEm == 2048)
        #expect(m.ascender == 16.1865234375)
        #expect(m.descender == -494.0 * 17 / 2048)
        #expect(m.lineHeight == 20.287109375)
        #expect(m.capHeight == 11.97802734375)
        #expect(m.leading == 0)
        // Glyphs still come from the stand-in file.
        #expect(font.familyName == "Inter")
        #expect(font.fileTables.unitsPerEm == 2816)
    }

    /// Omitted keys keep the file's value, rescaled to the override's unitsPerEm: Inter's xHeight is 1536/2816 em,
    /// which at 2048 units is round(1536 × 2048 / 2816) = round(1117.09) = 1117.
    @Test func omittedOverrideKeysAreRescaled() throws {
        let font = try Font(path: Self.inter, metricsOverride: FontMetricsOverride(unitsPerEm: 2048, ascender: 1950))
        #expect(font.tables.xHeight == 1117)
        #expect(font.tables.hhea.descender == Int((-680.0 * 2048 / 2816).rounded()))
        #expect(font.tables.hhea.ascender == 1950)
    }

    @Test func invalidOverrideIsRejected() {
        #expect(throws: FontError.self) { try Font(path: Self.inter, metricsOverride: FontMetricsOverride(unitsPerEm: 0)) }
        #expect(throws: FontError.self) { try Font(path: Self.inter, metricsOverride: FontMetricsOverride(descender: 300)) }
    }
}

@Suite("Loading and locating fonts")
struct FontLoadingTests {
    @Test func missingFileIsAClearError() {
        #expect(throws: FontError.missingFile(path: "/nonexistent/x.otf")) { try Font(path: "/nonexistent/x.otf") }
    }

    @Test func garbageFileIsRejectedNotCrashed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let garbage = dir.appendingPathComponent("garbage.ttf")
        try Data("this is not a font".utf8).write(to: garbage)
        #expect(throws: FontError.self) { try Font(path: garbage.path) }
        // A real font cut short: the table directory points past the end of the file.
        let truncated = dir.appendingPathComponent("truncated.otf")
        let whole = try Data(contentsOf: URL(fileURLWithPath: MetricOverrideTests.inter))
        try whole.prefix(200).write(to: truncated)
        #expect(throws: FontError.self) { try Font(path: truncated.path) }
    }

    @Test func faceIndexOutOfRange() {
        #expect(throws: FontError.faceIndexOutOfRange(path: MetricOverrideTests.inter, index: 3, faceCount: 1)) {
            try Font(path: MetricOverrideTests.inter, faceIndex: 3)
        }
    }

    @Test func fontconfigFindsInterByFamilyAndWeight() throws {
        let locator = FontLocator()
        let regular = try locator.locate(family: "Inter", weight: .regular)
        #expect(regular.path.hasSuffix("/Inter-Regular.otf"))
        let semibold = try locator.locate(family: "Inter", weight: .semibold)
        #expect(semibold.path.hasSuffix("/Inter-SemiBold.otf"))
        let byPostScriptName = try locator.locate(name: "Inter-SemiBold")
        #expect(byPostScriptName.path == semibold.path)
        let dejavu = try locator.locate(family: "DejaVu Sans")
        #expect(dejavu.path.hasSuffix("/DejaVuSans.ttf"))
    }

    @Test func unknownFamilyNamesThePackageToInstall() {
        #expect(throws: FontError.familyNotInstalled(family: "No Such Family Xyz", package: nil)) {
            try FontLocator().locate(family: "No Such Family Xyz")
        }
        #expect(FontError.familyNotInstalled(family: "Inter", package: "fonts-inter").description.contains("apt-get install fonts-inter"))
    }
}
