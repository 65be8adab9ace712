import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// Measured on real iOS (UILabel with `UIFont.preferredFont(forTextStyle:)`, @3x, every content size category):
/// a text-style label is as tall as its font — ascender − descender ceiled to the pixel grid (R1, R2) — not the
/// HIG table's line height. With the system font's metrics (unitsPerEm 2048, ascender 1950, descender −494)
/// title1 at Large (28 pt) is 33.667 pt tall, not 34; at xSmall (25 pt) 30.0.
@Suite("uikit: text styles are as tall as their font")
struct TextStyleHeightTests {
    let loader = SceneLoader(fonts: FontContext())

    func height(_ category: ContentSizeCategory, model: String = "uikit", lineHeight: String = "") throws -> Double {
        let yaml = """
        canvas: { width: 375, scale: 3 }
        model: \(model)
        fonts:
          System: { file: /usr/share/fonts/opentype/inter/Inter-Regular.otf, metrics: { unitsPerEm: 2048, ascender: 1950, descender: -494, lineGap: 0 } }
        styles:
          title: { font: System, textStyle: title1\(lineHeight) }
        root:
          children:
            - label: { id: t, text: "Title", style: title }
        """
        let layout = try loader.parse(yaml, path: "/tmp/t.yaml", overrides: SceneOverrides(contentSize: category)).layout()
        return try #require(layout.elements.first { $0.id == "t" }).frame.height
    }

    @Test func theTwoMeasuredHeights() throws {
        #expect(abs(try height(.Large) - 101.0 / 3) < 1e-9)       // 33.667: 28 × 2444 / 2048 = 33.414 → 101 px
        #expect(try height(.xSmall) == 30.0)                       // 25 × 2444 / 2048 = 29.834 → 90 px
    }

    /// Every category: ceil(size × 2444 / 2048 × 3) / 3, with the size from the table.
    @Test(arguments: ContentSizeCategory.allCases)
    func everyCategoryIsTheFontsOwnHeight(category: ContentSizeCategory) throws {
        let size = DynamicType.spec(.title1, category).pointSize
        let expected = (size * 2444 / 2048 * 3 - 1e-6).rounded(.up) / 3
        #expect(abs(try height(category) - expected) < 1e-9)
        // …which is never the table's line height for title1: the difference is what a team wants to see.
        #expect(abs(try height(category) - DynamicType.spec(.title1, category).lineHeight) >= 1.0 / 3)
    }

    /// Design kits apply the table's line height, and so does the css model; `lineHeight: textStyle` asks for it
    /// in uikit too (then met with the padded strategy, R7).
    @Test func theTableLineHeightInCSSAndOnRequest() throws {
        #expect(try height(.Large, model: "css") == 34)
        // uikit meets 34 pt with lineSpacing 34 − 33.414 = 0.586 and half of it as padding (R7):
        // round((0.586 + 101 / 3) × 3) / 3 = 103 / 3.
        #expect(abs(try height(.Large, lineHeight: ", lineHeight: textStyle") - 103.0 / 3) < 1e-9)
        #expect(try height(.AX5, model: "css") == 68)
    }

    @Test func lineHeightTextStyleNeedsATextStyle() throws {
        let yaml = "canvas: { width: 100 }\nstyles: { s: { font: Inter, size: 17, lineHeight: textStyle } }\nroot:\n  children:\n    - label: { text: a, style: s }\n"
        do {
            _ = try loader.parse(yaml, path: "/tmp/t.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.keyPath == "styles.s.lineHeight" && error.line == 2)
            #expect(error.problem.contains("needs a `textStyle`"))
        }
        let bad = "canvas: { width: 100 }\nstyles: { s: { font: Inter, textStyle: body, lineHeight: tall } }\nroot: { children: [] }\n"
        #expect(throws: SceneError.self) { _ = try loader.parse(bad, path: "/tmp/t.yaml") }
    }
}

/// CSS's wrapping keys: the uikit model refuses them, and the css model refuses UIKit's `hyphenationFactor`. What the
/// keys do (a web page's defaults let an overlong word overflow) is tested on layout values in GhostlineLayoutTests'
/// `CSSWrappingTests`.
@Suite("css wrapping keys in scenes")
struct CSSWrappingKeyTests {
    let loader = SceneLoader(fonts: FontContext())
    func yaml(_ keys: String, model: String) -> String {
        "canvas: { width: 100, scale: 1 }\nmodel: \(model)\nstyles: { s: { font: Inter, size: 17\(keys) } }\nroot:\n  children:\n    - label: { id: a, text: \"Pneumonoultramicroscopic words\", style: s }\n"
    }

    @Test(arguments: ["whiteSpace: nowrap", "overflowWrap: anywhere", "wordBreak: breakAll", "lineBreak: strict", "hyphens: auto"])
    func uikitRefusesCSSKeys(key: String) throws {
        do {
            _ = try loader.parse(yaml(", " + key, model: "uikit"), path: "/tmp/w.yaml")
            Issue.record("expected an error")
        } catch {
            let name = String(key.prefix { $0 != ":" })
            #expect(error.keyPath == "styles.s.\(name)" && error.line == 3)
            #expect(error.problem.contains("CSS property") && error.fix.contains("model: css"))
            #expect(!error.description.contains("\n"))
        }
    }

    /// The reverse: UIKit's hyphenationFactor has no meaning in the css model.
    @Test func cssRefusesHyphenationFactor() throws {
        do {
            _ = try loader.parse(yaml(", hyphenationFactor: 0.5", model: "css"), path: "/tmp/w.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.keyPath == "styles.s.hyphenationFactor" && error.fix.contains("hyphens: auto"))
        }
        #expect(throws: SceneError.self) { _ = try loader.parse(yaml(", hyphenationFactor: 2", model: "uikit"), path: "/tmp/w.yaml") }
    }

    @Test func badValuesListTheChoices() throws {
        do {
            _ = try loader.parse(yaml(", whiteSpace: pre-wrapped", model: "css"), path: "/tmp/w.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.keyPath == "styles.s.whiteSpace" && error.fix.contains("preWrap"))
        }
    }
}
