import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineReview
import Testing
import Yams

/// Causes and suggestions (issue 22, items 4–6): the review says why a label is off, from its layout's rules or the
/// design's ink, and what change to the scene would put it on the design — and that change, applied, passes.
///
/// The designs are of two kinds. The demo card's export (`Fixtures/design/demo-card@3x.png`) is the card as
/// the demo scene specifies it (`Fixtures/demo/card.yaml`: 28/38 pt title, 17/24 pt body, R7). The others are renders of the demo card with one
/// value a designer would set changed (a letter spacing of −0.5, a size of 18, a weight of 600), so the expected
/// suggestion is the value written into the design's scene, not one read back from the code under test.
@Suite("Design review: causes and suggestions")
struct SuggestionTests {
    static let card = Paths.root.appendingPathComponent("Fixtures/demo/card.yaml").path
    static let cardWithoutLineHeight = Paths.root.appendingPathComponent("Fixtures/scenes/card-no-line-height.yaml").path
    static let design = Paths.root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path

    /// The patch YAML merged into the scene's YAML as a user would (every key under `styles:` set), written beside it.
    static func merged(scene: String, patch: String, into dir: URL) throws -> String {
        var root = try #require(try Yams.compose(yaml: try String(contentsOfFile: scene, encoding: .utf8))?.mapping)
        let changes = try #require(try Yams.compose(yaml: patch)?.mapping?["styles"]?.mapping)
        var styles = try #require(root["styles"]?.mapping)
        for (name, keys) in changes {
            var style = styles[name]?.mapping ?? Node.Mapping([])
            for (key, value) in try #require(keys.mapping) { style[key] = value }
            styles[name] = .mapping(style)
        }
        root["styles"] = .mapping(styles)
        let path = dir.appendingPathComponent("patched.yaml").path
        try Yams.serialize(node: .mapping(root)).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The card without line-height handling, against its design: both labels get `lineHeightStrategy: padded` (their
    /// 38 and 24 pt line heights are already written), the cause names R2 and the ignored line height, the check of
    /// the patched scene passes, and so does `ghostline check` of the scene with the printed YAML merged in.
    @Test func theCardWithoutLineHeightGetsThePaddedStrategyAndThePatchPasses() throws {
        var check = GhostlineSession().check(.scene(path: Self.cardWithoutLineHeight), design: Self.design)
        check.verifySuggestions = true
        let result = try check.run(for: [.report])
        #expect(!result.passes)
        let suggestions = try #require(result.comparison.suggestions)
        #expect(suggestions.verified == true, "\(suggestions.remaining)")
        for (id, height) in [("title", "38"), ("body", "24")] {
            let label = try #require(suggestions.label(id))
            #expect(label.changes == [StyleChange("lineHeightStrategy", .word("padded"))])
            #expect(label.style == id)
            #expect(label.cause.hasPrefix("`lineHeightStrategy: none` ignores the \(height).0 pt line height"), "\(label.cause)")
            #expect(label.code?.uikit.contains("paragraph.lineSpacing = max(0, \(height) - font.lineHeight)") == true)
            #expect(label.code?.swiftUI.contains(".padding(.vertical, max(0, \(height) - UIFont(name:") == true)
        }
        #expect(suggestions.label("body")?.estimate.contains("lines 24.0 pt apart") == true)
        #expect(suggestions.yaml.contains("styles:\n  title:\n    lineHeightStrategy: padded\n  body:\n    lineHeightStrategy: padded\n"))
        // The review page: each label's box on the diff says, on hover, its cause and its offsets.
        let page = String(decoding: try result.artifact(.page), as: UTF8.self)
        #expect(page.contains("class=\"finding\" title=\"title: `lineHeightStrategy: none` ignores the 38.0 pt line height"), "no cause on the title's box")
        #expect(page.contains("(first baseline 2.0 pt higher than the design)\" style="))

        // The YAML round trip, through the CLI.
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let patched = try Self.merged(scene: Self.cardWithoutLineHeight, patch: suggestions.yaml, into: dir)
        let run = try runCLI(["check", patched, "--design", Self.design])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // `check --suggest` prints it, and the report carries it.
        let printed = try runCLI(["check", Self.cardWithoutLineHeight, "--design", Self.design, "--suggest", "--report", dir.appendingPathComponent("r.json").path])
        #expect(printed.status == 1)
        #expect(printed.stdout.contains("suggested changes (checked: with them the scene passes against the design):\n"))
        let report = try JSONValue(parsing: Array(try Data(contentsOf: dir.appendingPathComponent("r.json"))))
        #expect(report["suggestions"]?["verified"]?.boolValue == true)
        #expect(report["suggestions"]?["patch"]?.stringValue == suggestions.yaml)
        #expect(report["cause"]?.stringValue?.hasPrefix("title: `lineHeightStrategy: none` ignores") == true)
        #expect(report["findings"]?.arrayValue?.first { $0["label"]?.stringValue == "body" }?["fix"]?.stringValue
                == "styles.body: lineHeightStrategy: padded")
    }

    /// A design made with one value changed gets that value back as the suggestion, with its cause, and the patched
    /// scene passes. Each change shows in the ink differently: spacing moves glyphs (same ink mass), a size makes the
    /// ink taller, a weight heavier strokes, an italic a lean.
    @Test(arguments: [
        ("letterSpacing: -0.5", StyleChange("letterSpacing", .number(-0.5)), "its letter spacing is 0.0 pt; the design's ink fits -0.5 pt"),
        ("size: 18", StyleChange("size", .number(18)), "it is set at 17.0 pt; the design's text is 18.0 pt"),
        ("weight: 600", StyleChange("weight", .number(600)), "its weight is 400 (Inter-Regular); the design's strokes fit weight 600 (Inter-SemiBold)"),
        // The slant of the ink (a least-squares lean of its pixels), not its width, tells an italic.
        ("italic: true", StyleChange("italic", .flag(true)), "it is upright; the design's text is italic"),
    ])
    func aDesignedValueIsFoundFromTheInk(key: String, change: StyleChange, cause: String) throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOfFile: Self.card, encoding: .utf8)
        // The body style of the design's scene gets the key (replacing its size when the key is a size).
        let body = "    font: Inter\n    size: 17\n"
        #expect(text.contains(body))
        let designScene = dir.appendingPathComponent("design.yaml").path
        let replaced = key.hasPrefix("size") ? "    font: Inter\n    \(key)\n" : body + "    \(key)\n"
        try text.replacingOccurrences(of: body, with: replaced).write(toFile: designScene, atomically: true, encoding: .utf8)
        let design = dir.appendingPathComponent("design@3x.png").path
        #expect(try runCLI(["render", designScene, "-o", design]).status == 0)
        var check = GhostlineSession().check(.scene(path: Self.card), design: design)
        check.verifySuggestions = true
        let result = try check.run(for: [.report])
        #expect(!result.passes)
        let suggestion = try #require(result.comparison.suggestions?.label("body"), "\(result.summary)")
        #expect(suggestion.changes == [change], "\(result.summary)")
        #expect(suggestion.cause.hasPrefix(cause), "\(suggestion.cause)")
        #expect(result.comparison.suggestions?.verified == true, "\(result.comparison.suggestions?.remaining ?? [])")
        #expect(result.comparison.suggestions?.label("title") == nil)
        // The one-screen summary leads with it.
        #expect(result.summary.split(separator: "\n")[1].hasPrefix("  cause: body: \(cause)"), "\(result.summary)")
    }

    /// A price the design set with tabular digits (the new user's product card): the render's proportional "1"s are
    /// narrower, and the suggestion is `features: { tnum: 1 }`, with `.monospacedDigit()` for SwiftUI.
    @Test func tabularDigitsAreFoundFromTheWidth() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = """
        canvas: { width: 240, scale: 3 }
        fontDirectories: [/usr/share/fonts/opentype/inter]
        systemFonts: false
        styles:
          price: { font: Inter, size: 28, weight: 700 }
        root:
          padding: 16
          children:
            - label: { id: price, text: "$1,111.10", style: price }
        """
        let render = dir.appendingPathComponent("s.yaml").path, designScene = dir.appendingPathComponent("d.yaml").path
        try scene.write(toFile: render, atomically: true, encoding: .utf8)
        try scene.replacingOccurrences(of: "weight: 700 }", with: "weight: 700, features: { tnum: 1 } }")
            .write(toFile: designScene, atomically: true, encoding: .utf8)
        let design = dir.appendingPathComponent("d@3x.png").path
        #expect(try runCLI(["render", designScene, "-o", design]).status == 0)
        var check = GhostlineSession().check(.scene(path: render), design: design)
        check.verifySuggestions = true
        let result = try check.run(for: [.report])
        let price = try #require(result.comparison.suggestions?.label("price"), "\(result.summary)")
        #expect(price.changes == [StyleChange("features.tnum", .number(1))])
        #expect(price.changeLine == "styles.price: features: { tnum: 1 }")
        #expect(price.cause.hasPrefix("its digits are proportional; the design's are tabular"))
        #expect(price.code?.swiftUI.contains(".monospacedDigit()") == true)
        #expect(result.comparison.suggestions?.verified == true)
        #expect(result.comparison.suggestions?.yaml.contains("  price:\n    features: { tnum: 1 }\n") == true)
    }

    /// A label drawn in a face that leans on its own (a family name answered by an italic file) where the design is
    /// upright: `italic: false` would change nothing, so the cause names the face drawn and where to look.
    @Test func aFaceThatLeansOnItsOwnIsNamed() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func scene(_ file: String) -> String {
            """
            canvas: { width: 300, scale: 3 }
            fontDirectories: [/usr/share/fonts/opentype/inter]
            systemFonts: false
            fonts: { Body: { file: \(file) } }
            styles: { body: { font: Body, size: 17 } }
            root:
              padding: 16
              children:
                - label: { id: body, text: "Designs set a line height", style: body }
            """
        }
        let render = dir.appendingPathComponent("s.yaml").path, designScene = dir.appendingPathComponent("d.yaml").path
        try scene("/usr/share/fonts/opentype/inter/Inter-Italic.otf").write(toFile: render, atomically: true, encoding: .utf8)
        try scene("/usr/share/fonts/opentype/inter/Inter-Regular.otf").write(toFile: designScene, atomically: true, encoding: .utf8)
        let design = dir.appendingPathComponent("d@3x.png").path
        #expect(try runCLI(["render", designScene, "-o", design]).status == 0)
        let result = try GhostlineSession().check(.scene(path: render), design: design).run(for: [.report])
        let body = try #require(result.comparison.suggestions?.label("body"), "\(result.summary)")
        #expect(body.changes.isEmpty)
        #expect(body.cause.hasPrefix("it is drawn in Inter-Italic, whose letters lean like an italic's; the design's are upright"), "\(body.cause)")
    }

    /// A label the layout cut short where the design shows its whole text: the cause is the truncation, from the layout,
    /// not a style value guessed from ink that is not there.
    @Test func truncationIsTheCauseWhenTheLayoutCutTheText() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = """
        canvas: { width: 200, scale: 2 }
        fontDirectories: [/usr/share/fonts/opentype/inter]
        systemFonts: false
        styles: { s: { font: Inter, size: 15 } }
        root:
          padding: 10
          children:
            - label: { id: note, text: "Ghostline checks every label against the design, on every device", style: s, numberOfLines: 1, lineBreakMode: truncateTail }
        """
        let render = dir.appendingPathComponent("s.yaml").path, designScene = dir.appendingPathComponent("d.yaml").path
        try scene.write(toFile: render, atomically: true, encoding: .utf8)
        try scene.replacingOccurrences(of: "numberOfLines: 1", with: "numberOfLines: 0").write(toFile: designScene, atomically: true, encoding: .utf8)
        let design = dir.appendingPathComponent("d@2x.png").path
        #expect(try runCLI(["render", designScene, "-o", design]).status == 0)
        let result = try GhostlineSession().check(.scene(path: render), design: design).run(for: [.report])
        let note = try #require(result.comparison.suggestions?.label("note"), "\(result.summary)")
        #expect(note.changes.isEmpty)
        #expect(note.cause.hasPrefix("its text is truncated to 1 line (it does not fit its width or `numberOfLines`), where the design shows 2 lines"), "\(note.cause)")
        // A UILabel that shrinks on the device is drawn truncated by a scene that does not say so: the cause says how.
        #expect(note.cause.hasSuffix("if the app's label shrinks its text to fit, say so in the scene: `adjustsFontSizeToFitWidth: true` with its `minimumScaleFactor`"), "\(note.cause)")
        // A label that already shrinks (here not far enough) is not told to.
        try scene.replacingOccurrences(of: "lineBreakMode: truncateTail", with: "lineBreakMode: truncateTail, adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.95")
            .write(toFile: render, atomically: true, encoding: .utf8)
        let shrinking = try GhostlineSession().check(.scene(path: render), design: design).run(for: [.report])
        let shrunk = try #require(shrinking.comparison.suggestions?.label("note"), "\(shrinking.summary)")
        #expect(shrunk.cause.hasPrefix("its text is truncated to 1 line"), "\(shrunk.cause)")
        #expect(!shrunk.cause.contains("adjustsFontSizeToFitWidth"), "\(shrunk.cause)")
    }

    /// The settings list of Fixtures/screens/settings.yaml laid out by the uikit model, against the same screen in the
    /// css model (checked against Chromium by ScreenTwinTests, so it stands for a browser-made design). The heading's
    /// 41 pt line height is below Inter 34's own 41.15 pt, so UIKit's label is ceil(41.15 × 3) / 3 = 41.33 pt tall (R2)
    /// and every row below sits a pixel low: the cause is the heading, with the rule, and the rows move with it.
    @Test func rowsBelowARoundedUpHeadingNameItAsTheCause() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let css = Paths.root.appendingPathComponent("Fixtures/screens/settings.yaml").path
        let design = dir.appendingPathComponent("settings-design@3x.png").path
        #expect(try runCLI(["render", css, "-o", design]).status == 0)
        let uikit = dir.appendingPathComponent("settings.yaml").path
        try String(contentsOfFile: css, encoding: .utf8).replacingOccurrences(of: "\nmodel: css\n", with: "\nmodel: uikit\n")
            .write(toFile: uikit, atomically: true, encoding: .utf8)
        var check = GhostlineSession().check(.scene(path: uikit), design: design)
        check.verifySuggestions = true   // the rows' cause is named only once the heading's change is checked
        let result = try check.run(for: [.report])
        let suggestions = try #require(result.comparison.suggestions, "\(result.summary)")
        let heading = try #require(suggestions.label("heading"), "\(result.summary)")
        #expect(heading.cause.contains("its 41.0 pt line height is below the font's own 41.15 pt"), "\(heading.cause)")
        #expect(heading.cause.contains("rounded up to the pixel grid (R2). It is 41.33 pt tall where the design's is 41.0 pt."), "\(heading.cause)")
        #expect(heading.changes == [StyleChange("lineHeightStrategy", .word("minMax"))])
        #expect(heading.code?.uikit.contains("paragraph.maximumLineHeight = 41") == true)
        let row = try #require(suggestions.label("wifi-title"))
        #expect(row.follows == "heading" && row.changes.isEmpty, "\(row)")
        let finding = try #require(result.comparison.findings.first { $0.label == "wifi-title" && $0.fails })
        #expect(finding.headline.hasPrefix("wifi-title: moves with heading: heading's change also puts it where the design has it"), "\(finding.headline)")
    }

    /// A label with a background is a shape: a text moved inside its button is not "explained" by a line height that
    /// would also resize the button. No cause is made up; the symptom stays.
    @Test func textMovedInsideAShapeGetsNoMadeUpCause() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func scene(_ shift: Double) -> String {
            """
            canvas: { width: 300, scale: 3 }
            fontDirectories: [/usr/share/fonts/opentype/inter]
            systemFonts: false
            styles: { cta: { font: Inter, size: 17, weight: 600, lineHeight: 22, color: white, alignment: center } }
            root:
              padding: 16
              children:
                - label: { id: button, text: "Get Started", style: cta, padding: { top: \(14 + shift), bottom: \(14 - shift) }, background: { color: systemBlue, cornerRadius: 14 } }
            """
        }
        let render = dir.appendingPathComponent("s.yaml").path, designScene = dir.appendingPathComponent("d.yaml").path
        try scene(0).write(toFile: render, atomically: true, encoding: .utf8)
        try scene(2).write(toFile: designScene, atomically: true, encoding: .utf8)
        let design = dir.appendingPathComponent("d@3x.png").path
        #expect(try runCLI(["render", designScene, "-o", design]).status == 0)
        let result = try GhostlineSession().check(.scene(path: render), design: design).run(for: [.report])
        let finding = try #require(result.comparison.findings.first { $0.label == "button" && $0.fails })
        #expect(finding.cause == nil, "\(result.summary)")
        #expect(finding.message == "button: first baseline 2.0 pt higher than the design")
    }
}

