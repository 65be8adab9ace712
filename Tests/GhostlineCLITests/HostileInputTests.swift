import Foundation
import GhostlineTestSupport
import GhostlineImage
import GhostlinePNG
import GhostlineScene
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 11's hostile inputs, a representative few of `scripts/hostile/hostile-catalogue.py`'s, through the CLI in a
/// child process: each ends with exit status 2 and exactly one stderr line that names the offending file (or flag),
/// writes no output, leaves no temporary file, and leaves every file that was already there byte for byte as it was.
/// Time and memory are the script's to check, never a unit test's.
@Suite("Hostile inputs: one line, no lost file")
struct HostileInputTests {
    /// What a case's directory holds before the run.
    enum Entry: Sendable {
        case text(String)
        case bytes([UInt8])
        case fifo
        case directory
        case symlink(String)
        case copy(String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var files: [(String, Entry)] = []
        /// The stderr line names one of these: the file, or the flag.
        var names: [String]
        /// Files the command would write: absent before the first run, present with other bytes before the second.
        var outputs: [String] = []
        var testDescription: String { name }
    }

    static let demoCard = Paths.demoScene
    static let design = Paths.root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path
    static let dynamicType = Paths.root.appendingPathComponent("Fixtures/scenes/dynamic-type.yaml").path
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

    static func scene(_ children: String, canvas: String = "{ width: 200, height: auto, scale: 1 }") -> String {
        "canvas: \(canvas)\nroot:\n  stack: vertical\n  children: \(children)\n"
    }

    /// A PNG (one red pixel) whose image data chunk has a wrong CRC.
    static var pngWithBadCRC: [UInt8] {
        var bytes = (try? PNGCodec.encode(RGBAImage(width: 4, height: 4, fill: .white))) ?? []
        if let idat = (0..<(bytes.count - 4)).first(where: { bytes[$0..<$0 + 4].elementsEqual(Array("IDAT".utf8)) }) {
            let length = Int(bytes[idat - 4]) << 24 | Int(bytes[idat - 3]) << 16 | Int(bytes[idat - 2]) << 8 | Int(bytes[idat - 1])
            bytes[idat + 4 + length] ^= 0xFF
        }
        return bytes
    }

    static let billionLaughs = "canvas: { width: 100 }\nstyles:\n  x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + (1...8).map { "  x\($0): &a\($0) [" + Array(repeating: "*a\($0 - 1)", count: 10).joined(separator: ", ") + "]\n" }.joined()
        + "root: { stack: vertical, children: [] }\n"

    static func nestedStacks(_ depth: Int) -> String {
        "canvas: { width: 300, scale: 1 }\nroot:\n" + (0..<depth).map { i in
            let indent = String(repeating: "  ", count: 2 * i)
            return "\(indent)  stack: vertical\n\(indent)  children:\n\(indent)    -\n"
        }.joined() + String(repeating: "  ", count: 2 * depth) + "  box: { width: 10, height: 10 }\n"
    }

    /// Label text that aliases repeat: each copy counts against the scene's text limit.
    static var aliasedText: String {
        let text = String(repeating: "lorem ", count: SceneLoader.maximumTextCharacters / 6 / 2 + 1)
        let first = "{ label: { text: &t \"\(text)\", style: { font: Inter, size: 1 }, numberOfLines: 1 } }"
        let copies = Array(repeating: "{ label: { text: *t, style: { font: Inter, size: 1 }, numberOfLines: 1 } }", count: 40)
        return scene("[ " + ([first] + copies).joined(separator: ", ") + " ]")
    }

    /// A character no installed font has (a private-use code point of plane 16): rendering it warns.
    static let missingGlyphScene = scene("[ { label: { text: \"x\\U0010FFFD\", style: { font: Inter, size: 17 } } } ]")

