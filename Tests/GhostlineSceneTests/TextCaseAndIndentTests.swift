import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// The `textCase`, indent and decoration keys of a style: bad values name the place and the fix, hermetic (Inter's
/// static faces only). Text case and the indents themselves are tested on layout values in GhostlineLayoutTests'
/// `TextCaseAndIndentTests`; the css model against Chromium is in ``ChromiumTypographyTests``.
@Suite("Text case, indent and decoration keys: errors")
struct TextCaseAndIndentTests {
    static let session = GhostlineSession()

    static func label(_ style: String, text: String, width: Double = 300, labelKeys: String = "",
                      model: String = "uikit", runs: String? = nil) throws -> [String: Any] {
        let quoted = try runs.map { "runs: \($0)" } ?? "text: " + String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        let yaml = """
        model: \(model)
        systemFonts: false
        fontDirectories: [/usr/share/fonts/opentype/inter]
        canvas: { width: 400, scale: 3 }
        styles:
          s: { font: Inter, size: 17, \(style) }
        root:
          stack: vertical
          children:
            - label: { id: t, \(quoted), style: s, width: \(width)\(labelKeys) }
        """
        let loader = session.loader
        let scene = try loader.resolve(try loader.describe(text: yaml, path: Paths.root.path + "/indents.yaml"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(session.layout(scene).json.utf8)) as? [String: Any])
        return try #require((json["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "t" })
    }

    // MARK: Errors

    @Test(arguments: [
        ("textCase: title", "styles.s.textCase", "none, upper, lower, capitalize"),
        ("headIndent: -4", "styles.s.headIndent", "0"),
        ("firstLineHeadIndent: wide", "styles.s.firstLineHeadIndent", "number"),
        ("tailIndent: 20000", "styles.s.tailIndent", "10000"),
        ("underline: maybe", "styles.s.underline", "underline: true"),
        ("underline: { style: wavy }", "styles.s.underline.style", "single, thick, double"),
        ("strikethrough: { pattern: dashed }", "styles.s.strikethrough.pattern", "solid, dot, dash, dashDot"),
        ("underline: { colour: red }", "styles.s.underline.colour", "color"),
    ])
    func badValuesNameThePlaceAndTheFix(style: String, keyPath: String, fix: String) throws {
        do {
            _ = try Self.label(style, text: "x")
            Issue.record("\(style) was accepted")
        } catch let error as SceneError {
            let message = "\(error)"
            #expect(error.keyPath == keyPath, "\(message)")
            #expect(message.contains("indents.yaml:6:"), "\(message)")
            #expect(message.contains(fix), "\(message)")
            #expect(!message.contains("\n"))
        }
    }
}
