import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `ghostline lint`: the layers UIKit sets differently from the design tool, each with a cause whose fix was applied
/// and checked. The small document is written here; its expected baselines are typography.md's R8 example (Inter
/// 17 pt with a 24 pt line height at @3x: the design tool's first baseline 18 pt down, UIKit's minimum and maximum
/// line height 19.667 pt), worked from Inter's hhea table.
@Suite("Linting design documents")
struct DesignLintTests {
    static let session = GhostlineSession(fontSet: FontSet(directories: ["/usr/share/fonts/opentype/inter"], systemFonts: false))

    static func text(_ id: String, _ characters: String, y: Double, height: Double, size: Double = 17, autoResize: String = "HEIGHT",
                     lineHeight: [(String, JSONValue)] = [("lineHeightUnit", .string("INTRINSIC_%")), ("lineHeightPercent", .number(100))]) -> JSONValue {
        .object([("id", .string(id)), ("name", .string(id)), ("type", .string("TEXT")), ("characters", .string(characters)),
                 ("style", .object([("fontFamily", .string("Inter")), ("fontPostScriptName", .string("Inter-Regular")),
                                    ("fontWeight", .integer(400)), ("fontSize", .number(size)), ("textAutoResize", .string(autoResize)),
                                    ("textAlignHorizontal", .string("LEFT")), ("textAlignVertical", .string("TOP"))] + lineHeight)),
                 ("absoluteBoundingBox", .object([("x", .number(16)), ("y", .number(y)), ("width", .number(200)), ("height", .number(height))]))])
    }

    static func document(_ texts: [JSONValue]) throws -> String {
        let json = JSONValue.object([("name", .string("lint")), ("schemaVersion", .integer(0)), ("document", .object([
            ("id", .string("0:0")), ("type", .string("DOCUMENT")), ("children", .array([.object([
                ("id", .string("0:1")), ("type", .string("CANVAS")), ("name", .string("Page")), ("children", .array([.object([
                    ("id", .string("1:1")), ("type", .string("FRAME")), ("name", .string("Screen")),
                    ("absoluteBoundingBox", .object([("x", .number(0)), ("y", .number(0)), ("width", .number(375)), ("height", .number(400))])),
                    ("children", .array(texts))])]))])]))]))])
        let path = try Paths.temporaryDirectory().appendingPathComponent("doc.json").path
        try Data(json.serialized().utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aLineHeightAFixedBoxAndATrailingBreakEachWithTheirCheckedFix() throws {
        let path = try Self.document([
            Self.text("2:1", "Designed line height", y: 0, height: 24, lineHeight: [("lineHeightUnit", .string("PIXELS")), ("lineHeightPx", .number(24))]),
            Self.text("2:3", "In a tall box", y: 200, height: 80, autoResize: "NONE"),
            Self.text("2:4", "Ends with a break\n", y: 300, height: 20.333333),
        ])
        let report = try Self.session.lintDesign(path: path)
        let bySource = Dictionary(report.findings.filter { $0.kind != .designTool }.map { ($0.source, $0) }, uniquingKeysWith: { a, _ in a })
        let lineHeight = try #require(bySource["2:1"])
        #expect(lineHeight.kind == .lineHeight && lineHeight.checked)
        #expect(abs((lineHeight.css?.firstBaseline ?? 0) - 18) < 1e-6)
        #expect(abs((lineHeight.uikit?.firstBaseline ?? 0) - 19.666667) < 1e-6)
        #expect(lineHeight.uikitCode?.contains("paragraph.lineSpacing = max(0, 24 - font.lineHeight)") == true)
        #expect(lineHeight.swiftUICode?.contains(".padding(.vertical") == true)
        let box = try #require(bySource["2:3"])
        #expect(box.kind == .fixedFrame && box.checked && box.cause.contains("centres"))
        #expect((box.uikit?.height ?? 0) == 80 && (box.css?.height ?? 0) < 30)
        let trailing = try #require(bySource["2:4"])
        #expect(trailing.kind == .trailingBreak && trailing.checked && trailing.uikit?.lines == 2 && trailing.css?.lines == 1)
        #expect(report.listsAnything)
    }

    /// Inter 12 pt sets its first baseline on the same pixel in both models (35 px at @3x): nothing is listed.
    @Test func aLayerBothModelsSetAlikeIsNotListed() throws {
        let path = try Self.document([Self.text("2:1", "Caption", y: 20, height: 14.666667, size: 12)])
        let report = try Self.session.lintDesign(path: path)
        #expect(report.findings.isEmpty && !report.listsAnything && report.layers == 1)
    }

    /// Real documents: every cause lint prints was checked; the Tailwind kit's line heights (Sketch's minimum and
    /// maximum line height) are all found and all fixed by R7.
    @Test func realDocumentsGetCheckedCauses() throws {
        let folder = Paths.root.appendingPathComponent("Fixtures/designdocs")
        let tailwind = try Self.session.lintDesign(path: folder.appendingPathComponent("sketch-tailwind/Tailwind CSS.sketch").path)
        #expect(tailwind.findings.filter { $0.kind == .lineHeight && $0.checked }.count > 500)
        #expect(!tailwind.findings.contains { $0.kind == .unexplained })
        for name in ["figma-figmagic/figma.json", "sketch-techui/TechUIdemo.sketch", "figma-design-tokens/design-tokens-for-figma.json"] {
            let report = try Self.session.lintDesign(path: folder.appendingPathComponent(name).path)
            for finding in report.findings where [.lineHeight, .fixedFrame, .trailingBreak, .rounding].contains(finding.kind) {
                #expect(finding.checked, "\(name) \(finding.source)")
            }
            #expect(report.findings.filter { $0.kind == .unexplained }.count * 50 <= report.layers, "\(name)")
        }
    }

    /// The ink a design tool recorded (`absoluteRenderBounds`) against the css layout's: the same box is not listed,
    /// one 3 pt lower at the top is, by that edge.
    @Test func recordedInkThatDisagreesWithTheCSSLayoutIsListed() throws {
        let caption = Self.text("2:1", "Caption", y: 20, height: 14.666667, size: 12)
        let first = try Self.session.lintDesign(path: try Self.document([caption]))
        #expect(first.findings.isEmpty)
        // The css layout's own ink for the layer, as lint measures it.
        let scene = try Self.session.loader.parse("""
        model: css
        canvas: { width: 375, height: 400, scale: 3 }
        root: { stack: absolute, children: [ { label: { id: c, x: 16, y: 20, width: 200, text: Caption, style: { font: Inter-Regular, size: 12, alignment: left } } } ] }
        """, path: "/tmp/ink.yaml")
        let element = try #require(scene.layout().elements.first { $0.id == "c" })
        let ink = try #require(InkBounds.of(element))
        func recorded(_ dy: Double) -> JSONValue {
            guard case .object(var members) = caption else { return caption }
            members.append(("absoluteRenderBounds", .object([("x", .number(ink.x)), ("y", .number(ink.y + dy)),
                                                              ("width", .number(ink.width)), ("height", .number(ink.height - dy))])))
            return .object(members)
        }
        let same = try Self.session.lintDesign(path: try Self.document([recorded(0)]))
        #expect(same.findings.isEmpty, "\(same.findings.map(\.cause))")
        let lower = try Self.session.lintDesign(path: try Self.document([recorded(3)]))
        let finding = try #require(lower.findings.first)
        #expect(finding.kind == .designTool && finding.cause.contains("3 pt higher at the top") && !finding.cause.contains("bottom"))
    }

    @Test func theCLIExitsOneWithAReportAndZeroWhenNothingIsListed() throws {
        let listed = try Self.document([
            Self.text("2:1", "Designed", y: 0, height: 24, lineHeight: [("lineHeightUnit", .string("PIXELS")), ("lineHeightPx", .number(24))])])
        let report = URL(fileURLWithPath: listed).deletingLastPathComponent().appendingPathComponent("lint.json").path
        let fonts = ["--font-dir", "/usr/share/fonts/opentype/inter", "--no-system-fonts"]
        let one = try runCLI(["lint", listed, "--report", report] + fonts)
        #expect(one.status == 1 && one.stdout.contains("UIKit (checked)") && one.stdout.contains("R8"))
        let json = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: report))))
        #expect(json["findings"]?.intValue == 1 && json["documents"]?.arrayValue?.first?["findings"]?.arrayValue?.first?["kind"]?.stringValue == "lineHeight")
        let clean = try Self.document([Self.text("2:1", "Caption", y: 20, height: 14.666667, size: 12)])
        let zero = try runCLI(["lint", clean] + fonts)
        #expect(zero.status == 0, "\(zero.stdout)\(zero.stderr)")
        let bad = try runCLI(["lint", "/nonexistent/doc.sketch"] + fonts)
        #expect(bad.status == 2 && bad.stderr.split(separator: "\n").count == 1)
    }
}

