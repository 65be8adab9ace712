import Foundation
@testable import GhostlineFonts
import Testing

/// fontconfig's answers kept on disk between processes (`FontNameCache`): read back while nothing they depend on has
/// changed, dropped the moment anything has, and a damaged file is never an error.
@Suite struct FontNameCacheTests {
    /// A scratch directory holding the cache file, a watched directory and a "font" file to answer with.
    final class Scratch {
        let root: String
        var cacheFile: String { root + "/cache/font-names" }
        var watched: String { root + "/fonts" }
        var font: String { watched + "/Face.otf" }

        init() throws {
            root = NSTemporaryDirectory() + "ghostline-font-names-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: root + "/fonts", withIntermediateDirectories: true)
            // An OpenType/CFF file's first four bytes: all the cache looks at before trusting a remembered file.
            _ = FileManager.default.createFile(atPath: font, contents: Data("OTTO and nothing more".utf8))
            // A fixed time, so a later change to the directory is a different time whatever the clock's resolution.
            setTime(of: watched, seconds: 1_700_000_000)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func cache(context: String = "context A", watching paths: [String]? = nil) -> FontNameCache {
            let watched = paths ?? [self.watched, root + "/not-yet-there"]
            return FontNameCache(location: cacheFile, context: context, watchedPaths: { watched })
        }

        func setTime(of path: String, seconds: Int) {
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            _ = utimensat(AT_FDCWD, path, &times, 0)
        }
    }

    static let query = FontNameCache.Query(name: "Face", weight: .semibold, italic: false)

    @Test func anAnswerIsReadBackByTheNextProcess() throws {
        let scratch = try Scratch()
        scratch.cache().remember(FontFile(path: scratch.font, faceIndex: 2), for: Self.query)
        let next = scratch.cache()
        #expect(next.answer(for: Self.query) == FontFile(path: scratch.font, faceIndex: 2))
        // Another weight or slant of the same name is another question.
        #expect(next.answer(for: .init(name: "Face", weight: .semibold, italic: true)) == nil)
        #expect(next.answer(for: .init(name: "Face", weight: .regular, italic: false)) == nil)
    }

    @Test func aChangedFontDirectoryDropsEveryAnswer() throws {
        let scratch = try Scratch()
        scratch.cache().remember(FontFile(path: scratch.font), for: Self.query)
        scratch.setTime(of: scratch.watched, seconds: 1_700_000_100)
        #expect(scratch.cache().answer(for: Self.query) == nil)
    }

    /// A watched path recorded as missing (a per-user configuration, a font directory nobody made yet) that now
    /// exists invalidates too: a font installed there may answer the name.
    @Test func aWatchedPathThatAppearsDropsEveryAnswer() throws {
        let scratch = try Scratch()
        scratch.cache().remember(FontFile(path: scratch.font), for: Self.query)
        #expect(scratch.cache().answer(for: Self.query) != nil)
        try FileManager.default.createDirectory(atPath: scratch.root + "/not-yet-there", withIntermediateDirectories: false)
        #expect(scratch.cache().answer(for: Self.query) == nil)
    }

    @Test func anotherEnvironmentDropsEveryAnswer() throws {
        let scratch = try Scratch()
        scratch.cache(context: "context A").remember(FontFile(path: scratch.font), for: Self.query)
        #expect(scratch.cache(context: "context B").answer(for: Self.query) == nil)
        // The context names every variable fontconfig reads, set or not, and the version.
        let base = ["HOME": "/home/a", "PATH": "/bin"]
        let context = FontNameCache.context(base, fontconfigVersion: 21401)
        #expect(FontNameCache.context(base.merging(["FONTCONFIG_FILE": "/x.conf"]) { $1 }, fontconfigVersion: 21401) != context)
        #expect(FontNameCache.context(base.merging(["LANG": "ja_JP.UTF-8"]) { $1 }, fontconfigVersion: 21401) != context)
        #expect(FontNameCache.context(base.merging(["HOME": "/home/b"]) { $1 }, fontconfigVersion: 21401) != context)
        #expect(FontNameCache.context(base, fontconfigVersion: 21500) != context)
        // An empty variable is not an unset one.
        #expect(FontNameCache.context(base.merging(["FONTCONFIG_PATH": ""]) { $1 }, fontconfigVersion: 21401) != context)
        // Variables fontconfig does not read change nothing.
        #expect(FontNameCache.context(base.merging(["PATH": "/usr/bin"]) { $1 }, fontconfigVersion: 21401) == context)
    }

