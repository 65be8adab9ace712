import Foundation
import Ghostline

/// `ghostline-bench --variable-fonts`: what a label in a variable font costs beside the same label in a static font,
/// measured side by side in one run (issue 23's budget: at most 1.5×).
///
/// Three one-label scenes with the same text, size and width: the static Inter Regular (`.otf`), the variable Inter at
/// its default instance, and the variable Inter at `weight: 450` (an instance: HarfBuzz applies HVAR, FreeType gvar).
/// Each iteration resolves the scene (the font and its instance are looked up in the session's library, where the
/// instance is cached after the first time), lays it out and draws it with the session's warm glyph cache — the cost
/// of a label in a long-running suite or review server. The three are interleaved so that a noisy neighbour slows
/// them alike; then the cold cost (a fresh session: open the file, make the instance, draw every glyph anew).
struct VariableFontBench {
    let iterations: Int

    static let text = "Variable fonts at the weight a designer picked, not the nearest static face: 1,110.96 of 4,711 "
        + "figures at 11:41, kerned and shaped as the instance draws them. Hamburgefonstiv."

    static func yaml(font: String, weight: Int?) -> String {
        """
        systemFonts: false
        fontDirectories: [/usr/share/fonts/opentype/inter, /usr/share/fonts/truetype/inter-vf]
        fonts: { F: \(font) }
        canvas: { width: 320, scale: 3 }
        styles:
          s: { font: F, size: 17\(weight.map { ", weight: \($0)" } ?? "") }
        root:
          stack: vertical
          children:
            - label: { id: t, text: "\(text)", style: s }
        """
    }

    static let cases: [(name: String, yaml: String)] = [
        ("static Inter-Regular.otf", yaml(font: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", weight: nil)),
        ("Inter.var.ttf, default", yaml(font: "/usr/share/fonts/truetype/inter-vf/Inter.var.ttf", weight: nil)),
        ("Inter.var.ttf, wght 450", yaml(font: "/usr/share/fonts/truetype/inter-vf/Inter.var.ttf", weight: 450)),
    ]

    func run() throws {
        let session = GhostlineSession()
        let path = FileManager.default.currentDirectoryPath + "/variable-font-bench.yaml"
        func once(_ session: GhostlineSession, _ yaml: String) throws {
            let scene = try session.loader.resolve(try session.loader.describe(text: yaml, path: path))
            _ = try session.render(scene)
        }
        for c in Self.cases { try once(session, c.yaml) }   // warm: fonts, instances, glyphs
        var warm = [[Double]](repeating: [], count: Self.cases.count)
        for _ in 0..<iterations {
            for (index, c) in Self.cases.enumerated() { warm[index].append(try milliseconds { try once(session, c.yaml) }) }
        }
        var cold = [[Double]](repeating: [], count: Self.cases.count)
        for _ in 0..<max(3, iterations / 10) {
            for (index, c) in Self.cases.enumerated() {
                cold[index].append(try milliseconds { try once(GhostlineSession(), c.yaml) })
            }
        }
        print("Variable fonts: one 17 pt label, 320 pt wide at @3x, resolve + layout + raster, median of \(iterations) (interleaved)")
        let base = median(warm[0]), coldBase = median(cold[0])
        for (index, c) in Self.cases.enumerated() {
            let name = c.name.padding(toLength: 26, withPad: " ", startingAt: 0)
            print(String(format: "  %@ warm %@  ×%.2f    cold %@  ×%.2f", name as NSString, format(median(warm[index])) as NSString,
                         median(warm[index]) / base, format(median(cold[index])) as NSString, median(cold[index]) / coldBase))
        }
    }
}
