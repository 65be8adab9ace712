import Foundation
import Testing
@testable import GhostlineFonts

/// Font digests kept between processes: a second cache (as in a later process) hashes nothing while the file's
/// stamp is unchanged, hashes again when the file changes, and shrugs off a damaged file.
@Suite("Font digest cache")
struct FontDigestCacheTests {
    static func scratch() throws -> (directory: URL, font: String, cache: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-digests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let font = directory.appendingPathComponent("Font.ttf").path
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: font)
        return (directory, font, directory.appendingPathComponent("cache/font-names.digests").path)
    }

    @Test func aLaterProcessHashesNothingUntilTheFileChanges() throws {
        let (directory, font, location) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = FontDigestCache(location: location)
        let digest = first.sha256(of: font)
        #expect(digest == SHA256.hexDigest(ofFile: font))
        #expect(first.hashedFiles == 1)
        #expect(first.sha256(of: font) == digest && first.hashedFiles == 1)

        let later = FontDigestCache(location: location)
        #expect(later.sha256(of: font) == digest)
        #expect(later.hashedFiles == 0)

        // Another font written in its place: new bytes, new stamp, hashed again.
        try FileManager.default.removeItem(atPath: font)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", toPath: font)
        let after = FontDigestCache(location: location)
        #expect(after.sha256(of: font) == SHA256.hexDigest(ofFile: font))
        #expect(after.hashedFiles == 1)
    }

    @Test func aDamagedFileIsIgnoredAndRewritten() throws {
        let (directory, font, location) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(atPath: (location as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        for damaged in ["garbage", "ghostline font digests 1\ndigest\t\(font)\tfile 1 2 3.4\tnot-a-digest\n", ""] {
            try damaged.write(toFile: location, atomically: true, encoding: .utf8)
            let cache = FontDigestCache(location: location)
            #expect(cache.sha256(of: font) == SHA256.hexDigest(ofFile: font))
            #expect(cache.hashedFiles == 1)
            #expect(FontDigestCache(location: location).sha256(of: font) == SHA256.hexDigest(ofFile: font))
        }
    }

    @Test func theLocationFollowsTheNameCache() {
        #expect(FontDigestCache.defaultLocation(["GHOSTLINE_FONT_CACHE": "off", "HOME": "/home/x"]) == nil)
        #expect(FontDigestCache.defaultLocation(["GHOSTLINE_FONT_CACHE": "/tmp/names"]) == "/tmp/names.digests")
        #expect(FontDigestCache.defaultLocation(["HOME": "/home/x"]) == "/home/x/.cache/ghostline/font-names.digests")
        #expect(FontDigestCache.defaultLocation(["GHOSTLINE_FONT_CACHE": "/dev/null"]) == nil)
    }
}
