#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// fontconfig's answers to "which file is the font called NAME?", kept on disk between processes.
///
/// Why: a scene names its fonts (`font: Inter`), and answering that question starts fontconfig, which parses every
/// file under /etc/fonts before it can answer: about 9 ms of the demo card's 34 ms `ghostline render`, and of every
/// `ghostline check` in a CI loop. The answers hardly ever change, so the first process writes them down and later
/// ones read them back without starting fontconfig at all.
///
/// **When an answer is trusted.** The file records, beside the answers, what fontconfig's answers depend on:
/// - the environment variables fontconfig reads (its configuration file and path, the home and XDG directories,
///   the language variables that decide its default language) and fontconfig's version;
/// - a stamp (inode, size, modification time) of every configuration file and directory fontconfig read, of every
///   font directory it scans (a directory's time changes when a font is added, removed or renamed in it: the rule
///   fontconfig's own caches follow), and of the per-user configuration places, recorded as missing when they are.
///
/// If anything differs, every answer in the file is dropped and fontconfig is asked again. A remembered file that is
/// no longer a regular file is asked again too. Only answers that found a font are kept: a missing font is asked about
/// every time, so installing it is seen at once. What the stamps cannot see (a font file rewritten in place with
/// another family inside) fontconfig's own caches miss as well.
///
/// **Where.** `GHOSTLINE_FONT_CACHE` names the file, or turns the cache off with `off` (or an empty value); by
/// default it is `$XDG_CACHE_HOME/ghostline/font-names`, else `~/.cache/ghostline/font-names`. The file is replaced
/// atomically, so concurrent processes each see a whole file (the last writer's). An unreadable, foreign or damaged
/// file is ignored and rewritten; failing to write it is never an error, only a slower next run.
public final class FontNameCache: @unchecked Sendable {
    /// A question `FontLocator.locate(name:weight:italic:)` answers.
    public struct Query: Hashable, Sendable {
        public let name: String
        public let weight: FontWeight
        public let italic: Bool
        public init(name: String, weight: FontWeight, italic: Bool) { self.name = name; self.weight = weight; self.italic = italic }
    }

    /// The file, or nil when the cache is off.
    public let location: String?
    /// What the answers depend on beside the stamped files: the environment fontconfig reads, and versions.
    private let context: String
    /// The paths whose stamps validate the file; called only when an answer is written (fontconfig is loaded then).
    private let watchedPaths: () -> [String]

    private let lock = NSLock()
    private var loaded = false
    /// Answers read from the file (if it was valid) and found in this process.
    private var answers: [Query: FontFile] = [:]
    /// The stamps written with `answers`, worked out once per process.
    private var stamps: [(path: String, stamp: String)]?

    /// The largest cache file read; a real one is a few kilobytes.
    static let maximumBytes = 1 << 20
    static let header = "ghostline font names 1"

    /// The environment variables fontconfig's answers depend on (see fontconfig's fcinit.c, fccfg.c, fcdefault.c).
    static let environmentKeys = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME", "XDG_CONFIG_HOME",
                                  "XDG_DATA_HOME", "XDG_CACHE_HOME", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG"]

    /// A cache in the file at `location` (nil: off) for answers found in `context` (see `context(_:fontconfigVersion:)`),
    /// validated by the stamps of `watchedPaths`, which is called once, when the first answer is written.
    public init(location: String?, context: String, watchedPaths: @escaping () -> [String]) {
        self.location = location
        self.context = context
        self.watchedPaths = watchedPaths
    }

