import Foundation
import Ghostline
import GhostlineTestSupport
import Testing

/// Issue 31, item 4: a colour fix holds in every scheme the suite checks. The scene hard-codes a grey where the
/// design uses `label`; the scene also has its own `ink: "#000000"`, which draws the light design's text exactly.
/// Checked alone in light, `ink` is the fix; in a suite that checks light and dark, the fix must draw the dark
/// design's white text too, so it is `label`.
@Suite("Suite: colours that hold in every scheme")
struct SuiteSchemeCauseTests {
    @Test func aColourFixNamesWhatHoldsInEveryScheme() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ p: String) -> String { dir.appendingPathComponent(p).path }
        for folder in ["scenes", "designs"] { try FileManager.default.createDirectory(atPath: path(folder), withIntermediateDirectories: true) }
        var text = try String(contentsOfFile: Paths.root.appendingPathComponent("Fixtures/corpus/banner-light.yaml").path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\ncolors:\n", with: "\ncolors:\n  ink: \"#000000\"\n")
        let body = "body: { font: Inter, size: 15, lineHeight: 20, color: label }"
        #expect(text.contains(body) && text.contains("ink: \"#000000\""))
        try text.write(toFile: path("design.yaml"), atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: body, with: "body: { font: Inter, size: 15, lineHeight: 20, color: \"#333333\" }")
            .write(toFile: path("scenes/banner.yaml"), atomically: true, encoding: .utf8)
        for scheme in ["light", "dark"] {
            #expect(try runCLI(["render", path("design.yaml"), "-o", path("designs/banner.\(scheme)@3x.png"), "--color-scheme", scheme]).status == 0)
        }
        // Alone, in light: the scene's own `ink` draws the design's text, and is checked there.
        let alone = try runCLI(["check", path("scenes/banner.yaml"), "--design", path("designs/banner.light@3x.png"), "--suggest"])
        #expect(alone.stdout.contains("cause: body: its colour is #333333; the design's ink is ink."), "\(alone.stdout)")
        // In a suite of both schemes: `label`, which draws black in light and white in dark.
        try """
        name: Schemes
        entries:
          - scene: scenes/banner.yaml
            design: designs/banner.{colorScheme}@3x.png
            colorScheme: [light, dark]
        """.write(toFile: path("ghostline.yaml"), atomically: true, encoding: .utf8)
        let suite = try runCLI(["suite", path("ghostline.yaml")])
        let light = suite.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL  banner.light") }.map(String.init) ?? ""
        #expect(light.contains("body: its colour is #333333; the design's ink is label."), "\(suite.stdout)")
        #expect(!suite.stdout.contains("ink is ink"), "\(suite.stdout)")
    }

    /// A colour no name draws in both schemes (the dark design's text is red): the light check's fix (this scheme's
    /// hex) passes in light and is checked against the dark design, where it fails on the label: no cause.
    @Test func aColourFixThatBreaksTheOtherSchemeIsNoCause() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ p: String) -> String { dir.appendingPathComponent(p).path }
        let text = try String(contentsOfFile: Paths.root.appendingPathComponent("Fixtures/corpus/banner-light.yaml").path, encoding: .utf8)
        let body = "body: { font: Inter, size: 15, lineHeight: 20, color: label }"
        #expect(text.contains(body))
        try text.replacingOccurrences(of: body, with: "body: { font: Inter, size: 15, lineHeight: 20, color: \"#333333\" }")
            .write(toFile: path("banner.yaml"), atomically: true, encoding: .utf8)
        try text.write(toFile: path("light.yaml"), atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: body, with: "body: { font: Inter, size: 15, lineHeight: 20, color: { light: \"#000000\", dark: \"#FF3B30\" } }")
            .write(toFile: path("dark.yaml"), atomically: true, encoding: .utf8)
        #expect(try runCLI(["render", path("light.yaml"), "-o", path("light@3x.png"), "--color-scheme", "light"]).status == 0)
        #expect(try runCLI(["render", path("dark.yaml"), "-o", path("dark@3x.png"), "--color-scheme", "dark"]).status == 0)
        var check = GhostlineSession().check(.scene(path: path("banner.yaml")), design: path("light@3x.png"),
                                overrides: SceneOverrides(colorScheme: .light))
        check.verifySuggestions = true
        let alone = try check.run(for: [.report])
        #expect(alone.comparison.suggestions?.verified == true && alone.summary.contains("cause: body: its colour is #333333"), "\(alone.summary)")
        check.otherSchemes = [DesignCheck.SchemeDesign(scheme: .dark, design: path("dark@3x.png"))]
        let both = try check.run(for: [.report])
        #expect(both.comparison.suggestions?.verified == false, "\(both.summary)")
        #expect(!both.summary.contains("cause:"), "\(both.summary)")
        #expect(both.comparison.suggestions?.remaining.first?.contains("other colour scheme") == true,
                "\(both.comparison.suggestions?.remaining ?? [])")
    }
}
