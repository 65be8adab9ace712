import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// Stacks laid out as UIStackView and Auto Layout would: size constraints, spacers, hugging and compression
/// resistance, alignment fill. Every expected number is worked out by hand below.
///
/// Inter Regular 17 pt at @3x: label height ceil(20.574 × 3) / 3 = 62 / 3 = 20.667 (R2), first baseline
/// (62 − 13) / 3 = 16.333 below the label's top (R3). Advances (hb-shape, 2816 units an em): "Wi-Fi" 6956 units
/// = 41.993 pt, intrinsic width ceil(125.98 px) = 126 px = 42 pt; "HomeNetwork-5G" 24104 units = 145.514 pt,
/// ceil(436.54 px) = 437 px = 145.667 pt.
@Suite("Stacks: UIStackView's distribution, priorities and size constraints")
struct StackLayoutTests {
    static let s = TextStyle(font: TestFonts.inter, pointSize: 17)

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }
    static func paragraph(lines: Int = 0, mode: LineBreakMode = .wordWrap) -> ParagraphStyle {
        var paragraph = ParagraphStyle()
        paragraph.numberOfLines = lines
        paragraph.lineBreakMode = mode
        return paragraph
    }
    static func priorities(hugging: Int = 250, compressionResistance: Int = 750) -> ContentPriorities {
        ContentPriorities(horizontalHugging: hugging, verticalHugging: hugging, horizontalCompressionResistance: compressionResistance,
                          verticalCompressionResistance: compressionResistance)
    }

    /// Issue 12's settings row (as `Fixtures/scenes/settings-row.yaml` writes it): a 29 pt icon, a title,
    /// flexible space (minLength 8), a secondary value whose compression resistance is 749 and, 6 after it, an
    /// 8 × 13 chevron, in a row at least 44 pt tall, padding 16 + 16, spacing 12, centred across.
    static func settingsRow(width: Double = 375, valueResistance: Int = 749) -> SceneLayout {
        let root = Layouts.stack(.horizontal, padding: EdgeInsets(leading: 16, trailing: 16), spacing: 12, alignment: .center,
                                 size: SizeConstraints(minHeight: 44), children: [
            .image(ImageNode(id: "icon", paint: .default, source: "assets/icon@3x.png", width: 29, height: 29)),
            Layouts.label("title", "Wi-Fi", s, paragraph: paragraph(lines: 1)),
            .spacer(SpacerNode(minLength: 8)),
            Layouts.label("value", "HomeNetwork-5G", s, paragraph: paragraph(lines: 1, mode: .truncateTail),
                          priorities: priorities(compressionResistance: valueResistance)),
            .gap(GapNode(value: 6)),
            .box(BoxNode(id: "chevron", width: 8, height: 13, paint: .default, cornerRadius: 2)),
        ])
        return Layouts.layout(root, width: width)
    }

    /// A vertical `fillEqually` stack with no height of its own is as tall as it fits: UIStackView's equal-height
    /// constraints against each label's compression resistance (750, above hugging's 250) make every label as tall
    /// as the tallest. Inter's line height is 1.2102 em (hhea 2728 + 680 over 2816 units), 48.41 pt at 40 pt, which
    /// ceils to 49 pt at @1x (R2), so three labels are 49 pt each and the stack 147 pt; with `fill` the 17 pt labels keep
    /// their own 21 pt (20.574 ceiled).
    @Test func verticalFillEquallyWithoutAHeightEqualsTheTallest() throws {
        let big = TextStyle(font: TestFonts.inter, pointSize: 40)
        func layout(_ distribution: StackDistribution) -> SceneLayout {
            Layouts.layout(Layouts.stack(distribution: distribution, children: [
                Layouts.label("a", "small", Self.s), Layouts.label("b", "Big", big), Layouts.label("c", "small", Self.s),
            ]), width: 200, scale: .x1)
        }
        let equal = layout(.fillEqually).frames
        #expect(["a", "b", "c"].map { equal[$0]?.height } == [49, 49, 49])
        #expect(equal["c"]?.minY == 98)
        let fill = layout(.fill).frames
        #expect(["a", "b", "c"].map { fill[$0]?.height } == [21, 49, 21])
    }

    /// Two spacers share a row's extra space equally, so a label between them is centred: "Wi-Fi" is 42 pt wide
    /// at @1x (ceil 41.993) in a 200 pt row, so each spacer is (200 − 42) / 2 = 79 pt and the label starts at 79.
    /// With `minLength: 100` on the first, the spacers start at 100 and 0 and share what is left, 200 − 42 − 100
    /// = 58 pt, as 29 each: the label starts at 129.
    @Test func spacersShareEquallyAndCentreWhatIsBetweenThem() throws {
        func x(_ first: Double) -> Double? {
            let root = Layouts.stack(.horizontal, children: [
                .spacer(SpacerNode(minLength: first)), Layouts.label("l", "Wi-Fi", Self.s), .spacer(SpacerNode()),
            ])
            return Layouts.layout(root, width: 200, scale: .x1).frames["l"]?.minX
        }
        #expect(x(0) == 79)
        #expect(x(100) == 129)
    }

    /// A spacer's `minLength` is along the stack that holds it, whichever way it is measured: a column holding a
    /// 200 pt spacer is 200 pt tall and, with nothing else in it, no wider than with a 0 pt spacer (0 pt).
    @Test func aSpacersMinimumIsAlongItsOwnStackOnly() throws {
        func column(_ minLength: Double) -> Rect? {
            let root = Layouts.stack(.horizontal, distribution: .equalSpacing, children: [
                Layouts.label("a", "Left", Self.s),
                .stack(Layouts.stack(id: "col", children: [.spacer(SpacerNode(minLength: minLength))])),
                Layouts.label("b", "Right", Self.s),
            ])
            return Layouts.layout(root, width: 375).frames["col"]
        }
        #expect(column(200)?.width == 0)
        #expect(column(200)?.height == 200)
        #expect(column(0)?.width == 0)
    }

    /// Priority 1000 is required, not just the highest: two labels that both hug at 1000 keep their intrinsic
    /// widths in a wide row (the space is left after the last, as with nothing to absorb it), and two that resist
    /// compression at 1000 keep theirs in a narrow row (they overflow it) — at 999 the first would stretch, and
    /// one would shrink. "Wi-Fi" is 42 pt at @1x, "HomeNetwork-5G" ceil(145.514) = 146 pt.
    @Test func priority1000IsRequired() throws {
        func widths(hugging: Int = 250, compressionResistance: Int = 750, row: Double) -> [Double?] {
            let p = Self.priorities(hugging: hugging, compressionResistance: compressionResistance)
            let root = Layouts.stack(.horizontal, children: [
                Layouts.label("a", "Wi-Fi", Self.s, priorities: p), Layouts.label("b", "HomeNetwork-5G", Self.s, priorities: p),
            ])
            let f = Layouts.layout(root, width: row, scale: .x1).frames
            return [f["a"]?.width, f["b"]?.width]
        }
        #expect(widths(hugging: 1000, row: 300) == [42, 146])
        #expect(widths(hugging: 999, row: 300) == [154, 146])
        #expect(widths(compressionResistance: 1000, row: 150) == [42, 146])
        #expect(widths(compressionResistance: 999, row: 150) != [42, 146])
    }

    /// The settings row, 375 pt wide:
    /// - along: inner 343; icon 29 + title 42 + spacer (minLength 8) + value 145.667 + chevron 8 = 232.667, gaps
    ///   12 × 3 + 6 = 42, so 343 − 274.667 = 68.333 is left. The spacer has no hugging constraint and takes it
    ///   all: 76.333. Title x 16 + 29 + 12 = 57; value x 375 − 16 − 8 − 6 − 145.667 = 199.333; chevron x 351.
    /// - across: the row's own height is 29 (the icon); minHeight makes it 44 and `align: center` centres each
    ///   child: icon (44 − 29) / 2 = 7.5 → 22.5 px rounds to 23 px = 7.667; labels (44 − 20.667) / 2 = 11.667
    ///   (35 px), baselines 11.667 + 16.333 = 28; chevron (44 − 13) / 2 = 15.5 → 47 px = 15.667.
    /// Nothing is truncated: "HomeNetwork-5G" keeps its whole 145.667 pt.
    @Test func settingsRowLaysOutWithoutTruncation() throws {
        let layout = Self.settingsRow()
        let f = layout.frames
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
            let element = try #require(layout.element(id))
            #expect(element.labelLayout?.truncated == false)
            #expect(element.canvasLines[0].baseline == 28)
        }
    }

    /// The same row 260 pt wide: inner 228, 274.667 − 228 = 46.667 too long. The spacer is at its minLength; the
    /// value's compression resistance (749) is the lowest, so it gives all of it: 145.667 − 46.667 = 99 and it
    /// truncates, the title keeps 42. Without the lowered priority the title and value tie at 750 and the tie
    /// goes by index: the title (first) gives its 42 and the value the remaining 4.667.
    @Test func narrowSettingsRowTruncatesTheLowestCompressionResistance() throws {
        let narrow = Self.settingsRow(width: 260)
        let value = try #require(narrow.element("value"))
        #expect(near(value.frame.width, 99))
        #expect(value.labelLayout?.truncated == true)
        #expect(value.canvasLines[0].text == "HomeNet…")
        #expect(narrow.frames["title"]?.width == 42)
        let tied = Self.settingsRow(width: 260, valueResistance: 750)
        #expect(tied.frames["title"]?.width == 0)
        #expect(near(tied.frames["value"]!.width, 437.0 / 3 - 14.0 / 3))
    }

    /// Hugging decides who stretches: two labels in a 300 pt row, spacing 10. By default (both 250) the first
    /// takes the 300 − 42 − 10 − 145.667 = 102.333 left over; with `hugging: 251` on the first, the second does.
    @Test func huggingDecidesWhoStretches() throws {
        func row(firstHugging: Int) -> [String: Rect] {
            Layouts.layout(Layouts.stack(.horizontal, spacing: 10, children: [
                Layouts.label("a", "Wi-Fi", Self.s, priorities: Self.priorities(hugging: firstHugging)),
                Layouts.label("b", "HomeNetwork-5G", Self.s),
            ]), width: 300).frames
        }
        let first = row(firstHugging: 250)
        #expect(near(first["a"]!.width, 42 + 307.0 / 3))
        #expect(near(first["b"]!.width, 437.0 / 3) && near(first["b"]!.maxX, 300))
        let second = row(firstHugging: 251)
        #expect(second["a"]!.width == 42)
        #expect(second["b"]!.x == 52 && second["b"]!.maxX == 300)
    }

    /// Two paragraphs side by side (numberOfLines 0, compression resistance 750 both) are each far wider than
    /// the row on one line; tied labels that wrap shrink to one width, as UIKit's text-width disambiguation
    /// intends: (300 − 10) / 2 = 145 each, both wrapping. A column holding a paragraph shares the same way.
    @Test func wrappingLabelsShareARowEqually() throws {
        let layout = Layouts.layout(Layouts.stack(.horizontal, spacing: 10, children: [
            Layouts.label("a", "A paragraph long enough to wrap onto several lines of this row", Self.s),
            .stack(Layouts.stack(id: "column", children: [
                Layouts.label("b", "Another paragraph, a good deal longer than the first one, also wrapping", Self.s),
            ])),
        ]), width: 300)
        let f = layout.frames
        #expect(f["a"]!.width == 145 && f["column"]!.width == 145 && f["column"]!.x == 155)
        #expect(layout.element("a")!.canvasLines.count > 1)
        #expect(layout.element("b")!.canvasLines.count > 1)
    }

    /// Size constraints on labels in a vertical stack (fill): `width: 100` is required and wins over the fill
    /// (frame 100 wide at the leading edge); `minHeight: 44` makes the frame 44 tall and, as UILabel draws, centres
    /// the text: (44 − 20.667) / 2 = 11.667, baseline 11.667 + 16.333 = 28 below the frame's top; `maxWidth: 60` on
    /// a leading-aligned stack's label wraps "HomeNetwork-5G" at 60 pt.
    @Test func sizeConstraintsOnLabels() throws {
        let layout = Layouts.layout(Layouts.stack(children: [
            Layouts.label("fixed", "Wi-Fi", Self.s, size: SizeConstraints(width: 100)),
            Layouts.label("tall", "Wi-Fi", Self.s, size: SizeConstraints(minHeight: 44)),
            .stack(Layouts.stack(alignment: .leading, children: [
                Layouts.label("narrow", "HomeNetwork-5G", Self.s, size: SizeConstraints(maxWidth: 60)),
            ])),
        ]), width: 300)
        let f = layout.frames
        #expect(f["fixed"] == Rect(x: 0, y: 0, width: 100, height: 62.0 / 3))
        let tall = try #require(layout.element("tall"))
        #expect(tall.frame == Rect(x: 0, y: 62.0 / 3, width: 300, height: 44))
        #expect(near(tall.canvasLines[0].baseline - tall.frame.y, 28))
        let narrow = try #require(layout.element("narrow"))
        #expect(narrow.frame.width <= 60 && narrow.canvasLines.count >= 2)
    }

    /// A label whose frame is too short for its text shows the lines that fit: "Wi-Fi HomeNetwork-5G" wraps to
    /// two lines at 150 pt (2 × 20.574 = 41.1 pt), so at `height: 30` only the first line fits; it is cut with an
    /// ellipsis (truncateTail) and centred: (30 − 20.667) / 2 = 4.667 (14 px), baseline 4.667 + 16.333 = 21.
    @Test func aShortLabelShowsTheLinesThatFit() throws {
        let layout = Layouts.layout(Layouts.stack(children: [
            Layouts.label("l", "Wi-Fi HomeNetwork-5G", Self.s, paragraph: Self.paragraph(mode: .truncateTail),
                          size: SizeConstraints(height: 30)),
        ]), width: 150)
        let label = try #require(layout.element("l"))
        #expect(label.frame.height == 30)
        #expect(label.canvasLines.count == 1)
        #expect(label.labelLayout?.truncated == true)
        #expect(near(label.canvasLines[0].baseline, 21))
    }

    /// UIStackView.Alignment.fill stretches children across a horizontal stack: a 40 pt box sets the row, the
    /// label beside it becomes 40 tall with its text centred: (40 − 20.667) / 2 = 9.667 (29 px), baseline 26; a
    /// box keeps its required height.
    @Test func alignmentFillStretchesAcrossTheRow() throws {
        let layout = Layouts.layout(Layouts.stack(.horizontal, spacing: 8, children: [
            Layouts.box("big", width: 40, height: 40),
            Layouts.label("l", "Wi-Fi", Self.s),
            Layouts.box("small", width: 10, height: 10),
        ]), width: 300)
        let label = try #require(layout.element("l"))
        #expect(label.frame.height == 40 && label.frame.y == 0)
        #expect(near(label.canvasLines[0].baseline, 26))
        #expect(layout.frames["small"]?.height == 10)
    }

    /// A vertical stack with a height of its own shares the difference by its distribution: 200 tall, two
    /// labels and a spacer between them. The spacer takes 200 − 2 × 20.667 = 158.667, so the second label's top
    /// is 200 − 20.667 = 179.333. With `distribution: equalSpacing` and no spacer the labels keep their heights
    /// and the one gap grows to the same 158.667.
    @Test func verticalStackDistributesItsHeight() throws {
        let spaced = Layouts.layout(Layouts.stack(size: SizeConstraints(height: 200), children: [
            Layouts.label("a", "Top", Self.s), .spacer(SpacerNode()), Layouts.label("b", "Bottom", Self.s),
        ]), width: 300)
        #expect(spaced.height == 200)
        #expect(near(spaced.frames["b"]!.y, 538.0 / 3))
        let equal = Layouts.layout(Layouts.stack(distribution: .equalSpacing, size: SizeConstraints(height: 200), children: [
            Layouts.label("a", "Top", Self.s), Layouts.label("b", "Bottom", Self.s),
        ]), width: 300)
        #expect(near(equal.frames["b"]!.y, 538.0 / 3) && equal.frames["a"]!.height == 62.0 / 3)
    }

    /// fillEqually in a row: 300 − 2 × 10 = 280 shared equally by two boxes without widths and a label, whatever
    /// their intrinsic widths: 93.333 each (280 px at @3x), so x 0, 103.333, 206.667.
    @Test func fillEquallyGivesEveryChildTheSameWidth() throws {
        let f = Layouts.layout(Layouts.stack(.horizontal, spacing: 10, distribution: .fillEqually, children: [
            Layouts.box("a", height: 10),
            Layouts.label("b", "HomeNetwork-5G", Self.s, paragraph: Self.paragraph(lines: 1)),
            Layouts.box("c", height: 10),
        ]), width: 300).frames
        #expect(f["a"]!.width == 280.0 / 3 && near(f["b"]!.x, 310.0 / 3) && near(f["b"]!.width, 280.0 / 3))
        #expect(near(f["c"]!.x, 620.0 / 3) && near(f["c"]!.maxX, 300))
    }

    /// A gap in a horizontal stack is UIKit's custom spacing after a view: boxes 20 wide, spacing 10, a gap of
    /// 30 after the first: x 0, 50, 80.
    @Test func horizontalGapIsCustomSpacing() throws {
        let f = Layouts.layout(Layouts.stack(.horizontal, spacing: 10, children: [
            Layouts.box("a", width: 20, height: 10),
            .gap(GapNode(value: 30)),
            Layouts.box("b", width: 20, height: 10),
            Layouts.box("c", width: 20, height: 10),
        ]), width: 300).frames
        #expect(f["a"]!.x == 0 && f["b"]!.x == 50 && f["c"]!.x == 80)
    }
}
