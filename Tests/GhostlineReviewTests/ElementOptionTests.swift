import Ghostline
import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineLayout
import GhostlineImage
@testable import GhostlineReview
@testable import GhostlineSuggest
import GhostlineScene
import GhostlineSupport
import GhostlineTestSupport
import Testing

/// Issue 31, item 1: the keys the element search tries beside numbers and structure — a stack's `align` and
/// `distribution`, a label's `lineBreakMode`, a fill and a `colors:` entry — each found as a checked cause.
@Suite("Element options and fills")
struct ElementOptionTests {
    /// `scene` checked with `--suggest` against a design rendered from the same scene with `change` made.
    static func check(_ scene: String, _ change: (String) -> String) throws -> (summary: String, verified: Bool?, uikit: [String]) {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        #expect(change(text) != text, "the change did not apply")
        let own = dir.appendingPathComponent(URL(fileURLWithPath: scene).lastPathComponent).path
        let designScene = dir.appendingPathComponent("d.yaml").path, design = dir.appendingPathComponent("d@3x.png").path
        // Beside the original, so its relative font and image paths still resolve.
        try text.write(toFile: own, atomically: true, encoding: .utf8)
        try change(text).write(toFile: designScene, atomically: true, encoding: .utf8)
        #expect(try runCLI(["render", designScene, "-o", design]).status == 0)
        var check = GhostlineSession().check(.scene(path: own), design: design)
        check.verifySuggestions = true
        let result = try check.run(for: [.report])
        return (result.summary, result.comparison.suggestions?.verified, result.comparison.suggestions?.labels.compactMap(\.code?.uikit) ?? [])
    }

    static let corpus = Paths.root.appendingPathComponent("Fixtures/corpus").path

    @Test func aStacksAlignmentIsTheCheckedCause() throws {
        let r = try Self.check(Paths.demoScene) { $0.replacingOccurrences(of: "  align: fill\n", with: "  align: center\n") }
        #expect(r.verified == true, "\(r.summary)")
        #expect(r.summary.contains("cause: title: the root stack's alignment of its children (`align`) is fill; the design's is center"), "\(r.summary)")
        #expect(r.summary.contains("fix: root (stack): align: center"), "\(r.summary)")
        #expect(r.uikit.contains { $0.contains(".alignment = .center") }, "\(r.uikit)")
    }

    @Test func aRowsDistributionIsTheCheckedCause() throws {
        let r = try Self.check(Self.corpus + "/tabbar.yaml") {
            $0.replacingOccurrences(of: "      distribution: fillEqually\n", with: "      distribution: equalSpacing\n")
        }
        #expect(r.verified == true, "\(r.summary)")
        #expect(r.summary.contains("distribution is fillEqually; the design's is equalSpacing"), "\(r.summary)")
        #expect(r.uikit.contains { $0.contains(".distribution = .equalSpacing") }, "\(r.uikit)")
    }

    @Test func aLineBreakModeIsTheCheckedCause() throws {
        // The body cut to one line: by words in the scene, with an ellipsis in the design.
        let one: (String) -> String = { $0.replacingOccurrences(of: "        style: body\n", with: "        style: body\n        numberOfLines: 1\n") }
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("card.yaml").path
        try one(try String(contentsOfFile: Paths.demoScene, encoding: .utf8)).write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try Self.check(scene) {
            $0.replacingOccurrences(of: "        numberOfLines: 1\n", with: "        numberOfLines: 1\n        lineBreakMode: truncateTail\n")
        }
        #expect(r.verified == true, "\(r.summary)")
        #expect(r.summary.contains("fix: root.children[1] (label `body`): lineBreakMode: truncateTail"), "\(r.summary)")
        #expect(r.uikit.contains { $0.contains("lineBreakMode = .byTruncatingTail") }, "\(r.uikit)")
    }

    /// A button's fill: named by iOS's colour that draws the design's, checked.
    @Test func aButtonsFillIsTheCheckedCause() throws {
        let r = try Self.check(Self.corpus + "/login.yaml") {
            $0.replacingOccurrences(of: "style: button, padding: 14, background: { color: systemBlue", with: "style: button, padding: 14, background: { color: systemIndigo")
        }
        #expect(r.verified == true, "\(r.summary)")
        #expect(r.summary.contains("cause: cta: label `cta`'s fill is systemBlue; the design fills it with systemIndigo"), "\(r.summary)")
        #expect(r.uikit.contains { $0.contains("cta.backgroundColor = UIColor.systemIndigo") }, "\(r.uikit)")
    }

