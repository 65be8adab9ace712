import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineImage
import GhostlinePNG
import GhostlineScene
import Testing

/// `ghostline diff` and `check` end to end, on the demo card and its design export
/// (Fixtures/design/demo-card@3x.png: the card laid out and drawn by headless Chromium with the same Inter files,
/// made by scripts/browser/make-design-export.py).
@Suite("Design review: diff and check")
struct ReviewTests {
    static let design = Paths.root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path

    func scene(strategy: String, fixedHeight: Bool = true) throws -> String {
        let dir = try Paths.temporaryDirectory()
        var yaml = try String(contentsOfFile: Paths.demoScene, encoding: .utf8)
        yaml = yaml.replacingOccurrences(of: "lineHeightStrategy: padded", with: "lineHeightStrategy: \(strategy)")
        if fixedHeight { yaml = yaml.replacingOccurrences(of: "height: auto", with: "height: 158") }
        let path = dir.appendingPathComponent("card.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aRenderComparedWithItselfHasNoDifference() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("card@3x.png").path, json = dir.appendingPathComponent("card.json").path
        #expect(try runCLI(["render", Paths.demoScene, "-o", png, "--layout", json]).status == 0)
        let report = dir.appendingPathComponent("report.json").path
        let result = try runCLI(["diff", png, png, "--layout", json, "--report", report])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let value = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let stats = try #require(value["stats"] as? [String: Any])
        #expect(stats["differingPixels"] as? Int == 0 && stats["antialiasedPixels"] as? Int == 0)
        #expect((value["regions"] as? [Any])?.isEmpty == true)
        #expect(value["scale"] as? Int == 3)   // from the @3x suffix
        #expect(value["verdict"] as? String == "pass")
    }

    /// The render moved down one device pixel: regions appear where the text is, and every line's baseline is
    /// reported 1 px = ⅓ pt lower.
    @Test func aOnePixelShiftIsReportedAsOnePixel() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("card@3x.png").path, json = dir.appendingPathComponent("card.json").path
        #expect(try runCLI(["render", Paths.demoScene, "-o", png, "--layout", json]).status == 0)
        let image = try PNGCodec.read(contentsOf: png)
        var shifted = RGBAImage(width: image.width, height: image.height, fill: .white)
        for y in 1..<image.height { for x in 0..<image.width { shifted[x, y] = image[x, y - 1] } }
        let moved = dir.appendingPathComponent("moved@3x.png").path
        try PNGCodec.write(shifted, to: moved)
        let report = dir.appendingPathComponent("report.json").path
        let result = try runCLI(["diff", moved, png, "--layout", json, "--report", report, "--tolerance", "1"])
        let value = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let regions = try #require(value["regions"] as? [[String: Any]])
        #expect(!regions.isEmpty)
        let labels = try #require(value["labels"] as? [[String: Any]])
        #expect(labels.count == 2)
        for label in labels {
            for line in try #require(label["lines"] as? [[String: Any]]) {
                let offset = try #require(line["baselineOffset"] as? Double)
                #expect(abs(offset - 1.0 / 3) < 0.01, "\(label["id"] ?? "") line \(line["index"] ?? ""): \(offset)")
            }
        }
        // One pixel is above the default baseline tolerance only when it exceeds one device pixel: it does not.
        #expect(result.status == 0, "\(result.stdout)")
        let strict = try runCLI(["diff", moved, png, "--layout", json, "--tolerance", "1", "--baseline-tolerance", "0.1"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("title: first baseline 0.33 pt lower than the design"))
    }

