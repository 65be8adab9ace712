import Foundation
import GhostlineTestSupport
import GhostlineImage
import GhostlinePNG
import Testing

/// `diff`/`check` with `--compat`, the diff-image flags and `--ignore`, end to end through the CLI.
@Suite("Design review: --compat pixelmatch, diff image flags, --ignore")
struct ReviewCompatTests {
    static let fixtures = Paths.root.appendingPathComponent("Tests/GhostlineDiffTests/Fixtures/pixelmatch")
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent("\(name).png").path }

    static func report(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Four `diffTest` lines of pixelmatch v7.2.0's test/test.js, given as CLI flags; the count must be its
    /// expected count and the `--diff` image its expected diff image, pixel for pixel.
    @Test(arguments: [
        ("1a", "1b", "1diff", ["--threshold", "0.05"], 143),
        ("1a", "1b", "1diffmask", ["--threshold", "0.05", "--diff-mask"], 143),
        ("2a", "2b", "2diff", ["--threshold", "0.05", "--diff-alpha", "0.5", "--aa-color", "#00C000", "--diff-color", "#FF00FF"], 12437),
        ("7a", "7b", "7diff", ["--diff-color-alt", "#00FF00"], 2448),
    ])
    func pixelmatchCasesThroughTheCLI(first: String, second: String, diff: String, flags: [String], expected: Int) throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("diff.png").path, report = dir.appendingPathComponent("r.json").path
        let result = try runCLI(["diff", Self.fixture(first), Self.fixture(second), "--compat", "pixelmatch",
                                 "--diff", out, "--report", report, "--tolerance", "1"] + flags)
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try #require(try Self.report(report)["stats"] as? [String: Any])
        #expect(stats["differingPixels"] as? Int == expected)
        let produced = try PNGCodec.read(contentsOf: out), wanted = try PNGCodec.read(contentsOf: Self.fixture(diff))
        #expect(produced.width == wanted.width && produced.height == wanted.height)
        #expect(produced.pixels == wanted.pixels)
    }

    /// Without image outputs the two PNGs are compared a block of rows at a time: same count (test.js: 4a/4b at
    /// threshold 0.05 has 36049), and the ratio is over every pixel (438 × 412) in pixelmatch's mode.
    @Test func streamedPixelmatchCountThroughTheCLI() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("r.json").path
        let result = try runCLI(["diff", Self.fixture("4a"), Self.fixture("4b"), "--compat", "pixelmatch",
                                 "--threshold", "0.05", "--report", report])
        #expect(result.status == 1)   // 36049 of 180456 pixels is over the 1 % tolerance
        let value = try Self.report(report)
        let stats = try #require(value["stats"] as? [String: Any])
        #expect(stats["differingPixels"] as? Int == 36049)
        #expect(stats["comparedPixels"] as? Int == 438 * 412)
        #expect((value["options"] as? [String: Any])?["compat"] as? String == "pixelmatch")
    }

    /// The demo card moved one device pixel right and down, at every scale: Ghostline's default rules fail the
    /// review; pixelmatch's excuse far more of the same move as anti-aliasing (why they are not the default).
    @Test(arguments: [1, 2, 3])
    func aOnePixelShiftOfTextFailsAtEveryScale(scale: Int) throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("card@\(scale)x.png").path
        // The scene's own scale is 3: the file name does not set a render's scale, --scale does.
        #expect(try runCLI(["render", Paths.demoScene, "-o", png, "--scale", "\(scale)"]).status == 0)
        let image = try PNGCodec.read(contentsOf: png)
        #expect(image.width == 375 * scale, "rendered at @\(image.width / 375)x, not @\(scale)x")
        for (dx, dy) in [(1, 0), (0, 1)] {
            var moved = RGBAImage(width: image.width, height: image.height, fill: .white)
            for y in dy..<image.height { for x in dx..<image.width { moved[x, y] = image[x - dx, y - dy] } }
            let movedPath = dir.appendingPathComponent("moved@\(scale)x.png").path
            try PNGCodec.write(moved, to: movedPath)
            let ghostlineReport = dir.appendingPathComponent("g.json").path, pixelmatchReport = dir.appendingPathComponent("p.json").path
            let ghostline = try runCLI(["diff", movedPath, png, "--report", ghostlineReport])
            #expect(ghostline.status == 1, "@\(scale)x moved \(dx),\(dy): \(ghostline.stdout)")
            _ = try runCLI(["diff", movedPath, png, "--compat", "pixelmatch", "--report", pixelmatchReport])
            let ours = try #require((try Self.report(ghostlineReport)["stats"] as? [String: Any])?["differingPixels"] as? Int)
            let theirs = try #require((try Self.report(pixelmatchReport)["stats"] as? [String: Any])?["differingPixels"] as? Int)
            #expect(ours > theirs, "@\(scale)x moved \(dx),\(dy): ghostline \(ours), pixelmatch \(theirs)")
        }
    }

    /// A changed title fails the review; ignoring the title's frame (from the layout JSON) passes it, the ignored
    /// pixels are the box's (its frame at @3x, whole pixels), the diff image stripes them and the page outlines the
    /// box on every one of its six image frames.
    @Test func ignoringTheChangedLabelPassesTheReview() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let reference = dir.appendingPathComponent("a@3x.png").path
        #expect(try runCLI(["render", Paths.demoScene, "-o", reference]).status == 0)
        let yaml = try String(contentsOfFile: Paths.demoScene, encoding: .utf8)
            .replacingOccurrences(of: "Pixel-perfect line height", with: "Pixel-perfect line spacing")
        let changedScene = dir.appendingPathComponent("changed.yaml").path
        try yaml.write(toFile: changedScene, atomically: true, encoding: .utf8)
        let changed = dir.appendingPathComponent("b@3x.png").path, layout = dir.appendingPathComponent("b.json").path
        #expect(try runCLI(["render", changedScene, "-o", changed, "--layout", layout]).status == 0)
        #expect(try runCLI(["diff", changed, reference]).status == 1)

        let elements = try #require(try Self.report(layout)["elements"] as? [[String: Any]])
        let title = try #require(elements.first { $0["id"] as? String == "title" }?["frame"] as? [String: Double])
        let (x, y, w, h) = (title["x"]!, title["y"]!, title["width"]!, title["height"]!)
        let box = [x, y, w, h].map { String($0) }.joined(separator: ",")
        let report = dir.appendingPathComponent("r.json").path, diff = dir.appendingPathComponent("d.png").path
        let html = dir.appendingPathComponent("p.html").path
        let result = try runCLI(["diff", changed, reference, "--ignore", box, "--report", report, "--diff", diff, "--html", html])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ignored in 1 box"))
        let value = try Self.report(report)
        let stats = try #require(value["stats"] as? [String: Any])
        let pixels = (Int((x + w) * 3) - Int(x * 3)) * (Int((y + h) * 3) - Int(y * 3))   // the frame is on whole points
        #expect(stats["ignoredPixels"] as? Int == pixels)
        #expect(stats["differingPixels"] as? Int == 0)
        let echoed = try #require((value["options"] as? [String: Any])?["ignore"] as? [[String: Double]])
        #expect(echoed == [["x": x, "y": y, "width": w, "height": h]])
        let image = try PNGCodec.read(contentsOf: diff)
        let (px, py) = (Int(x * 3), Int(y * 3))
        let stripe = (px + py) % 8 < 4 ? (px, py) : (px + 4, py)
        #expect(image[stripe.0, stripe.1] == Color(red: 0x34, green: 0x78, blue: 0xF6))
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.components(separatedBy: "<div class=\"ignored\"").count - 1 == 6)
        #expect(page.contains("blue stripes: ignored"))
    }

    /// Every new flag refuses a bad value with one line on stderr that names the flag, exit 2, and no output.
    @Test(arguments: [
        (["--compat", "odiff"], "--compat odiff"),
        (["--ignore", "0,0,375"], "--ignore 0,0,375"),
        (["--ignore", "0,0,0,44"], "--ignore 0,0,0,44"),
        (["--ignore", "0,0,nan,44"], "--ignore 0,0,nan,44"),
        (["--ignore", "0,0,10,10", "--ignore", "1125,0,375,44"], "--ignore 1125,0,375,44: it lies outside the 375.0×158.0 pt image"),
        (["--diff-color", "red"], "--diff-color red"),
        (["--diff-color-alt", "#12345"], "--diff-color-alt #12345"),
        (["--aa-color", "yellow"], "--aa-color yellow"),
        (["--diff-alpha", "1.5"], "--diff-alpha 1.5"),
    ])
    func badValuesAreOneLineErrors(flags: [String], message: String) throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("card@3x.png").path
        #expect(try runCLI(["render", Paths.demoScene, "-o", png]).status == 0)
        let outputs = ["--diff", dir.appendingPathComponent("d.png").path, "--report", dir.appendingPathComponent("r.json").path]
        for extra in [outputs, []] {   // the whole-image path and the streamed one
            let result = try runCLI(["diff", png, png] + flags + extra)
            #expect(result.status == 2, "\(flags)")
            #expect(result.stderr.hasPrefix("ghostline: \(message)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["card@3x.png"])
    }
}
