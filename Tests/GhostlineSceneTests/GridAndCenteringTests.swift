import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineLayout
import GhostlineScene
import Testing

/// The baseline grid across every Dynamic Type text style and category (R9, R10): the sizes come from the scene
/// format's Dynamic Type table, so this stays with the scene. R11's baseline-to-cap-height gap and R12's x-height
/// centring are tested on layout values in GhostlineLayoutTests' `StackAnchorTests`.
@Suite("Baseline grid across Dynamic Type (R9, R10)")
struct GridAndCenteringTests {
    let loader = SceneLoader(fonts: FontContext())

    /// Every text style in every content size category, single- and multi-line, on 4 and 8 pt grids: every
    /// baseline and every label's bottom lands on the grid (11 styles × 12 categories × 2 line counts).
    @Test(arguments: [4.0, 8.0])
    func everyBaselineOnTheGridForAll132Fonts(grid: Double) throws {
        var children = ""
        for style in DynamicTextStyle.allCases {
            children += "    - label: { id: \(style.rawValue)-1, text: \"Grid \(style.rawValue)\", style: \(style.rawValue), snapToGrid: true }\n"
            children += "    - label: { id: \(style.rawValue)-n, text: \"A label long enough to wrap onto several lines at this width\", style: \(style.rawValue), snapToGrid: true }\n"
        }
        let styles = DynamicTextStyle.allCases.map { "  \($0.rawValue): { font: Inter, textStyle: \($0.rawValue) }" }
            .joined(separator: "\n")
        let yaml = "canvas: { width: 220, grid: \(Int(grid)) }\nstyles:\n\(styles)\nroot:\n  padding: 8\n  spacing: 4\n  children:\n\(children)"
        var checked = 0
        for category in ContentSizeCategory.allCases {
            let layout = try loader.parse(yaml, path: Paths.demoScene, overrides: SceneOverrides(contentSize: category)).layout()
            for element in layout.elements where element.kind == .label {
                let lines = element.canvasLines
                if element.id.hasSuffix("-n") { #expect(lines.count > 1, "\(element.id) \(category) should wrap") }
                for line in lines {
                    #expect(abs(line.baseline / grid - (line.baseline / grid).rounded()) < 1e-9,
                            "\(element.id) at \(category): baseline \(line.baseline) is off the \(grid) pt grid")
                }
                #expect(abs(element.frame.maxY / grid - (element.frame.maxY / grid).rounded()) < 1e-9)
                checked += 1
            }
        }
        #expect(checked == 11 * 12 * 2)
    }
}