    /// Against the Chromium export: the css model (the design tool's) passes; the padded uikit label (R7) passes
    /// too; without line-height handling the uikit model fails and the report names both labels with the layout
    /// arithmetic's offsets. Design baselines (css, @3x): title 37; body 72, 96, 120, 144 (CSSLineStack).
    /// Render baselines (uikit, none): title 8 + 27 = 35 (R3); body frame at 8 + 34 + 8 = 50, baselines
    /// 50 + 49/3 = 66.33, then + round(i × 20.5739 × 3) / 3: 87.0, 107.33, 128.0. Offsets: −2; −5.67, −9, −12.67, −16.
    @Test func chromiumDesignExportSeparatesTheModels() throws {
        for (model, strategy) in [("css", "padded"), ("uikit", "padded")] {
            let result = try runCLI(["check", try scene(strategy: strategy), "--design", Self.design, "--model", model])
            #expect(result.status == 0, "\(model)/\(strategy): \(result.stdout)")
        }
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report.json").path
        let result = try runCLI(["check", try scene(strategy: "none"), "--design", Self.design, "--report", report, "--suggest"])
        #expect(result.status == 1)
        // Each label's cause first (from its layout, checked by --suggest), then its offsets, then the fix.
        #expect(result.stdout.contains("\n  title: `lineHeightStrategy: none` ignores the 38.0 pt line height, so its lines are the font's 33.89 pt (R2)."))
        #expect(result.stdout.contains("\n    first baseline 2.0 pt higher than the design\n    fix: styles.title: lineHeightStrategy: padded\n"))
        #expect(result.stdout.contains("\n    first baseline 5.6"))   // 5.66 or 5.67: measured from ink
        #expect(result.stdout.contains("higher than the design, last 16.0 pt higher (line spacing differs)"))
        let value = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let labels = try #require(value["labels"] as? [[String: Any]])
        let expected: [String: [Double]] = ["title": [-2], "body": [-17.0 / 3, -9, -38.0 / 3, -16]]
        for label in labels {
            let id = try #require(label["id"] as? String)
            let offsets = try #require(label["lines"] as? [[String: Any]]).compactMap { $0["baselineOffset"] as? Double }
            let want = try #require(expected[id])
            #expect(offsets.count == want.count)
            for (got, wanted) in zip(offsets, want) { #expect(abs(got - wanted) <= 1.0 / 3, "\(id): \(got) vs \(wanted)") }
            #expect(label["withinTolerance"] as? Bool == false)
        }
    }

    /// Anti-aliasing-only differences pass; a changed word fails, and the region found covers that word.
    @Test func antialiasingPassesAndAChangedWordIsLocated() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let reference = dir.appendingPathComponent("a@3x.png").path
        #expect(try runCLI(["render", Paths.demoScene, "-o", reference]).status == 0)
        // Soften every edge pixel a little (as another rasterizer would): only anti-aliasing differs.
        var soft = try PNGCodec.read(contentsOf: reference)
        for i in stride(from: 0, to: soft.pixels.count, by: 4) where soft.pixels[i] > 40 && soft.pixels[i] < 215 {
            for c in 0..<3 { soft.pixels[i + c] = UInt8(min(255, Int(soft.pixels[i + c]) + 12)) }
        }
        let softPath = dir.appendingPathComponent("soft@3x.png").path
        try PNGCodec.write(soft, to: softPath)
        let aa = try runCLI(["diff", softPath, reference])
        #expect(aa.status == 0, "\(aa.stdout)")

        // The same card with one word changed in the title.
        let yaml = try String(contentsOfFile: Paths.demoScene, encoding: .utf8)
            .replacingOccurrences(of: "Pixel-perfect line height", with: "Pixel-perfect line spacing")
        let changedScene = dir.appendingPathComponent("changed.yaml").path
        try yaml.write(toFile: changedScene, atomically: true, encoding: .utf8)
        let changed = dir.appendingPathComponent("changed@3x.png").path
        let layoutPath = dir.appendingPathComponent("changed.json").path
        #expect(try runCLI(["render", changedScene, "-o", changed, "--layout", layoutPath]).status == 0)
        let report = dir.appendingPathComponent("r.json").path
        let result = try runCLI(["diff", changed, reference, "--report", report])
        #expect(result.status == 1)
        let value = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let regions = try #require(value["regions"] as? [[String: Any]])
        // The changed word starts after "Pixel-perfect line " in the title: every region lies in the title's
        // line, right of where the unchanged words end, and together they span the new word.
        let renderer = GhostlineSession().renderer
        let layout = try renderer.loadScene(path: changedScene).layout()
        let title = try #require(layout.elements.first { $0.id == "title" })
        let line = try #require(title.canvasLines.first)
        let wordStart = try #require(line.glyphs.first { $0.cluster == 19 }).x + line.x
        #expect(!regions.isEmpty)
        for region in regions {
            let x = try #require(region["x"] as? Double), y = try #require(region["y"] as? Double)
            let w = try #require(region["width"] as? Double), h = try #require(region["height"] as? Double)
            #expect(x >= wordStart - 1, "region at x \(x) starts left of the changed word (\(wordStart))")
            #expect(y >= title.frame.minY && y + h <= title.frame.maxY + 8)
            #expect(x + w <= line.x + line.width + 1)
        }
        let minX = regions.compactMap { $0["x"] as? Double }.min() ?? 0
        #expect(minX <= wordStart + 3)
    }

