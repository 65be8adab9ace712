import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// docs/recipes.md: every recipe is a scene file (docs/recipes/NAME.yaml), its committed render (NAME@2x.png) and
/// a Swift twin below. The render must be what the scene renders today, the twin must render the same bytes, and
/// the page must show the scene file and the twin's code exactly as they are here.
@Suite("Recipes")
struct RecipeTests {
    static let directory = Paths.root.appendingPathComponent("docs/recipes").path
    static let session = GhostlineSession()
    static let inter = ["/usr/share/fonts/opentype/inter"]

    // recipe: button
    static func button() -> SceneDescription {
        SceneDescription(width: 320, scale: 2, fontDirectories: inter, systemFonts: false,
                         styles: ["cta": StyleDescription(font: "Inter", size: 17, weight: .semibold, lineHeight: 22,
                                                          color: "white", alignment: .center)]) {
            VStack(padding: 16) {
                Label("Get Started", id: "cta", style: "cta")
                    .padding(EdgeInsets(top: 14, bottom: 14))
                    .background("systemBlue", cornerRadius: 14)
            }
        }
    }
    // end

    // recipe: badge
    static func badge() -> SceneDescription {
        SceneDescription(width: 320, scale: 2, fontDirectories: inter, systemFonts: false,
                         styles: ["count": StyleDescription(font: "Inter", size: 12, weight: .bold, lineHeight: 16,
                                                            color: "white", alignment: .center)]) {
            VStack(padding: 16, align: .leading) {
                Overlay(id: "avatar", alignment: .topTrailing) {
                    Box(id: "photo", width: 56, height: 56, color: "systemGray4", cornerRadius: 28)
                    Label("12", id: "count", style: "count")
                        .frame(minWidth: 20)
                        .padding(EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6))
                        .background("systemRed", cornerRadius: 10, border: (2, "systemBackground"))
                }
                .frame(width: 64, height: 64)
            }
        }
    }
    // end

    // recipe: chip
    static func chip() -> SceneDescription {
        func chip(_ text: String, id: String) -> ElementDescription {
            Label(text, id: id, style: "chip")
                .padding(EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12))
                .background("chip", cornerRadius: 16, border: (1, "separator"))
        }
        return SceneDescription(width: 320, scale: 2, colors: ["chip": .schemes(light: Color(hex: "#F2F2F7")!, dark: Color(hex: "#1C1C1E")!)],
                                fontDirectories: inter, systemFonts: false,
                                styles: ["chip": StyleDescription(font: "Inter", size: 15, weight: .medium, lineHeight: 20, color: "label")]) {
            VStack(padding: 16) {
                HStack(spacing: 8) {
                    chip("All", id: "all")
                    chip("Unread", id: "unread")
                    chip("Flagged", id: "flagged")
                    Spacer()
                }
            }
        }
    }
    // end

    // recipe: cell
    static func cell() -> SceneDescription {
        let title = StyleDescription(font: "Inter", size: 17, lineHeight: 22, color: "label")
        return SceneDescription(width: 320, scale: 2, background: "systemGroupedBackground", fontDirectories: inter, systemFonts: false,
                                styles: ["title": title, "value": title.with(\.color, "secondaryLabel"),
                                         "chevron": title.with(\.weight, .semibold).with(\.color, "tertiaryLabel")]) {
            VStack(padding: 16) {
                HStack(id: "cell", padding: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16), spacing: 8, align: .center) {
                    Label("Wi-Fi", id: "title", style: "title")
                    Spacer()
                    Label("HomeNetwork", id: "value", style: "value")
                    Label("›", id: "chevron", style: "chevron")
                }
                .frame(height: 44)
                .background("secondarySystemGroupedBackground", cornerRadius: 10)
            }
        }
    }
    // end

    // recipe: bubble
    static func bubble() -> SceneDescription {
        SceneDescription(width: 320, scale: 2, fontDirectories: inter, systemFonts: false,
                         styles: ["mine": StyleDescription(font: "Inter", size: 17, lineHeight: 22, color: "white")]) {
            VStack(padding: 16) {
                HStack {
                    Spacer()
                    Label("See you at noon at the usual place?", id: "bubble", style: "mine")
                        .frame(maxWidth: 220)
                        .padding(EdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12))
                        .background("systemBlue", cornerRadius: 18)
                }
            }
        }
    }
    // end

    // recipe: title
    static func title() -> SceneDescription {
        SceneDescription(width: 320, scale: 2, background: "systemGroupedBackground", fontDirectories: inter, systemFonts: false,
                         styles: ["large": StyleDescription(font: "Inter", textStyle: .largeTitle, weight: .bold, color: "label")]) {
            VStack(padding: EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)) {
                Label("Settings", id: "title", style: "large")
            }
        }
    }
    // end

    // recipe: dark
    static func dark() -> SceneDescription {
        let title = StyleDescription(font: "Inter", size: 17, lineHeight: 22, color: "label")
        return SceneDescription(width: 320, scale: 2, background: "systemGroupedBackground", colorScheme: .dark,
                                fontDirectories: inter, systemFonts: false,
                                styles: ["cta": StyleDescription(font: "Inter", size: 17, weight: .semibold, lineHeight: 22,
                                                                 color: "white", alignment: .center),
                                         "title": title, "value": title.with(\.color, "secondaryLabel")]) {
            VStack(padding: 16, spacing: 12) {
                HStack(padding: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16), align: .center) {
                    Label("Appearance", id: "title", style: "title")
                    Spacer()
                    Label("Dark", id: "value", style: "value")
                }
                .frame(height: 44)
                .background("secondarySystemGroupedBackground", cornerRadius: 10)
                Label("Done", id: "cta", style: "cta")
                    .padding(EdgeInsets(top: 14, bottom: 14))
                    .background("systemBlue", cornerRadius: 14)
            }
        }
    }
    // end

    static let recipes: [(String, @Sendable () -> SceneDescription)] = [
        ("button", button), ("badge", badge), ("chip", chip), ("cell", cell), ("bubble", bubble), ("title", title), ("dark", dark),
    ]

    @Test(arguments: recipes.map(\.0))
    func theRecipeRendersItsPictureBothWays(name: String) throws {
        let loader = Self.session.loader
        let yaml = try Self.session.render(try loader.resolve(try loader.describe(path: Self.directory + "/\(name).yaml")))
        let committed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.directory + "/\(name)@2x.png")))
        #expect(try yaml.png() == committed, "docs/recipes/\(name)@2x.png is not what \(name).yaml renders; re-render it")
        let twin = Self.recipes.first { $0.0 == name }!.1()
        let swift = try Self.session.render(try loader.resolve(twin))
        #expect(swift.layoutJSON == yaml.layoutJSON)
        #expect(try swift.png() == committed)
    }

    /// The page shows every recipe's scene file and Swift twin exactly as they are.
    @Test func thePageShowsTheFilesAndTheTwins() throws {
        let page = try String(contentsOf: Paths.root.appendingPathComponent("docs/recipes.md"), encoding: .utf8)
        let source = try String(contentsOf: Paths.root.appendingPathComponent("Tests/GhostlineSceneTests/RecipeTests.swift"), encoding: .utf8)
        for (name, _) in Self.recipes {
            let yaml = try String(contentsOfFile: Self.directory + "/\(name).yaml", encoding: .utf8)
            #expect(page.contains("```yaml\n" + yaml + "```"), "docs/recipes.md does not show \(name).yaml as it is")
            let start = try #require(source.range(of: "    // recipe: \(name)\n"))
            let end = try #require(source.range(of: "    // end\n", range: start.upperBound..<source.endIndex))
            let code = source[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
            #expect(page.contains("```swift\n" + code + "```"), "docs/recipes.md does not show the \(name) twin as RecipeTests.swift has it")
            #expect(page.contains("](recipes/\(name)@2x.png)"), "docs/recipes.md does not show \(name)'s render")
        }
    }
}