    static let cases: [Case] = [
        // scenes
        Case(name: "scene: YAML billion laughs", arguments: ["render", "s.yaml", "-o", "out.png", "--layout", "out.json"],
             files: [("s.yaml", .text(billionLaughs))], names: ["s.yaml"], outputs: ["out.png", "out.json"]),
        Case(name: "scene: NaN width", arguments: ["render", "s.yaml", "-o", "out.png"],
             files: [("s.yaml", .text(scene("[]", canvas: "{ width: .nan }")))], names: ["s.yaml"], outputs: ["out.png"]),
        Case(name: "scene: invalid UTF-8", arguments: ["render", "s.yaml", "-o", "out.png"],
             files: [("s.yaml", .bytes(Array("canvas: { width: 100 }\n# ".utf8) + [0xFF, 0xFE, 0xC3, 0x28, 0x0A]))],
             names: ["s.yaml"], outputs: ["out.png"]),
        Case(name: "scene: NUL bytes", arguments: ["render", "s.yaml", "-o", "out.png"],
             files: [("s.yaml", .bytes(Array(scene("[]").utf8) + [0, 0]))], names: ["s.yaml"], outputs: ["out.png"]),
        Case(name: "scene: stacks nested 66 deep", arguments: ["render", "s.yaml", "-o", "out.png"],
             files: [("s.yaml", .text(nestedStacks(66)))], names: ["s.yaml"], outputs: ["out.png"]),
        Case(name: "scene: a FIFO", arguments: ["render", "s.yaml", "-o", "out.png"], files: [("s.yaml", .fifo)],
             names: ["s.yaml"], outputs: ["out.png"]),
        Case(name: "scene: /dev/zero", arguments: ["layout", "/dev/zero"], names: ["/dev/zero"]),
        Case(name: "scene: aliases repeat text past the limit", arguments: ["render", "s.yaml", "-o", "out.png"],
             files: [("s.yaml", .text(aliasedText))], names: ["s.yaml"], outputs: ["out.png"]),
        // fonts
        Case(name: "font: /dev/zero", arguments: ["metrics", "/dev/zero"], names: ["/dev/zero"]),
        Case(name: "font: a PNG renamed .ttf", arguments: ["render", "--text", "Hi", "--font", "./f.ttf", "-o", "out.png"],
             files: [("f.ttf", .copy(design))], names: ["f.ttf"], outputs: ["out.png"]),
        Case(name: "font: a directory named by a scene", arguments: ["render", "s.yaml", "-o", "out.png"],
             files: [("f.ttf", .directory),
                     ("s.yaml", .text("fonts: { T: { file: f.ttf } }\n" + scene("[ { label: { text: Hi, style: { font: T, size: 9 } } } ]")))],
             names: ["f.ttf"], outputs: ["out.png"]),
        // images
        Case(name: "image: truncated PNG, streamed", arguments: ["diff", "cut.png", design],
             files: [("cut.png", .bytes(Array(((try? Data(contentsOf: URL(fileURLWithPath: design))) ?? Data()).prefix(60))))], names: ["cut.png"]),
        Case(name: "image: bad CRC, whole", arguments: ["diff", design, "crc.png", "--diff", "d.png", "--report", "r.json"],
             files: [("crc.png", .bytes(pngWithBadCRC))], names: ["crc.png"], outputs: ["d.png", "r.json"]),
        Case(name: "image: a FIFO as the design", arguments: ["check", demoCard, "--design", "p.png", "--report", "r.json"],
             files: [("p.png", .fifo)], names: ["p.png"], outputs: ["r.json"]),
        // layout JSON
        Case(name: "layout JSON: brackets 100,000 deep", arguments: ["diff", design, design, "--layout", "l.json", "--report", "r.json"],
             files: [("l.json", .text(String(repeating: "[", count: 100_000)))], names: ["l.json"], outputs: ["r.json"]),
        Case(name: "layout JSON: /dev/zero", arguments: ["diff", design, design, "--layout", "/dev/zero", "--report", "r.json"],
             names: ["/dev/zero"], outputs: ["r.json"]),
        // outputs that would lose a file
        Case(name: "render onto its scene", arguments: ["render", "s.yaml", "-o", "s.yaml"], files: [("s.yaml", .copy(demoCard))],
             names: ["s.yaml"]),
        Case(name: "matrix onto its scene", arguments: ["matrix", "s.yaml", "-o", "s.yaml"], files: [("s.yaml", .copy(dynamicType))],
             names: ["s.yaml"]),
        Case(name: "matrix layout JSON onto its scene", arguments: ["matrix", "sheet-AX1.json", "-o", "sheet.png"],
             files: [("sheet-AX1.json", .copy(dynamicType))], names: ["sheet-AX1.json"], outputs: ["sheet.png"]),
        Case(name: "two outputs on one path", arguments: ["render", demoCard, "-o", "x", "--layout", "x"], names: ["x"], outputs: ["x"]),
        Case(name: "output onto a directory", arguments: ["render", demoCard, "-o", "d"], files: [("d", .directory)], names: ["d"]),
        Case(name: "output into a missing directory", arguments: ["render", demoCard, "-o", "out.png", "--layout", "missing/out.json"],
             names: ["missing"], outputs: ["out.png"]),
        Case(name: "output through a symlink onto the scene", arguments: ["render", "s.yaml", "-o", "l.png"],
             files: [("s.yaml", .copy(demoCard)), ("l.png", .symlink("s.yaml"))], names: ["l.png"]),
        Case(name: "diff onto its design", arguments: ["diff", "a.png", "b.png", "--diff", "b.png"],
             files: [("a.png", .copy(design)), ("b.png", .copy(design))], names: ["b.png"]),
        Case(name: "check ghost onto its design", arguments: ["check", demoCard, "--design", "d.png", "--ghost", "d.png"],
             files: [("d.png", .copy(design))], names: ["d.png"]),
        // the output is refused before the work: without the check first, the damaged design would be reported
        Case(name: "diff onto an input is refused before reading a damaged image", arguments: ["diff", "a.png", "crc.png", "--diff", "a.png"],
             files: [("a.png", .copy(design)), ("crc.png", .bytes(pngWithBadCRC))], names: ["it is the input"]),
        Case(name: "render onto a broken scene is refused before reading it", arguments: ["render", "s.yaml", "-o", "s.yaml"],
             files: [("s.yaml", .text("canvas: [\n"))], names: ["it is the input"]),
        Case(name: "FIFO output without a reader", arguments: ["render", demoCard, "-o", "p.png", "--layout", "out.json"],
             files: [("p.png", .fifo)], names: ["p.png"], outputs: ["out.json"]),
        // a run that would warn, then fails to write (a FIFO nobody reads is only found out when it is opened, after
        // the work): only the error line
        Case(name: "render warns, then cannot write", arguments: ["render", "s.yaml", "-o", "p.png"],
             files: [("s.yaml", .text(missingGlyphScene)), ("p.png", .fifo)], names: ["p.png"]),
        Case(name: "check warns, then cannot write", arguments: ["check", "s.yaml", "--design", design, "--report", "p.json"],
             files: [("s.yaml", .text(missingGlyphScene)), ("p.json", .fifo)], names: ["p.json"]),
        Case(name: "matrix warns nothing scales, then the sheet is too wide", arguments: ["matrix", "s.yaml", "-o", "sheet.png"],
             files: [("s.yaml", .text(scene("[ { box: { width: 10, height: 10 } } ]", canvas: "{ width: 5000, height: auto, scale: 1 }")))],
             names: ["s.yaml"], outputs: ["sheet.png"]),
        // command line
        Case(name: "render --text too tall names --text", arguments: ["render", "--text", String(repeating: "x\n", count: 40), "--size", "1000", "-o", "out.png"],
             names: ["--text: "], outputs: ["out.png"]),
        Case(name: "tokens without a command", arguments: ["tokens"], names: ["tokens import"]),
        Case(name: "help for an unknown command", arguments: ["help", "rendr"], names: ["rendr"]),
        Case(name: "metrics --face-index with a font name", arguments: ["metrics", "Inter", "--face-index", "7"], names: ["face index 7"]),
        Case(name: "metrics --override naming nothing", arguments: ["metrics", "Inter", "--override", ",,"], names: ["--override"]),
    ]