    @Test func aRememberedFileThatIsGoneIsAskedAgain() throws {
        let scratch = try Scratch()
        scratch.cache().remember(FontFile(path: scratch.font), for: Self.query)
        try FileManager.default.removeItem(atPath: scratch.font)
        try FileManager.default.createDirectory(atPath: scratch.font, withIntermediateDirectories: false)
        scratch.setTime(of: scratch.watched, seconds: 1_700_000_000)
        #expect(scratch.cache().answer(for: Self.query) == nil, "a directory where the font was")
    }

    /// A file that no longer starts as a font does (replaced, or named by a forged cache file) is asked again, so it
    /// never reaches FreeType through the cache.
    @Test func aRememberedFileThatIsNotAFontIsAskedAgain() throws {
        let scratch = try Scratch()
        scratch.cache().remember(FontFile(path: scratch.font), for: Self.query)
        #expect(scratch.cache().answer(for: Self.query) != nil)
        try Data("PK\u{3}\u{4} a zip".utf8).write(to: URL(fileURLWithPath: scratch.font))
        scratch.setTime(of: scratch.watched, seconds: 1_700_000_000)
        #expect(scratch.cache().answer(for: Self.query) == nil)
        for (bytes, isFont) in [([0, 1, 0, 0] as [UInt8], true), (Array("true".utf8), true), (Array("ttcf".utf8), true),
                                (Array("wOFF".utf8), true), (Array("wOF2".utf8), true), (Array("OTT".utf8), false),
                                (Array("\u{89}PNG".utf8), false)] {
            try Data(bytes).write(to: URL(fileURLWithPath: scratch.font))
            #expect(FontNameCache.looksLikeFont(scratch.font) == isFont, "\(bytes)")
        }
        #expect(!FontNameCache.looksLikeFont("/dev/zero"))
        #expect(!FontNameCache.looksLikeFont(scratch.watched))
    }