    /// The file `GHOSTLINE_FONT_CACHE` names (nil for `off` or empty), else the per-user cache directory's.
    public static func defaultLocation(_ environment: [String: String]) -> String? {
        if let named = environment["GHOSTLINE_FONT_CACHE"] {
            return named.isEmpty || named == "off" ? nil : named
        }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/ghostline/font-names" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/ghostline/font-names" }
        return nil
    }

    /// The context line for an environment: the variables fontconfig reads, and fontconfig's version.
    public static func context(_ environment: [String: String], fontconfigVersion: Int) -> String {
        "fontconfig \(fontconfigVersion)" + environmentKeys.map { key in
            "\u{1F}\(key)=" + (environment[key].map { "\u{1E}" + $0 } ?? "")
        }.joined()
    }

    /// The remembered answer, if the file was valid when this process first read it and the font file is still there.
    public func answer(for query: Query) -> FontFile? {
        guard location != nil else { return nil }
        lock.lock()
        defer { lock.unlock() }
        loadOnce()
        guard let file = answers[query] else { return nil }
        guard Self.looksLikeFont(file.path) else {
            answers[query] = nil
            return nil
        }
        return file
    }

    /// Whether `path` is still a regular file that starts as a font file does (TrueType, OpenType/CFF, a collection,
    /// WOFF or WOFF2). A remembered answer that fails this is asked of fontconfig again, so a file that was replaced,
    /// or a cache file that names something other than a font, never reaches FreeType through the cache. (fontconfig
    /// also knows Type 1 and bitmap fonts; a name answered by one of those is simply asked again every time.)
    static func looksLikeFont(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        var head: [UInt8] = [0, 0, 0, 0]
        guard head.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, 4) }) == 4 else { return false }
        return [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8), Array("wOFF".utf8),
                Array("wOF2".utf8)].contains(head)
    }

    /// Records fontconfig's answer and rewrites the file with every answer this process knows.
    public func remember(_ file: FontFile, for query: Query) {
        guard let location else { return }
        lock.lock()
        defer { lock.unlock() }
        loadOnce()
        answers[query] = file
        if stamps == nil { stamps = watchedPaths().map { ($0, Self.stamp(of: $0)) } }
        write(to: location)
    }

    // MARK: The file

    /// Reads the file once; its answers are kept only if its context and every stamp match this machine now.
    private func loadOnce() {
        guard !loaded, let location else { return }
        loaded = true
        guard let text = Self.readFile(location), let parsed = Self.parse(text), parsed.context == context,
              parsed.stamps.allSatisfy({ Self.stamp(of: $0.path) == $0.stamp }) else { return }
        answers = parsed.answers
        stamps = parsed.stamps
    }

    /// The format, one record a line, fields apart by tabs, each field escaped (`\\`, `\t`, `\n`, `\r`):
    /// the header; `context` and its text; `stamp`, a path and its stamp, for each watched path; `font`, a name,
    /// weight, 0 or 1 for italic, the file and the face index, for each answer.
    public static func parse(_ text: String) -> (context: String, stamps: [(path: String, stamp: String)], answers: [Query: FontFile])? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header), lines.last == "" else { return nil }
        lines.removeFirst()
        lines.removeLast()
        var context: String?
        var stamps: [(path: String, stamp: String)] = []
        var answers: [Query: FontFile] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape($0) }
            guard let kind = fields.first, fields.allSatisfy({ $0 != nil }) else { return nil }
            switch (kind, fields.count) {
            case ("context", 2) where context == nil:
                context = fields[1]
            case ("stamp", 3):
                guard let path = fields[1], path.hasPrefix("/") else { return nil }
                stamps.append((path, fields[2]!))
            case ("font", 6):
                guard let name = fields[1], let weight = Int(fields[2]!), (1...1000).contains(weight),
                      let italic = fields[3], italic == "0" || italic == "1", let path = fields[4], path.hasPrefix("/"),
                      let face = Int(fields[5]!), face >= 0 else { return nil }
                answers[Query(name: name, weight: FontWeight(weight), italic: italic == "1")] = FontFile(path: path, faceIndex: face)
            default:
                return nil
            }
        }
        guard let context, !stamps.isEmpty else { return nil }
        return (context, stamps, answers)
    }

    public static func format(context: String, stamps: [(path: String, stamp: String)], answers: [Query: FontFile]) -> String {
        var lines = [header, "context\t" + escape(context)]
        lines += stamps.map { "stamp\t\(escape($0.path))\t\(escape($0.stamp))" }
        // Sorted, so the same answers always give the same file.
        lines += answers.sorted { ($0.key.name, $0.key.weight.value, $0.key.italic ? 1 : 0) < ($1.key.name, $1.key.weight.value, $1.key.italic ? 1 : 0) }
            .map { "font\t\(escape($0.key.name))\t\($0.key.weight.value)\t\($0.key.italic ? 1 : 0)\t\(escape($0.value.path))\t\($0.value.faceIndex)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a path's stamp is now: `missing`, or its kind, inode, size and modification time to the nanosecond.
    static func stamp(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        let kind = info.st_mode & S_IFMT == S_IFDIR ? "dir" : info.st_mode & S_IFMT == S_IFREG ? "file" : "other"
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return "\(kind) \(info.st_ino) \(info.st_size) \(time.tv_sec).\(time.tv_nsec)"
    }

    static func readFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maximumBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        // A file that grew past its stat size is being rewritten under us: not this time.
        guard count <= Int(info.st_size) else { return nil }
        return String(validating: bytes[..<count], as: UTF8.self)
    }

    /// Replaces the file atomically: a temporary file beside it, then rename. Any failure leaves the old file.
    private func write(to location: String) {
        guard let stamps else { return }
        // Only a regular file (or nothing) is replaced: `GHOSTLINE_FONT_CACHE=/dev/null`, a FIFO or a link must never
        // be renamed over, whoever runs this.
        var info = stat()
        if lstat(location, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return }
        // The directory by hand: NSString's path methods trap on a one-letter relative path ("c") on Linux.
        if let slash = location.lastIndex(of: "/"), slash != location.startIndex {
            try? FileManager.default.createDirectory(atPath: String(location[..<slash]), withIntermediateDirectories: true)
        }
        let text = Self.format(context: context, stamps: stamps, answers: answers)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: location), options: .atomic)
    }

    static func escape(_ field: String) -> String {
        var out = ""
        for character in field.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The field with its escapes undone, or nil for an escape the format never writes.
    static func unescape(_ field: Substring) -> String? {
        guard field.contains("\\") else { return String(field) }
        var out = ""
        var escaping = false
        for character in field.unicodeScalars {
            if escaping {
                switch character {
                case "\\": out += "\\"
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: return nil
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(character)
            }
        }
        return escaping ? nil : out
    }
}
