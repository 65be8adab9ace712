import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// W3C design tokens (DTCG format) → a style guide. `Fixtures/scenes/design-tokens.json` follows the format's
/// rules: groups carry `$type` to their tokens, aliases are `{group.token}`, dimensions are px, rem or
/// `{value, unit}`, a typography lineHeight number is a multiple of the font size.
@Suite("Design tokens import")
struct DesignTokensTests {
    static let file = Paths.root.appendingPathComponent("Fixtures/scenes/design-tokens.json").path

    @Test func typographyTokensBecomeStyles() throws {
        let tokens = try DesignTokens(contentsOf: Self.file)
        func style(_ name: String) throws -> DesignTokens.Style { try #require(tokens.styles.first { $0.name == name }) }
        // 1.75rem × 16 px = 28; weight alias {weight.semibold} = "semi-bold" = 600.
        #expect(try style("typography.title") == .init(name: "typography.title", font: "Inter", size: 28, weight: 600,
                                                        lineHeight: 38, letterSpacing: -0.5, italic: false))
        // {value: 17, unit: px}; lineHeight 1.5 × 17 = 25.5.
        #expect(try style("typography.body").lineHeight == 25.5)
        // The first family of a list; "bold" = 700; 150% × 12 = 18; 2% × 12 = 0.24.
        let caption = try style("typography.caption")
        #expect(caption.font == "Inter Display" && caption.weight == 700 && caption.lineHeight == 18 && caption.italic)
        #expect(abs((caption.letterSpacing ?? 0) - 0.24) < 1e-12)
        // A whole-token alias resolves to its target.
        #expect(try style("typography.alias").size == 17)
        #expect(tokens.skipped == ["color": 2, "dimension": 3, "fontFamily": 2, "fontWeight": 1])
    }

    /// The numbers 0 and 1 are numbers, not booleans (Foundation on Linux bridges both to NSNumber): a line height
    /// multiple of 1 and a letter spacing of 0 are read; `true` as a weight is refused.
    @Test func zeroAndOneAreNumbers() throws {
        func tokens(_ body: String) throws(DesignTokenError) -> DesignTokens {
            try DesignTokens(data: Data(#"{ "t": { "$type": "typography", "$value": { "fontFamily": "Inter", \#(body) } } }"#.utf8))
        }
        let one = try tokens(#""fontSize": "20px", "lineHeight": 1, "letterSpacing": 0"#).styles.first
        #expect(one?.lineHeight == 20 && one?.letterSpacing == 0)
        #expect(try tokens(#""fontSize": 1"#).styles.first?.size == 1)
        #expect(throws: DesignTokenError.self) { try tokens(#""fontSize": 17, "fontWeight": true"#) }
        #expect(throws: DesignTokenError.self) { try tokens(#""fontSize": true"#) }
    }

    /// The CLI writes a style guide a scene can include, and lists what it did not import.
    @Test func importThenIncludeInAScene() throws {
        let directory = try Paths.temporaryDirectory()
        let guide = directory.appendingPathComponent("guide.yaml").path
        let result = try runCLI(["tokens", "import", Self.file, "-o", guide])
        #expect(result.status == 0 && result.stderr.contains("not imported: color 2"))
        #expect(try String(contentsOfFile: guide, encoding: .utf8).contains("# Not styles (listed, not imported)"))
        let scene = directory.appendingPathComponent("scene.yaml")
        try Data("include: guide.yaml\ncanvas: { width: 300 }\nroot:\n  children:\n    - label: { id: t, text: Title, style: typography.title }\n".utf8).write(to: scene)
        let layout = try SceneLoader(fonts: FontContext()).load(path: scene.path).layout()
        let title = try #require(layout.elements.first { $0.id == "t" }?.labelLayout)
        #expect(title.font.postScriptName == "Inter-SemiBold" && title.metrics.pointSize == 28)
    }

    @Test func brokenTokensAreOneLineErrors() throws {
        func error(_ json: String) -> DesignTokenError? {
            do { _ = try DesignTokens(data: Data(json.utf8)); return nil } catch { return error }
        }
        let loop = try #require(error(#"{ "a": { "$type": "typography", "$value": "{b}" }, "b": { "$value": "{a}" } }"#))
        #expect(loop.description.contains("loop"))
        let missing = try #require(error(#"{ "t": { "$type": "typography", "$value": { "fontFamily": "{nope}", "fontSize": "12px" } } }"#))
        #expect(missing.description.contains("{nope} names no token"))
        let size = try #require(error(#"{ "t": { "$type": "typography", "$value": { "fontFamily": "Inter", "fontSize": "big" } } }"#))
        #expect(size.description.contains("fontSize"))
        #expect(error("[1, 2]") != nil)
        let cli = try runCLI(["tokens", "import", "/nonexistent.json", "-o", "/tmp/x.yaml"])
        #expect(cli.status == 2 && cli.stderr.split(separator: "\n").count == 1)
    }
}
