// Whole processes against a peer tool, interleaved in one run:
//
//   ghostline-bench [SCENE]       # after the stages: `ghostline render SCENE` against hb-view's one line
//
// The peer (HarfBuzz's hb-view) renders the card's body text, one line, with the same font file and size at the same
// pixel density. It gets the font by file, and the card names its fonts, so ghostline pays for fontconfig and hb-view
// does not: the comparison is of what a user runs.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process timed from `posix_spawn` to `wait4`: its wall time and the CPU time it used.
///
/// Not Foundation's `Process`, which costs tens of milliseconds a launch on these machines (it walks every file
/// descriptor, sets up pipes and a run loop source) and would drown a 10 ms render in its own overhead.
enum WholeProcess {
    /// Wall and CPU time in milliseconds, the child's own peak resident set size, and its exit status (0 or 1).
    struct Timing { var wall: Double; var cpu: Double; var maxRSSKB: Int = 0; var status: Int32 = 0 }

    static func time(_ path: String, _ arguments: [String]) throws -> Timing {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw NSError(domain: "bench: cannot start \(path)", code: Int(spawned)) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        // `ghostline diff` exits 1 for "differs", which is a result, not a failure.
        let exitCode = (status >> 8) & 0xFF
        guard status & 0x7F == 0, exitCode <= 1 else {
            throw NSError(domain: "bench: \(path) \(arguments.joined(separator: " ")) failed", code: Int(status))
        }
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return Timing(wall: wall, cpu: ms(usage.ru_utime) + ms(usage.ru_stime), maxRSSKB: Int(usage.ru_maxrss), status: exitCode)
    }

    static func find(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// `ghostline render` of a scene against hb-view's one line of its body text, interleaved.
struct RenderAgainstHBView {
    let ghostline: String
    let hbView: String
    let scenePath: String
    let fontPath: String
    let pixelSize: Int
    let text: String
    let runs: Int

    func run() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-bench-\(getpid())")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        var ours: [WholeProcess.Timing] = [], theirs: [WholeProcess.Timing] = []
        // One of each first, so neither pays for a cold page cache in the figures.
        _ = try renderOurs(out); _ = try renderTheirs(out)
        for _ in 0..<runs {
            ours.append(try renderOurs(out))
            theirs.append(try renderTheirs(out))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let (ourWall, theirWall) = (median(ours.map(\.wall)), median(theirs.map(\.wall)))
        let (ourCPU, theirCPU) = (median(ours.map(\.cpu)), median(theirs.map(\.cpu)))
        print("Whole process, median of \(runs), interleaved (wall; CPU of the process):")
        print(String(format: "  ghostline render (whole card, 2 labels, 5 lines)  %8.2f ms   %8.2f ms", ourWall, ourCPU))
        print(String(format: "  hb-view (one line of the body text)               %8.2f ms   %8.2f ms", theirWall, theirCPU))
        print(String(format: "  ratio ghostline / hb-view                         %8.2f×    %8.2f×", ourWall / theirWall, ourCPU / theirCPU))
    }

    private func renderOurs(_ out: URL) throws -> WholeProcess.Timing {
        try WholeProcess.time(ghostline, ["render", scenePath, "-o", out.appendingPathComponent("g.png").path])
    }

    private func renderTheirs(_ out: URL) throws -> WholeProcess.Timing {
        try WholeProcess.time(hbView, ["--font-file", fontPath, "--font-size", String(pixelSize), "--output-format", "png",
                                       "--output-file", out.appendingPathComponent("h.png").path, text])
    }
}
