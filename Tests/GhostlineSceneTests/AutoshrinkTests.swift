import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// UILabel's autoshrink keys in scenes (issue 23, item 6): the css model refuses them, and bad values name the fix.
/// The rules themselves are tested on layout values in GhostlineLayoutTests' `AutoshrinkTests`, held to what Apple
/// documents:
/// - `adjustsFontSizeToFitWidth`: "the label reduces the font size until the text fits", never below
///   `minimumScaleFactor`, and "if you specify a value of 0 for this property, the label doesn't scale the text down";
/// - `allowsDefaultTighteningForTruncation`: the label "tightens intercharacter spacing of its text before allowing
///   any truncation", by NSParagraphStyle's `tighteningFactorForTruncation`, whose default 0.05 lets text at most
///   5 % wider than the line be tightened instead;
/// - `baselineAdjustment`: with `alignBaselines` (the default) "the position of the baseline remains fixed at its
///   initial location"; `none` moves the text "toward the top-left corner of the bounding box".
@Suite("Autoshrink keys in scenes")
struct AutoshrinkTests {
    static let session = GhostlineSession()

    static func scene(_ labels: [String], model: String = "uikit") throws(SceneError) -> Scene {
        let yaml = """
        model: \(model)
        systemFonts: false
        fontDirectories: [/usr/share/fonts/opentype/inter, \(Paths.root.path)/Fixtures/fonts/opsz]
        canvas: { width: 320, scale: 3 }
        styles:
          s: { font: Inter, size: 17 }
        root:
          stack: vertical
          align: leading
          children:
        \(labels.map { "    - label: { \($0.contains("style:") ? "" : "style: s, ")\($0) }" }.joined(separator: "\n"))
        """
        return try session.loader.resolve(try session.loader.describe(text: yaml, path: Paths.root.path + "/autoshrink.yaml"))
    }

    /// A browser has no autoshrink: the css model refuses the keys in one line that names the place and the fix.
    @Test(arguments: ["adjustsFontSizeToFitWidth: true", "minimumScaleFactor: 0.5", "allowsDefaultTighteningForTruncation: true",
                      "baselineAdjustment: none"])
    func theCSSModelRefusesTheKeys(key: String) throws {
        do {
            _ = try Self.scene(["id: a, text: \"x\", \(key)"], model: "css")
            Issue.record("\(key) was accepted in the css model")
        } catch {
            let message = "\(error)"
            #expect(message.contains("autoshrink.yaml:11:"), "\(message)")
            #expect(message.contains("model: uikit"), "\(message)")
            #expect(!message.contains("\n"))
        }
    }

    @Test(arguments: [("minimumScaleFactor: 2", "0 to 1"), ("baselineAdjustment: middle", "alignBaselines"),
                      ("adjustsFontSizeToFitWidth: maybe", "true")])
    func badValuesNameTheFix(key: String, fix: String) throws {
        do {
            _ = try Self.scene(["id: a, text: \"x\", \(key)"])
            Issue.record("\(key) was accepted")
        } catch {
            #expect("\(error)".contains(fix), "\(error)")
            #expect("\(error)".contains("autoshrink.yaml:11:"), "\(error)")
        }
    }
}
