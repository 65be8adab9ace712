import Foundation
import Ghostline

/// `ghostline-bench --autoshrink`: what UILabel's autoshrink costs beside the same label truncated, side by side in
/// one run. Autoshrink lays the label out again at each scale it tries (the search in `Autoshrinking`), so its cost is
/// a few layouts of the label; the peer is the label without the keys, which is laid out once and truncated.
///
/// Pairs of one-label scenes (Inter 17 pt, uikit, @3x), each pair the same text and width: one line shrunk to fit;
/// one line shrunk to the smallest scale and then tightened; three lines rewrapped until they fit. Each iteration
/// resolves and lays out the scene (no raster: drawing a shrunk label costs what drawing any label does), warm, and
/// the cases are interleaved so that a noisy neighbour slows them alike.
struct AutoshrinkBench {
    let iterations: Int

    static func yaml(_ text: String, _ keys: String) -> String {
        """
        systemFonts: false
        fontDirectories: [/usr/share/fonts/opentype/inter]
        canvas: { width: 320, scale: 3 }
        styles:
          s: { font: Inter, size: 17 }
        root:
          stack: vertical
          align: leading
          children:
            - label: { id: t, text: "\(text)", style: s, lineBreakMode: truncateTail, \(keys) }
        """
    }

    static let button = "Continue with Apple ID"
    static let paragraph = "Your order ships tomorrow from the nearest warehouse, and you can follow it from the app"
    static let shrink = "adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5"

    static let pairs: [(name: String, peer: String, shrunk: String)] = [
        ("one line, shrunk", yaml(button, "numberOfLines: 1, width: 120"), yaml(button, "numberOfLines: 1, width: 120, \(shrink)")),
        ("one line, tightened", yaml(button, "numberOfLines: 1, width: 86"),
         yaml(button, "numberOfLines: 1, width: 86, \(shrink), allowsDefaultTighteningForTruncation: true")),
        ("three lines, shrunk", yaml(paragraph, "numberOfLines: 3, width: 150"), yaml(paragraph, "numberOfLines: 3, width: 150, \(shrink)")),
    ]

    func run() throws {
        let session = GhostlineSession()
        let path = FileManager.default.currentDirectoryPath + "/autoshrink-bench.yaml"
        func once(_ yaml: String) throws -> Double {
            let scene = try session.loader.resolve(try session.loader.describe(text: yaml, path: path))
            return session.layout(scene).layout.elements.first { $0.id == "t" }?.labelLayout?.fontScale ?? .nan
        }
        var scales: [Double] = []
        for pair in Self.pairs { _ = try once(pair.peer); scales.append(try once(pair.shrunk)) }   // warm
        var peer = [[Double]](repeating: [], count: Self.pairs.count), shrunk = peer
        for _ in 0..<iterations {
            for (index, pair) in Self.pairs.enumerated() {
                peer[index].append(try milliseconds { _ = try once(pair.peer) })
                shrunk[index].append(try milliseconds { _ = try once(pair.shrunk) })
            }
        }
        print("Autoshrink: one Inter 17 pt label at @3x, resolve + layout, median of \(iterations) (interleaved); peer: the same label truncated")
        for (index, pair) in Self.pairs.enumerated() {
            let name = pair.name.padding(toLength: 20, withPad: " ", startingAt: 0)
            print(String(format: "  %@ truncated %@   autoshrink %@  ×%.2f   (scale %.4f)", name as NSString,
                         format(median(peer[index])) as NSString, format(median(shrunk[index])) as NSString,
                         median(shrunk[index]) / median(peer[index]), scales[index]))
        }
    }
}
