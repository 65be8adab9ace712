import Foundation
import GhostlineTestSupport
import Ghostline
import Testing
@testable import GhostlineScene

/// The Swift builder covers every key of the scene format: `Fixtures/scenes/every-key/uikit.yaml` and `css.yaml`
/// use every key the parser accepts, and their Swift twins here render the same bytes and the same layout JSON.
/// A key added to the parser and not to those files fails `everyParserKeyIsInTheEveryKeyScenes`; one added there
/// without a builder equivalent cannot be written in the twin, so the renders differ.
@Suite("The Swift builder covers every key")
struct SceneBuilderCoverageTests {
    static let directory = URL(fileURLWithPath: Paths.demoScene).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenes/every-key").path
    static let session = GhostlineSession()

    /// Every key list of the parser, by where it is allowed.
    static let keyLists: [(place: String, keys: [String])] = [
        ("top", SceneParser.topKeys), ("canvas", SceneParser.canvasKeys), ("stack", SceneParser.stackKeys),
        ("label", SceneParser.labelKeys), ("box", SceneParser.boxKeys), ("image", SceneParser.imageKeys),
        ("overlay", SceneParser.overlayKeys), ("background", SceneParser.backgroundKeys),
        ("border", SceneParser.borderKeys), ("border sides", BorderDescription.sideKeys), ("gap", SceneParser.gapKeys), ("spacer", SceneParser.spacerKeys),
        ("run", SceneParser.runKeys), ("style", StyleDescription.keys), ("ignore", SceneParser.ignoreKeys),
        ("padding", SceneParser.insetKeys), ("font", SceneParser.fontEntryKeys), ("metrics", SceneParser.metricsKeys),
        ("priority", SceneParser.axisKeys), ("scheme", SceneParser.schemeKeys), ("style guide", StyleGuide.keys),
        ("child", ["label", "box", "image", "gap", "spacer", "overlay", "stack"]),
        ("underline or strikethrough", DecorationDescription.keys),
    ]

    @Test func everyParserKeyIsInTheEveryKeyScenes() throws {
        let text = try String(contentsOfFile: Self.directory + "/uikit.yaml", encoding: .utf8)
            + (try String(contentsOfFile: Self.directory + "/css.yaml", encoding: .utf8))
        let written = Set(text.split(separator: "\n").flatMap { line -> [String] in
            // A comment starts at "# " (a colour's "#" follows a quote).
            let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("#") ? ""
                : line.components(separatedBy: " # ").first ?? ""
            // Every `key:` on the line, in block or flow style.
            return code.split(whereSeparator: { " {,[-".contains($0) }).compactMap { token in
                token.hasSuffix(":") ? String(token.dropLast()) : nil
            }
        })
        for (place, keys) in Self.keyLists {
            for key in keys { #expect(written.contains(key), "`\(key)` (\(place)) is missing from the every-key scenes") }
        }
    }

    /// The uikit scene in Swift.
    static func uikitTwin() throws -> SceneDescription {
        var body = StyleDescription(font: "Inter", size: 15, weight: .regular, italic: false, lineHeight: 20,
                                    lineHeightStrategy: .padded, letterSpacing: 0.2, color: "ink", underline: false,
                                    strikethrough: false, baselineOffset: 0, alignment: .natural, language: "en")
            .with(\.kerning, true).with(\.ligatures, true).with(\.lineSpacing, 1).with(\.paragraphSpacing, 4)
            .with(\.paragraphSpacingBefore, 2).with(\.minimumLineHeight, 18).with(\.maximumLineHeight, 30)
            .with(\.lineHeightMultiple, 1).with(\.hyphenationFactor, 0.5)
        body.character.weight = FontWeight(400)
        let title = StyleDescription(font: "tight", textStyle: .title2, weight: FontWeight(600))
        let scaled = StyleDescription(font: "Inter", size: 13).with(\.scalesWith, .footnote).with(\.maximumPointSize, 20)
        let tight = NamedFont(name: "tight", file: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", faceIndex: 0,
                              metrics: FontMetricsOverride(unitsPerEm: 2816, ascender: 2700, descender: -700, lineGap: 0,
                                                           capHeight: 2048, xHeight: 1536))
        let scene = SceneDescription(
            width: 320, device: "iPhone 16 Pro", height: nil, scale: 2, background: "systemGroupedBackground", grid: 4,
            contentSize: .xLarge, layoutDirection: .leftToRight, model: .uikit, colorScheme: .dark,
            colors: ["accent": "#0A84FF", "bubble": .schemes(light: Color(hex: "#E9E9EB")!, dark: Color(hex: "#262629")!),
                     "ink": "label"],
            fontDirectories: ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/opentype/noto"], systemFonts: false,
            fonts: [tight], fallback: ["Noto Sans CJK JP"],
            styles: ["body": body, "title": title, "scaled": scaled],
            ignore: [Rect(x: 0, y: 0, width: 10, height: 10)], minColorDifference: 2, directory: directory
        ) {
            VStack(id: "root", padding: EdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12), spacing: 6, align: .fill) {
                Label("Every key", id: "title", style: "title").anchoring(alignCapHeight: true)
                Gap(30, from: .lastBaseline, to: .firstBaseline)
                Label(runs: [Run("Runs, "), Run("struck, ", style: StyleDescription(strikethrough: true).with(\.color, "accent")),
                             Run("日本")],
                      id: "body", style: "body", numberOfLines: 2, alignment: .left, lineBreakMode: .truncateTail,
                      baseWritingDirection: .leftToRight)
                    .anchoring(snapToGrid: true).padding(4).background("bubble").frame(minWidth: 100, maxWidth: 280)
                    .priorities(hugging: (251, 251), compressionResistance: (749, 750))
                Label("From the style guide", id: "guided", style: "caption").background("guideInk")
                    .frame(width: 200, height: 20, minHeight: 10, maxHeight: 40)
                Label("Scaled", id: "scaled", style: "scaled")
                Label("Shrinks to fit its width", id: "shrunk", style: "body", numberOfLines: 1, lineBreakMode: .truncateTail)
                    .adjustsFontSizeToFitWidth(minimumScaleFactor: 0.5, baselineAdjustment: .alignCenters)
                    .allowsDefaultTighteningForTruncation().frame(width: 120)
                HStack(id: "row", spacing: 8, align: .firstBaseline) {
                    Image("../assets/icon@3x.png", id: "icon", width: 20, height: 20).background("#00000011")
                        .priorities(hugging: 250, compressionResistance: 750).frame(minWidth: 10, minHeight: 10, maxWidth: 30, maxHeight: 30)
                    Spacer(minLength: 4)
                    Overlay(id: "badge", alignment: .topTrailing) {
                        Box(id: "dot", width: 8, height: 8, color: "systemRed", cornerRadius: 4)
                            .background("white", border: (1, "black")).frame(minWidth: 8, minHeight: 8, maxWidth: 8, maxHeight: 8)
                        Label("3", id: "count", style: "body")
                    }
                    .frame(width: 60, height: 28, minWidth: 20, minHeight: 20, maxWidth: 100, maxHeight: 40)
                    .background("accent", cornerRadius: 14)
                    Gap(8)
                    Box(id: "fill", height: 12, color: .schemes(light: Color(hex: "#FF0000")!, dark: Color(hex: "#00FF00")!))
                }
                .frame(minHeight: 30)
            }
            .arrangement(distribution: .fill, baselineRelative: false)
            .background("systemBackground", cornerRadius: 12, border: (1, "separator"))
        }
        return try scene.including(["guide.yaml"])
    }