    /// The cache replaces only a regular file: a FIFO, a device or a symbolic link at its path stays what it was.
    @Test func onlyARegularFileIsReplaced() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.root + "/cache", withIntermediateDirectories: true)
        #expect(mkfifo(scratch.cacheFile, 0o600) == 0)
        scratch.cache().remember(FontFile(path: scratch.font), for: Self.query)
        var info = stat()
        #expect(lstat(scratch.cacheFile, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        try FileManager.default.removeItem(atPath: scratch.cacheFile)
        let target = scratch.root + "/elsewhere"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: scratch.cacheFile, withDestinationPath: target)
        scratch.cache().remember(FontFile(path: scratch.font), for: Self.query)
        #expect(lstat(scratch.cacheFile, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
        // A regular file is replaced.
        try FileManager.default.removeItem(atPath: scratch.cacheFile)
        try Data("old".utf8).write(to: URL(fileURLWithPath: scratch.cacheFile))
        scratch.cache().remember(FontFile(path: scratch.font), for: Self.query)
        #expect(try String(contentsOfFile: scratch.cacheFile, encoding: .utf8).hasPrefix("ghostline font names 1\n"))
    }

    @Test func damagedFilesAreIgnoredAndRewritten() throws {
        let scratch = try Scratch()
        scratch.cache().remember(FontFile(path: scratch.font), for: Self.query)
        let good = try String(contentsOfFile: scratch.cacheFile, encoding: .utf8)
        let damaged: [String] = [
            "",
            "garbage",
            String(good.dropLast()),                                      // cut before the last newline
            good.replacingOccurrences(of: "ghostline font names 1", with: "ghostline font names 2"),
            good.replacingOccurrences(of: "\t600\t", with: "\t6000\t"),   // a weight out of range
            good.replacingOccurrences(of: "\t600\t", with: "\tsix\t"),
            good.replacingOccurrences(of: "font\tFace", with: "font\tFa\\qce"), // an escape the format never writes
            good + "font\tFace\t600\t0\trelative/path.otf\t0\n",
            good + "stamp\t" + scratch.watched + "\n",                     // a field short
            good + "context\tagain\n",
            good.replacingOccurrences(of: "\t0\n", with: "\t-1\n"),       // a negative face index
        ]
        for text in damaged {
            try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.cacheFile))
            #expect(scratch.cache().answer(for: Self.query) == nil, "read back: \(text.debugDescription)")
        }
        // Not a file at all, and too large to be one of ours.
        try FileManager.default.removeItem(atPath: scratch.cacheFile)
        try FileManager.default.createDirectory(atPath: scratch.cacheFile, withIntermediateDirectories: false)
        #expect(scratch.cache().answer(for: Self.query) == nil)
        try FileManager.default.removeItem(atPath: scratch.cacheFile)
        try Data(good.utf8 + [UInt8](repeating: 0x20, count: FontNameCache.maximumBytes)).write(to: URL(fileURLWithPath: scratch.cacheFile))
        #expect(scratch.cache().answer(for: Self.query) == nil)
        // The next answer found replaces the damaged file with a good one.
        scratch.cache().remember(FontFile(path: scratch.font), for: Self.query)
        #expect(scratch.cache().answer(for: Self.query) == FontFile(path: scratch.font))
        // The good file is the one written first, byte for byte: the format is a pure function of what it holds.
        #expect(try String(contentsOfFile: scratch.cacheFile, encoding: .utf8) == good)
    }

    @Test func namesWithTabsNewlinesAndBackslashesRoundTrip() throws {
        let scratch = try Scratch()
        let odd = FontNameCache.Query(name: "A\tB\nC\\D\rE\\t", weight: .black, italic: true)
        scratch.cache().remember(FontFile(path: scratch.font, faceIndex: 1), for: odd)
        #expect(scratch.cache().answer(for: odd) == FontFile(path: scratch.font, faceIndex: 1))
        #expect(scratch.cache().answer(for: .init(name: "A\tB\nC\\D\rE\t", weight: .black, italic: true)) == nil)
    }

    @Test func whereTheFileIs() {
        #expect(FontNameCache.defaultLocation(["HOME": "/home/a"]) == "/home/a/.cache/ghostline/font-names")
        #expect(FontNameCache.defaultLocation(["HOME": "/home/a", "XDG_CACHE_HOME": "/c"]) == "/c/ghostline/font-names")
        // A relative XDG directory is ignored, as the XDG specification says.
        #expect(FontNameCache.defaultLocation(["HOME": "/home/a", "XDG_CACHE_HOME": "c"]) == "/home/a/.cache/ghostline/font-names")
        #expect(FontNameCache.defaultLocation(["HOME": "/home/a", "GHOSTLINE_FONT_CACHE": "/tmp/f"]) == "/tmp/f")
        #expect(FontNameCache.defaultLocation(["HOME": "/home/a", "GHOSTLINE_FONT_CACHE": "off"]) == nil)
        #expect(FontNameCache.defaultLocation(["HOME": "/home/a", "GHOSTLINE_FONT_CACHE": ""]) == nil)
        #expect(FontNameCache.defaultLocation([:]) == nil)
    }

    /// With the cache off nothing is read or written.
    @Test func offMeansOff() throws {
        let scratch = try Scratch()
        let off = FontNameCache(location: nil, context: "context A", watchedPaths: { [scratch.watched] })
        off.remember(FontFile(path: scratch.font), for: Self.query)
        #expect(off.answer(for: Self.query) == nil)
        #expect(!FileManager.default.fileExists(atPath: scratch.cacheFile))
    }
}
