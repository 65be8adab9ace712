import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlinePNG

/// A small suite made at test time in a temporary directory: `scenes/cardN.yaml` (a title and a body label,
/// 200 × 110 pt at @2x, so each check takes milliseconds) and `designs/cardN@2x.png` rendered from them. Scenes in
/// `failing` are changed after their design was rendered (8 pt more spacing: the body sits 8 pt lower), so
/// those checks fail with a known offset.
struct SuiteFixture {
    let root: URL

    static func sceneText(title: String, spacing: Int = 8, height: Int = 110) -> String {
        """
        canvas: { width: 200, height: \(height), scale: 2 }
        styles:
          title: { font: Inter-SemiBold, size: 20, lineHeight: 26, color: "#111111" }
          body: { font: Inter, size: 15, lineHeight: 20, color: "#3C3C43" }
        root:
          padding: 8
          spacing: \(spacing)
          children:
            - label: { id: title, text: "\(title)", style: title }
            - label: { id: body, text: "Line spacing is trickier than it looks.", style: body }

        """
    }

    /// - Parameters:
    ///   - count: scenes `card0` … `card<count-1>`.
    ///   - failing: indices whose scene moves after its design was made.
    ///   - slow: indices whose canvas is 40 times taller, so their checks finish long after the others.
    ///   - manifest: a `ghostline.yaml` to write (nil = none: the directory convention applies).
    static func make(count: Int, failing: Set<Int> = [], slow: Set<Int> = [], manifest: String? = nil) throws -> SuiteFixture {
        let root = try Paths.temporaryDirectory()
        let fixture = SuiteFixture(root: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("designs"), withIntermediateDirectories: true)
        let renderer = GhostlineSession().renderer
        for i in 0..<count {
            let scene = fixture.path("scenes/card\(i).yaml")
            let height = slow.contains(i) ? 4400 : 110
            try sceneText(title: "Card \(i)", height: height).write(toFile: scene, atomically: true, encoding: .utf8)
            let image = try renderer.render(try renderer.loadScene(path: scene)).image
            try Data(try PNGCodec.encode(image)).write(to: URL(fileURLWithPath: fixture.path("designs/card\(i)@2x.png")))
            if failing.contains(i) {
                try sceneText(title: "Card \(i)", spacing: 16, height: height).write(toFile: scene, atomically: true, encoding: .utf8)
            }
        }
        if let manifest { try fixture.write("ghostline.yaml", manifest) }
        return fixture
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func write(_ relative: String, _ text: String) throws {
        try text.write(toFile: path(relative), atomically: true, encoding: .utf8)
    }

    func read(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// A suite report with every timing taken out (each entry's `seconds`), for comparing runs.
func reportWithoutTimings(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("\"seconds\":") }
        .joined(separator: "\n")
}
