import Foundation
import Testing
@testable import GhostlineFonts

/// `.ttc` collections: the test builds one from two installed fonts (no font binary is committed), following
/// the OpenType collection layout: a `ttcf` header listing each face's table directory, with every table
/// offset counted from the start of the collection file.
@Suite("Font collections (.ttc) and face indices")
struct FontCollectionTests {
    static let interPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let dejavuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func makeCollection(_ paths: [String]) throws -> [UInt8] {
        let fonts = try paths.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        func u16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func put32(_ value: Int, into out: inout [UInt8], at i: Int) {
            out[i] = UInt8(value >> 24 & 0xFF); out[i + 1] = UInt8(value >> 16 & 0xFF)
            out[i + 2] = UInt8(value >> 8 & 0xFF); out[i + 3] = UInt8(value & 0xFF)
        }
        func get32(_ b: [UInt8], _ i: Int) -> Int { u16(b, i) << 16 | u16(b, i + 2) }
        let headerSize = 12 + 4 * fonts.count
        var out = [UInt8](repeating: 0, count: headerSize)
        out[0...3] = [0x74, 0x74, 0x63, 0x66]             // 'ttcf'
        out[4...7] = [0, 1, 0, 0]                         // version 1.0
        put32(fonts.count, into: &out, at: 8)
        for (index, font) in fonts.enumerated() {
            while out.count % 4 != 0 { out.append(0) }
            let base = out.count
            put32(base, into: &out, at: 12 + 4 * index)
            var copy = font
            let tableCount = u16(font, 4)
            for table in 0..<tableCount {
                let record = 12 + 16 * table
                put32(get32(font, record + 8) + base, into: &copy, at: record + 8)   // offset from file start
            }
            out.append(contentsOf: copy)
        }
        return out
    }

    @Test func faceIndexPicksTheFaceInACollection() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-ttc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("pair.ttc").path
        try Data(try Self.makeCollection([Self.interPath, Self.dejavuPath])).write(to: URL(fileURLWithPath: path))

        #expect(Font.faceCount(path: path) == 2)
        let first = try Font(path: path, faceIndex: 0)
        let second = try Font(path: path, faceIndex: 1)
        #expect(first.familyName == "Inter")
        #expect(second.familyName == "DejaVu Sans")
        // Each face keeps its own tables (values from fontTools, see fonttools-metrics.json).
        #expect(first.tables.unitsPerEm == 2816 && first.tables.hhea.ascender == 2728)
        #expect(second.tables.unitsPerEm == 2048 && second.tables.hhea.ascender == 1901)
        #expect(second.glyphIndex(for: "A") == (try Font(path: Self.dejavuPath)).glyphIndex(for: "A"))
        #expect(throws: FontError.faceIndexOutOfRange(path: path, index: 2, faceCount: 2)) {
            try Font(path: path, faceIndex: 2)
        }
    }
}