/// Words and noise (item 7): a reference snapshot is "the reference"; specks of one device pixel are counted but not
/// listed; a label outside the canvas says so.
@Suite("Design review: words and noise")
struct ReviewWordingTests {
    static let card = Paths.root.appendingPathComponent("Fixtures/scenes/card-no-line-height.yaml").path

    @Test func aReferenceSnapshotIsTheReference() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let reference = dir.appendingPathComponent("reference@3x.png").path
        #expect(try runCLI(["render", Paths.root.appendingPathComponent("Fixtures/demo/card.yaml").path, "-o", reference]).status == 0)
        var options = ReviewOptions()
        options.againstReference = true
        let result = try GhostlineSession().check(.scene(path: Self.card), design: reference, options: options).run(for: [.report])
        #expect(!result.passes)
        #expect(result.summary.hasPrefix("FAIL: \(Self.card) (rendered) vs the reference \(reference) at @3x"))
        #expect(result.summary.contains("first baseline 2.0 pt higher than the reference"))
        #expect(!result.summary.contains("the design"), "\(result.summary)")
        // Suggestions are about meeting a design; a reference is a regression to look at.
        #expect(result.comparison.suggestions == nil)
    }

    @Test func aLabelOutsideTheCanvasSaysSoOnce() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("s.yaml").path
        // A 40 pt canvas holds the first label; the next two lie below its bottom edge.
        try """
        canvas: { width: 200, height: 40, scale: 2 }
        fontDirectories: [/usr/share/fonts/opentype/inter]
        systemFonts: false
        styles: { s: { font: Inter, size: 13 } }
        root:
          spacing: 30
          children:
            - label: { id: in, text: "Inside", style: s }
            - label: { id: below1, text: "Below", style: s }
            - label: { id: below2, text: "Further", style: s }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let design = dir.appendingPathComponent("d@2x.png").path
        #expect(try runCLI(["render", scene, "-o", design]).status == 0)
        let result = try GhostlineSession().check(.scene(path: scene), design: design).run(for: [.report])
        let outside = result.comparison.findings.filter { $0.kind == .outsideCanvas }
        #expect(outside.compactMap(\.label) == ["below1", "below2"], "\(result.summary)")
        #expect(result.summary.contains("\n  2 labels outside the canvas, not compared: below1, below2\n"), "\(result.summary)")
        #expect(!result.summary.contains("no text found"))
    }
}
