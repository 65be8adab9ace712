import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineImage
import GhostlinePNG
import GhostlineRaster
import GhostlineScene
import Testing

/// Claims of docs/scene-format.md that a new user found the tool contradicting (issue 19, item 7): each test runs
/// the tool and reads the page, so the two cannot drift apart again.
@Suite("docs/scene-format.md: claims checked against the tool")
struct DocumentedClaimsTests {
    static var page: String { DocumentationTests.page }

    /// `matrix -o -` has no sheet file to name its layouts after: they go to `--layout-dir` as `sheet-<category>.json`,
    /// and without it nowhere (never `--AX1.json`, a name that reads as a flag).
    @Test func matrixToStandardOutputWritesItsLayoutsOnlyIntoTheLayoutDirectory() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let layouts = dir.appendingPathComponent("layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        let scene = Paths.root.appendingPathComponent("Fixtures/scenes/dynamic-type.yaml").path
        let bare = try runCLIBytes(["matrix", scene, "-o", "-", "--scale", "1"], directory: dir)
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["layouts"])
        let named = try runCLIBytes(["matrix", scene, "-o", "-", "--scale", "1", "--layout-dir", layouts.path], directory: dir)
        #expect(named.status == 0, "\(named.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: layouts.path).sorted()
        #expect(written.count == 12 && written.contains("sheet-AX1.json") && written.contains("sheet-xSmall.json"), "\(written)")
        #expect(!Self.page.contains("--AX1.json"))
        #expect(Self.page.contains("named `sheet-<category>.json` and written only when `--layout-dir` is given"))
    }

    /// `#RRGGBBAA` in a scene is composited (a box at 50% red over white is #FF7F7F), and `render --text --color`
    /// takes it too; the diff image's colours and `diff --background` cannot use an alpha and refuse it, by flag.
    @Test func aColoursAlphaIsHonouredOrRefusedNeverDropped() throws {
        let yaml = """
        canvas: { width: 4, height: 4, scale: 1, background: "#FFFFFF" }
        root: { children: [ { box: { width: 4, height: 4, color: "#FF000080" } } ] }
        """
        let renderer = GhostlineSession().renderer
        let scene = try SceneLoader(fonts: renderer.fonts).parse(yaml, path: Paths.demoScene)
        let (_, image) = try renderer.render(scene)
        #expect(image[1, 1] == Color(red: 255, green: 127, blue: 127))
        #expect(Self.page.contains("(`\"#FF000080\"` on white draws `#FF7F7F`)"))

        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("text@1x.png").path
        let translucent = try runCLI(["render", "--text", "HH", "--size", "24", "--scale", "1", "--color", "#00000040", "-o", text])
        #expect(translucent.status == 0, "\(translucent.stderr)")
        let pixels = try PNGCodec.read(contentsOf: text)
        let darkest = (0..<pixels.height).flatMap { y in (0..<pixels.width).map { pixels[$0, y].red } }.min()
        #expect(darkest == 191)   // black at 25% over white: the stems are grey, not black

        for flag in ["--diff-color", "--aa-color", "--diff-color-alt", "--background"] {
            let result = try runCLI(["diff", text, text, flag, "#00FF0080"])
            #expect(result.status == 2 && result.stderr.hasPrefix("ghostline: \(flag) #00FF0080: "), "\(flag): \(result.stderr)")
            #expect(result.stderr.contains("#RRGGBB, without alpha"))
        }
    }

    /// Scene images are read as every image is, PNG, JPEG or WebP: a lossless WebP draws the same as its PNG.
    @Test func sceneImagesMayBeJPEGOrWebP() throws {
        func render(_ file: String) throws -> RGBAImage {
            let yaml = "canvas: { width: 100, scale: 1 }\nroot: { align: leading, children: [ { image: { id: i, file: \"\(ImageInputCLITests.fixture(file))\" } } ] }\n"
            let renderer = GhostlineSession().renderer
            return try renderer.render(try SceneLoader(fonts: renderer.fonts).parse(yaml, path: Paths.demoScene)).1
        }
        let png = try render("reference.png"), webp = try render("lossless.webp")
        #expect(png == webp)
        _ = try render("orient-6.jpg")
        #expect(Self.page.contains("| `file` | a PNG, JPEG or WebP file; **required** |"))
    }

    /// At most 10,000 elements, the root stack counted as the layout JSON lists it: 10,000 pass, 10,001 do not.
    @Test func theElementLimitIsExactlyTheDocumentedOne() throws {
        func scene(boxes: Int) -> String {
            "canvas: { width: 100 }\nroot:\n  children:\n" + String(repeating: "    - box: { height: 1 }\n", count: boxes)
        }
        let loader = SceneLoader(fonts: FontContext())
        let largest = try loader.parse(scene(boxes: 9_999), path: "/tmp/limit.yaml")
        #expect(largest.layout().elements.count == 10_000)
        do {
            _ = try loader.parse(scene(boxes: 10_000), path: "/tmp/limit.yaml")
            Issue.record("10,001 elements were accepted")
        } catch {
            #expect(error.line == 3 + 10_000, "\(error)")
            #expect(error.problem.contains("more than 10000 elements, the root stack included"))
        }
        #expect(Self.page.contains("at most 10,000 elements, the root stack included"))
    }

    /// `check --render FILE` names the render by that file (it is on disk to open); without it, `SCENE (rendered)`.
    @Test func checkNamesTheRenderByItsFileWhenOneIsWritten() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let design = dir.appendingPathComponent("card@3x.png").path, render = dir.appendingPathComponent("render.png").path
        let report = dir.appendingPathComponent("r.json").path
        #expect(try runCLI(["render", Paths.demoScene, "-o", design]).status == 0)
        func inputs(_ extra: [String]) throws -> [String: Any] {
            let result = try runCLI(["check", Paths.demoScene, "--design", design, "--report", report] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
            return try #require(json?["inputs"] as? [String: Any])
        }
        #expect(try inputs([])["render"] as? String == "\(Paths.demoScene) (rendered)")
        let written = try inputs(["--render", render])
        #expect(written["render"] as? String == render && written["scene"] as? String == Paths.demoScene)
        #expect(Self.page.contains("from `check`, the `--render` file when one is written, else `SCENE (rendered)`"))
    }

    /// `matrix` does not offer `--content-size` (it renders every category), and still says why when given it.
    @Test func matrixDoesNotOfferContentSize() throws {
        let help = try runCLI(["matrix", "--help"])
        #expect(help.status == 0 && !help.stdout.contains("--content-size"))
        #expect(try runCLI(["render", "--help"]).stdout.contains("--content-size"))
        let refused = try runCLI(["matrix", Paths.demoScene, "-o", "/tmp/never-sheet.png", "--content-size", "AX1"])
        #expect(refused.status == 2 && refused.stderr == "ghostline: --content-size: matrix renders every category; leave the option out\n")
    }

    /// Weights are 1 to 1000, in `render --help`, its error and the page.
    @Test func weightsAreOneToAThousandEverywhere() throws {
        let help = try runCLI(["render", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("or a number from 1 to 1000") && !help.contains("100–900"))
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("w.png").path
        for weight in ["1", "1000"] {
            let result = try runCLI(["render", "--text", "Hi", "--weight", weight, "-o", out])
            #expect(result.status == 0, "--weight \(weight): \(result.stderr)")
        }
        let bad = try runCLI(["render", "--text", "Hi", "--weight", "1001", "-o", out])
        #expect(bad.status == 2 && bad.stderr.hasSuffix("or a number from 1 to 1000\n"), "\(bad.stderr)")
        #expect(!Self.page.contains("100–900") && !Self.page.contains("100 to 900"))
    }

    /// An `ignore:` box a review cannot use is a scene error: the file, its line:column and key path, the fix.
    @Test func aBadIgnoreBoxNamesItsFileAndPlace() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("ignore.yaml").path
        try """
        canvas: { width: 20, height: 20, scale: 1 }
        ignore:
          - { x: 0, y: 0, width: 5, height: 5 }
          - { x: 500, y: 0, width: 5, height: 5 }
        root: { children: [ { box: { width: 10, height: 10, color: "#FF0000" } } ] }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let design = dir.appendingPathComponent("design@1x.png").path
        #expect(try runCLI(["render", scene, "-o", design]).status == 0)
        let expected = "ignore[1]: the box 500.0,0.0,5.0,5.0 pt: it lies outside the 20.0×20.0 pt image; give x, y, width and "
            + "height in points (not pixels), inside the rendered image\n"
        let result = try runCLI(["check", scene, "--design", design])
        #expect(result.status == 2 && result.stderr == "ghostline: \(scene):4:5: " + expected, "\(result.stderr)")
        // Counted after the --ignore boxes, it is still the scene's second box; from standard input, <stdin>.
        let after = try runCLI(["check", scene, "--design", design, "--ignore", "0,0,1,1"])
        #expect(after.stderr == "ghostline: \(scene):4:5: " + expected, "\(after.stderr)")
        let piped = try runCLIBytes(["check", "-", "--design", design], input: try Data(contentsOf: URL(fileURLWithPath: scene)))
        #expect(piped.status == 2 && piped.stderr == "ghostline: <stdin>:4:5: " + expected, "\(piped.stderr)")
        // A bad --ignore box is still named by its flag.
        let flag = try runCLI(["check", scene, "--design", design, "--ignore", "900,0,1,1"])
        #expect(flag.status == 2 && flag.stderr.hasPrefix("ghostline: --ignore 900,0,1,1: "), "\(flag.stderr)")
    }

    /// `metrics --size` takes what a style's `size` takes, 1 to 1000: 0.5 was drawn while the error said "1 to 1000".
    @Test func metricsSizesAreOneToAThousand() throws {
        #expect(try runCLI(["metrics", "Inter", "--size", "1"]).status == 0)
        let small = try runCLI(["metrics", "Inter", "--size", "0.5"])
        #expect(small.status == 2 && small.stderr == "ghostline: --size 0.5: use a point size from 1 to 1000\n", "\(small.stderr)")
        #expect(Self.page.contains("| `--size PT` | point size, 1 to 1000 (as a style's `size`) | 17 | ● |"))
    }

    /// A bad `suite` flag is named as itself even where there is no manifest to read (it was "no ghostline.yaml").
    @Test func suiteFlagsAreCheckedBeforeTheManifest() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shard = try runCLI(["suite", dir.path, "--shard", "1/1001"])
        #expect(shard.status == 2 && shard.stderr.hasPrefix("ghostline: --shard 1/1001: "), "\(shard.stderr)")
        let report = try runCLI(["suite", dir.path, "--report", "-"])
        #expect(report.status == 2 && report.stderr.hasPrefix("ghostline: --report -: "), "\(report.stderr)")
    }

    /// The environment variables Ghostline reads are in the reference, with the defaults the code has.
    @Test func theEnvironmentVariablesAreDocumented() throws {
        let section = try #require(Self.page.components(separatedBy: "\n### Environment variables\n").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        for name in ["GHOSTLINE_FONT_CACHE", "GHOSTLINE_RECORD", "GHOSTLINE_ARTIFACTS", "GHOSTLINE_SUGGEST", "GHOSTLINE_SUITE_CACHE"] {
            #expect(section.contains("| `\(name)` |"), "\(name) has no row")
        }
        #expect(FontNameCache.defaultLocation(["GHOSTLINE_FONT_CACHE": "off", "HOME": "/home/u"]) == nil)
        #expect(FontNameCache.defaultLocation(["GHOSTLINE_FONT_CACHE": "", "HOME": "/home/u"]) == nil)
        #expect(FontNameCache.defaultLocation(["GHOSTLINE_FONT_CACHE": "/tmp/f"]) == "/tmp/f")
        #expect(FontNameCache.defaultLocation(["XDG_CACHE_HOME": "/c", "HOME": "/home/u"]) == "/c/ghostline/font-names")
        #expect(FontNameCache.defaultLocation(["HOME": "/home/u"]) == "/home/u/.cache/ghostline/font-names")
        #expect(section.contains("`$XDG_CACHE_HOME/ghostline/font-names`, else `~/.cache/ghostline/font-names`"))
        #expect(section.contains("`off` or an empty value turns the cache off"))
        #expect(SuiteCache.defaultDirectory(["GHOSTLINE_SUITE_CACHE": "off", "HOME": "/home/u"]) == nil)
        #expect(SuiteCache.defaultDirectory(["GHOSTLINE_SUITE_CACHE": "", "HOME": "/home/u"]) == nil)
        #expect(SuiteCache.defaultDirectory(["GHOSTLINE_SUITE_CACHE": "/tmp/s", "HOME": "/home/u"]) == "/tmp/s")
        #expect(SuiteCache.defaultDirectory(["XDG_CACHE_HOME": "/c", "HOME": "/home/u"]) == "/c/ghostline/suite")
        #expect(SuiteCache.defaultDirectory(["HOME": "/home/u"]) == "/home/u/.cache/ghostline/suite")
        #expect(section.contains("`$XDG_CACHE_HOME/ghostline/suite`, else `~/.cache/ghostline/suite`"))
        // The testing library's variables: the page's values are the ones its code reads.
        let record = try String(contentsOf: Paths.root.appendingPathComponent("Sources/GhostlineTesting/RecordMode.swift"), encoding: .utf8)
        #expect(record.contains("environment[\"GHOSTLINE_RECORD\"]") && record.contains("ci == \"true\" || ci == \"1\"")
                && record.contains("isCI(environment) ? .never : .missing") && record.contains("environment[\"SNAPSHOT_TESTING_RECORD\"]"))
        #expect(section.contains("`SNAPSHOT_TESTING_RECORD` is read instead"))
        for mode in ["missing", "all", "failed", "never"] { #expect(record.contains("case \(mode)") && section.contains("`\(mode)`")) }
        let artifacts = try String(contentsOf: Paths.root.appendingPathComponent("Sources/GhostlineTesting/DesignAssertion.swift"), encoding: .utf8)
        #expect(artifacts.contains("environment[\"GHOSTLINE_ARTIFACTS\"]") && artifacts.contains("\".build/ghostline-artifacts\""))
        #expect(section.contains("`.build/ghostline-artifacts` in the package that holds the test file"))
        #expect(artifacts.contains("environment[\"GHOSTLINE_SUGGEST\"]") && artifacts.contains("case \"0\", \"false\", \"no\", \"off\": return false"))
        #expect(section.contains("`0`, `false`, `no`, `off` turn it off"))
    }
}