    /// A bubble colour a few levels off, taken from the scene's `colors:`: the entry is the fix, and the cause is
    /// said even though no label is off (the check fails on the faint areas alone).
    @Test func aColorEntryIsTheCheckedCause() throws {
        let r = try Self.check(Self.corpus + "/chat.yaml") {
            $0.replacingOccurrences(of: "  incoming: { light: \"#E9E9EB\", dark: \"#262629\" }", with: "  incoming: { light: \"#E5E5EA\", dark: \"#262629\" }")
        }
        #expect(r.verified == true, "\(r.summary)")
        #expect(r.summary.contains("cause: in1: the scene's colour `incoming` is { light: \"#E9E9EB\", dark: \"#262629\" }; the design's is systemGray5"),
                "\(r.summary)")
    }

    /// Issue 31, item 3: digits that are only placed otherwise (proportional where the scene asks for tabular ones)
    /// are not other text, though their glyphs stop matching at the second digit: each is found a little further on.
    @Test func digitsThatOnlyMovedAreNotOtherText() throws {
        let r = try Self.check(Self.corpus + "/paywall.yaml") {
            $0.replacingOccurrences(of: "lineHeight: 22, color: label, features: { tnum: 1 } }", with: "lineHeight: 22, color: label }")
        }
        #expect(r.summary.contains("wider than the design"), "\(r.summary)")
        #expect(!r.summary.contains("the text differs"), "\(r.summary)")
    }

    /// Issue 31, item 2: a divider the design has between the title and the body, named with its colour (iOS's
    /// `opaqueSeparator` is #C6C6C8) and put in by the patch, which passes.
    @Test func aBoxOnlyTheDesignHasIsPutIn() throws {
        let r = try Self.check(Paths.demoScene) {
            $0.replacingOccurrences(of: "    - label:\n        id: body", with: "    - box: { height: 1, color: \"#C6C6C8\" }\n    - label:\n        id: body")
        }
        #expect(r.verified == true, "\(r.summary)")
        #expect(r.summary.contains("cause: body: the design has a box the scene lacks before label `body`: 1 pt tall, opaqueSeparator"), "\(r.summary)")
        #expect(r.summary.contains("fix: root.children[1] (label `body`): put before it: - box: { height: 1, color: opaqueSeparator }"), "\(r.summary)")
    }

    /// The fill reader alone: a flat render area with text on it, and the design's colour over the flat part.
    @Test func theFillIsTheDesignsColourOverTheRendersFlatArea() {
        let fill = Color(red: 0xE9, green: 0xE9, blue: 0xEB, alpha: 255), other = Color(red: 0xE5, green: 0xE5, blue: 0xEA, alpha: 255)
        var render = RGBAImage(width: 60, height: 30, fill: fill)
        var design = RGBAImage(width: 60, height: 30, fill: other)
        // "Text": a dark block in both, which is not the fill.
        for y in 10..<20 { for x in 10..<30 { render[x, y] = .black; design[x, y] = .black } }
        let area = Rect(x: 0, y: 0, width: 20, height: 10)
        #expect(SuggestionSearch.fill(in: area, render: render, design: design, scale: 3) == other)
        // Two levels apart is noise, not a fill.
        let near = RGBAImage(width: 60, height: 30, fill: Color(red: 0xE9, green: 0xE9, blue: 0xE9, alpha: 255))
        #expect(SuggestionSearch.fill(in: area, render: render, design: near, scale: 3) == nil)
        // A render with no colour over most of the area (a gradient) has no fill to read.
        var ramp = RGBAImage(width: 60, height: 30, fill: fill)
        for y in 0..<30 { for x in 0..<60 { ramp[x, y] = Color(red: UInt8(x * 4), green: UInt8(y * 8), blue: 0, alpha: 255) } }
        #expect(SuggestionSearch.fill(in: area, render: ramp, design: design, scale: 3) == nil)
    }

    /// A `colors:` entry edit changes the entry, and the other edits still find their elements.
    @Test func aColorEntryEditChangesTheEntry() throws {
        var description = try SceneLoader(fonts: FontContext()).describe(text: """
        canvas: { width: 100 }
        colors:
          accent: { light: "#007AFF", dark: "#0A84FF" }
        root:
          children:
            - label: { id: a, text: "A", style: body }
        styles:
          body: { font: Inter, size: 17 }
        """, path: "inline.yaml")
        description = try #require(SceneEdit.apply([
            SceneEdit(path: [], id: "accent", hasOwnID: true, kind: "colors", change: .colorEntry(from: .named("x"), to: .named("systemIndigo"))),
            SceneEdit(path: [0], id: "a", hasOwnID: true, kind: "label", change: .option(key: "lineBreakMode", from: "wordWrap", to: "clip")),
        ], to: description))
        #expect(description.colors.scene.first { $0.name == "accent" }?.color == .named("systemIndigo"))
        guard case .label(let label) = description.root.children[0] else { Issue.record("not a label"); return }
        #expect(label.lineBreakMode == LineBreakMode.clip)
        // An entry the scene does not have: the patch cannot apply.
        #expect(SceneEdit.apply([SceneEdit(path: [], id: "nope", hasOwnID: true, kind: "colors",
                                           change: .colorEntry(from: .named("x"), to: .named("red")))], to: description) == nil)
    }
}