    @Test func badInputsExitTwoAndLeaveNoOutputs() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = ["--ghost", dir.appendingPathComponent("g.png").path, "--diff", dir.appendingPathComponent("d.png").path,
                   "--report", dir.appendingPathComponent("r.json").path, "--html", dir.appendingPathComponent("p.html").path]
        // A size difference is a finding, not bad input: the auto-height render of the none strategy is 421 px
        // tall, the design 474 px (158 pt at @3x), so the render is 53 px = 17.67 pt shorter. The overlap is
        // compared, every output is written, and the check fails (exit 1) saying so in points.
        let shorter = try scene(strategy: "none", fixedHeight: false)
        let mismatch = try runCLI(["check", shorter, "--design", Self.design] + out)
        #expect(mismatch.status == 1, "\(mismatch.stderr)")
        #expect(mismatch.stdout.contains("size: the render is 17.67 pt shorter (421 vs 474 px) than the design at @3x"), "\(mismatch.stdout)")
        #expect(mismatch.stderr.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["d.png", "g.png", "p.html", "r.json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("r.json"))) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.first?["kind"] as? String == "sizeDiffers" && findings.first?["fails"] as? Bool == true)
        // The last body line is cut by the overlap's edge in the design: no width is claimed for it.
        #expect(!findings.contains { $0["kind"] as? String == "width" })
        for name in ["d.png", "g.png", "p.html", "r.json"] { try FileManager.default.removeItem(at: dir.appendingPathComponent(name)) }
        // --anchor top-left names the default and changes nothing.
        let anchored = try runCLI(["check", shorter, "--design", Self.design, "--anchor", "top-left"])
        #expect(anchored.status == 1 && anchored.stdout == mismatch.stdout)
        // A corrupt PNG and a missing file.
        let corrupt = dir.appendingPathComponent("corrupt@3x.png")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.design)))
        bytes.removeLast(bytes.count / 2)
        try Data(bytes).write(to: corrupt)
        let truncated = try runCLI(["diff", corrupt.path, Self.design] + out)
        #expect(truncated.status == 2 && truncated.stderr.contains("corrupt@3x.png"))
        let missing = try runCLI(["diff", "/no/such@3x.png", Self.design] + out)
        #expect(missing.status == 2 && missing.stderr.contains("/no/such@3x.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["corrupt@3x.png"])
        // The same inputs without outputs take the streaming path, which must refuse them the same way.
        let streamedTruncated = try runCLI(["diff", corrupt.path, Self.design])
        #expect(streamedTruncated.status == 2 && streamedTruncated.stderr.contains("corrupt@3x.png"))
        let streamedMissing = try runCLI(["diff", "/no/such@3x.png", Self.design])
        #expect(streamedMissing.status == 2 && streamedMissing.stderr.contains("/no/such@3x.png"))
    }

    /// `check --render` is one of the check's outputs: written with the others or not at all, never onto an input.
    @Test func checkWritesTheRenderWithItsOtherOutputsOrNothing() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let render = dir.appendingPathComponent("render.png").path, report = dir.appendingPathComponent("r.json").path
        // The report's directory does not exist: the check fails, and the render must not be left behind.
        let failed = try runCLI(["check", try scene(strategy: "padded"), "--design", Self.design, "--render", render,
                                 "--report", "/no/such/dir/r.json"])
        #expect(failed.status == 2 && failed.stderr.contains("/no/such/dir/r.json"))
        #expect(!FileManager.default.fileExists(atPath: render))
        // Onto the design export itself: refused before anything is written.
        let copy = dir.appendingPathComponent("design@3x.png").path
        try FileManager.default.copyItem(atPath: Self.design, toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let ontoInput = try runCLI(["check", try scene(strategy: "padded"), "--design", copy, "--render", copy])
        #expect(ontoInput.status == 2 && ontoInput.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
        // Both written, and the report names the render by its file.
        let passed = try runCLI(["check", try scene(strategy: "padded"), "--design", Self.design, "--render", render,
                                 "--report", report])
        #expect(passed.status == 0 || passed.status == 1)
        #expect(FileManager.default.fileExists(atPath: render) && FileManager.default.fileExists(atPath: report))
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        #expect((json["inputs"] as? [String: Any])?["render"] as? String == render)
    }

    /// Everything from a scene that reaches the review page is escaped.
    @Test func reviewPageEscapesSceneText() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let yaml = try String(contentsOfFile: Paths.demoScene, encoding: .utf8)
            .replacingOccurrences(of: "id: title", with: "id: \"<script>alert('x')</script>\"")
        let path = dir.appendingPathComponent("x.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let html = dir.appendingPathComponent("p.html").path
        _ = try runCLI(["check", path, "--design", Self.design, "--html", html])
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
    }
}
