// ghostline-bench: how long the demo card takes, stage by stage, and against a peer tool in the same run.
//
//   swift run -c release ghostline-bench [SCENE] [--iterations N]
//   swift run -c release ghostline-bench --long-text      # layout time against text length
//   swift run -c release ghostline-bench --variable-fonts # a variable-font label beside a static one
//   swift run -c release ghostline-bench --autoshrink     # an autoshrinking label beside the same label truncated
//   swift run -c release ghostline-bench --suite [--entries 200] [--rounds 3] [--scene SCENE]   # suite vs a loop
//   swift run -c release ghostline-bench --suite-cache [--entries 500]   # what the suite cache saves
//   swift run -c release ghostline-bench --color-profile [SCENE]   # a Display P3 export's decode beside an untagged one
//
// Machines here are noisy, so every figure is a median of N runs and the comparison with the peer (HarfBuzz's
// hb-view, rendering the same text with the same font and size to PNG) is measured interleaved in one run.
// Process-level numbers include start-up for both tools; in-process numbers are Ghostline's stages alone.
import Foundation
import Ghostline
import GhostlineDiff
import GhostlineFonts
import GhostlineImage
import GhostlineLayout
import GhostlinePNG
import GhostlineRaster
import GhostlineScene

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}
func format(_ ms: Double) -> String { String(format: "%8.3f ms", ms) }

let usage = """
usage: ghostline-bench [SCENE] [--iterations N]
       ghostline-bench --suite [--entries N] [--rounds N] [--scene SCENE]
       ghostline-bench --suite-cache [--entries N]
       ghostline-bench --diff A.png B.png [--iterations N]
       ghostline-bench --long-text
       ghostline-bench --variable-fonts [--iterations N]
       ghostline-bench --autoshrink [--iterations N]
       ghostline-bench --color-profile [SCENE] [--iterations N]
"""

