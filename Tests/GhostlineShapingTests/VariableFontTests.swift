import Foundation
import Testing
import GhostlineFonts
@testable import GhostlineShaping

/// Variable fonts and OpenType features against fontTools. `Fixtures/fonttools-variations.json` was written by
/// `scripts/fixtures/make-variation-fixture.py`: the `fvar` axes and named instances of Inter's variable font and of
/// the optical-size test font, the advances of a few strings at several instances (fontTools' instancer applying
/// gvar/HVAR, each axis value clamped to its range first), and the glyphs and advances Inter's `tnum` substitutions
/// give the digits (read from GSUB and hmtx). None of it passes through FreeType or HarfBuzz.
@Suite("Variable fonts and features against fontTools")
struct VariableFontTests {
    struct Fixture: Decodable {
        struct Axis: Decodable { let tag: String; let min: Double; let `default`: Double; let max: Double }
        struct Named: Decodable { let name: String; let coordinates: [String: Double] }
        struct Instance: Decodable {
            let asked: [String: Double]; let clamped: [String: Double]; let advances: [String: Int]; let metrics: [String: Int]
        }
        struct Variable: Decodable {
            let path: String; let unitsPerEm: Int; let axes: [Axis]; let namedInstances: [Named]; let instances: [Instance]
        }
        struct Digit: Decodable { let advance: Int; let tabularAdvance: Int }
        struct Tabular: Decodable { let path: String; let unitsPerEm: Int; let digits: [String: Digit] }
        let strings: [String]
        let variable: [Variable]
        let tnum: [Tabular]
    }

