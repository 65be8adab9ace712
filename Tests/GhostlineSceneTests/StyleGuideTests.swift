import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// `include:` pulls fonts and styles from a shared style guide.
@Suite("Style guides: include")
struct StyleGuideTests {
    func write(_ files: [String: String]) throws -> URL {
        let directory = try Paths.temporaryDirectory()
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory
    }

    @Test func stylesAndFontsComeFromTheGuideAndTheSceneCanAdjustThem() throws {
        let directory = try write([
            "guide/typography.yaml": """
            include: base.yaml
            fonts: { Brand: ../fonts/Inter-SemiBold.otf }
            styles:
              title: { font: Brand, size: 28, lineHeight: 38 }
              caption: { font: Inter, size: 12 }
            """,
            "guide/base.yaml": "styles:\n  body: { font: Inter, size: 17, lineHeight: 24 }\n  caption: { font: Inter, size: 11 }\n",
            "scene.yaml": """
            include: guide/typography.yaml
            canvas: { width: 300 }
            styles: { caption: { font: Inter, size: 13 } }
            root:
              children:
                - label: { id: t, text: Title, style: title }
                - label: { id: b, text: Body, style: body }
                - label: { id: c, text: Caption, style: caption }
            """,
        ])
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf",
                                         toPath: directory.appendingPathComponent("fonts/Inter-SemiBold.otf").path)
        let scene = try SceneLoader(fonts: FontContext()).load(path: directory.appendingPathComponent("scene.yaml").path)
        let elements = scene.layout().elements
        func label(_ id: String) -> LabelLayoutSummary {
            let layout = elements.first { $0.id == id }!.labelLayout!
            return LabelLayoutSummary(font: layout.font.postScriptName, size: layout.metrics.pointSize)
        }
        #expect(label("t") == LabelLayoutSummary(font: "Inter-SemiBold", size: 28))   // the guide's font, relative to it
        #expect(label("b") == LabelLayoutSummary(font: "Inter-Regular", size: 17))    // from the guide's own include
        #expect(label("c").size == 13)                                                // the scene's own wins
        #expect(scene.inputFiles.contains { $0.hasSuffix("fonts/Inter-SemiBold.otf") })
        // Both style guides are inputs: no output may be written over one.
        #expect(scene.inputFiles.contains { $0.hasSuffix("guide/typography.yaml") })
        #expect(scene.inputFiles.contains { $0.hasSuffix("guide/base.yaml") })
        let guide = directory.appendingPathComponent("guide/base.yaml").path
        let before = try Data(contentsOf: URL(fileURLWithPath: guide))
        let onto = try runCLI(["render", directory.appendingPathComponent("scene.yaml").path, "-o", "/tmp/never.png", "--layout", guide])
        #expect(onto.status == 2 && onto.stderr.contains("it is the input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: guide)) == before)
    }

    struct LabelLayoutSummary: Equatable { let font: String; let size: Double }

    @Test func missingFilesAndCyclesAreOneLineErrors() throws {
        let directory = try write([
            "a.yaml": "include: b.yaml\n",
            "b.yaml": "include: [a.yaml]\n",
            "scene.yaml": "canvas: { width: 100 }\ninclude: a.yaml\nroot: { children: [] }\n",
            "missing.yaml": "canvas: { width: 100 }\ninclude: nowhere.yaml\nroot: { children: [] }\n",
            "bad.yaml": "canvas: { width: 100 }\ninclude: guide.yaml\nroot: { children: [] }\n",
            "guide.yaml": "styles:\n  s: { font: Inter, size: 17, colour: red }\n",
        ])
        let loader = SceneLoader(fonts: FontContext())
        func error(_ name: String) -> SceneError? {
            do { _ = try loader.load(path: directory.appendingPathComponent(name).path); return nil } catch { return error }
        }
        let cycle = try #require(error("scene.yaml"))
        #expect(cycle.problem.contains("include cycle: a.yaml → b.yaml → a.yaml") && cycle.file.hasSuffix("b.yaml"))
        let missing = try #require(error("missing.yaml"))
        #expect(missing.line == 2 && missing.keyPath == "include" && missing.problem.contains("does not exist"))
        let bad = try #require(error("bad.yaml"))
        #expect(bad.file.hasSuffix("guide.yaml") && bad.line == 2 && bad.keyPath == "styles.s.colour")
        for e in [cycle, missing, bad] { #expect(!e.description.contains("\n")) }
    }
}
