import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// The four everyday screens written with the Swift builder render the same bytes as their YAML
/// (`Fixtures/screens/*.yaml`), in light and in dark: no negative gap, no size measured by hand.
@Suite("Everyday screens in Swift")
struct ScreenTwinTests {
    static let directory = ScreenTests.directory
    static let session = GhostlineSession()
    static let inter = ["/usr/share/fonts/opentype/inter"]

    static func settings() -> SceneDescription {
        let row = StyleDescription(font: "Inter", size: 17, lineHeight: 22, color: "label")
        func cell(_ id: String, _ title: String, _ value: String, prefix: String) -> ElementDescription {
            HStack(id: id, padding: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16), spacing: 8, align: .center) {
                Label(title, id: "\(prefix)-title", style: "row")
                Spacer()
                Label(value, id: "\(prefix)-value", style: "value")
                Label("›", id: "\(prefix)-chevron", style: "chevron")
            }
            .frame(height: 44)
        }
        return SceneDescription(width: 390, scale: 3, background: "systemGroupedBackground", model: .css,
                                fontDirectories: inter, systemFonts: false,
                                styles: ["heading": StyleDescription(font: "Inter", size: 34, weight: .bold, lineHeight: 41, color: "label"),
                                         "header": StyleDescription(font: "Inter", size: 13, lineHeight: 18, color: "secondaryLabel"),
                                         "row": row,
                                         "value": row.with(\.color, "secondaryLabel"),
                                         "chevron": row.with(\.weight, .semibold).with(\.color, "tertiaryLabel"),
                                         "footnote": StyleDescription(font: "Inter", size: 13, lineHeight: 18, color: "secondaryLabel")],
                                directory: directory) {
            VStack(id: "root", padding: EdgeInsets(top: 12, leading: 16, bottom: 24, trailing: 16), spacing: 8) {
                Label("Settings", id: "heading", style: "heading")
                Label("NETWORK", id: "header", style: "header").padding(EdgeInsets(top: 16, leading: 16))
                VStack(id: "network") {
                    cell("wifi", "Wi-Fi", "HomeNetwork-5G", prefix: "wifi")
                    Box(id: "separator", height: 0.5, color: "separator")
                    cell("bluetooth", "Bluetooth", "On", prefix: "bt")
                }
                .background("secondarySystemGroupedBackground", cornerRadius: 10)
                Label("Ghostline checks every label of this list against the design, on every device, in light and dark.",
                      id: "footnote", style: "footnote").padding(EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
            }
        }
    }

