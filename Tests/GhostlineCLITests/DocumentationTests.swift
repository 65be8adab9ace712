import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineLayout
import GhostlineRaster
import GhostlineScene
import GhostlineShaping
import Testing

/// docs/scene-format.md describes the code as it is: every key the scene parser accepts, every flag of every
/// command and every value of every scene enum is on the page; its complete example renders as it says; and
/// the commands and options it lists as planned are still refused. When one of these fails after a change, update
/// the page.
@Suite("docs/scene-format.md matches the code")
struct DocumentationTests {
    static let page: String = {
        (try? String(contentsOf: Paths.root.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)) ?? ""
    }()

    /// True when the page writes `name` in code style: "`name`", "`name:", "`name N`", …
    static func documents(_ name: String) -> Bool {
        ["`", ":", " ", "."].contains { page.contains("`" + name + $0) }
    }

    let loader = SceneLoader(fonts: FontContext())

    /// The keys the parser allows at one place, read from its own "unknown key" error for a bogus key there.
    func allowedKeys(_ yaml: String) -> [String] {
        do {
            _ = try loader.parse(yaml, path: Paths.demoScene)
            Issue.record("the bogus key was accepted in:\n\(yaml)")
            return []
        } catch {
            guard let list = error.fix.components(separatedBy: "allowed here: ").last, error.problem.contains("zzBogus") else {
                Issue.record("unexpected error \(error) for:\n\(yaml)")
                return []
            }
            return list.components(separatedBy: ", ")
        }
    }

    /// One scene per place a mapping's keys are checked, each with a bogus key at that place.
    static let probes: [String] = {
        let label = "{ label: { text: a, style: s } }"
        func scene(canvas: String = "{ width: 100 }", top: String = "", styles: String = "{ s: { font: Inter, size: 17 } }",
                   root: String = "{ children: [ \(label) ] }") -> String {
            "canvas: \(canvas)\n\(top)styles: \(styles)\nroot: \(root)\n"
        }
        return [
            scene(top: "zzBogus: 1\n"),
            scene(canvas: "{ width: 100, zzBogus: 1 }"),
            scene(top: "fonts: { F: { file: a.otf, zzBogus: 1 } }\n"),
            scene(top: "fonts: { F: { file: a.otf, metrics: { zzBogus: 1 } } }\n"),
            scene(styles: "{ s: { font: Inter, size: 17, zzBogus: 1 } }"),
            scene(root: "{ zzBogus: 1, children: [ \(label) ] }"),
            scene(root: "{ children: [ { stack: horizontal, zzBogus: 1 } ] }"),
            scene(root: "{ padding: { zzBogus: 1 }, children: [ \(label) ] }"),
            scene(root: "{ children: [ { zzBogus: 1 } ] }"),
            scene(root: "{ children: [ { label: { text: a, style: s, zzBogus: 1 } } ] }"),
            scene(root: "{ children: [ { label: { style: s, runs: [ { text: a, zzBogus: 1 } ] } } ] }"),
            scene(root: "{ children: [ { label: { style: s, runs: [ { text: a, style: { zzBogus: 1 } } ] } } ] }"),
            scene(root: "{ children: [ { box: { height: 1, zzBogus: 1 } } ] }"),
            scene(root: "{ children: [ { image: { file: a.png, width: 1, height: 1, zzBogus: 1 } } ] }"),
            scene(root: "{ children: [ \(label), { gap: { value: 1, zzBogus: 1 } }, \(label) ] }"),
            scene(root: "{ children: [ { spacer: { zzBogus: 1 } } ] }"),
            scene(root: "{ children: [ { label: { text: a, style: s, hugging: { zzBogus: 1 } } } ] }"),
            scene(top: "ignore: [ { x: 0, y: 0, width: 1, height: 1, zzBogus: 1 } ]\n"),
        ]
    }()

    @Test func everyKeyTheParserAcceptsIsDocumented() {
        var keys = Set<String>()
        for probe in Self.probes { keys.formUnion(allowedKeys(probe)) }
        #expect(keys.count > 75, "the probes found only \(keys.sorted())")
        for key in keys.sorted() {
            #expect(Self.documents(key), "scene key `\(key)` is accepted by the parser but not described in docs/scene-format.md")
        }
    }

    @Test func everyValueOfEverySceneChoiceIsDocumented() {
        var values: [String] = []
        values += LayoutModel.allCases.map(\.rawValue) + LineHeightStrategy.allCases.map(\.rawValue)
        values += TextAlignment.allCases.map(\.rawValue) + LineBreakMode.allCases.map(\.rawValue)
        values += WhiteSpace.allCases.map(\.rawValue) + OverflowWrap.allCases.map(\.rawValue)
        values += WordBreak.allCases.map(\.rawValue) + LineBreakStrictness.allCases.map(\.rawValue)
        values += WritingDirection.allCases.map(\.rawValue) + TextDirection.allCases.map(\.rawValue)
        values += StackAxis.allCases.map(\.rawValue) + StackAlignment.allCases.map(\.rawValue) + Anchor.allCases.map(\.rawValue)
        values += StackDistribution.allCases.map(\.rawValue) + DiffCompatibility.allCases.map(\.rawValue)
        values += DynamicTextStyle.allCases.map(\.rawValue) + ContentSizeCategory.allCases.map(\.rawValue)
        values += ContentSizeCategory.allCases.map(\.uikitName)
        values += OpticalSizing.allCases.map(\.rawValue) + TextCase.allCases.map(\.rawValue)
        values += TextSpacingTrim.allCases.map(\.rawValue)
        values += TextDecorationStyle.Line.allCases.map(\.rawValue) + TextDecorationStyle.Pattern.allCases.map(\.rawValue)
        values += DebugOverlay.names.map(\.0) + ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
        for value in values {
            // AX1 … AX5 are written as a range on the page.
            if value.hasPrefix("AX"), Self.documents("AX1"), Self.documents("AX5") { continue }
            #expect(Self.documents(value), "`\(value)` is a valid scene or CLI value but docs/scene-format.md does not name it")
        }
    }