    @Test(arguments: cases)
    func refusedWithOneLineAndNoFileLost(_ hostile: Case) throws {
        for outputsExist in [false, true] {
            let directory = try Paths.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try Self.materialize(hostile.files, in: directory)
            if outputsExist {
                for output in hostile.outputs where !hostile.files.contains(where: { $0.0 == output }) {
                    try Data("pre-existing \(output)\n".utf8).write(to: directory.appendingPathComponent(output))
                }
            }
            let before = try Self.state(of: directory)
            let result = try runCLIBytes(hostile.arguments, directory: directory)
            let run = outputsExist ? "with its outputs already there" : "without its outputs"
            #expect(result.status == 2, "\(hostile.name), \(run): exit status \(result.status); \(result.stderr.prefix(300))")
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 1 && result.stderr.hasSuffix("\n"), "\(hostile.name), \(run): stderr \(result.stderr.prefix(400))")
            #expect(result.stderr.hasPrefix("ghostline: "), "\(hostile.name): \(result.stderr.prefix(200))")
            #expect(hostile.names.contains { result.stderr.contains($0) }, "\(hostile.name): names none of \(hostile.names): \(result.stderr.prefix(300))")
            #expect(result.stdout.isEmpty, "\(hostile.name): \(result.stdout.count) bytes on stdout")
            let after = try Self.state(of: directory)
            #expect(after == before, "\(hostile.name), \(run): the directory changed: \(Self.difference(before, after))")
        }
    }

