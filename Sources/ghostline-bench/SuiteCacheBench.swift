import Foundation
import Ghostline
import GhostlinePNG
import GhostlineScene

/// `ghostline-bench --suite-cache [--entries N]`: what the suite cache saves (issue 36), on a generated suite of N
/// phone screens (Fixtures/scenes/bench-screen.yaml, 1170 × 2532 px, each with its first text numbered; one in five
/// designed to fail). Fifty scenes include one style guide and the rest another; one in four uses Inter SemiBold,
/// and the manifest pins the fonts to a folder of its own (`systemFonts: false`), so a font file can be replaced.
///
/// Each step is one `ghostline suite --jobs 2` process, timed whole, its summary read for how many checks were
/// reused:
///
/// 1. `--no-cache` (the peer: every check made), then a cold run into an empty cache;
/// 2. the unchanged suite again (three times; the median), whose report must equal the uncached one;
/// 3. one scene edited; the style guide of fifty edited; the SemiBold font file replaced by another version.
struct SuiteCacheBench {
    var entries = 500

    init(arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            let value = rest.popFirst() ?? ""
            switch flag {
            case "--entries": entries = max(60, Int(value) ?? entries)
            default: FileHandle.standardError.write(Data("ghostline-bench --suite-cache: ignoring \(flag)\n".utf8))
            }
        }
    }

    struct Step { var seconds: Double; var reused: Int; var checks: Int; var status: Int32 }

    func run() throws {
        let ghostline = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ghostline").path
        guard FileManager.default.isExecutableFile(atPath: ghostline) else {
            SuiteBench.say("(build the ghostline product in the same configuration: swift build -c release)")
            return
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-bench-cache-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let semibold = try generate(in: root)
        let cache = "\(root)/cache"
        func suite(_ extra: [String], report: String) throws -> Step {
            try Self.suite(ghostline, ["suite", "\(root)/ghostline.yaml", "--jobs", "2", "--report", "\(root)/\(report)"] + extra)
        }
        SuiteBench.say("Suite cache bench: \(entries) checks of bench-screen.yaml (1170 × 2532 px), --jobs 2, load \(SuiteBench.load())")
        let uncached = try suite(["--no-cache"], report: "uncached.json")
        let cold = try suite(["--cache", cache], report: "cold.json")
        var warm: [Step] = []
        for round in 0..<3 { warm.append(try suite(["--cache", cache], report: "warm-\(round).json")) }
        let median = warm.sorted { $0.seconds < $1.seconds }[1]
        let same = try Self.withoutTimings("\(root)/warm-1.json") == Self.withoutTimings("\(root)/uncached.json")
        SuiteBench.say(String(format: "  no cache (peer)            %7.2f s   %4d checked", uncached.seconds, uncached.checks))
        SuiteBench.say(String(format: "  cold cache                 %7.2f s   %4d checked, %d reused", cold.seconds, cold.checks - cold.reused, cold.reused))
        SuiteBench.say(String(format: "  unchanged (median of 3)    %7.2f s   %4d checked, %d reused   %.1f%% of the cold run, %.1f%% of no cache",
                              median.seconds, median.checks - median.reused, median.reused, median.seconds / cold.seconds * 100,
                              median.seconds / uncached.seconds * 100))
        SuiteBench.say("  report from the cache equals the uncached report (timings aside): \(same ? "yes" : "NO")")

        // One scene edited: its first text gets a word more.
        let scene = "\(root)/scenes/screen-007.yaml"
        try (try String(contentsOfFile: scene, encoding: .utf8)).replacingOccurrences(of: "text: \"7 ", with: "text: \"7 edited ")
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let one = try suite(["--cache", cache], report: "one.json")
        SuiteBench.say(String(format: "  one scene edited           %7.2f s   %4d checked (expected 1)", one.seconds, one.checks - one.reused))
        // The style guide fifty scenes include: the caption a shade darker.
        let guide = "\(root)/styles/guide-a.yaml"
        try (try String(contentsOfFile: guide, encoding: .utf8)).replacingOccurrences(of: "#6C6C70", with: "#5C5C60")
            .write(toFile: guide, atomically: true, encoding: .utf8)
        let fifty = try suite(["--cache", cache], report: "fifty.json")
        SuiteBench.say(String(format: "  style guide of 50 edited   %7.2f s   %4d checked (expected 50)", fifty.seconds, fifty.checks - fifty.reused))
        // Another version of Inter SemiBold: the same file with a byte more at its end, which no table reads.
        let font = "\(root)/fonts/Inter-SemiBold.otf"
        try (try Data(contentsOf: URL(fileURLWithPath: font)) + Data([0])).write(to: URL(fileURLWithPath: font))
        let fonts = try suite(["--cache", cache], report: "font.json")
        SuiteBench.say(String(format: "  SemiBold file replaced     %7.2f s   %4d checked (expected %d, the scenes that use it)",
                              fonts.seconds, fonts.checks - fonts.reused, semibold))
    }

    /// The suite: scenes, designs rendered in-process, two style guides, a font folder and the manifest. Returns how
    /// many scenes use the SemiBold face.
    func generate(in root: String) throws -> Int {
        for folder in ["scenes", "designs", "styles", "fonts"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for face in ["Inter-Regular.otf", "Inter-SemiBold.otf"] {
            try FileManager.default.copyItem(atPath: "/usr/share/fonts/opentype/inter/\(face)", toPath: "\(root)/fonts/\(face)")
        }
        let base = try String(contentsOfFile: "Fixtures/scenes/bench-screen.yaml", encoding: .utf8)
        // The styles move to the guides; the scene keeps its canvas and root.
        let lines = base.split(separator: "\n", omittingEmptySubsequences: false)
        let styles = lines.filter { $0.hasPrefix("styles:") || $0.hasPrefix("  heading:") || $0.hasPrefix("  body:") || $0.hasPrefix("  caption:") }
        let scene = lines.filter { !styles.contains($0) && !$0.hasPrefix("#") }.joined(separator: "\n")
        for guide in ["guide-a", "guide-b"] {
            try (styles.joined(separator: "\n") + "\n").write(toFile: "\(root)/styles/\(guide).yaml", atomically: true, encoding: .utf8)
        }
        let session = GhostlineSession(fontSet: FontSet(directories: ["\(root)/fonts"], systemFonts: false))
        var semibold = 0
        for i in 0..<entries {
            let name = String(format: "screen-%03d", i)
            var text = "include: ../styles/\(i < 50 ? "guide-a" : "guide-b").yaml\n" + scene
            if let quote = text.range(of: "text: \"") { text.insert(contentsOf: "\(i) ", at: quote.upperBound) }
            // Three in four set their heading in the body style, so only a quarter use the SemiBold file.
            if i % 4 != 0 { text = text.replacingOccurrences(of: "style: heading", with: "style: body") } else { semibold += 1 }
            let path = "\(root)/scenes/\(name).yaml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            var designText = text
            if i % 5 == 3 { designText = designText.replacingOccurrences(of: "spacing: 12", with: "spacing: 13") }
            let design = try session.loader.parse(designText, path: path)
            let image = try session.renderer.render(design).image
            try Data(try PNGCodec.encode(image)).write(to: URL(fileURLWithPath: "\(root)/designs/\(name)@3x.png"))
        }
        try "fontDirectories: [fonts]\nsystemFonts: false\nentries:\n  - scene: scenes/*.yaml\n    design: designs/{name}@3x.png\n"
            .write(toFile: "\(root)/ghostline.yaml", atomically: true, encoding: .utf8)
        return semibold
    }

    /// Runs `ghostline suite …`, timed whole, and reads its summary's counts.
    static func suite(_ path: String, _ arguments: [String]) throws -> Step {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        // The number just before `marker` on the summary's last line ("…, 500 checks: … (499 unchanged, 1 checked)").
        func number(before marker: String) -> Int? {
            guard let range = last.range(of: marker) else { return nil }
            return Int(last[..<range.lowerBound].split(separator: " ").last?.trimmingCharacters(in: CharacterSet(charactersIn: "(")) ?? "")
        }
        let checks = number(before: " checks:") ?? 0
        let reused = number(before: " unchanged") ?? 0
        guard process.terminationStatus <= 1, checks > 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "ghostline suite ended with status \(process.terminationStatus): \(last)"])
        }
        return Step(seconds: seconds, reused: reused, checks: checks, status: process.terminationStatus)
    }

    static func withoutTimings(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.contains("\"seconds\":") }.joined(separator: "\n")
    }
}
