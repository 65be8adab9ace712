import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineGeometry
import GhostlineLayout
import GhostlineScene
import Testing

/// Stacks in scenes, laid out as UIStackView and Auto Layout would: size constraints, spacers, hugging and
/// compression resistance, alignment fill. Every expected number is worked out by hand below.
///
/// Inter Regular 17 pt at @3x: label height ceil(20.574 × 3) / 3 = 62 / 3 = 20.667 (R2), first baseline
/// (62 − 13) / 3 = 16.333 below the label's top (R3). Advances (hb-shape, 2816 units an em): "Wi-Fi" 6956 units
/// = 41.993 pt, intrinsic width ceil(125.98 px) = 126 px = 42 pt; "HomeNetwork-5G" 24104 units = 145.514 pt,
/// ceil(436.54 px) = 437 px = 145.667 pt.
@Suite("Stacks: UIStackView's distribution, priorities and size constraints")
struct StackSceneTests {
    static let settingsRow = Paths.root.appendingPathComponent("Fixtures/scenes/settings-row.yaml").path
    let loader = SceneLoader(fonts: FontContext())

    func layout(_ yaml: String, overrides: SceneOverrides = SceneOverrides()) throws -> SceneLayout {
        try loader.parse(yaml, path: Self.settingsRow, overrides: overrides).layout()
    }
    func frames(_ layout: SceneLayout) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: layout.elements.map { ($0.id, $0.frame) })
    }
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    /// Issue 12's settings row (Fixtures/scenes/settings-row.yaml), 375 pt wide, padding 16 + 16, spacing 12, the
    /// chevron 6 after the value:
    /// - along: inner 343; icon 29 + title 42 + spacer (minLength 8) + value 145.667 + chevron 8 = 232.667, gaps
    ///   12 × 3 + 6 = 42, so 343 − 274.667 = 68.333 is left. The spacer has no hugging constraint and takes it
    ///   all: 76.333. Title x 16 + 29 + 12 = 57; value x 375 − 16 − 8 − 6 − 145.667 = 199.333; chevron x 351.
    /// - across: the row's own height is 29 (the icon); minHeight makes it 44 and `align: center` centres each
    ///   child: icon (44 − 29) / 2 = 7.5 → 22.5 px rounds to 23 px = 7.667; labels (44 − 20.667) / 2 = 11.667
    ///   (35 px), baselines 11.667 + 16.333 = 28; chevron (44 − 13) / 2 = 15.5 → 47 px = 15.667.
    /// Nothing is truncated: "HomeNetwork-5G" keeps its whole 145.667 pt.
    /// A vertical `fillEqually` stack with no height of its own is as tall as it fits: UIStackView's equal-height
    /// constraints against each label's compression resistance (750, above hugging's 250) make every label as tall
    /// as the tallest. Inter's line height is 1.2102 em (hhea 2728 + 680 over 2816 units), 48.41 pt at 40 pt, which
    /// ceils to 49 pt at @1x (R2), so three labels are 49 pt each and the stack 147 pt; with `fill` the 17 pt labels keep
    /// their own 21 pt (20.574 ceiled).
    @Test func verticalFillEquallyWithoutAHeightEqualsTheTallest() throws {
        func yaml(_ distribution: String) -> String {
            """
            canvas: { width: 200, scale: 1 }
            styles: { s: { font: Inter, size: 17 }, big: { font: Inter, size: 40 } }
            root:
              distribution: \(distribution)
              children:
                - label: { id: a, text: small, style: s }
                - label: { id: b, text: Big, style: big }
                - label: { id: c, text: small, style: s }
            """
        }
        let equal = frames(try layout(yaml("fillEqually")))
        #expect(["a", "b", "c"].map { equal[$0]?.height } == [49, 49, 49])
        #expect(equal["c"]?.minY == 98)
        let fill = frames(try layout(yaml("fill")))
        #expect(["a", "b", "c"].map { fill[$0]?.height } == [21, 49, 21])
    }

    /// Two spacers share a row's extra space equally, so a label between them is centred: "Wi-Fi" is 42 pt wide
    /// at @1x (ceil 41.993) in a 200 pt row, so each spacer is (200 − 42) / 2 = 79 pt and the label starts at 79.
    /// With `minLength: 100` on the first, the spacers start at 100 and 0 and share what is left, 200 − 42 − 100
    /// = 58 pt, as 29 each: the label starts at 129.
    @Test func spacersShareEquallyAndCentreWhatIsBetweenThem() throws {
        func x(_ first: Double) throws -> Double? {
            let yaml = """
            canvas: { width: 200, scale: 1 }
            styles: { s: { font: Inter, size: 17 } }
            root:
              stack: horizontal
              children:
                - spacer: { minLength: \(first) }
                - label: { id: l, text: Wi-Fi, style: s }
                - spacer: {}
            """
            return frames(try layout(yaml))["l"]?.minX
        }
        #expect(try x(0) == 79)
        #expect(try x(100) == 129)
    }

    /// A spacer's `minLength` is along the stack that holds it, whichever way it is measured: a column holding a
    /// 200 pt spacer is 200 pt tall and, with nothing else in it, no wider than with a 0 pt spacer (0 pt).
    @Test func aSpacersMinimumIsAlongItsOwnStackOnly() throws {
        func column(_ minLength: Double) throws -> Rect? {
            let yaml = """
            canvas: { width: 375, scale: 3 }
            styles: { s: { font: Inter, size: 17 } }
            root:
              stack: horizontal
              distribution: equalSpacing
              children:
                - label: { id: a, text: Left, style: s }
                - stack: vertical
                  id: col
                  children:
                    - spacer: { minLength: \(minLength) }
                - label: { id: b, text: Right, style: s }
            """
            return frames(try layout(yaml))["col"]
        }
        #expect(try column(200)?.width == 0)
        #expect(try column(200)?.height == 200)
        #expect(try column(0)?.width == 0)
    }

    /// Priority 1000 is required, not just the highest: two labels that both hug at 1000 keep their intrinsic
    /// widths in a wide row (the space is left after the last, as with nothing to absorb it), and two that resist
    /// compression at 1000 keep theirs in a narrow row (they overflow it) — at 999 the first would stretch, and
    /// one would shrink. "Wi-Fi" is 42 pt at @1x, "HomeNetwork-5G" ceil(145.514) = 146 pt.
    @Test func priority1000IsRequired() throws {
        func widths(_ key: String, _ value: Int, row: Double) throws -> [Double?] {
            let yaml = """
            canvas: { width: \(row), scale: 1 }
            styles: { s: { font: Inter, size: 17 } }
            root:
              stack: horizontal
              children:
                - label: { id: a, text: Wi-Fi, style: s, \(key): \(value) }
                - label: { id: b, text: HomeNetwork-5G, style: s, \(key): \(value) }
            """
            let f = frames(try layout(yaml))
            return [f["a"]?.width, f["b"]?.width]
        }
        #expect(try widths("hugging", 1000, row: 300) == [42, 146])
        #expect(try widths("hugging", 999, row: 300) == [154, 146])
        #expect(try widths("compressionResistance", 1000, row: 150) == [42, 146])
        #expect(try widths("compressionResistance", 999, row: 150) != [42, 146])
    }

    @Test func settingsRowLaysOutWithoutTruncation() throws {
        let layout = try loader.load(path: Self.settingsRow).layout()
        let f = frames(layout)
        #expect(layout.height == 44)
        #expect(f["stack1"] == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(f["icon"] == Rect(x: 16, y: 23.0 / 3, width: 29, height: 29))
        #expect(f["title"] == Rect(x: 57, y: 35.0 / 3, width: 42, height: 62.0 / 3))
        let value = try #require(f["value"])
        #expect(near(value.x, 598.0 / 3) && near(value.width, 437.0 / 3) && near(value.y, 35.0 / 3))
        #expect(f["chevron"] == Rect(x: 351, y: 47.0 / 3, width: 8, height: 13))
        // The spacer: from the title's end + 12 to the value's start − 12.
        #expect(near(value.x - 12 - (57 + 42 + 12), 229.0 / 3))
        for id in ["title", "value"] {
            let element = try #require(layout.elements.first { $0.id == id })
            #expect(element.labelLayout?.truncated == false)
            #expect(element.canvasLines[0].baseline == 28)
        }
    }

    /// The same row 260 pt wide: inner 228, 274.667 − 228 = 46.667 too long. The spacer is at its minLength; the
    /// value's compression resistance (749) is the lowest, so it gives all of it: 145.667 − 46.667 = 99 and it
    /// truncates, the title keeps 42. Without the lowered priority the title and value tie at 750 and the tie
    /// goes by index: the title (first) gives its 42 and the value the remaining 4.667.
    @Test func narrowSettingsRowTruncatesTheLowestCompressionResistance() throws {
        let yaml = try String(contentsOfFile: Self.settingsRow, encoding: .utf8)
            .replacingOccurrences(of: "width: 375", with: "width: 260")
        let narrow = try layout(yaml)
        let value = try #require(narrow.elements.first { $0.id == "value" })
        #expect(near(value.frame.width, 99))
        #expect(value.labelLayout?.truncated == true)
        #expect(value.canvasLines[0].text == "HomeNet…")
        #expect(frames(narrow)["title"]?.width == 42)
        let tied = try layout(yaml.replacingOccurrences(of: "compressionResistance: 749", with: "compressionResistance: 750"))
        #expect(frames(tied)["title"]?.width == 0)
        #expect(near(frames(tied)["value"]!.width, 437.0 / 3 - 14.0 / 3))
    }

    /// Hugging decides who stretches: two labels in a 300 pt row, spacing 10. By default (both 250) the first
    /// takes the 300 − 42 − 10 − 145.667 = 102.333 left over; with `hugging: 251` on the first, the second does.
    @Test func huggingDecidesWhoStretches() throws {
        let yaml = """
        canvas: { width: 300 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          stack: horizontal
          spacing: 10
          children:
            - label: { id: a, text: "Wi-Fi", style: s }
            - label: { id: b, text: "HomeNetwork-5G", style: s }
        """
        let first = frames(try layout(yaml))
        #expect(near(first["a"]!.width, 42 + 307.0 / 3))
        #expect(near(first["b"]!.width, 437.0 / 3) && near(first["b"]!.maxX, 300))
        let second = frames(try layout(yaml.replacingOccurrences(of: "style: s }\n    - label: { id: b", with: "style: s, hugging: 251 }\n    - label: { id: b")))
        #expect(second["a"]!.width == 42)
        #expect(second["b"]!.x == 52 && second["b"]!.maxX == 300)
    }

    /// Two paragraphs side by side (numberOfLines 0, compression resistance 750 both) are each far wider than
    /// the row on one line; tied labels that wrap shrink to one width, as UIKit's text-width disambiguation
    /// intends: (300 − 10) / 2 = 145 each, both wrapping. A column holding a paragraph shares the same way.
    @Test func wrappingLabelsShareARowEqually() throws {
        let yaml = """
        canvas: { width: 300 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          stack: horizontal
          spacing: 10
          children:
            - label: { id: a, text: "A paragraph long enough to wrap onto several lines of this row", style: s }
            - stack: vertical
              id: column
              children:
                - label: { id: b, text: "Another paragraph, a good deal longer than the first one, also wrapping", style: s }
        """
        let layout = try layout(yaml)
        let f = frames(layout)
        #expect(f["a"]!.width == 145 && f["column"]!.width == 145 && f["column"]!.x == 155)
        #expect(layout.elements.first { $0.id == "a" }!.canvasLines.count > 1)
        #expect(layout.elements.first { $0.id == "b" }!.canvasLines.count > 1)
    }

    /// Size constraints on labels in a vertical stack (fill): `width: 100` is required and wins over the fill
    /// (frame 100 wide at the leading edge); `minHeight: 44` makes the frame 44 tall and, as UILabel draws, centres
    /// the text: (44 − 20.667) / 2 = 11.667, baseline 11.667 + 16.333 = 28 below the frame's top; `maxWidth: 60` on
    /// a leading-aligned stack's label wraps "HomeNetwork-5G" at 60 pt.
    @Test func sizeConstraintsOnLabels() throws {
        let yaml = """
        canvas: { width: 300 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          children:
            - label: { id: fixed, text: "Wi-Fi", style: s, width: 100 }
            - label: { id: tall, text: "Wi-Fi", style: s, minHeight: 44 }
            - stack: vertical
              align: leading
              children:
                - label: { id: narrow, text: "HomeNetwork-5G", style: s, maxWidth: 60 }
        """
        let layout = try layout(yaml)
        let f = frames(layout)
        #expect(f["fixed"] == Rect(x: 0, y: 0, width: 100, height: 62.0 / 3))
        let tall = try #require(layout.elements.first { $0.id == "tall" })
        #expect(tall.frame == Rect(x: 0, y: 62.0 / 3, width: 300, height: 44))
        #expect(near(tall.canvasLines[0].baseline - tall.frame.y, 28))
        let narrow = try #require(layout.elements.first { $0.id == "narrow" })
        #expect(narrow.frame.width <= 60 && narrow.canvasLines.count >= 2)
    }

    /// A label whose frame is too short for its text shows the lines that fit: "Wi-Fi HomeNetwork-5G" wraps to
    /// two lines at 150 pt (2 × 20.574 = 41.1 pt), so at `height: 30` only the first line fits; it is cut with an
    /// ellipsis (truncateTail) and centred: (30 − 20.667) / 2 = 4.667 (14 px), baseline 4.667 + 16.333 = 21.
    @Test func aShortLabelShowsTheLinesThatFit() throws {
        let yaml = """
        canvas: { width: 150 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          children:
            - label: { id: l, text: "Wi-Fi HomeNetwork-5G", style: s, height: 30, lineBreakMode: truncateTail }
        """
        let label = try #require(try layout(yaml).elements.first { $0.id == "l" })
        #expect(label.frame.height == 30)
        #expect(label.canvasLines.count == 1)
        #expect(label.labelLayout?.truncated == true)
        #expect(near(label.canvasLines[0].baseline, 21))
    }

    /// UIStackView.Alignment.fill stretches children across a horizontal stack: a 40 pt box sets the row, the
    /// label beside it becomes 40 tall with its text centred: (40 − 20.667) / 2 = 9.667 (29 px), baseline 26; a
    /// box keeps its required height.
    @Test func alignmentFillStretchesAcrossTheRow() throws {
        let yaml = """
        canvas: { width: 300 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          stack: horizontal
          spacing: 8
          children:
            - box: { id: big, width: 40, height: 40 }
            - label: { id: l, text: "Wi-Fi", style: s }
            - box: { id: small, width: 10, height: 10 }
        """
        let layout = try layout(yaml)
        let label = try #require(layout.elements.first { $0.id == "l" })
        #expect(label.frame.height == 40 && label.frame.y == 0)
        #expect(near(label.canvasLines[0].baseline, 26))
        #expect(frames(layout)["small"]?.height == 10)
    }

    /// A vertical stack with a height of its own shares the difference by its distribution: 200 tall, two
    /// labels and a spacer between them. The spacer takes 200 − 2 × 20.667 = 158.667, so the second label's top
    /// is 200 − 20.667 = 179.333. With `distribution: equalSpacing` and no spacer the labels keep their heights
    /// and the one gap grows to the same 158.667.
    @Test func verticalStackDistributesItsHeight() throws {
        let yaml = """
        canvas: { width: 300 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          height: 200
          children:
            - label: { id: a, text: "Top", style: s }
            - spacer: {}
            - label: { id: b, text: "Bottom", style: s }
        """
        let spaced = try layout(yaml)
        #expect(spaced.height == 200)
        #expect(near(frames(spaced)["b"]!.y, 538.0 / 3))
        let equal = try layout(yaml.replacingOccurrences(of: "  height: 200", with: "  height: 200\n  distribution: equalSpacing")
            .replacingOccurrences(of: "    - spacer: {}\n", with: ""))
        #expect(near(frames(equal)["b"]!.y, 538.0 / 3) && frames(equal)["a"]!.height == 62.0 / 3)
    }

    /// fillEqually in a row: 300 − 2 × 10 = 280 shared equally by two boxes without widths and a label, whatever
    /// their intrinsic widths: 93.333 each (280 px at @3x), so x 0, 103.333, 206.667.
    @Test func fillEquallyGivesEveryChildTheSameWidth() throws {
        let yaml = """
        canvas: { width: 300 }
        styles: { s: { font: Inter, size: 17 } }
        root:
          stack: horizontal
          spacing: 10
          distribution: fillEqually
          children:
            - box: { id: a, height: 10 }
            - label: { id: b, text: "HomeNetwork-5G", style: s, numberOfLines: 1 }
            - box: { id: c, height: 10 }
        """
        let f = frames(try layout(yaml))
        #expect(f["a"]!.width == 280.0 / 3 && near(f["b"]!.x, 310.0 / 3) && near(f["b"]!.width, 280.0 / 3))
        #expect(near(f["c"]!.x, 620.0 / 3) && near(f["c"]!.maxX, 300))
    }

    /// An image without a size takes its bitmap's: icon@3x.png is 72 px at @3x, so 24 × 24 pt (UIImage's size);
    /// `width: 29` alone fixes the width and keeps the intrinsic height.
    @Test func imagesTakeTheirBitmapSizeAtTheirScale() throws {
        let yaml = """
        canvas: { width: 300 }
        root:
          align: leading
          children:
            - image: { id: own, file: assets/icon@3x.png }
            - image: { id: wide, file: assets/icon@3x.png, width: 29 }
        """
        let f = frames(try layout(yaml))
        #expect(f["own"]?.width == 24 && f["own"]?.height == 24)
        #expect(f["wide"]?.width == 29 && f["wide"]?.height == 24)
    }

    /// A gap in a horizontal stack is UIKit's custom spacing after a view: boxes 20 wide, spacing 10, a gap of
    /// 30 after the first: x 0, 50, 80.
    @Test func horizontalGapIsCustomSpacing() throws {
        let yaml = """
        canvas: { width: 300 }
        root:
          stack: horizontal
          spacing: 10
          children:
            - box: { id: a, width: 20, height: 10 }
            - gap: 30
            - box: { id: b, width: 20, height: 10 }
            - box: { id: c, width: 20, height: 10 }
        """
        let f = frames(try layout(yaml))
        #expect(f["a"]!.x == 0 && f["b"]!.x == 50 && f["c"]!.x == 80)
    }
}
