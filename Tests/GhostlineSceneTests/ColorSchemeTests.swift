import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// Named colours, iOS's system and semantic colours, light and dark schemes, and devices. Expected values come
/// from Fixtures/apple/ios-tables.json (Apple's HIG Color and Layout pages; real UIKit for the semantic colours,
/// sources in Fixtures/apple/ios-tables.md), read here independently of the generated Swift table.
@Suite("Colours by name, light and dark, devices")
struct ColorSchemeTests {
    static let session = GhostlineSession(fontSet: FontSet(directories: ["/usr/share/fonts/opentype/inter"], systemFonts: false))

    nonisolated(unsafe) static let tables: [String: Any] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/apple/ios-tables.json")
        return try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }()

    static func published(_ name: String, _ scheme: String) -> String {
        let colors = tables["colors"] as! [String: [String: Any]]
        return (colors[name]![scheme] as! String).uppercased()
    }

    static let card = """
    canvas: { width: 200, scale: 1 }
    colors:
      accent: "#0A84FF"
      bubble: { light: "#E9E9EB", dark: "#262629" }
      ink: label
      brand: accent
    styles:
      body: { font: Inter, size: 17, color: ink }
    root:
      children:
        - label: { id: title, text: "Hi", style: body }
        - box: { id: fill, height: 10, color: bubble }
        - box: { id: blue, height: 10, color: systemBlue }
        - box: { id: brand, height: 10, color: brand }
        - box: { id: grouped, height: 10, color: secondarySystemGroupedBackground }
    """

    /// The colours of the elements by id, in `scheme` (nil: the scene's own), from the layout JSON.
    static func colors(_ yaml: String, scheme: ColorScheme? = nil) throws -> [String: String] {
        let scene = try session.loader.parse(yaml, path: "/tmp/colors.yaml", overrides: SceneOverrides(colorScheme: scheme))
        let json = try JSONValue(parsing: Array(session.render(scene).layoutJSON.utf8))
        var out: [String: String] = [:]
        for element in json["elements"]?.arrayValue ?? [] {
            if let id = element["id"]?.stringValue, let color = element["color"]?.stringValue { out[id] = color.uppercased() }
        }
        return out
    }

    @Test func namesResolveInEachScheme() throws {
        let light = try Self.colors(Self.card)
        let dark = try Self.colors(Self.card, scheme: .dark)
        #expect(light["fill"] == "#E9E9EB" && dark["fill"] == "#262629")
        #expect(light["brand"] == "#0A84FF" && dark["brand"] == "#0A84FF")
        // iOS's own colours, Apple's published values.
        #expect(light["blue"] == Self.published("systemBlue", "light") && dark["blue"] == Self.published("systemBlue", "dark"))
        #expect(light["blue"] == "#007AFF" && dark["blue"] == "#0A84FF")
        #expect(light["title"] == Self.published("label", "light") && dark["title"] == Self.published("label", "dark"))
        #expect(light["grouped"] == Self.published("secondarySystemGroupedBackground", "light"))
        #expect(dark["grouped"] == Self.published("secondarySystemGroupedBackground", "dark"))
        // The scene's own scheme, and the override over it.
        let darkScene = Self.card.replacingOccurrences(of: "scale: 1 }", with: "scale: 1, colorScheme: dark }")
        #expect(try Self.colors(darkScene)["fill"] == "#262629")
        #expect(try Self.colors(darkScene, scheme: .light)["fill"] == "#E9E9EB")
    }

    @Test func everyPublishedColourIsBuiltIn() throws {
        let colors = Self.tables["colors"] as! [String: [String: Any]]
        #expect(colors.count >= 40)
        for name in colors.keys.sorted() {
            let yaml = "canvas: { width: 20, scale: 1 }\nroot:\n  children:\n    - box: { id: b, height: 2, color: \(name) }\n"
            #expect(try Self.colors(yaml)["b"] == Self.published(name, "light"), "\(name) light")
            #expect(try Self.colors(yaml, scheme: .dark)["b"] == Self.published(name, "dark"), "\(name) dark")
        }
    }

    @Test func devicesSetWidthAndScale() throws {
        let yaml = "canvas: { device: iPhone 16 Pro }\nroot:\n  children:\n    - box: { height: 2 }\n"
        let scene = try Self.session.loader.parse(yaml, path: "/tmp/device.yaml")
        // Apple's HIG Layout table: iPhone 16 Pro is 402 × 874 pt at @3x.
        #expect(scene.canvas.width == 402 && scene.canvas.scale.factor == 3)
        let ipad = try Self.session.loader.parse(yaml.replacingOccurrences(of: "iPhone 16 Pro", with: "ipad pro 13-inch (m4)")
                                                .replacingOccurrences(of: "}\n", with: ", width: 1000 }\n", options: [], range: nil),
                                                path: "/tmp/device.yaml")
        #expect(ipad.canvas.width == 1000 && ipad.canvas.scale.factor == 2, "a written width wins; the scale stays the device's")
    }

    @Test(arguments: [
        ("canvas: { width: 20 }\nroot: { children: [ { box: { height: 2, color: sytemBlue } } ] }\n",
         "`sytemBlue` is not a colour", "did you mean `systemBlue`?"),
        ("canvas: { width: 20 }\ncolors: { a: b, b: c, c: a }\nroot: { children: [ { box: { height: 2, color: a } } ] }\n",
         "the colour names go round in a circle: a → b → c → a", "give one of them a value"),
        ("canvas: { width: 20 }\ncolors: { a: { light: \"#FFFFFF\" } }\nroot: { children: [ { box: { height: 2 } } ] }\n",
         "missing required key `dark`", "give both"),
        ("canvas: { device: iPhone 99 }\nroot: { children: [ { box: { height: 2 } } ] }\n",
         "`iPhone 99` is not a device Ghostline knows", "iPhone 16 Pro"),
        ("canvas: { width: 20, colorScheme: dim }\nroot: { children: [ { box: { height: 2 } } ] }\n",
         "dim", "light"),
    ])
    func badColoursAndDevicesAreOneLineErrors(yaml: String, problem: String, fix: String) {
        do {
            _ = try Self.session.loader.parse(yaml, path: "/tmp/bad.yaml")
            Issue.record("parsed: \(yaml)")
        } catch {
            let line = "\(error)"
            #expect(line.hasPrefix("/tmp/bad.yaml:") && !line.contains("\n"), "\(line)")
            #expect(line.contains(problem) && line.contains(fix), "\(line)")
        }
    }

    /// The Swift builder takes colours as string literals — hex or a name — without a force-unwrap, and the same
    /// names resolve; a name nothing defines is an error when the scene resolves.
    @Test func builderTakesColourLiterals() throws {
        let description = SceneDescription(width: 20, scale: 1, colorScheme: .dark, colors: ["accent": "#0A84FF", "fill": "bubble"]) {
            Box(id: "a", height: 2, color: "accent")
            Box(id: "b", height: 2, color: "systemRed")
            Box(id: "c", height: 2, color: "#33669980")
        }
        var withBubble = description
        withBubble.colors.scene.append((name: "bubble", color: .schemes(light: Color(hex: "#E9E9EB")!, dark: Color(hex: "#262629")!)))
        let scene = try Self.session.loader.resolve(withBubble)
        let json = try JSONValue(parsing: Array(Self.session.render(scene).layoutJSON.utf8))
        let colors = (json["elements"]?.arrayValue ?? []).compactMap { $0["color"]?.stringValue?.uppercased() }
        #expect(colors == ["#0A84FF", Self.published("systemRed", "dark"), "#33669980"])
        let unknown = SceneDescription(width: 20) { Box(height: 2, color: "nosuch") }
        #expect(throws: SceneError.self) { try Self.session.loader.resolve(unknown) }
    }
}
