import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineLayout
import GhostlineScene
import Testing

@Suite("Baseline grid across Dynamic Type (R9–R11) and x-height centring (R12)")
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

    /// R11: spacing on a grid is measured from the upper label's baseline to the lower label's cap height. A
    /// `gap` from lastBaseline to capHeight of 16 pt leaves exactly 16 pt between them; frame to frame that is
    /// 16 − (part below the upper baseline) − (lower: cap-height inset), as the rule says.
    @Test func r11BaselineToCapHeightSpacing() throws {
        let yaml = """
        canvas: { width: 300, scale: 3 }
        styles:
          title: { font: Inter-SemiBold, size: 28 }
          body: { font: Inter, size: 17 }
        root:
          children:
            - label: { id: upper, text: "Title", style: title }
            - gap: { value: 16, from: lastBaseline, to: capHeight }
            - label: { id: lower, text: "Body", style: body }
        """
        let layout = try loader.parse(yaml, path: Paths.demoScene).layout()
        let upper = layout.elements.first { $0.id == "upper" }!, lower = layout.elements.first { $0.id == "lower" }!
        let capTop = lower.frame.y + lower.labelLayout!.anchors.capHeight
        #expect(abs(capTop - upper.canvasLines[0].baseline - 16) < 1e-9)
        // Upper below-baseline part: 34 − 27 = 7 (R2, R3 at @3x); lower cap inset: (62 − 13 − round(37.09)) / 3 = 4.
        #expect(abs((lower.frame.y - upper.frame.maxY) - (16 - 7 - 4)) < 1e-9)
    }

    /// R12: centre a label on an icon by its x-height: label top = −(lineHeight + descender − xHeight) +
    /// (iconHeight − xHeight) / 2 relative to the icon's top. Inter 17 pt: lineHeight + descender = ascender
    /// 16.46875, xHeight 9.2727, icon 24 → −7.196 + 7.364 = 0.168 pt. Ghostline's R3-rounded baseline puts the
    /// label within one @3x pixel of that, and the x-height band's centre within one pixel of the icon's centre.
    @Test func r12CentresTheXHeightOnAnIcon() throws {
        let yaml = """
        canvas: { width: 300, scale: 3 }
        styles: { body: { font: Inter, size: 17 } }
        root:
          stack: horizontal
          spacing: 8
          align: xHeightCenter
          children:
            - box: { id: icon, width: 24, height: 24 }
            - label: { id: text, text: "xenon", style: body }
        """
        let layout = try loader.parse(yaml, path: Paths.demoScene).layout()
        let icon = layout.elements.first { $0.id == "icon" }!, text = layout.elements.first { $0.id == "text" }!
        let m = text.labelLayout!.metrics
        let r12Top = -(m.lineHeight + m.descender - m.xHeight) + (24 - m.xHeight) / 2
        #expect(abs((text.frame.y - icon.frame.y) - r12Top) <= 1.0 / 3 + 1e-9)
        let xCenter = text.frame.y + text.labelLayout!.anchors.xHeightCenter
        #expect(abs(xCenter - icon.frame.midY) <= 1.0 / 3 + 1e-9)
        // Frame centring (the naive way) is visibly different: the frames' centres coincide instead.
        let naive = try loader.parse(yaml.replacingOccurrences(of: "xHeightCenter", with: "center"), path: Paths.demoScene).layout()
        let naiveText = naive.elements.first { $0.id == "text" }!
        #expect(abs(naiveText.frame.midY - naive.elements.first { $0.id == "icon" }!.frame.midY) <= 1.0 / 3)
        #expect(abs(naiveText.frame.y - text.frame.y) >= 1.0 / 3)
    }
}