    static let fixture: Fixture = {
        let url = Bundle.module.url(forResource: "fonttools-variations", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static func path(_ path: String) -> String { path.hasPrefix("/") ? path : root + "/" + path }

    @Test(arguments: [0, 1])
    func axesAndNamedInstancesAreTheFvarTable(index: Int) throws {
        let reference = Self.fixture.variable[index]
        let font = try Font(path: Self.path(reference.path))
        #expect(font.axes.map(\.tag) == reference.axes.map(\.tag))
        for (axis, expected) in zip(font.axes, reference.axes) {
            #expect([axis.minimum, axis.defaultValue, axis.maximum] == [expected.min, expected.default, expected.max])
        }
        #expect(font.namedInstances.map(\.name) == reference.namedInstances.map(\.name))
        for (instance, expected) in zip(font.namedInstances, reference.namedInstances) {
            #expect(Dictionary(uniqueKeysWithValues: instance.coordinates.map { ($0.tag, $0.value) }) == expected.coordinates)
        }
    }

    /// HarfBuzz at the instance gives fontTools' advances: the axis is really set (the default instance would give
    /// the wght-400 advances for every case), and an out-of-range value is clamped to the axis as fontTools clamps it.
    /// fontTools rounds each glyph's varied advance to a whole unit, so each glyph may differ by half a unit.
    @Test(arguments: [0, 1])
    func advancesAtEachInstanceAreFontToolsOnes(index: Int) throws {
        let reference = Self.fixture.variable[index]
        let library = FontLibrary()
        for instance in reference.instances {
            let request = FontVariationRequest(settings: instance.asked.sorted { $0.key < $1.key }.map { VariationSetting($0.key, $0.value) })
            let font = try library.font(FontFile(path: Self.path(reference.path)), variations: request)
            for string in Self.fixture.strings {
                let size = Double(reference.unitsPerEm)   // 1 pt = 1 font unit
                let shaped = Shaper.shape(string, font: font, pointSize: size, options: ShapingOptions(kerning: false))
                let expected = Double(try #require(instance.advances[string]))
                #expect(abs(shaped.totalAdvance - expected) <= 0.5 * Double(string.count),
                        "\(reference.path) \(instance.asked) \(string): \(shaped.totalAdvance) vs fontTools \(expected)")
            }
            for (tag, value) in instance.clamped where value != reference.axes.first(where: { $0.tag == tag })?.default {
                #expect(font.variations.contains(VariationSetting(tag, value)), "\(instance.asked): \(font.variations)")
            }
        }
    }

    /// Metrics are the instance's: the test font's MVAR moves the typo ascender, descender, line gap, cap and x
    /// height with `opsz`, and each instance's values are those fontTools' instancer writes into OS/2. fontTools
    /// leaves hhea alone (MVAR names no hhea field); Ghostline moves the hhea values by the same deltas, as FreeType
    /// and HarfBuzz move a face's ascender, so the expected hhea is the file's plus fontTools' typo delta.
    @Test func metricsAreTheInstancesMVAR() throws {
        let reference = Self.fixture.variable[1]
        let library = FontLibrary()
        let plain = try library.font(FontFile(path: Self.path(reference.path)))
        for instance in reference.instances {
            let font = try library.font(FontFile(path: Self.path(reference.path)),
                                        variations: FontVariationRequest(settings: [VariationSetting("opsz", instance.asked["opsz"]!)]))
            let m = instance.metrics, t = font.fileTables
            #expect([t.typo.ascender, t.typo.descender, t.typo.lineGap, t.capHeight, t.xHeight]
                    == [m["typoAscender"], m["typoDescender"], m["typoLineGap"], m["capHeight"], m["xHeight"]], "\(instance.asked)")
            let ascenderDelta = m["typoAscender"]! - plain.fileTables.typo.ascender
            let descenderDelta = m["typoDescender"]! - plain.fileTables.typo.descender
            #expect(t.hhea.ascender == plain.fileTables.hhea.ascender + ascenderDelta, "\(instance.asked)")
            #expect(t.hhea.descender == plain.fileTables.hhea.descender + descenderDelta, "\(instance.asked)")
        }
    }

    /// One `Font` per instance: the same coordinates give the same object (so its glyph cache entries and HarfBuzz
    /// font are reused), other coordinates another one, and a request that lands on the default instance the plain
    /// font itself.
    @Test func theLibraryKeepsOneFontPerInstance() throws {
        let library = FontLibrary()
        let file = FontFile(path: Self.fixture.variable[0].path)
        let plain = try library.font(file)
        let medium = try library.font(file, variations: FontVariationRequest(weight: 450))
        #expect(try library.font(file, variations: FontVariationRequest(weight: 450)) === medium)
        #expect(try library.font(file, variations: FontVariationRequest(weight: 700)) !== medium)
        #expect(try library.font(file, variations: FontVariationRequest(weight: 400)) === plain)
        #expect(medium !== plain && medium.weight == 450 && plain.weight == 400)
        // Explicit settings win over the weight, whatever order they are layered in.
        let explicit = try library.font(file, variations: FontVariationRequest(weight: 300, settings: [VariationSetting("wght", 620)]))
        #expect(explicit.variations == [VariationSetting("wght", 620)])
    }

    /// `tnum` makes every digit as wide as fontTools says its tabular glyph is, so "1111" is as wide as "0000"
    /// (without it, "1" is 1308 units and "0" 1760 in Inter); `tnum: 0` and no setting give the proportional ones.
    @Test(arguments: [0, 1])
    func tabularFiguresAreTheTnumGlyphs(index: Int) throws {
        let reference = Self.fixture.tnum[index]
        let font = try Font(path: reference.path)
        let size = Double(reference.unitsPerEm)
        func width(_ text: String, _ features: [ShapingFeature]) -> Double {
            var options = ShapingOptions(kerning: false)
            options.features = features
            return Shaper.shape(text, font: font, pointSize: size, options: options).totalAdvance
        }
        for (digit, expected) in reference.digits {
            #expect(width(String(repeating: digit, count: 4), [ShapingFeature("tnum")]) == Double(4 * expected.tabularAdvance))
            #expect(width(String(repeating: digit, count: 4), []) == Double(4 * expected.advance))
            #expect(width(String(repeating: digit, count: 4), [ShapingFeature("tnum", value: 0)]) == Double(4 * expected.advance))
        }
        #expect(width("1111", [ShapingFeature("tnum")]) == width("0000", [ShapingFeature("tnum")]))
        #expect(width("1111", []) < width("0000", []))
    }

    /// An explicit feature wins over the `kerning` and `ligatures` switches (CSS: font-feature-settings is applied
    /// after font-kerning and font-variant-ligatures).
    @Test func explicitFeaturesWinOverTheSwitches() throws {
        let font = try Font(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
        var off = ShapingOptions(kerning: false)
        let plain = Shaper.shape("AV", font: font, pointSize: 17, options: off).totalAdvance
        off.features = [ShapingFeature("kern", value: 1)]
        let kerned = Shaper.shape("AV", font: font, pointSize: 17, options: off).totalAdvance
        #expect(kerned < plain)
        var on = ShapingOptions()
        on.features = [ShapingFeature("kern", value: 0)]
        #expect(Shaper.shape("AV", font: font, pointSize: 17, options: on).totalAdvance == plain)
    }
}
