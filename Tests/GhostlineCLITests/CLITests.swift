import Foundation
import GhostlineTestSupport
import GhostlinePNG
import Ghostline
import GhostlineGeometry
import GhostlineScene
import Testing

/// The `ghostline` executable: exit 0 on success, 2 on bad input with one line on stderr, no partial outputs.
@Suite("Command line")
struct CLITests {
    @Test func renderWritesPNGAndLayout() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("card.png").path
        let json = dir.appendingPathComponent("card.json").path
        let result = try runCLI(["render", Paths.demoScene, "-o", png, "--layout", json, "--scale", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let header = try PNGCodec.readHeader(contentsOf: png)
        #expect(header.width == 750)
        let layout = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let canvas = layout?["canvas"] as? [String: Any]
        #expect(canvas?["scale"] as? Int == 2)
        #expect(canvas?["width"] as? Double == 375)
        #expect(header.height == Int(((canvas?["height"] as? Double) ?? 0) * 2))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["card.json", "card.png"])
    }

    /// `--color-scheme dark` draws a scheme colour's dark value; a scheme that is neither is one line and exit 2.
    @Test func colorSchemeFlagChoosesTheScheme() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("dark.yaml").path
        try "canvas: { width: 20, scale: 1 }\ncolors: { fill: { light: \"#E9E9EB\", dark: \"#262629\" } }\nroot:\n  children:\n    - box: { id: b, height: 2, color: fill }\n"
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let dark = try runCLI(["layout", scene, "--color-scheme", "dark"])
        #expect(dark.status == 0 && dark.stdout.contains("\"#262629\""), "\(dark.stderr)")
        let light = try runCLI(["layout", scene])
        #expect(light.status == 0 && light.stdout.contains("\"#E9E9EB\""), "\(light.stderr)")
        let bad = try runCLI(["layout", scene, "--color-scheme", "dim"])
        #expect(bad.status == 2 && bad.stderr == "ghostline: --color-scheme dim: use light or dark\n", "\(bad.stderr)")
    }

