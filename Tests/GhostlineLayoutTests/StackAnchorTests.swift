import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// The reference card of `Fixtures/demo/card.yaml` built as layout values, with expected numbers worked out from the
/// font tables.
///
/// Inter SemiBold 28 pt: lineHeight = 3408 × 28 / 2816 = 33.886, ascender 27.125, −descender 6.761.
///   @3x: R2 height ceil(101.66) = 102 px = 34 pt; R3 baseline (102 − ceil(20.28) = 21) / 3 = 27 pt.
/// Inter Regular 17 pt: lineHeight = 20.5739, ascender 16.46875, −descender 4.1051.
///   @3x: R2 62 px = 20.667 pt; R3 (62 − 13) / 3 = 16.333 pt.
@Suite("The card's journey (R7)")
struct CardJourneyTests {
    let bodyLineHeight = 3408.0 * 17 / 2816

    /// The card: 375 pt wide at @3x, padding 8, spacing 8; the title Inter SemiBold 28 pt on a 38 pt line, the body
    /// Inter 17 pt on a 24 pt line, both met with `strategy`.
    static func card(strategy: LineHeightStrategy = .padded, model: LayoutModel = .uikit) -> SceneLayout {
        func paragraph(_ lineHeight: Double) -> ParagraphStyle {
            var paragraph = ParagraphStyle()
            paragraph.lineHeight = lineHeight
            paragraph.lineHeightStrategy = strategy
            return paragraph
        }
        let root = Layouts.stack(padding: EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8), spacing: 8, children: [
            Layouts.label("title", "Pixel-perfect line height", TextStyle(font: TestFonts.interSemiBold, pointSize: 28),
                          paragraph: paragraph(38)),
            Layouts.label("body", "Designs set a line height; UIKit sets line spacing. Ghostline lays text out the way UIKit does, so you can see where every baseline lands before the app ships.",
                          TextStyle(font: TestFonts.inter, pointSize: 17), paragraph: paragraph(24)),
        ])
        return Layouts.layout(root, width: 375, model: model)
    }

    func card(strategy: LineHeightStrategy) -> (title: LayoutElement, body: LayoutElement) {
        let layout = Self.card(strategy: strategy)
        return (layout.element("title")!, layout.element("body")!)
    }

    /// No line-height handling: lines sit at the font's pitch (each baseline on the @3x pixel grid) and
    /// everything drifts up.
    @Test func journeyStep1NoLineHeightHandling() throws {
        let (title, body) = card(strategy: .none)
        #expect(title.frame == .init(x: 8, y: 8, width: 359, height: 34))
        #expect(title.canvasLines[0].baseline == 8 + 27)
        #expect(body.frame.y == 8 + 34 + 8)
        let lines = body.canvasLines
        #expect(abs(lines[0].baseline - (50 + 49.0 / 3)) < 1e-9)
        for i in 1..<lines.count {
            #expect(abs(lines[i].baseline - lines[0].baseline - (Double(i) * bodyLineHeight * 3).rounded() / 3) < 1e-9)
        }
    }

    /// lineSpacing alone: the inner lines get the designed 24 pt pitch, but the first baseline is still where
    /// step 1 put it, too high by half the extra space.
    @Test func journeyStep2LineSpacingOnly() throws {
        let (title, body) = card(strategy: .lineSpacing)
        #expect(title.frame.height == 34)   // one line: lineSpacing adds nothing (R5)
        let lines = body.canvasLines
        #expect(abs(lines[0].baseline - (50 + 49.0 / 3)) < 1e-9)
        for i in 1..<lines.count { #expect(abs(lines[i].baseline - lines[i - 1].baseline - 24) < 1e-9) }
        // Height: n × 20.5739 + (n − 1) × 3.4261, ceiled to @3x pixels.
        let n = Double(lines.count)
        let text = n * bodyLineHeight + (n - 1) * (24 - bodyLineHeight)
        #expect(body.frame.height == (text * 3).rounded(.up) / 3)
    }

    /// Padded (R7): title frame 8 + 38; baseline 8 + round(2.057 × 3) / 3 + 27 = 37; body frame at 54, first
    /// baseline 54 + round(1.713 × 3) / 3 + 16.333 = 72, then every 24 pt.
    @Test func journeyStep3PaddedLandsOnTheDesign() throws {
        let (title, body) = card(strategy: .padded)
        #expect(title.frame == .init(x: 8, y: 8, width: 359, height: 38))
        #expect(title.canvasLines[0].baseline == 37)
        #expect(body.frame.y == 54)
        let lines = body.canvasLines
        #expect(abs(lines[0].baseline - 72) < 1e-9)
        for i in 1..<lines.count { #expect(abs(lines[i].baseline - lines[i - 1].baseline - 24) < 1e-9) }
    }

    /// The css model (the design tool's, with Chromium's device-pixel rounding, see CSSLineStack) at @3x:
    /// title: ascent round(27.125 × 3) = 81 px, descent round(6.761 × 3) = 20 px, line 38 × 3 = 114 px, leading
    /// above floor((114 − 101) / 2) = 6 px → baseline (6 + 81) / 3 = 29 pt below the frame top, 8 + 29 = 37;
    /// body: ascent 49 px, descent 12 px, line 72 px, above floor(11 / 2) = 5 px → (5 + 49) / 3 = 18 → 54 + 18 = 72,
    /// then every 24 pt. Padded uikit lands on exactly the same baselines here, and within one @3x pixel in general.
    @Test func paddedMatchesCSSBaselines() throws {
        let (title, body) = card(strategy: .padded)
        let css = Self.card(model: .css)
        let cssTitle = css.element("title")!, cssBody = css.element("body")!
        #expect(cssTitle.canvasLines[0].baseline == 37)
        #expect(cssBody.canvasLines[0].baseline == 72)
        for i in 1..<cssBody.canvasLines.count {
            #expect(abs(cssBody.canvasLines[i].baseline - cssBody.canvasLines[i - 1].baseline - 24) < 1e-9)
        }
        #expect(cssBody.canvasLines.count == body.canvasLines.count)
        let pairs = zip(title.canvasLines + body.canvasLines, cssTitle.canvasLines + cssBody.canvasLines)
        for (uikit, design) in pairs { #expect(abs(uikit.baseline - design.baseline) <= 1.0 / 3) }
    }
}

/// Stacks placing their children by anchors: gaps between anchors, baseline alignment, the cap-height inset (R4),
/// baseline-to-cap-height spacing (R11) and x-height centring (R12). Inter 17 pt and Inter SemiBold 28 pt at @3x
/// as in ``CardJourneyTests``.
@Suite("Stack anchors: gaps, baselines, cap height (R4, R11) and x-height (R12)")
struct StackAnchorTests {
    static let body = TextStyle(font: TestFonts.inter, pointSize: 17)
    static let title = TextStyle(font: TestFonts.interSemiBold, pointSize: 28)

    /// A gap between anchors: lastBaseline of the first label to firstBaseline of the second is exactly 30 pt.
    @Test func gapBetweenAnchors() throws {
        let layout = Layouts.layout(Layouts.stack(spacing: 100, children: [
            Layouts.label("a", "One", Self.body),
            .gap(GapNode(value: 30, from: .lastBaseline, to: .firstBaseline)),
            Layouts.label("b", "Two", Self.body),
            Layouts.label("c", "Three", Self.body),
        ]), width: 300, scale: .x2)
        let a = layout.element("a")!, b = layout.element("b")!, c = layout.element("c")!
        #expect(b.canvasLines[0].baseline - a.canvasLines[0].baseline == 30)
        #expect(c.frame.y - b.frame.maxY == 100)   // plain spacing where no gap is given
    }

    /// Horizontal stack aligned on first baselines: a 28 pt and a 17 pt label share one baseline.
    @Test func horizontalStackAlignsFirstBaselines() throws {
        let layout = Layouts.layout(Layouts.stack(.horizontal, spacing: 8, alignment: .firstBaseline, children: [
            Layouts.label("big", "Big", TextStyle(font: TestFonts.inter, pointSize: 28)),
            Layouts.label("small", "small", Self.body),
            Layouts.box("icon", width: 20, height: 20),
        ]), width: 375)
        let big = layout.element("big")!, small = layout.element("small")!
        #expect(big.canvasLines[0].baseline == small.canvasLines[0].baseline)
        #expect(small.frame.minX == big.frame.maxX + 8)
        let icon = layout.element("icon")!
        #expect(icon.frame.maxY == big.canvasLines[0].baseline)   // views without text align on their bottom
    }

    /// alignCapHeight (R4): padding reaches the top of the capitals, so the frame starts the cap inset above it.
    @Test func alignCapHeightMovesTheLabelUpByTheCapInset() throws {
        let layout = Layouts.layout(Layouts.stack(padding: EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20), children: [
            Layouts.label("t", "Title", Self.title, alignCapHeight: true),
        ]), width: 300)
        let t = layout.element("t")!
        // Cap inset @3x = 20/3 (see UIKitRuleTests.r4…): the capitals' top lands on the 20 pt padding.
        #expect(abs(t.frame.y - (20 - 20.0 / 3)) < 1e-9)
        #expect(abs(t.frame.y + t.labelLayout!.anchors.capHeight - 20) < 1e-9)
    }

    /// R11: spacing on a grid is measured from the upper label's baseline to the lower label's cap height. A
    /// `gap` from lastBaseline to capHeight of 16 pt leaves exactly 16 pt between them; frame to frame that is
    /// 16 − (part below the upper baseline) − (lower: cap-height inset), as the rule says.
    @Test func r11BaselineToCapHeightSpacing() throws {
        let layout = Layouts.layout(Layouts.stack(children: [
            Layouts.label("upper", "Title", Self.title),
            .gap(GapNode(value: 16, from: .lastBaseline, to: .capHeight)),
            Layouts.label("lower", "Body", Self.body),
        ]), width: 300)
        let upper = layout.element("upper")!, lower = layout.element("lower")!
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
        func row(_ alignment: StackAlignment) -> SceneLayout {
            Layouts.layout(Layouts.stack(.horizontal, spacing: 8, alignment: alignment, children: [
                Layouts.box("icon", width: 24, height: 24),
                Layouts.label("text", "xenon", Self.body),
            ]), width: 300)
        }
        let layout = row(.xHeightCenter)
        let icon = layout.element("icon")!, text = layout.element("text")!
        let m = text.labelLayout!.metrics
        let r12Top = -(m.lineHeight + m.descender - m.xHeight) + (24 - m.xHeight) / 2
        #expect(abs((text.frame.y - icon.frame.y) - r12Top) <= 1.0 / 3 + 1e-9)
        let xCenter = text.frame.y + text.labelLayout!.anchors.xHeightCenter
        #expect(abs(xCenter - icon.frame.midY) <= 1.0 / 3 + 1e-9)
        // Frame centring (the naive way) is visibly different: the frames' centres coincide instead.
        let naive = row(.center)
        let naiveText = naive.element("text")!
        #expect(abs(naiveText.frame.midY - naive.element("icon")!.frame.midY) <= 1.0 / 3)
        #expect(abs(naiveText.frame.y - text.frame.y) >= 1.0 / 3)
    }
}
