import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// UILabel's autoshrink through the whole scene pipeline (issue 23, item 6), held to what Apple documents:
/// - `adjustsFontSizeToFitWidth`: "the label reduces the font size until the text fits", never below
///   `minimumScaleFactor`, and "if you specify a value of 0 for this property, the label doesn't scale the text down";
/// - `allowsDefaultTighteningForTruncation`: the label "tightens intercharacter spacing of its text before allowing
///   any truncation", by NSParagraphStyle's `tighteningFactorForTruncation`, whose default 0.05 lets text at most
///   5 % wider than the line be tightened instead;
/// - `baselineAdjustment`: with `alignBaselines` (the default) "the position of the baseline remains fixed at its
///   initial location"; `none` moves the text "toward the top-left corner of the bounding box".
/// Expected widths and baselines come from Ghostline's own layout of the same text in plain labels (no autoshrink)
/// at the sizes the rules name, so each rule is checked against the layout it promises, not against a stored number.
@Suite("Autoshrinking labels (uikit)")
struct AutoshrinkTests {
    static let session = GhostlineSession()
    static let text = "Continue with Apple ID"

    static func scene(_ labels: [String], model: String = "uikit") throws(SceneError) -> Scene {
        let yaml = """
        model: \(model)
        systemFonts: false
        fontDirectories: [/usr/share/fonts/opentype/inter, \(Paths.root.path)/Fixtures/fonts/opsz]
        canvas: { width: 320, scale: 3 }
        styles:
          s: { font: Inter, size: 17 }
        root:
          stack: vertical
          align: leading
          children:
        \(labels.map { "    - label: { \($0.contains("style:") ? "" : "style: s, ")\($0) }" }.joined(separator: "\n"))
        """
        return try session.loader.resolve(try session.loader.describe(text: yaml, path: Paths.root.path + "/autoshrink.yaml"))
    }