    /// A FIFO (or a device such as /dev/null) named as an output is written into, as `cp` writes into it; it used to be
    /// replaced by a regular file (which, run as root onto /dev/null, would replace the machine's /dev/null).
    @Test func anOutputThatIsAFIFOIsWrittenIntoAndStaysAFIFO() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("out.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        // The reader drains the FIFO while the command writes (a PNG is larger than a pipe's buffer), and stops at
        // the end of the data once the command has exited.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        final class Drain: @unchecked Sendable {
            let lock = NSLock()
            var bytes: [UInt8] = []
            var writerExited = false
        }
        let drain = Drain()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                drain.lock.lock()
                if count > 0 { drain.bytes += buffer[0..<count] }
                let done = count <= 0 && drain.writerExited
                drain.lock.unlock()
                if done { break }
                if count <= 0 { usleep(1000) }
            }
            finished.signal()
        }
        let result = try runCLIBytes(["render", Self.demoCard, "-o", "out.png"], directory: directory)
        drain.lock.lock(); drain.writerExited = true; drain.lock.unlock()
        finished.wait()
        #expect(result.status == 0, "\(result.stderr)")
        let received = drain.bytes
        let plain = directory.appendingPathComponent("plain.png").path
        #expect(try runCLIBytes(["render", Self.demoCard, "-o", plain]).status == 0)
        #expect(received == Array(try Data(contentsOf: URL(fileURLWithPath: plain))), "the FIFO's reader got \(received.count) bytes")
        #expect(Self.isFIFO(fifo))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["out.png", "plain.png"])
    }

    // MARK: - Support

    static func materialize(_ files: [(String, Entry)], in directory: URL) throws {
        for (name, entry) in files {
            let path = directory.appendingPathComponent(name).path
            switch entry {
            case .text(let text): try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            case .bytes(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: path))
            case .fifo: guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
            case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .symlink(let target): try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            case .copy(let source): try FileManager.default.copyItem(atPath: source, toPath: path)
            }
        }
    }

    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    /// Every entry of the directory, links not followed and FIFOs not opened: its kind, and a regular file's bytes.
    static func state(of directory: URL) throws -> [String: String] {
        var entries: [String: String] = [:]
        for relative in try FileManager.default.subpathsOfDirectory(atPath: directory.path) {
            let path = directory.appendingPathComponent(relative).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: entries[relative] = "file " + (try Data(contentsOf: URL(fileURLWithPath: path))).base64EncodedString()
            case S_IFLNK: entries[relative] = "link " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))
            case S_IFDIR: entries[relative] = "directory"
            case S_IFIFO: entries[relative] = "fifo"
            default: entries[relative] = "other \(info.st_mode)"
            }
        }
        return entries
    }

    static func difference(_ before: [String: String], _ after: [String: String]) -> String {
        Set(before.keys).union(after.keys).sorted().compactMap { key in
            switch (before[key], after[key]) {
            case (nil, _): return "new \(key)"
            case (_, nil): return "removed \(key)"
            case let (a, b) where a != b: return "changed \(key)"
            default: return nil
            }
        }.joined(separator: ", ")
    }
}
