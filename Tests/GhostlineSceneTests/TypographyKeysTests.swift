import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// The typography keys of issue 23 through the whole scene pipeline, hermetic (only the directories named): variable
/// fonts (`weight` on `wght`, `variations`, `opticalSizing`, named instances), `features`, and percent lengths.
/// Expected axis values come from fontTools' reading of the fonts' `fvar` tables (axes 100–900 for Inter's `wght`,
/// "Semi Bold" at wght 600) and from the rules the keys state; widths and baselines against Chromium are in
/// ``ChromiumTypographyTests``, advances against fontTools in GhostlineShapingTests' `VariableFontTests`.
@Suite("Typography keys: variable fonts, features, percent units")
struct TypographyKeysTests {
    static let session = GhostlineSession()
    static let variableDirectory = "/usr/share/fonts/truetype/inter-vf"
    static let staticDirectory = "/usr/share/fonts/opentype/inter"
    static let opszDirectory = Paths.root.path + "/Fixtures/fonts/opsz"

    static func scene(_ yaml: String) throws(SceneError) -> Scene {
        try session.loader.resolve(try session.loader.describe(text: yaml, path: Paths.root.path + "/typography.yaml"))
    }

    /// A one-label scene: `style` is the style's keys in flow YAML; `directories` the only fonts visible.
    static func yaml(_ style: String, text: String = "Hamburgefonstiv 1111", model: String = "uikit",
                     directories: [String] = [variableDirectory], extra: String = "",
                     canvas: String = "{ width: 320, scale: 2 }") -> String {
        """
        model: \(model)
        systemFonts: false
        fontDirectories: [\(directories.joined(separator: ", "))]
        canvas: \(canvas)
        \(extra)
        styles:
          s: { \(style) }
        root:
          stack: vertical
          children:
            - label: { id: t, text: "\(text)", style: s }
        """
    }