    /// The laid-out labels of `labels` (flow YAML keys; `style: s` unless they name a style), by id.
    static func labels(_ labels: [String]) throws -> [String: [String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(session.layout(scene(labels)).json.utf8)) as? [String: Any])
        let elements = try #require(json["elements"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: elements.compactMap { e in (e["id"] as? String).map { ($0, e) } })
    }

    static func lines(_ label: [String: Any]?) -> [[String: Any]] { label?["lines"] as? [[String: Any]] ?? [] }
    static func number(_ label: [String: Any]?, _ key: String) -> Double { label?[key] as? Double ?? .nan }
    static func frame(_ label: [String: Any]?) -> [String: Double] { label?["frame"] as? [String: Double] ?? [:] }
    static func baseline(_ label: [String: Any]?) -> Double { lines(label).first?["baseline"] as? Double ?? .nan }
    static func width(_ label: [String: Any]?) -> Double { lines(label).first?["width"] as? Double ?? .nan }
    static func size(_ label: [String: Any]?) -> Double { (label?["font"] as? [String: Any])?["size"] as? Double ?? .nan }

    /// The one-line width of `text` at 17 pt, from a plain label.
    static func naturalWidth(_ text: String = text) throws -> Double {
        width(try labels(["id: n, text: \"\(text)\""])["n"])
    }

    @Test func shrinksToTheLargestScaleAtWhichTheTextFits() throws {
        let natural = try Self.naturalWidth()
        let width = 120.0
        let label = try Self.labels(["id: a, text: \"\(Self.text)\", numberOfLines: 1, lineBreakMode: truncateTail, width: \(width), adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5"])["a"]
        let scale = Self.number(label, "fontScale")
        // Advances are proportional to the size here (no letter spacing): the text fits at width ÷ natural width.
        #expect(abs(scale - width / natural) < 2e-4, "scale \(scale), expected \(width / natural)")
        #expect(label?["truncated"] as? Bool == false)
        #expect(Self.lines(label).first?["text"] as? String == Self.text)
        #expect(Self.width(label) <= width + 1e-9 && Self.width(label) > width - 0.05)
        #expect(abs(Self.size(label) - 17 * scale) < 1e-5)   // the JSON's numbers are rounded
        #expect(Self.number(label, "tightening") == 0)
    }

    /// "If you specify a value of 0 for this property, the label doesn't scale the text down" — and 0 is UILabel's
    /// default, so `adjustsFontSizeToFitWidth` alone truncates as before.
    @Test func aMinimumScaleFactorOfZeroDoesNotShrink() throws {
        let plain = try Self.labels(["id: p, text: \"\(Self.text)\", numberOfLines: 1, lineBreakMode: truncateTail, width: 120"])["p"]
        for keys in ["adjustsFontSizeToFitWidth: true", "adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0",
                     "adjustsFontSizeToFitWidth: false, minimumScaleFactor: 0.5"] {
            let label = try Self.labels(["id: a, text: \"\(Self.text)\", numberOfLines: 1, lineBreakMode: truncateTail, width: 120, \(keys)"])["a"]
            #expect(label?["truncated"] as? Bool == true, "\(keys)")
            #expect(Self.lines(label).first?["text"] as? String == Self.lines(plain).first?["text"] as? String, "\(keys)")
            #expect(Self.size(label) == 17, "\(keys)")
        }
        // A label that does not shrink says nothing of a scale.
        #expect(plain?["fontScale"] == nil)
    }

    @Test func neverShrinksBelowTheFactorAndThenTruncates() throws {
        let label = try Self.labels(["id: a, text: \"\(Self.text)\", numberOfLines: 1, lineBreakMode: truncateTail, width: 60, adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5"])["a"]
        #expect(Self.number(label, "fontScale") == 0.5)
        #expect(Self.size(label) == 8.5)
        #expect(label?["truncated"] as? Bool == true)
        #expect((Self.lines(label).first?["text"] as? String)?.hasSuffix("…") == true)
        #expect(Self.width(label) <= 60 + 1e-9)
    }

    /// NSParagraphStyle's documented threshold: text at most 5 % wider than the line is tightened, wider text is
    /// truncated; only with `allowsDefaultTighteningForTruncation`, and only when the line break mode truncates.
    @Test func tightensTextUpToFivePercentTooWideInsteadOfTruncating() throws {
        let natural = try Self.naturalWidth()
        let within = natural / 1.04, beyond = natural / 1.06
        let keys = "text: \"\(Self.text)\", numberOfLines: 1, lineBreakMode: truncateTail"
        let labels = try Self.labels([
            "id: tight, \(keys), width: \(within), allowsDefaultTighteningForTruncation: true",
            "id: off, \(keys), width: \(within)",
            "id: far, \(keys), width: \(beyond), allowsDefaultTighteningForTruncation: true",
            "id: clip, text: \"\(Self.text)\", numberOfLines: 1, lineBreakMode: clip, width: \(within), allowsDefaultTighteningForTruncation: true",
        ])
        let tight = labels["tight"]
        #expect(tight?["truncated"] as? Bool == false)
        #expect(Self.lines(tight).first?["text"] as? String == Self.text)
        #expect(Self.width(tight) <= within + 1e-6 && Self.width(tight) > within - 0.05, "\(Self.width(tight)) in \(within)")
        // The space comes from every character alike: 22 characters share the excess.
        let each = Self.number(tight, "tightening")
        #expect(abs(each - (natural - within) / 22) < 0.01, "\(each)")
        #expect(Self.number(tight, "fontScale") == 1)
        #expect(labels["off"]?["truncated"] as? Bool == true)
        #expect(labels["far"]?["truncated"] as? Bool == true)
        #expect(Self.number(labels["far"], "tightening") == 0)
        #expect(labels["clip"]?["truncated"] as? Bool == true)
    }

    /// Shrinking comes first; at the smallest scale, tightening may still save the line from truncation.
    @Test func tighteningFollowsShrinkingAtTheSmallestScale() throws {
        let natural = try Self.naturalWidth()
        let width = natural * 0.5 / 1.03
        let keys = "text: \"\(Self.text)\", numberOfLines: 1, lineBreakMode: truncateTail, width: \(width), adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5"
        let labels = try Self.labels(["id: a, \(keys), allowsDefaultTighteningForTruncation: true", "id: b, \(keys)"])
        #expect(Self.number(labels["a"], "fontScale") == 0.5)
        #expect(labels["a"]?["truncated"] as? Bool == false)
        #expect(Self.number(labels["a"], "tightening") > 0)
        #expect(labels["b"]?["truncated"] as? Bool == true)
    }

    /// The frame keeps the full-size label's height (Auto Layout sizes it by its intrinsic, unshrunk content); the
    /// shrunk line sits by `baselineAdjustment`.
    @Test func baselineAdjustmentPlacesTheShrunkLine() throws {
        let keys = "text: \"\(Self.text)\", numberOfLines: 1, lineBreakMode: truncateTail, width: 120"
        let labels = try Self.labels([
            "id: full, \(keys)",
            "id: baselines, \(keys), adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5",
            "id: centers, \(keys), adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5, baselineAdjustment: alignCenters",
            "id: none, \(keys), adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5, baselineAdjustment: none",
        ])
        let full = labels["full"]
        for id in ["baselines", "centers", "none"] {
            #expect(Self.frame(labels[id])["height"] == Self.frame(full)["height"], "\(id)")
        }
        func offset(_ id: String) -> Double { Self.baseline(labels[id]) - Self.frame(labels[id])["y", default: .nan] }
        // alignBaselines: where the full-size text's baseline is.
        #expect(offset("baselines") == offset("full"))
        // none: at the top, where a label of the shrunk size alone puts its baseline.
        let small = 17 * Self.number(labels["none"], "fontScale")
        let alone = try Self.labels(["id: s, text: \"x\", style: { font: Inter, size: \(small) }"])["s"]
        #expect(abs(offset("none") - (Self.baseline(alone) - Self.frame(alone)["y", default: .nan])) < 1e-5)
        // alignCenters: the shrunk line's box centred in the frame, to the pixel.
        let height = Self.frame(full)["height", default: .nan]
        let aloneHeight = Self.frame(alone)["height", default: .nan]
        let centred = ((height - aloneHeight) / 2 * 3).rounded() / 3 + (Self.baseline(alone) - Self.frame(alone)["y", default: .nan])
        #expect(abs(offset("centers") - centred) < 1e-5, "\(offset("centers")) vs \(centred)")
        #expect(offset("none") < offset("centers") && offset("centers") < offset("baselines"))
    }

    /// Several lines shrink until the text fits in `numberOfLines`, wrapping again at each size.
    @Test func severalLinesShrinkUntilTheTextFitsTheLineCount() throws {
        let text = "Your order ships tomorrow from the nearest warehouse"
        let keys = "text: \"\(text)\", numberOfLines: 2, lineBreakMode: truncateTail, width: 150"
        let labels = try Self.labels(["id: full, \(keys)", "id: a, \(keys), adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5"])
        #expect(labels["full"]?["truncated"] as? Bool == true)
        let label = labels["a"]
        let scale = Self.number(label, "fontScale")
        #expect(label?["truncated"] as? Bool == false && scale < 1 && scale > 0.5)
        #expect(Self.lines(label).count == 2)
        // The largest such scale: a little larger no longer fits in two lines.
        let larger = 17 * scale * 1.002
        let check = try Self.labels(["id: c, \(keys), style: { font: Inter, size: \(larger) }"])["c"]
        #expect(check?["truncated"] as? Bool == true)
        // More lines are centred in the full-size frame.
        #expect(Self.frame(label)["height"] == Self.frame(labels["full"])["height"])
    }

    /// A multi-line label in a frame too short for its text ("exceeds the label's bounding rectangle") shrinks until
    /// every line fits the height.
    @Test func aShortFrameShrinksTheTextToItsHeight() throws {
        let text = "Your order ships tomorrow from the nearest warehouse"
        let labels = try Self.labels([
            "id: a, text: \"\(text)\", numberOfLines: 0, width: 150, height: 40, adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.3",
            "id: b, text: \"\(text)\", numberOfLines: 0, width: 150, height: 40",
        ])
        let label = labels["a"]
        #expect(label?["truncated"] as? Bool == false)
        #expect(Self.number(label, "fontScale") < 1)
        let words = (Self.lines(label).compactMap { $0["text"] as? String }).joined(separator: " ")
        #expect(words == text)
        let top = Self.frame(label)["y", default: .nan]
        let last = try #require(Self.lines(label).last?["baseline"] as? Double)
        #expect(last - top <= 40)
        #expect(labels["b"]?["truncated"] as? Bool == true)
    }

    /// Core Text's automatic optical size follows the size drawn: a shrunk label on a variable font with `opsz`
    /// draws the instance of its shrunk size.
    @Test func aShrunkVariableFontTakesTheOpticalSizeOfItsSize() throws {
        let label = try Self.labels(["id: a, text: \"\(Self.text)\", style: { font: Ghostline Opsz Test, size: 24 }, numberOfLines: 1, width: 120, adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.25"])["a"]
        let font = try #require(label?["font"] as? [String: Any])
        let size = try #require(font["size"] as? Double)
        #expect(size < 24)
        #expect((font["variations"] as? [String: Double])?["opsz"] == size)
    }

    /// A browser has no autoshrink: the css model refuses the keys in one line that names the place and the fix.
    @Test(arguments: ["adjustsFontSizeToFitWidth: true", "minimumScaleFactor: 0.5", "allowsDefaultTighteningForTruncation: true",
                      "baselineAdjustment: none"])
    func theCSSModelRefusesTheKeys(key: String) throws {
        do {
            _ = try Self.scene(["id: a, text: \"x\", \(key)"], model: "css")
            Issue.record("\(key) was accepted in the css model")
        } catch {
            let message = "\(error)"
            #expect(message.contains("autoshrink.yaml:11:"), "\(message)")
            #expect(message.contains("model: uikit"), "\(message)")
            #expect(!message.contains("\n"))
        }
    }

    @Test(arguments: [("minimumScaleFactor: 2", "0 to 1"), ("baselineAdjustment: middle", "alignBaselines"),
                      ("adjustsFontSizeToFitWidth: maybe", "true")])
    func badValuesNameTheFix(key: String, fix: String) throws {
        do {
            _ = try Self.scene(["id: a, text: \"x\", \(key)"])
            Issue.record("\(key) was accepted")
        } catch {
            #expect("\(error)".contains(fix), "\(error)")
            #expect("\(error)".contains("autoshrink.yaml:11:"), "\(error)")
        }
    }
}