    static func product() -> SceneDescription {
        SceneDescription(width: 240, scale: 3, background: "systemBackground", model: .css, colors: ["sale": "systemRed"],
                         fontDirectories: inter, systemFonts: false,
                         styles: ["title": StyleDescription(font: "Inter", size: 15, weight: .semibold, lineHeight: 20, color: "label"),
                                  "price": StyleDescription(font: "Inter", size: 17, weight: .bold, lineHeight: 22, color: "label"),
                                  "old": StyleDescription(font: "Inter", size: 13, lineHeight: 22, color: "secondaryLabel", strikethrough: true),
                                  "badge": StyleDescription(font: "Inter", size: 11, weight: .bold, lineHeight: 14, letterSpacing: 0.5, color: "white")],
                         directory: directory) {
            VStack(id: "root", padding: 12, spacing: 8) {
                Overlay(id: "media", alignment: .topLeading) {
                    Box(id: "image", height: 150, color: "systemGray5", cornerRadius: 12)
                    Overlay(id: "badge-holder", alignment: .topLeading) {
                        Label("SALE", id: "badge", style: "badge").padding(EdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8))
                            .background("sale", cornerRadius: 6)
                    }
                }
                Label("Wireless Noise-Cancelling Headphones with a Thirty-Hour Battery", id: "title", style: "title",
                      numberOfLines: 2, lineBreakMode: .truncateTail)
                HStack(id: "prices", spacing: 8, align: .firstBaseline) {
                    Label("$249.99", id: "price", style: "price")
                    Label("$349.99", id: "old-price", style: "old")
                }
            }
        }
    }

    static func onboarding() -> SceneDescription {
        let button = StyleDescription(font: "Inter", size: 17, weight: .semibold, lineHeight: 22, alignment: .center)
        return SceneDescription(width: 390, scale: 3, background: "systemBackground", model: .css,
                                colors: ["accent": .schemes(light: Color(hex: "#007AFF")!, dark: Color(hex: "#0A84FF")!)],
                                fontDirectories: inter, systemFonts: false,
                                styles: ["title": StyleDescription(font: "Inter", size: 28, weight: .bold, lineHeight: 34, color: "label", alignment: .center),
                                         "body": StyleDescription(font: "Inter", size: 17, lineHeight: 22, color: "secondaryLabel", alignment: .center),
                                         "primary": button.with(\.color, "white"), "secondary": button.with(\.color, "accent")],
                                directory: directory) {
            VStack(id: "root", padding: EdgeInsets(top: 48, leading: 24, bottom: 32, trailing: 24), spacing: 12) {
                Overlay(id: "hero") { Box(id: "hero-image", width: 120, height: 120, color: "systemGray6", cornerRadius: 28) }
                Label("Welcome to Ghostline", id: "title", style: "title")
                Label("Check every screen against its design before it ships, in both colour schemes.", id: "body", style: "body")
                Spacer(minLength: 24)
                Label("Get Started", id: "continue", style: "primary").padding(EdgeInsets(top: 14, bottom: 14))
                    .background("accent", cornerRadius: 14)
                Label("Not Now", id: "later", style: "secondary").padding(EdgeInsets(top: 14, bottom: 14))
            }
        }
    }

    static func chat() -> SceneDescription {
        let insets = EdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12)
        func bubble(_ text: String, id: String, mine: Bool) -> ElementDescription {
            Label(text, id: id, style: mine ? "mine" : "message").frame(maxWidth: 260).padding(insets)
                .background(mine ? "outgoing" : "incoming", cornerRadius: 18)
        }
        return SceneDescription(width: 390, scale: 3, background: "systemBackground", model: .css,
                                colors: ["incoming": .schemes(light: Color(hex: "#E9E9EB")!, dark: Color(hex: "#262629")!),
                                         "outgoing": "systemBlue"],
                                fontDirectories: ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/noto"], systemFonts: false,
                                fallback: ["Noto Color Emoji"],
                                styles: ["message": StyleDescription(font: "Inter", size: 17, lineHeight: 22, color: "label"),
                                         "mine": StyleDescription(font: "Inter", size: 17, lineHeight: 22, color: "white"),
                                         "time": StyleDescription(font: "Inter", size: 12, lineHeight: 16, color: "secondaryLabel", alignment: .center)],
                                directory: directory) {
            VStack(id: "root", padding: EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16), spacing: 6) {
                Label("Today 9:41", id: "time", style: "time")
                HStack(id: "row1") { bubble("Are we still on for lunch tomorrow?", id: "in1", mine: false); Spacer() }
                HStack(id: "row2") { Spacer(); bubble("Yes! See you at noon 🍜", id: "out1", mine: true) }
                HStack(id: "row3") { bubble("Supercalifragilisticexpialidociousandthensome", id: "in2", mine: false); Spacer() }
            }
        }
    }

    @Test(arguments: ["settings", "product", "onboarding", "chat"], ColorScheme.allCases)
    func theSwiftScreenRendersTheSameBytes(screen: String, scheme: ColorScheme) throws {
        let loader = Self.session.loader
        let twin: SceneDescription = ["settings": Self.settings, "product": Self.product, "onboarding": Self.onboarding,
                                      "chat": Self.chat][screen]!()
        let overrides = SceneOverrides(colorScheme: scheme)
        let yaml = try Self.session.render(try loader.resolve(try loader.describe(path: Self.directory + "/\(screen).yaml"), overrides: overrides))
        let swift = try Self.session.render(try loader.resolve(twin, overrides: overrides))
        #expect(swift.layoutJSON == yaml.layoutJSON)
        #expect(try swift.png() == yaml.png())
    }
}
