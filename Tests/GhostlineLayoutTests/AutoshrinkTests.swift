import Foundation
import GhostlineFonts
import GhostlineGeometry
import Testing
@testable import GhostlineLayout

/// UILabel's autoshrink (issue 23, item 6), labels in a stack built as layout values, held to what Apple documents:
/// - `adjustsFontSizeToFitWidth`: "the label reduces the font size until the text fits", never below
///   `minimumScaleFactor`, and "if you specify a value of 0 for this property, the label doesn't scale the text down";
/// - `allowsDefaultTighteningForTruncation`: the label "tightens intercharacter spacing of its text before allowing
///   any truncation", by NSParagraphStyle's `tighteningFactorForTruncation`, whose default 0.05 lets text at most
///   5 % wider than the line be tightened instead;
/// - `baselineAdjustment`: with `alignBaselines` (the default) "the position of the baseline remains fixed at its
///   initial location"; `none` moves the text "toward the top-left corner of the bounding box".
/// Expected widths and baselines come from Ghostline's own layout of the same text in plain labels (no autoshrink)
/// at the sizes the rules name, so each rule is checked against the layout it promises, not against a stored number.
/// (The css model's refusal of these settings, and their bad values, are scene-format errors: GhostlineSceneTests.)
@Suite("Autoshrinking labels (uikit)")
struct AutoshrinkTests {
    static let text = "Continue with Apple ID"
    static let s = TextStyle(font: TestFonts.inter, pointSize: 17)

    /// A label in the stack: `style` (Inter 17 unless given), the line count, break mode, size and autoshrink
    /// settings a scene's label keys set.
    static func label(_ id: String, _ text: String = AutoshrinkTests.text, style: TextStyle = AutoshrinkTests.s, lines: Int = 0, mode: LineBreakMode = .wordWrap,
                      width: Double? = nil, height: Double? = nil, shrink: Autoshrink = Autoshrink()) -> LayoutNode {
        var paragraph = ParagraphStyle()
        paragraph.numberOfLines = lines
        paragraph.lineBreakMode = mode
        paragraph.autoshrink = shrink
        return Layouts.label(id, text, style, paragraph: paragraph, size: SizeConstraints(width: width, height: height))
    }

    /// Autoshrink settings as UILabel spells them.
    static func shrink(adjusts: Bool = false, minimum: Double = 0, tightening: Bool = false,
                       adjustment: BaselineAdjustment = .alignBaselines) -> Autoshrink {
        Autoshrink(adjustsFontSizeToFitWidth: adjusts, minimumScaleFactor: minimum, allowsDefaultTighteningForTruncation: tightening,
                   baselineAdjustment: adjustment)
    }

    /// The laid-out labels, by id: a leading-aligned vertical stack on a 320 pt canvas at @3x.
    static func labels(_ labels: [LayoutNode]) -> [String: LayoutElement] {
        let layout = Layouts.layout(Layouts.stack(alignment: .leading, children: labels), width: 320)
        return Dictionary(uniqueKeysWithValues: layout.elements.filter { $0.kind == .label }.map { ($0.id, $0) })
    }

