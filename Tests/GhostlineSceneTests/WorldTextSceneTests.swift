import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineRaster
import GhostlineScene
import Testing

/// Attributed runs, fallback lists and emoji in scenes, end to end. Right-to-left stacks and natural alignment are
/// tested on layout values in GhostlineLayoutTests' `LayoutDirectionTests`.
@Suite("Scenes with real-world text")
struct WorldTextSceneTests {
    let loader = SceneLoader(fonts: FontContext())

    func scene(_ yaml: String) throws(SceneError) -> Scene { try loader.parse(yaml, path: "/tmp/world.yaml") }
    func error(_ yaml: String) -> SceneError? {
        do throws(SceneError) { _ = try scene(yaml); return nil } catch { return error }
    }

    static let terms = """
    canvas: { width: 300, scale: 2 }
    styles:
      footnote: { font: Inter, size: 13, color: "#3C3C43" }
      link: { color: "#0A84FF", underline: true }
    root:
      children:
        - label:
            id: terms
            style: footnote
            runs:
              - text: "By continuing you agree to our "
              - { text: "Terms of Service", style: { weight: semibold, color: "#0A84FF", underline: true } }
              - text: " and "
              - { text: "Privacy Policy", style: link }
              - text: "."
    """

    /// An inline run style inherits every key it does not set from the label's style (font Inter, size 13);
    /// `weight: semibold` finds Inter's SemiBold face; a named run style inherits the same way.
    @Test func runsInheritTheLabelStyle() throws {
        let scene = try scene(Self.terms)
        let label = try #require(scene.layout().elements.first { $0.id == "terms" }?.labelLayout)
        let runs = label.lines.flatMap(\.runs)
        #expect(runs.map { [$0.start, $0.end] }.first == [0, 31])
        let terms = try #require(runs.first { $0.start == 31 })
        #expect(terms.font.postScriptName == "Inter-SemiBold" && terms.pointSize == 13 && terms.underline != nil)
        #expect(scene.palette.color(terms.paint) == Color(hex: "#0A84FF"))
        let privacy = try #require(runs.first { $0.start == 52 })
        #expect(privacy.font.postScriptName == "Inter-Regular" && privacy.underline != nil)
        #expect(scene.palette.color(runs[0].paint) == Color(hex: "#3C3C43"))
    }

    /// The layout JSON lists each line's runs; start/end count scalars of the whole text.
    @Test func layoutJSONListsRuns() throws {
        let scene = try scene(Self.terms)
        let json = LayoutJSON.encode(scene.layout(), palette: scene.palette)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let elements = try #require(root["elements"] as? [[String: Any]])
        let label = try #require(elements.first { $0["id"] as? String == "terms" })
        let lines = try #require(label["lines"] as? [[String: Any]])
        let runs = lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
        #expect(runs.first?["font"] as? String == "Inter-Regular")
        #expect(runs.contains { $0["font"] as? String == "Inter-SemiBold" && $0["start"] as? Int == 31 && $0["end"] as? Int == 47 })
        #expect(runs.allSatisfy { ["leftToRight", "rightToLeft"].contains($0["direction"] as? String ?? "") })
        #expect((lines.last?["end"] as? Int) == 67)
        for line in lines {
            let lineRuns = (line["runs"] as? [[String: Any]]) ?? []
            #expect(lineRuns.allSatisfy { ($0["x"] as? Double ?? -1) >= line["x"] as? Double ?? 0 })
        }
    }