    @Test func everyFlagOfEveryCommandIsDocumented() throws {
        for command in ["render", "layout", "matrix", "check", "diff", "metrics", "fonts"] {
            #expect(Self.page.contains("### \(command)"), "docs/scene-format.md has no section for `ghostline \(command)`")
            let help = try runCLI([command, "--help"])
            #expect(help.status == 0)
            let usage = help.stdout.components(separatedBy: "\n").filter { $0.contains("USAGE:") || $0.hasPrefix("  -") }
            let flags = Set(usage.joined(separator: " ").split(whereSeparator: { " [<>],".contains($0) })
                .map(String.init).filter { $0.hasPrefix("--") && $0 != "--help" })
            #expect(!flags.isEmpty)
            for flag in flags.sorted() {
                #expect(Self.documents(flag), "`ghostline \(command) \(flag)` is not described in docs/scene-format.md")
            }
        }
        let root = try runCLI(["--help"]).stdout.components(separatedBy: "\n")
        let subcommands = root.drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst().prefix { !$0.isEmpty }
        #expect(subcommands.count >= 6)
        for line in subcommands where !line.hasPrefix("   ") {
            guard let name = line.split(separator: " ").first else { continue }
            #expect(Self.page.contains("ghostline \(name)") || Self.page.contains("### \(name)"),
                    "the command `ghostline \(name)` is not described in docs/scene-format.md")
        }
    }

    /// The yaml block under "## A complete example" renders, with the size and behaviour the page states.
    @Test func theCompleteExampleRendersAsThePageSays() throws {
        let page = Self.page
        let section = try #require(page.range(of: "\n## A complete example\n"))
        let open = try #require(page[section.upperBound...].range(of: "```yaml\n"))
        let close = try #require(page[open.upperBound...].range(of: "\n```\n"))
        let yaml = String(page[open.upperBound..<close.lowerBound])
        // Placed beside Fixtures/scenes/assets so that `assets/icon@3x.png` resolves as the page says.
        let path = Paths.root.appendingPathComponent("Fixtures/scenes/documentation-example.yaml").path
        let renderer = GhostlineSession().renderer
        let scene = try SceneLoader(fonts: renderer.fonts).parse(yaml, path: path)
        let (layout, image) = try renderer.render(scene)
        #expect(image.width == 1125 && image.height == 703)
        #expect(page.contains("375 × 234.333 pt (1125 × 703 px)"))
        let body = try #require(layout.elements.first { $0.id == "body" }?.labelLayout)
        #expect(body.lines.count == 2 && body.lines[1].truncated)
        let greeting = try #require(layout.elements.first { $0.id == "greeting" }?.labelLayout)
        let fonts = Set(greeting.lines.flatMap(\.runs).map(\.font.postScriptName))
        #expect(fonts.contains("NotoSansCJKjp-Regular") && fonts.contains("NotoColorEmoji"))
        #expect(greeting.missingScalars.isEmpty)
        // The page's other claims about this scene.
        let title = try #require(layout.elements.first { $0.id == "title" })
        let row = try #require(layout.elements.first { $0.id == "row" })
        #expect(abs(title.frame.y + title.labelLayout!.anchors.capHeight - (row.frame.maxY + 8)) < 1e-9)   // alignCapHeight
        let terms = try #require(layout.elements.first { $0.id == "terms" })
        for line in terms.canvasLines { #expect((line.baseline / 4).rounded() * 4 == line.baseline) }   // snapToGrid
    }

    /// The "planned" section lists only what does not exist yet: every scene key and CLI option the team's contract
    /// named for later is implemented now, and the planned commands are still refused by the CLI. When one of
    /// these starts working, move it from "Planned" into its section of docs/scene-format.md.
    @Test func plannedCommandsAreStillRefused() throws {
        let planned = try #require(Self.page.range(of: "\n## Planned, not yet implemented\n"))
        let section = String(Self.page[planned.upperBound...])
        // Planned until they landed: they work now, so they belong in their sections, not here.
        for name in ["ignore", "spacer", "distribution", "baselineRelative", "scalesWith", "maximumPointSize", "hugging",
                     "compressionResistance", "minWidth", "--compat", "--ignore", "--diff-mask", "--text", "-o -",
                     "adjustsFontSizeToFitWidth", "minimumScaleFactor", "allowsDefaultTighteningForTruncation",
                     "baselineAdjustment", "textSpacingTrim"] {
            #expect(!section.contains("`\(name)"), "`\(name)` is implemented but still listed as planned")
            #expect(Self.documents(name), "`\(name)` is implemented but not described in docs/scene-format.md")
        }
        // `ghostline suite` and `suite merge` landed (issue 10; SuiteDocumentationTests checks their flags): nothing
        // the contract names is refused any more. A command planned later goes here until it works.
        let refused: [(what: String, arguments: [String])] = []
        for (what, arguments) in refused {
            #expect(section.contains(what), "`\(what)` is missing from the planned section")
            let result = try runCLI(arguments)
            #expect(result.status == 2, "`ghostline \(arguments.joined(separator: " "))` exited \(result.status); if it works now, document it")
            #expect(result.stdout.isEmpty && result.stderr.contains("suite"), "`\(what)`: \(result.stderr)")
        }
    }
}