/// Lint's ink boxes (glyph outlines, rasterized at 8 px a point) against the ink of the same label in a render:
/// the two must agree within a render pixel, or lint's comparison with a design tool's recorded ink means nothing.
@Suite("Ink boxes of laid-out labels")
struct InkBoundsTests {
    @Test(arguments: ["Hg", "Typography ÅÉ", "y"]) func inkBoxesMatchTheRenderedInk(text: String) throws {
        let session = DesignLintTests.session
        let scene = try session.loader.parse("""
        canvas: { width: 240, height: 80, scale: 3 }
        model: css
        root:
          stack: absolute
          children:
            - label: { id: l, x: 12.5, y: 10, text: "\(text)", style: { font: Inter, size: 31 } }
        """, path: "/tmp/ink.yaml")
        let rendered = try session.render(scene)
        let element = try #require(rendered.layout.elements.first { $0.id == "l" })
        let ink = try #require(InkBounds.of(element))
        // The render's ink: every pixel darker than white.
        let image = rendered.image
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].red < 250 {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        let pixel = 1.0 / 3
        #expect(abs(ink.x - Double(minX) * pixel) <= pixel, "left \(ink.x) vs \(Double(minX) * pixel)")
        #expect(abs(ink.y - Double(minY) * pixel) <= pixel, "top \(ink.y) vs \(Double(minY) * pixel)")
        #expect(abs(ink.x + ink.width - Double(maxX + 1) * pixel) <= pixel, "right")
        #expect(abs(ink.y + ink.height - Double(maxY + 1) * pixel) <= pixel, "bottom")
    }
}