    static func lines(_ label: LayoutElement?) -> [LabelLine] { label?.canvasLines ?? [] }
    static func layout(_ label: LayoutElement?) -> LabelLayout? { label?.labelLayout }
    static func frame(_ label: LayoutElement?) -> Rect { label?.frame ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan) }
    static func baseline(_ label: LayoutElement?) -> Double { lines(label).first?.baseline ?? .nan }
    static func width(_ label: LayoutElement?) -> Double { lines(label).first?.width ?? .nan }
    static func size(_ label: LayoutElement?) -> Double { layout(label)?.metrics.pointSize ?? .nan }
    static func fontScale(_ label: LayoutElement?) -> Double { layout(label)?.fontScale ?? .nan }
    static func tightening(_ label: LayoutElement?) -> Double { layout(label)?.tightening ?? .nan }
    static func truncated(_ label: LayoutElement?) -> Bool? { layout(label)?.truncated }

    /// The one-line width of `text` at 17 pt, from a plain label.
    static func naturalWidth(_ text: String = AutoshrinkTests.text) -> Double {
        width(labels([label("n", text)])["n"])
    }

    @Test func shrinksToTheLargestScaleAtWhichTheTextFits() throws {
        let natural = Self.naturalWidth()
        let width = 120.0
        let label = Self.labels([Self.label("a", lines: 1, mode: .truncateTail, width: width, shrink: Self.shrink(adjusts: true, minimum: 0.5))])["a"]
        let scale = Self.fontScale(label)
        // Advances are proportional to the size here (no letter spacing): the text fits at width ÷ natural width.
        #expect(abs(scale - width / natural) < 2e-4, "scale \(scale), expected \(width / natural)")
        #expect(Self.truncated(label) == false)
        #expect(Self.lines(label).first?.text == Self.text)
        #expect(Self.width(label) <= width + 1e-9 && Self.width(label) > width - 0.05)
        #expect(abs(Self.size(label) - 17 * scale) < 1e-5)
        #expect(Self.tightening(label) == 0)
    }

    /// "If you specify a value of 0 for this property, the label doesn't scale the text down" — and 0 is UILabel's
    /// default, so `adjustsFontSizeToFitWidth` alone truncates as before.
    @Test func aMinimumScaleFactorOfZeroDoesNotShrink() throws {
        let plain = Self.labels([Self.label("p", lines: 1, mode: .truncateTail, width: 120)])["p"]
        for (name, shrink) in [("adjustsFontSizeToFitWidth", Self.shrink(adjusts: true)),
                               ("adjustsFontSizeToFitWidth, minimumScaleFactor 0", Self.shrink(adjusts: true, minimum: 0)),
                               ("minimumScaleFactor 0.5 alone", Self.shrink(adjusts: false, minimum: 0.5))] {
            let label = Self.labels([Self.label("a", lines: 1, mode: .truncateTail, width: 120, shrink: shrink)])["a"]
            #expect(Self.truncated(label) == true, "\(name)")
            #expect(Self.lines(label).first?.text == Self.lines(plain).first?.text, "\(name)")
            #expect(Self.size(label) == 17, "\(name)")
        }
        // A label that does not shrink says nothing of a scale (the layout JSON writes `fontScale` only for one that does).
        #expect(Self.layout(plain)?.autoshrinks == false)
    }

    @Test func neverShrinksBelowTheFactorAndThenTruncates() throws {
        let label = Self.labels([Self.label("a", lines: 1, mode: .truncateTail, width: 60, shrink: Self.shrink(adjusts: true, minimum: 0.5))])["a"]
        #expect(Self.fontScale(label) == 0.5)
        #expect(Self.size(label) == 8.5)
        #expect(Self.truncated(label) == true)
        #expect(Self.lines(label).first?.text.hasSuffix("…") == true)
        #expect(Self.width(label) <= 60 + 1e-9)
    }

    /// NSParagraphStyle's documented threshold: text at most 5 % wider than the line is tightened, wider text is
    /// truncated; only with `allowsDefaultTighteningForTruncation`, and only when the line break mode truncates.
    @Test func tightensTextUpToFivePercentTooWideInsteadOfTruncating() throws {
        let natural = Self.naturalWidth()
        let within = natural / 1.04, beyond = natural / 1.06
        let labels = Self.labels([
            Self.label("tight", lines: 1, mode: .truncateTail, width: within, shrink: Self.shrink(tightening: true)),
            Self.label("off", lines: 1, mode: .truncateTail, width: within),
            Self.label("far", lines: 1, mode: .truncateTail, width: beyond, shrink: Self.shrink(tightening: true)),
            Self.label("clip", lines: 1, mode: .clip, width: within, shrink: Self.shrink(tightening: true)),
        ])
        let tight = labels["tight"]
        #expect(Self.truncated(tight) == false)
        #expect(Self.lines(tight).first?.text == Self.text)
        #expect(Self.width(tight) <= within + 1e-6 && Self.width(tight) > within - 0.05, "\(Self.width(tight)) in \(within)")
        // The space comes from every character alike: 22 characters share the excess.
        let each = Self.tightening(tight)
        #expect(abs(each - (natural - within) / 22) < 0.01, "\(each)")
        #expect(Self.fontScale(tight) == 1)
        #expect(Self.truncated(labels["off"]) == true)
        #expect(Self.truncated(labels["far"]) == true)
        #expect(Self.tightening(labels["far"]) == 0)
        #expect(Self.truncated(labels["clip"]) == true)
    }

    /// Shrinking comes first; at the smallest scale, tightening may still save the line from truncation.
    @Test func tighteningFollowsShrinkingAtTheSmallestScale() throws {
        let natural = Self.naturalWidth()
        let width = natural * 0.5 / 1.03
        let labels = Self.labels([
            Self.label("a", lines: 1, mode: .truncateTail, width: width, shrink: Self.shrink(adjusts: true, minimum: 0.5, tightening: true)),
            Self.label("b", lines: 1, mode: .truncateTail, width: width, shrink: Self.shrink(adjusts: true, minimum: 0.5)),
        ])
        #expect(Self.fontScale(labels["a"]) == 0.5)
        #expect(Self.truncated(labels["a"]) == false)
        #expect(Self.tightening(labels["a"]) > 0)
        #expect(Self.truncated(labels["b"]) == true)
    }

    /// The frame keeps the full-size label's height (Auto Layout sizes it by its intrinsic, unshrunk content); the
    /// shrunk line sits by `baselineAdjustment`.
    @Test func baselineAdjustmentPlacesTheShrunkLine() throws {
        func shrunk(_ id: String, _ adjustment: BaselineAdjustment) -> LayoutNode {
            Self.label(id, lines: 1, mode: .truncateTail, width: 120, shrink: Self.shrink(adjusts: true, minimum: 0.5, adjustment: adjustment))
        }
        let labels = Self.labels([
            Self.label("full", lines: 1, mode: .truncateTail, width: 120),
            shrunk("baselines", .alignBaselines), shrunk("centers", .alignCenters), shrunk("none", .none),
        ])
        let full = labels["full"]
        for id in ["baselines", "centers", "none"] {
            #expect(Self.frame(labels[id]).height == Self.frame(full).height, "\(id)")
        }
        // The first baseline below the frame's top (the label's own coordinates).
        func offset(_ label: LayoutElement?) -> Double { Self.layout(label)?.lines.first?.baseline ?? .nan }
        // alignBaselines: where the full-size text's baseline is (the layout JSON compared the two at six decimals).
        #expect(abs(offset(labels["baselines"]) - offset(full)) < 1e-9)
        // none: at the top, where a label of the shrunk size alone puts its baseline.
        let small = 17 * Self.fontScale(labels["none"])
        let alone = Self.labels([Self.label("s", "x", style: TextStyle(font: TestFonts.inter, pointSize: small))])["s"]
        #expect(abs(offset(labels["none"]) - offset(alone)) < 1e-5)
        // alignCenters: the shrunk line's box centred in the frame, to the pixel.
        let height = Self.frame(full).height
        let aloneHeight = Self.frame(alone).height
        let centred = ((height - aloneHeight) / 2 * 3).rounded() / 3 + offset(alone)
        #expect(abs(offset(labels["centers"]) - centred) < 1e-5, "\(offset(labels["centers"])) vs \(centred)")
        #expect(offset(labels["none"]) < offset(labels["centers"]) && offset(labels["centers"]) < offset(labels["baselines"]))
    }

    /// Several lines shrink until the text fits in `numberOfLines`, wrapping again at each size.
    @Test func severalLinesShrinkUntilTheTextFitsTheLineCount() throws {
        let text = "Your order ships tomorrow from the nearest warehouse"
        let labels = Self.labels([
            Self.label("full", text, lines: 2, mode: .truncateTail, width: 150),
            Self.label("a", text, lines: 2, mode: .truncateTail, width: 150, shrink: Self.shrink(adjusts: true, minimum: 0.5)),
        ])
        #expect(Self.truncated(labels["full"]) == true)
        let label = labels["a"]
        let scale = Self.fontScale(label)
        #expect(Self.truncated(label) == false && scale < 1 && scale > 0.5)
        #expect(Self.lines(label).count == 2)
        // The largest such scale: a little larger no longer fits in two lines.
        let larger = 17 * scale * 1.002
        let check = Self.labels([Self.label("c", text, style: TextStyle(font: TestFonts.inter, pointSize: larger), lines: 2,
                                            mode: .truncateTail, width: 150)])["c"]
        #expect(Self.truncated(check) == true)
        // More lines are centred in the full-size frame.
        #expect(Self.frame(label).height == Self.frame(labels["full"]).height)
    }

    /// A multi-line label in a frame too short for its text ("exceeds the label's bounding rectangle") shrinks until
    /// every line fits the height.
    @Test func aShortFrameShrinksTheTextToItsHeight() throws {
        let text = "Your order ships tomorrow from the nearest warehouse"
        let labels = Self.labels([
            Self.label("a", text, lines: 0, width: 150, height: 40, shrink: Self.shrink(adjusts: true, minimum: 0.3)),
            Self.label("b", text, lines: 0, width: 150, height: 40),
        ])
        let label = labels["a"]
        #expect(Self.truncated(label) == false)
        #expect(Self.fontScale(label) < 1)
        let words = Self.lines(label).map(\.text).joined(separator: " ")
        #expect(words == text)
        let top = Self.frame(label).y
        let last = try #require(Self.lines(label).last?.baseline)
        #expect(last - top <= 40)
        #expect(Self.truncated(labels["b"]) == true)
    }

    /// Core Text's automatic optical size follows the size drawn: a shrunk label on a variable font with `opsz`
    /// draws the instance of its shrunk size. (`Fixtures/fonts/opsz/GhostlineOpszTest.ttf`, made by
    /// scripts/fixtures/make-opsz-font.py; the style asks for the optical size of its 24 pt, as Core Text does.)
    @Test func aShrunkVariableFontTakesTheOpticalSizeOfItsSize() throws {
        let library = Layouts.context.library
        let request = FontVariationRequest(weight: 400, opticalSize: 24)
        let font = try library.instance(of: try library.font(path: TestFonts.opszPath), request)
        var style = TextStyle(font: font, pointSize: 24)
        style.variations = request
        let label = Self.labels([Self.label("a", style: style, lines: 1, width: 120, shrink: Self.shrink(adjusts: true, minimum: 0.25))])["a"]
        let layout = try #require(Self.layout(label))
        let size = layout.metrics.pointSize
        #expect(size < 24)
        // The layout JSON wrote both at six decimals.
        let opsz = try #require(layout.font.variations.first { $0.tag == "opsz" }?.value)
        #expect(abs(opsz - size) < 5e-7, "opsz \(opsz) at \(size) pt")
    }
}