/// The whole bench. It throws rather than trapping so that a wrong path or option ends as one stderr line and
/// exit status 2, like the CLI, instead of a crash report.
func benchMain() throws {
    if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
        print(usage)
        return
    }
    var arguments = Array(CommandLine.arguments.dropFirst())
    var iterations = 50
    if let flag = arguments.firstIndex(of: "--iterations"), flag + 1 < arguments.count, let n = Int(arguments[flag + 1]) {
        iterations = max(3, n)
        arguments.removeSubrange(flag...(flag + 1))
    }
    if arguments.first == "--suite" {
        // A generated suite: one `ghostline check` process per check against `ghostline suite` (SuiteBench.swift).
        try SuiteBench(arguments: Array(arguments.dropFirst())).run()
        exit(0)
    }
    if arguments.first == "--suite-cache" {
        // What the suite cache saves: unchanged, one scene, one style guide, one font file (SuiteCacheBench.swift).
        try SuiteCacheBench(arguments: Array(arguments.dropFirst())).run()
        exit(0)
    }
    if arguments.first == "--diff", arguments.count == 3 {
        // Stage timings of `ghostline diff A B`: decode both PNGs, pixel diff, ghost image.
        var decode: [Double] = [], diffTimes: [Double] = [], ghostTimes: [Double] = []
        for _ in 0..<iterations {
            var a: RGBAImage?, b: RGBAImage?
            decode.append(try milliseconds { a = try PNGCodec.read(contentsOf: arguments[1]); b = try PNGCodec.read(contentsOf: arguments[2]) })
            diffTimes.append(try milliseconds { _ = try PixelDiff.compare(render: a!, design: b!, options: DiffOptions(background: .white)) })
            ghostTimes.append(try milliseconds { _ = try GhostImage.compose(design: b!, render: a!, renderBackground: .white) })
        }
        print("diff stages, median of \(iterations): decode both \(format(median(decode))), pixel diff \(format(median(diffTimes))), ghost \(format(median(ghostTimes)))")
        exit(0)
    }
    if arguments.first == "--variable-fonts" {
        // A variable-font label against a static one of the same text, interleaved (VariableFontBench.swift).
        try VariableFontBench(iterations: iterations).run()
        exit(0)
    }
    if arguments.first == "--autoshrink" {
        // An autoshrinking label against the same label truncated, interleaved (AutoshrinkBench.swift).
        try AutoshrinkBench(iterations: iterations).run()
        exit(0)
    }
    if arguments.first == "--color-profile" {
        // A phone-screen PNG read untagged and with a Display P3 profile, interleaved (ColorBench.swift).
        try ColorBench(iterations: iterations, scenePath: arguments.dropFirst().first ?? "Fixtures/scenes/world-text.yaml").run()
        exit(0)
    }
    if arguments.first == "--long-text" {
        // Layout cost against text length: one label of N words, Latin only and mixed (Arabic, Japanese, emoji —
        // fallback and bidi at work), broken at 320 pt. Linear means the per-word time stays flat as N grows.
        let inter = try GhostlineSession().fonts.font(named: "Inter")
        let latin = ["Line", "spacing", "is", "trickier", "than", "it", "looks."]
        let mixed = ["Hello", "مرحبا", "world", "日本語の", "テキスト", "👍🏽", "and", "שלום", "again."]
        print("Long text: one label, 320 pt wide, uikit model, median of 3")
        for (name, words) in [("latin", latin), ("mixed scripts", mixed)] {
            var previous: Double?
            for count in [25_000, 50_000, 100_000] {
                let text = (0..<count).map { words[$0 % words.count] }.joined(separator: " ")
                let input = LabelLayouter.Input(text: text, style: TextStyle(font: inter, pointSize: 17))
                var lines = 0
                let times = (0..<3).map { _ in milliseconds { lines = LabelLayouter.layout(input, width: 320).lines.count } }
                let ms = median(times)
                let growth = previous.map { String(format: "  ×%.2f for ×2 words", ms / $0) } ?? ""
                let label = name.padding(toLength: 14, withPad: " ", startingAt: 0)
                print(String(format: "  %@ %7d words, %6d lines  %9.1f ms  %6.2f µs/word%@", label as NSString, count, lines, ms,
                             ms * 1000 / Double(count), growth as NSString))
                previous = ms
            }
        }
        exit(0)
    }
    let scenePath = arguments.first ?? "Fixtures/demo/card.yaml"


    // MARK: In-process stages (the process is up, fonts are open, the glyph cache is warm after the first run).
    let renderer = GhostlineSession().renderer
    let scene = try renderer.loadScene(path: scenePath)
    var layoutTimes: [Double] = [], rasterTimes: [Double] = [], encodeTimes: [Double] = [], coldLoad: [Double] = []
    var image = try renderer.render(scene).image
    for _ in 0..<iterations {
        var layout: SceneLayout?
        layoutTimes.append(milliseconds { layout = scene.layout() })
        rasterTimes.append(milliseconds { image = renderer.renderer.render(layout!, palette: scene.palette) })
        encodeTimes.append(try milliseconds { _ = try PNGCodec.encode(image) })
    }
    for _ in 0..<max(3, iterations / 10) {
        // Scene load with fresh caches: YAML, fontconfig look-ups and font parsing, no glyphs cached.
        coldLoad.append(try milliseconds {
            let fresh = GhostlineSession().renderer
            let s = try fresh.loadScene(path: scenePath)
            _ = try PNGCodec.encode(try fresh.render(s).image)
        })
    }
    let warmTotal = median(layoutTimes) + median(rasterTimes) + median(encodeTimes)
    print("Ghostline bench: \(scenePath) at @\(scene.canvas.scale.factor)x, \(image.width)×\(image.height) px, median of \(iterations)")
    print("  layout                 \(format(median(layoutTimes)))")
    print("  raster (warm cache)    \(format(median(rasterTimes)))")
    print("  PNG encode             \(format(median(encodeTimes)))")
    print("  = render + PNG, warm   \(format(warmTotal))")
    print("  load + render + PNG, cold caches \(format(median(coldLoad)))")

    // MARK: Process level, against hb-view in the same run (WholeProcess.swift).
    let ghostline = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ghostline").path
    guard FileManager.default.isExecutableFile(atPath: ghostline) else {
        print("(build the ghostline product in the same configuration to compare whole processes)")
        exit(0)
    }
    guard let hbView = WholeProcess.find("hb-view") else {
        print("(hb-view not found: scripts/setup.sh --bench installs it, with the other peers)")
        exit(0)
    }
    // The peer renders the card's body text, one line, same font file and size, at the same pixel density.
    guard let body = scene.layout().elements.first(where: { $0.id == "body" }), let label = body.labelLayout else {
        print("(the scene has no `body` label to hand to hb-view)")
        exit(0)
    }
    try RenderAgainstHBView(ghostline: ghostline, hbView: hbView, scenePath: scenePath, fontPath: label.font.path,
                            pixelSize: Int(label.metrics.pointSize * scene.canvas.scale.value),
                            text: "Designs set a line height; UIKit sets line spacing.", runs: max(11, iterations / 2)).run()
}

do {
    try benchMain()
} catch {
    FileHandle.standardError.write(Data("ghostline-bench: \(error)\n".utf8))
    exit(2)
}
