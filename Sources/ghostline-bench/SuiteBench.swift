import Foundation
import Ghostline
import GhostlineImage
import GhostlinePNG
import GhostlineScene
#if canImport(Glibc)
import Glibc
#endif

/// `ghostline-bench --suite [--entries N] [--rounds R] [--scene SCENE]`: a generated suite of N checks, run three
/// ways in one session, interleaved round by round so the machine's noise falls on all of them alike:
///
/// - the shell loop a team writes today: one `ghostline check SCENE --design D --report R` process per check;
/// - `ghostline suite --jobs 1 --report suite.json`;
/// - `ghostline suite --jobs 2 --report suite.json`;
///
/// then once each, for memory, the suite with every output (`--report --junit --html`) on a quarter of the checks
/// and on all of them: its peak must follow the job count, not the number of checks. Each process is started
/// with `posix_spawn` and reaped with `wait4`, which gives its own wall time and maximum resident set size.
///
/// Every suite run is `--no-cache`: this bench measures checking, and `--suite-cache` (SuiteCacheBench.swift) what
/// the cache saves.
///
/// The scenes are SCENE (default Fixtures/scenes/bench-screen.yaml, a phone screen) with the first label's text
/// numbered; the designs are renders of them, and for one check in five the design was rendered from a changed
/// scene (the first `spacing:` one point wider), so those checks fail as real ones do.
struct SuiteBench {
    var entries = 200
    var rounds = 3
    var scene = "Fixtures/scenes/bench-screen.yaml"

