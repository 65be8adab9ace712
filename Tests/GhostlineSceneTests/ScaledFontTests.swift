import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineLayout
import GhostlineScene
import Testing

/// Dynamic Type for custom fonts (`scalesWith`, `maximumPointSize`), as
/// `UIFontMetrics(forTextStyle:).scaledFont(for:maximumPointSize:)` scales them: the factor at a category is the
/// text style's size there over its size at Large (HIG table, body: 14 15 16 17 19 21 23 28 33 40 47 53 from
/// xSmall to AX5), not rounded (Apple documents no rounding; a UIFont's point size is a CGFloat).
@Suite("Dynamic Type: scalesWith, maximumPointSize, UIKit's category names")
struct ScaledFontTests {
    let loader = SceneLoader(fonts: FontContext())

    static let brand = """
    canvas: { width: 320 }
    styles:
      brand: { font: Inter, size: 22, lineHeight: 28, scalesWith: body }
    root:
      children:
        - label: { id: l, text: "Brand", style: brand }
    """

    /// The first label of a resolved scene: its point size and designed line height.
    func firstLabel(_ yaml: String, _ category: ContentSizeCategory? = nil) throws -> LabelNode {
        let scene = try loader.parse(yaml, path: Paths.demoScene, overrides: SceneOverrides(contentSize: category))
        guard case .stack(let root) = scene.root, case .label(let label)? = root.children.first else {
            throw SceneError(file: "", keyPath: "", problem: "no label", fix: "")
        }
        return label
    }

    /// 22/28 scaling with body: at Large as written; at xLarge 22 × 19 / 17 = 24.588 pt and 28 × 19 / 17 =
    /// 31.294 pt; at xSmall 22 × 14 / 17 = 18.118 pt; at AX5 22 × 53 / 17 = 68.588 pt.
    @Test func sizeAndLineHeightScaleByTheTextStylesCurve() throws {
        let large = try firstLabel(Self.brand, .Large)
        #expect(large.text.baseStyle.pointSize == 22 && large.paragraph.lineHeight == 28)
        let xLarge = try firstLabel(Self.brand, .xLarge)
        #expect(abs(xLarge.text.baseStyle.pointSize - 22.0 * 19 / 17) < 1e-9)
        #expect(abs(xLarge.paragraph.lineHeight! - 28.0 * 19 / 17) < 1e-9)
        #expect(abs(try firstLabel(Self.brand, .xSmall).text.baseStyle.pointSize - 22.0 * 14 / 17) < 1e-9)
        #expect(abs(try firstLabel(Self.brand, .AX5).text.baseStyle.pointSize - 22.0 * 53 / 17) < 1e-9)
    }

    /// A 22/28 style scaling with title2 (22 pt at Large) has title2's size in every category (22 × s / 22 = s),
    /// and its own line height scaled: at xLarge 28 × 24 / 22 = 30.545, not the table's 30.
    @Test func aStyleThatMatchesItsTextStyleAtLargeFollowsItEverywhere() throws {
        let yaml = Self.brand.replacingOccurrences(of: "scalesWith: body", with: "scalesWith: title2")
        for category in ContentSizeCategory.allCases {
            let label = try firstLabel(yaml, category)
            #expect(abs(label.text.baseStyle.pointSize - DynamicType.spec(.title2, category).pointSize) < 1e-9, "\(category)")
        }
        #expect(abs(try firstLabel(yaml, .xLarge).paragraph.lineHeight! - 28.0 * 24 / 22) < 1e-9)
    }

    /// maximumPointSize caps the size (68.588 → 30 at AX5) and the line height scales by the factor the size got:
    /// 28 × 30 / 22 = 38.182. Below the cap (xLarge, 24.588) nothing changes.
    @Test func maximumPointSizeCapsSizeAndLineHeight() throws {
        let yaml = Self.brand.replacingOccurrences(of: "scalesWith: body", with: "scalesWith: body, maximumPointSize: 30")
        let ax5 = try firstLabel(yaml, .AX5)
        #expect(ax5.text.baseStyle.pointSize == 30)
        #expect(abs(ax5.paragraph.lineHeight! - 28.0 * 30 / 22) < 1e-9)
        #expect(abs(try firstLabel(yaml, .xLarge).text.baseStyle.pointSize - 22.0 * 19 / 17) < 1e-9)
    }

