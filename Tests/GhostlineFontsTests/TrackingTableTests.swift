import Foundation
import Testing
@testable import GhostlineFonts

/// Reading AAT tracking tables (`trak`) and computing a size's tracking as Core Text does (issue 23 item 7).
///
/// The fonts are `scripts/fixtures/make-trak-font.py`'s (Fixtures/fonts/trak): Inter rescaled to 1000 units per em, so
/// a `trak` value in font units is a value in 1/1000 em. Its normal track holds Apple's published SF Pro tracking
/// (HIG, Typography › Specifications › Tracking values, iOS; confirmed by uxcel's HIG course: 10 pt +12, 12 pt 0,
/// 13 pt −6, 17 pt −26, 28 pt +14, in 1/1000 em), and a tight track (−1) with other values comes first.
@Suite("Tracking tables (trak)")
struct TrackingTableTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Fixtures/fonts/trak"
    static func font(_ name: String) throws -> Font { try Font(path: directory + "/" + name) }

    /// The table as fontTools reads it (`TTFont(...)["trak"].horizData`): tracks −1 and 0, five sizes, and the
    /// per-size values the maker wrote.
    @Test func readsTheTableAsFontToolsDoes() throws {
        let table = try #require(try Self.font("GhostlineTrakTest.otf").trackingTable)
        #expect(table.sizes == [10, 12, 13, 17, 28])
        #expect(table.tracks.map(\.value) == [-1, 0])
        #expect(table.tracks[0].perSize == [-40, -50, -55, -70, -90])
        #expect(table.tracks[1].perSize == [12, 0, -6, -26, 14])
        #expect(try Self.font("GhostlineTrakTest.otf").hasStyleAttributesTable)
        #expect(try !Self.font("GhostlineTrakNoSTAT.otf").hasStyleAttributesTable)
        #expect(try Font(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf").trackingTable == nil)
    }

    /// Apple's HIG table, reproduced: at each published size the tracking in points is the 1/1000 em value × size,
    /// and it agrees with the HIG's points column within the two columns' rounding (half a unit of 1/1000 em at the
    /// size, plus half a hundredth of a point). 17 pt → −0.442 pt, the HIG's −0.43.
    @Test(arguments: [(10.0, 12.0, 0.12), (12, 0, 0), (13, -6, -0.08), (17, -26, -0.43), (28, 14, 0.38)] as [(Double, Double, Double)])
    func reproducesTheHIGTrackingTable(size: Double, perMille: Double, points: Double) throws {
        let tracking = try Self.font("GhostlineTrakTest.otf").tableTracking(atPointSize: size)
        #expect(abs(tracking - perMille * size / 1000) < 1e-12)
        #expect(abs(tracking - points) <= 0.5 * size / 1000 + 0.005, "\(size) pt: \(tracking) vs HIG \(points)")
    }

    /// Between sizes Core Text interpolates linearly; below the smallest and above the largest it keeps the end
    /// value (HarfBuzz b1677e76a, matching Core Text), where the TrueType manual would allow extrapolation: at 40 pt
    /// extrapolating 17→28 would give +57.6/1000 em, not +14.
    @Test func interpolatesBetweenSizesAndClampsOutsideThem() throws {
        let font = try Self.font("GhostlineTrakTest.otf")
        #expect(abs(font.tableTracking(atPointSize: 15) - (-16 * 15 / 1000)) < 1e-12)     // halfway 13 → 17
        #expect(abs(font.tableTracking(atPointSize: 20) - (-26 + 3.0 / 11 * 40) * 20 / 1000) < 1e-12)
        #expect(abs(font.tableTracking(atPointSize: 6) - 12 * 6 / 1000) < 1e-12)
        #expect(abs(font.tableTracking(atPointSize: 40) - 14 * 40 / 1000) < 1e-12)
        #expect(font.tableTracking(atPointSize: 0) == 0)
        #expect(font.tableTracking(atPointSize: .nan) == 0)
    }

    /// Without a track 0 the two tracks around it are interpolated (HarfBuzz a70a30ddf, "what CoreText does");
    /// with only tracks on one side, the nearest is used.
    @Test func interpolatesBetweenTracksWhenThereIsNoNormalTrack() {
        // Track 0 lies halfway between −1 and 1: at 12 pt (−40 + 20) / 2, at 18 pt (−50 + 40) / 2, at 24 pt (−60 + 60) / 2.
        let table = TrackingTable(sizes: [12, 24], tracks: [.init(value: -1, perSize: [-40, -60]), .init(value: 1, perSize: [20, 60])])
        #expect(table.value(atPointSize: 12) == -10)
        #expect(table.value(atPointSize: 18) == -5)
        #expect(table.value(atPointSize: 24) == 0)
        let loose = TrackingTable(sizes: [12], tracks: [.init(value: 1, perSize: [30]), .init(value: 2, perSize: [50])])
        #expect(loose.value(atPointSize: 40) == 30)
        let unordered = TrackingTable(sizes: [24, 12], tracks: [.init(value: 0, perSize: [-20, 10])])
        #expect(unordered.value(atPointSize: 18) == -5)
    }

    // MARK: Hostile tables

    static func madeTableBytes() throws -> [UInt8] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/GhostlineTrakTest.otf"))
        let bytes = [UInt8](data)
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for record in 0..<count {
            let at = 12 + 16 * record
            guard bytes[at..<at + 4].elementsEqual("trak".utf8) else { continue }
            func u32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
            return Array(bytes[u32(at + 8)..<u32(at + 8) + u32(at + 12)])
        }
        Issue.record("no trak table in the made font")
        return []
    }

    @Test func refusesTablesThatReadOutOfBounds() throws {
        let good = try Self.madeTableBytes()
        #expect(TrackingTable(bytes: good) != nil)
        #expect(TrackingTable(bytes: []) == nil)
        #expect(TrackingTable(bytes: Array(good.prefix(11))) == nil)              // header cut
        #expect(TrackingTable(bytes: Array(good.dropLast())) == nil)              // last per-size value cut
        var version = good; version[1] = 2                                        // version 2.0
        #expect(TrackingTable(bytes: version) == nil)
        var noHorizontal = good; noHorizontal[6] = 0; noHorizontal[7] = 0
        #expect(TrackingTable(bytes: noHorizontal) == nil)
        var farSizes = good; farSizes[16] = 0xFF; farSizes[17] = 0xFF            // size table offset 0xFFFF00xx
        #expect(TrackingTable(bytes: farSizes) == nil)
        var manySizes = good; manySizes[14] = 0xFF; manySizes[15] = 0xFF          // 65535 sizes: refused unread
        #expect(TrackingTable(bytes: manySizes) == nil)
        var farValues = good; farValues[26] = 0xFF; farValues[27] = 0xFF          // first track's values at 0xFFFF
        #expect(TrackingTable(bytes: farValues) == nil)
    }

    /// Thousands of random corruptions of a real table (a fixed seed, so the run is the same every time): none may
    /// crash, and whatever parses gives a finite tracking at every size.
    @Test func survivesRandomCorruption() throws {
        let good = try Self.madeTableBytes()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        var parsed = 0
        for _ in 0..<5000 {
            var bytes = good
            for _ in 0..<(1 + next() % 6) { bytes[next() % bytes.count] = UInt8(next() % 256) }
            if next() % 4 == 0 { bytes.removeLast(next() % bytes.count) }
            guard let table = TrackingTable(bytes: bytes) else { continue }
            parsed += 1
            for size in [0.5, 9, 12, 17, 30, 1000] { #expect(table.value(atPointSize: size).isFinite) }
        }
        #expect(parsed > 0)
    }

    /// A table asking for 32767 or −32768 units (32.8 em at 1000 units per em) is held to one em either way.
    @Test func extremeValuesAreHeldToOneEm() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/GhostlineTrakTest.otf")))
        let table = try Self.madeTableBytes()
        let start = try #require(bytes.firstRange(of: table)).lowerBound
        // The normal track's five values start 66 bytes into the table (after the tight track's, at 56).
        for (i, value) in [0x7FFF, 0x8000, 0x7FFF, 0x8000, 0x7FFF].enumerated() {
            bytes[start + 66 + 2 * i] = UInt8(value >> 8); bytes[start + 67 + 2 * i] = UInt8(value & 0xFF)
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-extreme-trak-\(getpid()).otf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let font = try Font(path: path)
        #expect(font.trackingTable?.tracks[1].perSize == [32767, -32768, 32767, -32768, 32767])
        #expect(font.tableTracking(atPointSize: 10) == 10)
        #expect(font.tableTracking(atPointSize: 12) == -12)
        #expect(font.tableTracking(atPointSize: 1000) == 1000)
    }

    /// A font whose `trak` table points everywhere but at its data still opens and lays out, with no tracking.
    @Test func aFontWithABrokenTableOpensWithoutTracking() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/GhostlineTrakTest.otf")))
        let table = try Self.madeTableBytes()
        let start = try #require(bytes.firstRange(of: table)).lowerBound
        for i in 6..<table.count { bytes[start + i] = 0xFF }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-hostile-trak-\(getpid()).otf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let font = try Font(path: path)
        #expect(font.trackingTable == nil)
        #expect(font.tableTracking(atPointSize: 17) == 0)
    }
}