    /// Bad runs get one line with line:column and the fix.
    @Test func badRunsAreOneLineErrors() throws {
        let base = "canvas: { width: 200 }\nstyles: { s: { font: Inter, size: 13 } }\nroot:\n  children:\n"
        let unknownKey = try #require(error(base + "    - label: { style: s, runs: [ { text: a, colour: red } ] }\n"))
        #expect(unknownKey.line == 5 && unknownKey.keyPath.hasSuffix("runs[0].colour"))
        let unknownStyle = try #require(error(base + "    - label: { style: s, runs: [ { text: a, style: bold } ] }\n"))
        #expect(unknownStyle.problem.contains("no style named `bold`") && unknownStyle.line == 5)
        let empty = try #require(error(base + "    - label: { style: s, runs: [] }\n"))
        #expect(empty.problem.contains("empty"))
        let both = try #require(error(base + "    - label: { style: s, text: a, runs: [ { text: b } ] }\n"))
        #expect(both.problem.contains("both `text` and `runs`"))
        let paragraphKey = try #require(error(base + "    - label: { style: s, runs: [ { text: a, style: { lineHeight: 20 } } ] }\n"))
        #expect(paragraphKey.problem.contains("paragraph key") && paragraphKey.keyPath.hasSuffix("style.lineHeight"))
        let badLanguage = try #require(error(base.replacingOccurrences(of: "size: 13", with: "size: 13, language: \"x y\"")
                                             + "    - label: { style: s, text: a }\n"))
        #expect(badLanguage.keyPath == "styles.s.language")
        for e in [unknownKey, unknownStyle, empty, both, paragraphKey, badLanguage] {
            #expect(!e.description.contains("\n") && e.description.hasPrefix("/tmp/world.yaml:"))
        }
    }

    /// `fallback:` names fonts tried before fontconfig: Noto Sans Arabic here, not fontconfig's DejaVu Sans.
    @Test func sceneFallbackListComesFirst() throws {
        let yaml = """
        canvas: { width: 300 }
        fallback: [ /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ]
        styles: { s: { font: Inter, size: 17 } }
        root:
          children:
            - label: { id: a, text: "Hello مرحبا", style: s }
        """
        let withList = try scene(yaml).layout().elements.first { $0.id == "a" }!.labelLayout!
        #expect(withList.lines[0].runs.contains { $0.font.postScriptName == "NotoSansArabic-Regular" && $0.isFallback })
        let without = try scene(yaml.replacingOccurrences(of: "fallback: [ /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ]\n", with: ""))
            .layout().elements.first { $0.id == "a" }!.labelLayout!
        #expect(without.lines[0].runs.contains { $0.font.familyName == "DejaVu Sans" })
        let missing = try #require(error(yaml.replacingOccurrences(of: "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", with: "No Such Font")))
        #expect(missing.keyPath == "fallback[0]" && missing.description.contains("not installed"))
    }

    /// A text that starts with U+FEFF keeps it (libyaml drops it; the parser puts it back), so layout offsets
    /// are not one short.
    @Test func leadingZeroWidthNoBreakSpaceIsKept() throws {
        let yaml = "canvas: { width: 300 }\nstyles: { s: { font: Inter, size: 17 } }\nroot:\n  children:\n    - label: { id: a, text: \"\\uFEFFab\", style: s }\n    - label: { id: b, text: \"\u{FEFF}xy\", style: s }\n"
        let elements = try scene(yaml).layout().elements
        #expect(elements.first { $0.id == "a" }!.canvasLines[0].end == 3)
        #expect(elements.first { $0.id == "b" }!.canvasLines[0].end == 3)
    }

    /// A bitmap-only colour font can be a style's own font (it once failed with "no usable 'head' table").
    @Test func colourEmojiFontAsTheStyleFont() throws {
        let yaml = "canvas: { width: 120 }\nstyles: { e: { font: Noto Color Emoji, size: 30 } }\nroot:\n  children:\n    - label: { id: e, text: \"🎉\", style: e }\n"
        let label = try #require(try scene(yaml).layout().elements.first { $0.id == "e" }?.labelLayout)
        #expect(label.font.familyName == "Noto Color Emoji" && label.missingScalars.isEmpty)
        #expect(label.lines[0].runs.count == 1 && !label.lines[0].runs[0].isFallback)
    }

    /// Colour emoji are drawn in colour, and the same scene renders the same bytes twice.
    @Test func emojiRenderInColourDeterministically() throws {
        let yaml = "canvas: { width: 120, scale: 2 }\nstyles: { s: { font: Inter, size: 30 } }\nroot:\n  children:\n    - label: { text: \"👍🏽🇯🇵\", style: s }\n"
        let first = try GhostlineSession().renderer.render(scene(yaml)).image
        let second = try GhostlineSession().renderer.render(scene(yaml)).image
        #expect(first == second)
        // Saturated pixels: the skin tone and the flag's red disc, which black text can never produce.
        var saturated = 0
        for y in 0..<first.height { for x in 0..<first.width {
            let c = first[x, y]
            if Int(max(c.red, c.green, c.blue)) - Int(min(c.red, c.green, c.blue)) > 80 { saturated += 1 }
        } }
        #expect(saturated > 200)
    }
}