    /// The css scene in Swift.
    static func cssTwin() -> SceneDescription {
        let body = StyleDescription(font: "Inter", size: 15).with(\.lineBreak, .strict).with(\.whiteSpace, .normal)
            .with(\.overflowWrap, .anywhere).with(\.wordBreak, .breakAll).with(\.hyphens, .manual)
            .with(\.textSpacingTrim, .spaceAll)
        let varied = StyleDescription(font: "Inter", size: 15, weight: FontWeight(450))
            .with(\.variations, [VariationSetting("wght", 480)]).with(\.opticalSizing, OpticalSizing.none)
            .with(\.features, [ShapingFeature("tnum"), ShapingFeature("ss01"), ShapingFeature("liga", value: 0),
                               ShapingFeature("cv05", value: 2)])
            .with(\.letterSpacingPercent, -2).with(\.lineHeightPercent, 120)
        let cased = StyleDescription(font: "Inter", size: 15, underline: DecorationDescription(line: .double, pattern: .dash, color: "#0A84FF"),
                                     language: "de")
            .with(\.textCase, .upper).with(\.firstLineHeadIndent, 4).with(\.headIndent, 12).with(\.tailIndent, -8)
            .with(\.strikethrough, DecorationDescription(line: .thick, pattern: .dashDot))
        let capitalized = StyleDescription(underline: DecorationDescription(pattern: .dot), strikethrough: false)
            .with(\.textCase, .capitalize)
        return SceneDescription(width: 240, scale: 1, model: .css,
                                fontDirectories: ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/inter-vf"],
                                systemFonts: false, styles: ["body": body, "varied": varied, "cased": cased], directory: directory) {
            Label("CSS  text  keys", id: "css", style: "body")
            Label("Variable office 1,110.96", id: "varied", style: "varied")
            Label(runs: [Run("Große Straße, "), Run("capitalized words", style: capitalized)], id: "cased", style: "cased")
            AbsoluteStack(id: "placed", height: 40) {
                Label("Beta", id: "badge", style: "body").placed(x: 120, y: 8).source("1BD845F2-700C")
            }.source("0:1")
            HStack(id: "row") {
                Label("Name", id: "name", style: "body").grow(1).shrink(2)
                Label("9:41", id: "time", style: "body").alignSelf(.center)
            }.background("#FFFFFF", border: BorderDescription(top: .init(width: 1, color: "#C6C6C8"),
                                                              leading: .init(width: 2, color: "#FF3B30"),
                                                              bottom: .init(width: 1, color: "#C6C6C8"),
                                                              trailing: .init(width: 2, color: "#34C759")))
        }
    }

    @Test(arguments: ["uikit", "css"])
    func theSwiftTwinRendersTheSameBytes(name: String) throws {
        let path = Self.directory + "/\(name).yaml"
        let loader = Self.session.loader
        let fromYAML = try loader.resolve(try loader.describe(path: path))
        let twin = name == "uikit" ? try Self.uikitTwin() : Self.cssTwin()
        let fromSwift = try loader.resolve(twin)
        let yaml = try Self.session.render(fromYAML), swift = try Self.session.render(fromSwift)
        #expect(swift.layoutJSON == yaml.layoutJSON)
        #expect(try swift.png() == yaml.png())
        #expect(fromSwift.ignore == fromYAML.ignore)
        #expect(fromSwift.minColorDifference == fromYAML.minColorDifference)
    }
}