    /// The scaled style is laid out like any designed line height (R7, padded). At xLarge, Inter at 24.588 pt
    /// has lineHeight 24.588 × 3408 / 2816 = 29.758, R2 height ceil(89.27 px) = 90 px = 30; the label is
    /// round((31.294 − 29.758 + 30) × 3) / 3 = round(94.61) / 3 = 95 / 3 pt tall.
    @Test func theScaledLineHeightReachesTheLayout() throws {
        let layout = try loader.parse(Self.brand, path: Paths.demoScene, overrides: SceneOverrides(contentSize: .xLarge)).layout()
        #expect(layout.elements.first { $0.id == "l" }?.frame.height == 95.0 / 3)
    }

    /// A run that sets its own size keeps scaling with its label's curve (28 → 28 × 28 / 17 = 46.118 at AX1); a
    /// run with a textStyle takes the table's size instead (title2 at AX1: 34).
    @Test func runsScaleWithTheirLabelsCurve() throws {
        let yaml = """
        canvas: { width: 320 }
        styles:
          brand: { font: Inter, size: 17, scalesWith: body }
        root:
          children:
            - label:
                id: l
                style: brand
                runs:
                  - text: "a"
                  - { text: "b", style: { size: 28 } }
                  - { text: "c", style: { textStyle: title2 } }
        """
        let label = try firstLabel(yaml, .AX1)
        #expect(label.text.baseStyle.pointSize == 28)
        let sizes = label.text.runs.map(\.style.pointSize)
        #expect(sizes.contains { abs($0 - 28.0 * 28 / 17) < 1e-9 })
        #expect(sizes.contains(34))
    }

    /// UIKit's UIContentSizeCategory names are aliases of the 12 categories, in any case.
    @Test func uikitCategoryNamesAreAliases() throws {
        let names = ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
                     "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
                     "accessibilityExtraExtraExtraLarge"]
        #expect(names.map { ContentSizeCategory(name: $0) } == ContentSizeCategory.allCases.map { $0 })
        #expect(ContentSizeCategory(name: "ACCESSIBILITYMEDIUM") == .AX1)
        #expect(ContentSizeCategory(name: "extralarge") == .xLarge)
        #expect(ContentSizeCategory(name: "extraHuge") == nil)
        let yaml = Self.brand.replacingOccurrences(of: "width: 320", with: "width: 320, contentSize: accessibilityExtraExtraExtraLarge")
        #expect(abs(try firstLabel(yaml).text.baseStyle.pointSize - 22.0 * 53 / 17) < 1e-9)
    }

    /// `--content-size` takes the aliases too: body at accessibilityLarge (AX2) is 33 pt.
    @Test func commandLineTakesTheAliases() throws {
        let directory = try Paths.temporaryDirectory()
        let scene = directory.appendingPathComponent("s.yaml")
        try Self.brand.replacingOccurrences(of: "size: 22, lineHeight: 28, scalesWith: body", with: "textStyle: body")
            .write(to: scene, atomically: true, encoding: .utf8)
        let result = try runCLI(["layout", scene.path, "--content-size", "accessibilityLarge"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"size\" : 33") || result.stdout.contains("\"size\": 33"))
    }

    /// `matrix` warns when nothing in the scene scales (its 12 cells would be identical), and not otherwise.
    @Test func matrixWarnsWhenNothingScales() throws {
        let directory = try Paths.temporaryDirectory()
        let still = directory.appendingPathComponent("still.yaml")
        try Self.brand.replacingOccurrences(of: ", scalesWith: body", with: "").write(to: still, atomically: true, encoding: .utf8)
        let warned = try runCLI(["matrix", still.path, "-o", directory.appendingPathComponent("still.png").path, "--scale", "1"])
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("warning") && warned.stderr.contains("nothing in the scene scales"))
        let scaling = directory.appendingPathComponent("scaling.yaml")
        try Self.brand.write(to: scaling, atomically: true, encoding: .utf8)
        let quiet = try runCLI(["matrix", scaling.path, "-o", directory.appendingPathComponent("scaling.png").path, "--scale", "1"])
        #expect(quiet.status == 0)
        #expect(!quiet.stderr.contains("warning"))
    }
}