    @Test func badSceneExitsWithTwoAndOneLineAndNoOutput() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("bad.yaml")
        try "canvas: { width: 200 }\nroot:\n  children:\n    - label: { txt: hi }\n".write(to: scene, atomically: true, encoding: .utf8)
        let png = dir.appendingPathComponent("out.png").path
        let result = try runCLI(["render", scene.path, "-o", png])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.contains("bad.yaml:4:16: root.children[0].label.txt: unknown key `txt`"))
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test func unwritableOutputExitsWithTwo() throws {
        let result = try runCLI(["render", Paths.demoScene, "-o", "/nonexistent-dir/out.png"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent-dir/out.png"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func usageErrorsExitWithTwo() throws {
        #expect(try runCLI(["render"]).status == 2)
        #expect(try runCLI(["render", Paths.demoScene, "-o", "/tmp/x.png", "--scale", "5"]).status == 2)
        #expect(try runCLI(["frobnicate"]).status == 2)
    }

    @Test func helpDocumentsEveryOption() throws {
        let render = try runCLI(["render", "--help"])
        #expect(render.status == 0)
        for option in ["--output", "--scale", "--model", "--content-size", "--layout", "--debug"] {
            #expect(render.stdout.contains(option), "render --help lacks \(option)")
        }
        let metrics = try runCLI(["metrics", "--help"])
        for option in ["--size", "--scale", "--source", "--override"] {
            #expect(metrics.stdout.contains(option), "metrics --help lacks \(option)")
        }
    }

    /// `metrics` prints the UIFont-style values; with the iOS system font override at 17 pt they are the
    /// published ones (ascender 16.1865234375, lineHeight 20.287109375, capHeight 11.97802734375).
    @Test func metricsPrintsJSON() throws {
        let result = try runCLI(["metrics", "/usr/share/fonts/opentype/inter/Inter-Regular.otf", "--size", "17",
                                 "--override", "ios-system"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["unitsPerEm"] as? Int == 2048)
        #expect(abs((json["ascender"] as? Double ?? 0) - 16.1865234375) < 1e-6)
        #expect(abs((json["lineHeight"] as? Double ?? 0) - 20.287109375) < 1e-6)
        #expect(abs((json["capHeight"] as? Double ?? 0) - 11.97802734375) < 1e-6)
        let byFamily = try runCLI(["metrics", "Inter", "--size", "28"])
        #expect(byFamily.status == 0)
        #expect(byFamily.stdout.contains("\"ascender\": 27.125"))   // 2728 × 28 / 2816
        let missing = try runCLI(["metrics", "/no/such/font.otf"])
        #expect(missing.status == 2)
    }

    @Test func layoutPrintsTheSameJSONAsRender() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("l.json").path
        _ = try runCLI(["render", Paths.demoScene, "-o", dir.appendingPathComponent("x.png").path, "--layout", json])
        let printed = try runCLI(["layout", Paths.demoScene])
        #expect(printed.status == 0)
        #expect(printed.stdout == (try String(contentsOfFile: json, encoding: .utf8)))
    }
}

@Suite("Command line: matrix")
struct MatrixCLITests {
    static let scene = Paths.root.appendingPathComponent("Fixtures/scenes/dynamic-type.yaml").path

    /// One sheet plus one layout JSON per category; the body's size in each JSON is the HIG table's
    /// (xSmall 14 … Large 17 … AX5 53 pt).
    @Test func matrixWritesASheetAndTwelveLayouts() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sheet = dir.appendingPathComponent("sheet.png").path
        let result = try runCLI(["matrix", Self.scene, "-o", sheet, "--scale", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)   // no progress line when stderr is not a terminal
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files.count == 13)
        let expected: [String: Double] = ["xSmall": 14, "Large": 17, "xxxLarge": 23, "AX5": 53]
        for (category, size) in expected {
            let url = dir.appendingPathComponent("sheet-\(category).json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let elements = try #require(json["elements"] as? [[String: Any]])
            let body = try #require(elements.first { $0["id"] as? String == "body" })
            #expect((body["font"] as? [String: Any])?["size"] as? Double == size, "\(category)")
        }
        let header = try PNGCodec.readHeader(contentsOf: sheet)
        #expect(header.width > 4 * 320)
    }

    /// A sheet over the PNG limit is refused before any cell is drawn: a 1400 pt wide scene at @3x is 4200 px a
    /// cell, so four columns (16 896 px with margins) cannot be written, and three can.
    @Test func matrixRefusesASheetOverTheLimitBeforeDrawing() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var yaml = try String(contentsOfFile: Self.scene, encoding: .utf8)
        yaml = yaml.replacingOccurrences(of: "width: 320", with: "width: 1400")
        let wide = dir.appendingPathComponent("wide.yaml").path
        try yaml.write(toFile: wide, atomically: true, encoding: .utf8)
        let sheet = dir.appendingPathComponent("sheet.png").path
        let refused = try runCLI(["matrix", wide, "-o", sheet, "--scale", "3"])
        #expect(refused.status == 2)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.contains("over the 16384 px limit") && refused.stderr.contains("--columns 3"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["wide.yaml"])
    }

    /// The size checked before drawing is never smaller than the sheet drawn (else an over-limit sheet would
    /// slip through), and within a caption's slack of it.
    @Test func theSheetSizeCheckedFirstBoundsTheSheetDrawn() throws {
        let sheet = ContactSheet(renderer: GhostlineSession().renderer, columns: 5)
        let cells = try sheet.cells(scenePath: Self.scene, overrides: SceneOverrides(scale: Scale(2)))
        let image = try sheet.compose(cells)
        let estimate = sheet.sheetSize(cells.map { Size(width: $0.layout.canvas.width, height: $0.layout.height) })
        #expect(Double(image.width) == (estimate.width * 2).rounded(.up))
        #expect(Double(image.height) <= estimate.height * 2)
        #expect(Double(image.height) >= estimate.height * 2 - 3 * 2 * 8)   // three rows, under 8 pt of slack each
    }

    @Test func matrixOnABadSceneLeavesNothing() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try runCLI(["matrix", "/no/such/scene.yaml", "-o", dir.appendingPathComponent("s.png").path])
        #expect(result.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