    /// The label `t` of a laid-out scene, from the layout JSON.
    static func label(_ scene: Scene) throws -> [String: Any] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(session.layout(scene).json.utf8)) as? [String: Any])
        return try #require((json["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "t" })
    }

    static func variations(_ scene: Scene) throws -> [String: Double] {
        let font = try #require(try label(scene)["font"] as? [String: Any])
        return (font["variations"] as? [String: Double]) ?? [:]
    }

    // MARK: Variable fonts

    /// Issue 23's first finding: `Inter.var.ttf` at weights 400, 450 and 700 rendered byte-identical PNGs.
    @Test func threeWeightsOfTheVariableFontRenderThreeDifferentPNGs() throws {
        var pngs: [[UInt8]] = []
        for weight in [400, 450, 700] {
            let scene = try Self.scene(Self.yaml("font: Inter, size: 17, weight: \(weight)"))
            pngs.append(try Self.session.render(scene).png())
            #expect(try Self.variations(scene) == (weight == 400 ? [:] : ["wght": Double(weight)]))
        }
        #expect(Set(pngs.map { $0 }).count == 3)
    }

    /// CSS font matching (Fonts 4 §5.2): a face whose weight range holds 450 matches exactly, so with the static and
    /// the variable Inter both visible, 450 draws with the variable font at wght 450, with no snapping warning;
    /// 500, which the static family has, still draws with the static Medium.
    @Test func weight450PicksTheVariableInstanceOverTheStaticMedium() throws {
        let both = [Self.staticDirectory, Self.variableDirectory]
        let scene = try Self.scene(Self.yaml("font: Inter, size: 17, weight: 450", directories: both))
        let font = try #require(try Self.label(scene)["font"] as? [String: Any])
        #expect((font["file"] as? String)?.hasPrefix(Self.variableDirectory) == true, "\(font["file"] ?? "")")
        #expect(font["snappedFrom"] == nil)
        #expect(try Self.variations(scene) == ["wght": 450])
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        let medium = try Self.scene(Self.yaml("font: Inter, size: 17, weight: 500", directories: both))
        #expect((try Self.label(medium)["font"] as? [String: Any])?["file"] as? String == Self.staticDirectory + "/Inter-Medium.otf")
    }

    /// A named instance by family and instance name: fontTools reads "Semi Bold" in Inter's fvar at wght 600.
    @Test func aNamedInstanceIsFoundByName() throws {
        let scene = try Self.scene(Self.yaml("font: Inter Semi Bold, size: 17"))
        #expect(try Self.variations(scene) == ["wght": 600])
        let resolution = try #require(scene.fontResolutions.first)
        #expect(resolution.source == .namedInstance(family: "Inter", instance: "Semi Bold"))
        // An explicit weight still moves the axis from the instance; a variations key wins over both.
        #expect(try Self.variations(Self.scene(Self.yaml("font: Inter Semi Bold, size: 17, weight: 450"))) == ["wght": 450])
        #expect(try Self.variations(Self.scene(Self.yaml("font: Inter Semi Bold, size: 17, variations: { wght: 350 }"))) == ["wght": 350])
        // A `fonts:` entry naming the variable file works as a family does.
        let entry = try Self.scene(Self.yaml("font: V Medium, size: 17", extra: "fonts: { V: \(Self.variableDirectory)/Inter.var.ttf }"))
        #expect(try Self.variations(entry) == ["wght": 500])
        // `ghostline fonts` says how it was found and which instance is drawn.
        let report = Self.session.fonts(scene).text
        #expect(report.contains("found as   the named instance Semi Bold of Inter's variable font"), "\(report)")
        #expect(report.contains("instance   wght 600"), "\(report)")
    }

    /// `variations` win over `weight`, clamp to the fvar range (Inter's wght is 100–900), and ignore axes the font
    /// lacks (Inter has no wdth), as CSS `font-variation-settings` does.
    @Test func variationsWinClampAndIgnoreAbsentAxes() throws {
        // The file with both axes, named under `fonts:` (a family look-up takes the roman-only file for upright text).
        let scene = try Self.scene(Self.yaml("font: V, size: 17, weight: 300, variations: { wght: 1000, wdth: 80, slnt: -20 }",
                                             extra: "fonts: { V: \(Self.variableDirectory)/Inter.var.ttf }"))
        #expect(try Self.variations(scene) == ["wght": 900, "slnt": -10])
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
    }

    /// UIKit (WWDC 2020, "The details of UI typography": the optical size follows the point size automatically) and
    /// CSS `font-optical-sizing: auto` set `opsz` to the size in points; `none` leaves the default (17 in the test
    /// font, so `none` at 32 draws as the default instance); an explicit opsz wins. A Dynamic Type style's opsz is
    /// the size Apple's table gives it (body at xLarge: 19 pt).
    @Test(arguments: ["uikit", "css"])
    func opticalSizeFollowsThePointSize(model: String) throws {
        func opsz(_ style: String, canvas: String = "{ width: 320, scale: 2 }") throws -> Double? {
            try Self.variations(Self.scene(Self.yaml("font: Ghostline Opsz Test, " + style, model: model,
                                                     directories: [Self.opszDirectory], canvas: canvas)))["opsz"]
        }
        #expect(try opsz("size: 11") == 11)
        #expect(try opsz("size: 32") == 32)
        #expect(try opsz("size: 32, opticalSizing: auto") == 32)
        #expect(try opsz("size: 32, opticalSizing: none") == nil)
        #expect(try opsz("size: 80") == 40)   // clamped to the axis maximum
        #expect(try opsz("size: 12, variations: { opsz: 30 }") == 30)
        #expect(try opsz("textStyle: body", canvas: "{ width: 320, scale: 2, contentSize: xLarge }") == 19)
    }

    /// UIKit's weight trait on a variable font: `UIFont.systemFont(ofSize:weight:)` and a descriptor's weight trait set
    /// the `wght` axis. A Dynamic Type style brings its table weight and size: Apple's HIG table gives Headline at the
    /// Large category as 17 pt Semibold, so on the variable Inter it is wght 600 at 17 pt.
    @Test func uikitWeightTraitsAndTextStylesSetTheAxis() throws {
        #expect(try Self.variations(Self.scene(Self.yaml("font: Inter, size: 17, weight: semibold"))) == ["wght": 600])
        #expect(try Self.variations(Self.scene(Self.yaml("font: Inter, size: 17, weight: ultraLight"))) == ["wght": 100])
        let headline = try Self.scene(Self.yaml("font: Inter, textStyle: headline"))
        #expect(try Self.variations(headline) == ["wght": 600])
        #expect((try Self.label(headline)["font"] as? [String: Any])?["size"] as? Double == 17)
    }

    /// Fallback sees the instance: a character the variable Inter lacks drawn from another variable font (here the
    /// roman-only variable file, listed in `fallback:`) takes the style's weight on its own wght axis.
    @Test func aVariableFallbackFontDrawsAtTheStylesInstance() throws {
        let opsz = Self.opszDirectory + "/GhostlineOpszTest.ttf"
        // The opsz test font only has ASCII; "é" comes from the fallback, Inter's variable file, at the style's weight.
        let scene = try Self.scene(Self.yaml("font: O, size: 17, weight: 650", text: "Café",
                                             directories: [Self.opszDirectory, Self.variableDirectory],
                                             extra: "fonts: { O: \(opsz) }\nfallback: [\(Self.variableDirectory)/Inter-roman.var.ttf]"))
        let lines = try #require(try Self.label(scene)["lines"] as? [[String: Any]])
        let runs = try #require(lines.first?["runs"] as? [[String: Any]])
        let fallback = try #require(runs.first { $0["fallback"] as? Bool == true })
        #expect(fallback["variations"] as? [String: Double] == ["wght": 650])
    }

    // MARK: Features

    /// Features reach the shaper from a style and from a run, and the layout JSON lists them in the order written.
    @Test func featuresReachTheShaperAndTheLayoutJSON() throws {
        func width(_ text: String, _ features: String) throws -> Double {
            let scene = try Self.scene(Self.yaml("font: Inter, size: 17" + features, text: text, directories: [Self.staticDirectory]))
            let lines = try #require(try Self.label(scene)["lines"] as? [[String: Any]])
            return try #require(lines.first?["width"] as? Double)
        }
        #expect(try width("1111", ", features: { tnum: 1 }") == (try width("0000", ", features: { tnum: 1 }")))
        #expect(try width("1111", "") < (try width("0000", "")))
        let scene = try Self.scene(Self.yaml("font: Inter, size: 17, features: { tnum: 1, ss01: 1, liga: 0, cv05: 2 }",
                                             directories: [Self.staticDirectory]))
        let font = try #require(try Self.label(scene)["font"] as? [String: Any])
        #expect(font["features"] as? [String: Int] == ["tnum": 1, "ss01": 1, "liga": 0, "cv05": 2])
        // In the order written (a dictionary above cannot tell).
        let json = Self.session.layout(scene).json
        #expect(json.contains("\"features\": { \"tnum\": 1, \"ss01\": 1, \"liga\": 0, \"cv05\": 2 }"))
    }

    @Test func aRunsFeaturesReplaceTheLabels() throws {
        let yaml = """
        model: uikit
        systemFonts: false
        fontDirectories: [\(Self.staticDirectory)]
        canvas: { width: 320, scale: 2 }
        styles:
          s: { font: Inter, size: 17 }
        root:
          stack: vertical
          children:
            - label: { id: t, style: s, runs: [ { text: "1111" }, { text: "1111", style: { features: { tnum: 1 } } } ] }
        """
        let lines = try #require(try Self.label(Self.scene(yaml))["lines"] as? [[String: Any]])
        let runs = try #require(lines.first?["runs"] as? [[String: Any]])
        try #require(runs.count == 2)
        #expect(runs[0]["features"] == nil)
        #expect(runs[1]["features"] as? [String: Int] == ["tnum": 1])
        #expect((runs[0]["width"] as! Double) < (runs[1]["width"] as! Double))
    }

    // MARK: Percent units

    /// Figma's percentages are of the font size: "-2%" at 24 pt is -0.48 pt of tracking, "120%" at 17 pt a 20.4 pt
    /// line. In the uikit model the percent scene lays out exactly as the points scene; in the css model a line
    /// height percentage is cut to a whole number first, as Blink does (133.3% is 133%).
    @Test func percentagesAreOfTheSize() throws {
        func layout(_ style: String, model: String = "uikit") throws -> String {
            let scene = try Self.scene(Self.yaml("font: Inter, " + style, text: "Percent units wrap onto a second line here, then a third",
                                                 model: model, directories: [Self.staticDirectory]))
            return Self.session.layout(scene).json
        }
        #expect(try layout("size: 24, letterSpacing: \"-2%\"") == (try layout("size: 24, letterSpacing: -0.48")))
        #expect(try layout("size: 17, lineHeight: \"120%\"") == (try layout("size: 17, lineHeight: 20.4")))
        #expect(try layout("size: 19, lineHeight: \"133.3%\"") == (try layout("size: 19, lineHeight: 25.327")))
        #expect(try layout("size: 19, lineHeight: \"133.3%\"", model: "css") == (try layout("size: 19, lineHeight: 25.27", model: "css")))
        // With a Dynamic Type style the percentage is of the table's size (body at Large: 17 pt).
        #expect(try layout("textStyle: body, lineHeight: \"150%\"") == (try layout("textStyle: body, lineHeight: 25.5")))
    }

    // MARK: Errors

    /// Bad values: one line naming the file, line:column, key path and the fix.
    @Test(arguments: [
        ("features: { tnu: 1 }", "styles.s.features.tnu", "four letters"),
        ("features: { tnum: 70000 }", "styles.s.features.tnum", "0 to 65535"),
        ("features: [tnum]", "styles.s.features", "tnum: 1"),
        ("variations: { wght: heavy }", "styles.s.variations.wght", "450"),
        ("variations: { weight: 450 }", "styles.s.variations.weight", "four letters"),
        ("opticalSizing: sometimes", "styles.s.opticalSizing", "auto, none"),
        ("letterSpacing: \"two%\"", "styles.s.letterSpacing", "\"-2%\""),
        ("letterSpacing: \"-200%\"", "styles.s.letterSpacing", "-100.0% to 100.0%"),
        ("lineHeight: \"0%\"", "styles.s.lineHeight", "1.0% to 1000.0%"),
        ("lineHeight: tall", "styles.s.lineHeight", "\"120%\""),
    ])
    func badValuesNameThePlaceAndTheFix(style: String, keyPath: String, fix: String) throws {
        do {
            _ = try Self.scene(Self.yaml("font: Inter, size: 17, " + style))
            Issue.record("\(style) was accepted")
        } catch {
            let message = "\(error)"
            #expect(error.keyPath == keyPath, "\(message)")
            #expect(error.line == 7 && error.column != nil, "\(message)")
            #expect(message.contains("typography.yaml:7:"), "\(message)")
            #expect(message.contains(fix), "\(message)")
            #expect(!message.contains("\n"))
        }
    }
}