    init(arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            let value = rest.popFirst() ?? ""
            switch flag {
            case "--entries": entries = max(4, Int(value) ?? entries)
            case "--rounds": rounds = max(1, Int(value) ?? rounds)
            case "--scene": scene = value
            default: FileHandle.standardError.write(Data("ghostline-bench --suite: ignoring \(flag)\n".utf8))
            }
        }
    }

    /// Wall time, CPU time (user + system: the work done, whatever else the machine was running) and peak memory.
    struct Measure { var seconds: Double; var cpuSeconds: Double; var maxRSSKB: Int; var status: Int32 }

    func run() throws {
        let ghostline = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ghostline").path
        guard FileManager.default.isExecutableFile(atPath: ghostline) else {
            Self.say("(build the ghostline product in the same configuration: swift build -c release)")
            return
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-bench-suite-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let names = try generate(in: root)
        Self.say("Suite bench: \(entries) checks of \(scene) (\(names.failing) designed to fail), \(rounds) round(s), interleaved")
        var loop: [Double] = [], one: [Double] = [], two: [Double] = []
        var loopCPU: [Double] = [], oneCPU: [Double] = [], twoCPU: [Double] = []
        var loopRSS = 0, oneRSS = 0, twoRSS = 0
        for round in 1...rounds {
            var total = 0.0, cpu = 0.0
            for name in names.all {
                let m = try Self.spawn(ghostline, ["check", "\(root)/scenes/\(name).yaml", "--design", "\(root)/designs/\(name)@3x.png",
                                                   "--report", "\(root)/loop-\(name).json"])
                total += m.seconds
                cpu += m.cpuSeconds
                loopRSS = max(loopRSS, m.maxRSSKB)
            }
            loop.append(total); loopCPU.append(cpu)
            let j1 = try Self.spawn(ghostline, ["suite", "\(root)/ghostline.yaml", "--no-cache", "--jobs", "1", "--report", "\(root)/suite-1.json"])
            one.append(j1.seconds); oneCPU.append(j1.cpuSeconds); oneRSS = max(oneRSS, j1.maxRSSKB)
            let j2 = try Self.spawn(ghostline, ["suite", "\(root)/ghostline.yaml", "--no-cache", "--jobs", "2", "--report", "\(root)/suite-2.json"])
            two.append(j2.seconds); twoCPU.append(j2.cpuSeconds); twoRSS = max(twoRSS, j2.maxRSSKB)
            Self.say(String(format: "  round %d: loop %.2f s, suite --jobs 1 %.2f s, --jobs 2 %.2f s (load %@)", round, total, j1.seconds,
                         j2.seconds, Self.load() as NSString))
        }
        let (l, s1, s2) = (Self.median(loop), Self.median(one), Self.median(two))
        let (lc, c1, c2) = (Self.median(loopCPU), Self.median(oneCPU), Self.median(twoCPU))
        let n = Double(entries)
        Self.say("Medians (ratios of medians; every configuration writes --report):")
        Self.say("                                     wall       per check   CPU per check   max RSS")
        Self.say(String(format: "  one `ghostline check` per check   %7.2f s   %7.1f ms    %7.1f ms      %4d MB (largest process)", l, l * 1000 / n, lc * 1000 / n, loopRSS / 1024))
        Self.say(String(format: "  ghostline suite --jobs 1          %7.2f s   %7.1f ms    %7.1f ms      %4d MB", s1, s1 * 1000 / n, c1 * 1000 / n, oneRSS / 1024))
        Self.say(String(format: "  ghostline suite --jobs 2          %7.2f s   %7.1f ms    %7.1f ms      %4d MB", s2, s2 * 1000 / n, c2 * 1000 / n, twoRSS / 1024))
        Self.say(String(format: "  suite --jobs 2 vs the loop: %.2f× faster (wall), %.2f× less CPU; --jobs 2 vs --jobs 1: %.2f×", l / s2, lc / c2, s1 / s2))
        Self.say(String(format: "  suite --jobs 1 vs the loop: %.2f× faster (wall)", l / s1))
        let probe = try Self.spawn(ghostline, ["check", "\(root)/scenes/\(names.all[0]).yaml", "--design", "\(root)/designs/\(names.all[0])@3x.png"])
        Self.say(String(format: "  (one check process alone: %.0f ms)", probe.seconds * 1000))

        // Memory against the number of checks: every output, a quarter of the checks, then all of them.
        let quarter = max(1, entries / 4)
        let quarterManifest = "entries:\n" + names.all.prefix(quarter).map { "  - { scene: scenes/\($0).yaml, design: \"designs/\($0)@3x.png\" }\n" }.joined()
        try quarterManifest.write(toFile: "\(root)/quarter.yaml", atomically: true, encoding: .utf8)
        Self.say("Peak memory with every output (--report --junit --html), --jobs 2:")
        for (label, manifest, count) in [("quarter", "quarter.yaml", quarter), ("all", "ghostline.yaml", entries)] {
            let out = "\(root)/html-\(label)"
            let m = try Self.spawn(ghostline, ["suite", "\(root)/\(manifest)", "--no-cache", "--jobs", "2", "--report", "\(root)/full-\(label).json",
                                                "--junit", "\(root)/full-\(label).xml", "--html", out])
            Self.say(String(format: "  %4d checks: %7.2f s, max RSS %4d MB (load %@)", count, m.seconds, m.maxRSSKB / 1024, Self.load() as NSString))
        }
    }

    /// Scenes `screen-000` …, designs rendered in-process (every fifth from a changed scene), and the manifest.
    func generate(in root: String) throws -> (all: [String], failing: Int) {
        for folder in ["scenes", "designs"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        let base = try String(contentsOfFile: scene, encoding: .utf8)
        let directory = URL(fileURLWithPath: scene).deletingLastPathComponent().path
        let renderer = GhostlineSession().renderer
        var names: [String] = [], failing = 0
        for i in 0..<entries {
            let name = String(format: "screen-%03d", i)
            // The first quoted text gets a number, so no two scenes are the same.
            var text = base
            if let quote = text.range(of: "text: \"") { text.insert(contentsOf: "\(i) ", at: quote.upperBound) }
            let path = "\(root)/scenes/\(name).yaml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            var designText = text
            // The root stack's spacing one point wider in the design: everything below the first child moves.
            if i % 5 == 3, let spacing = designText.range(of: #"spacing: \d+"#, options: .regularExpression),
               let value = Int(designText[spacing].dropFirst("spacing: ".count)) {
                designText.replaceSubrange(spacing, with: "spacing: \(value + 1)")
                failing += 1
            }
            // Parsed as if it lived beside the original, so relative fonts and images resolve as the scene's do.
            let design = try SceneLoader(fonts: renderer.fonts).parse(designText, path: directory + "/generated.yaml")
            let image = try renderer.render(design).image
            try Data(try PNGCodec.encode(image)).write(to: URL(fileURLWithPath: "\(root)/designs/\(name)@3x.png"))
            names.append(name)
        }
        try "entries:\n  - scene: scenes/*.yaml\n    design: designs/{name}@3x.png\n"
            .write(toFile: "\(root)/ghostline.yaml", atomically: true, encoding: .utf8)
        return (names, failing)
    }

    /// A line on stdout, written at once (print's buffer would hold a long run's rounds until the end).
    static func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// The 1-minute load average: on a shared machine, the figures mean little when it is well above the cores.
    static func load() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").first.map(String.init) ?? "?"
    }

    /// Runs a process with its output discarded (`WholeProcess`): its wall time, CPU time and own peak memory. Exit
    /// status 1 (a check differs) is a finished run; anything else throws.
    static func spawn(_ path: String, _ arguments: [String]) throws -> Measure {
        let timing = try WholeProcess.time(path, arguments)
        return Measure(seconds: timing.wall / 1000, cpuSeconds: timing.cpu / 1000, maxRSSKB: timing.maxRSSKB, status: timing.status)
    }
}
