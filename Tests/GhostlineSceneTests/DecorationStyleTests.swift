import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineImage
import GhostlineScene
import Testing

/// Underline and strikethrough styles measured from the PNG. Inter Regular's `post` table gives an underline
/// 192 units thick and its `OS/2` table a strikeout 192 units thick, in a 2816-unit em (read with fontTools), so at
/// 44 pt the font's line is 3 pt: 6 device pixels at @2x. NSUnderlineStyle's documented styles: `single` is that
/// line, `thick` a heavier one (2t here), `double` two lines (t, a gap of t, t). Patterns repeat in multiples of the
/// line's thickness, the lengths docs/scene-format.md documents (dot t/t, dash 3t/t, dash-dot 3t/t/t/t), so at 6 px:
/// periods of 12, 24 and 36 px.
///
/// The label is "a", spaces, "b": between the two letters the only ink below the baseline is the decoration (UIKit
/// underlines the spaces between visible glyphs), so rows and columns of ink there are the decoration's.
/// (The geometry layout hands the raster, strokes and dashes, is tested on layout values in GhostlineLayoutTests'
/// `TextDecorationTests`.)
@Suite("Underline and strikethrough styles in the PNG")
struct DecorationStyleTests {
    static let session = GhostlineSession()
    /// The font's line at 44 pt and @2x: 192 / 2816 × 44 × 2.
    static let t = 6

    static func render(_ style: String, color: String = "#000000", model: String = "uikit") throws -> RGBAImage {
        let yaml = """
        model: \(model)
        systemFonts: false
        fontDirectories: [/usr/share/fonts/opentype/inter]
        canvas: { width: 400, height: 100, scale: 2, background: "#FFFFFF" }
        styles:
          s: { font: Inter, size: 44, color: "\(color)", \(style) }
        root:
          stack: vertical
          children:
            - label: { id: t, text: "a                 b", style: s }
        """
        let loader = session.loader
        let scene = try loader.resolve(try loader.describe(text: yaml, path: Paths.root.path + "/decorations.yaml"))
        return try session.render(scene).image
    }

    static func isInk(_ color: Color) -> Bool { Int(color.red) + Int(color.green) + Int(color.blue) < 3 * 200 }

    /// Runs of rows with ink in column `x`: (first row, count), top to bottom.
    static func inkRows(_ image: RGBAImage, x: Int) -> [(Int, Int)] {
        runs((0..<image.height).map { isInk(image[x, $0]) })
    }

    /// Runs of ink (true) and gaps (false) along row `y` from `x0` to `x1`, as (isInk, length).
    static func pattern(_ image: RGBAImage, y: Int, x0: Int, x1: Int) -> [(Bool, Int)] {
        var result: [(Bool, Int)] = []
        for x in x0..<x1 {
            let ink = isInk(image[x, y])
            if let last = result.last, last.0 == ink { result[result.count - 1].1 += 1 } else { result.append((ink, 1)) }
        }
        return result
    }

    static func runs(_ flags: [Bool]) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        for (i, flag) in flags.enumerated() where flag {
            if let last = result.last, last.0 + last.1 == i { result[result.count - 1].1 += 1 } else { result.append((i, 1)) }
        }
        return result
    }

    /// A column between the letters (the label starts at x 0; "a" is 25 pt wide at 44 pt, so 150 px is clear).
    static let middle = 200

    @Test(arguments: ["uikit"])
    func singleThickAndDoubleUnderlinesHaveTheirRows(model: String) throws {
        let single = Self.inkRows(try Self.render("underline: true", model: model), x: Self.middle)
        #expect(single.map(\.1) == [Self.t])
        let thick = Self.inkRows(try Self.render("underline: { style: thick }", model: model), x: Self.middle)
        #expect(thick.map(\.1) == [2 * Self.t])
        // The underline keeps its top edge and grows downwards.
        #expect(thick.first?.0 == single.first?.0)
        let double = Self.inkRows(try Self.render("underline: { style: double }", model: model), x: Self.middle)
        #expect(double.map(\.1) == [Self.t, Self.t])
        #expect(double.count == 2 && double[1].0 - (double[0].0 + double[0].1) == Self.t, "gap of one thickness")
        #expect(double.first?.0 == single.first?.0)
    }

    /// The css model draws Blink's underline (``DecorationPlacement/blink``; measured in GhostlineRasterTests'
    /// `ChromiumDecorationTests`): at 44 pt @2x, 88 device px, t = 8.8, so 8 rows `ceil(4.4)` = 5 below the baseline.
    /// `thick` is the rule at 2t (17 rows, 9 below the baseline: a thicker line moves down, as Blink's auto offset
    /// does) and `double` two 8-row lines one row apart (Blink's source as read; neither is measured).
    @Test func cssUnderlinesFollowBlinksRule() throws {
        let single = Self.inkRows(try Self.render("underline: true", model: "css"), x: Self.middle)
        let thick = Self.inkRows(try Self.render("underline: { style: thick }", model: "css"), x: Self.middle)
        let double = Self.inkRows(try Self.render("underline: { style: double }", model: "css"), x: Self.middle)
        #expect(single.map(\.1) == [8] && thick.map(\.1) == [17] && double.map(\.1) == [8, 8])
        let top = try #require(single.first?.0)
        #expect(thick.first?.0 == top + 4)
        #expect(double.first?.0 == top && double.last?.0 == top + 9)
    }

    @Test func aThickStrikethroughStaysCentredOnTheFontsLine() throws {
        let single = Self.inkRows(try Self.render("strikethrough: true"), x: Self.middle)
        let thick = Self.inkRows(try Self.render("strikethrough: { style: thick }"), x: Self.middle)
        #expect(single.map(\.1) == [Self.t] && thick.map(\.1) == [2 * Self.t])
        if let s = single.first, let k = thick.first {
            #expect(abs(Double(2 * s.0 + s.1) / 2 - Double(2 * k.0 + k.1) / 2) <= 0.5)
        }
    }

    @Test(arguments: [("dot", [1, 1]), ("dash", [3, 1]), ("dashDot", [3, 1, 1, 1])])
    func patternsRepeatInMultiplesOfTheThickness(pattern: String, multiples: [Int]) throws {
        let image = try Self.render("underline: { pattern: \(pattern) }")
        let row = try #require(Self.inkRows(image, x: Self.middle + 0).first.map { $0.0 }
                               ?? Self.inkRows(image, x: Self.middle + Self.t).first?.0)
        // Between the letters (150…600 px), whole periods: drop the first and last run, which a letter or the cut
        // at the middle can shorten.
        let runs = Array(Self.pattern(image, y: row + Self.t / 2, x0: 150, x1: 600).dropFirst().dropLast())
        #expect(runs.count >= 2 * multiples.count)
        let lengths = multiples.map { $0 * Self.t }
        // Align the measured runs with the pattern: find where an ink run of the first length starts.
        let start = try #require(runs.indices.first { runs[$0].0 && runs[$0].1 == lengths[0] && (multiples.count == 2 || runs[($0 + 2) % runs.count].1 == lengths[2]) })
        for (offset, run) in runs[start...].enumerated() {
            #expect(run.1 == lengths[offset % lengths.count], "\(pattern): run \(offset) is \(run.1) px, want \(lengths[offset % lengths.count])")
            #expect(run.0 == (offset % 2 == 0))
        }
        // The pattern starts with ink at the run's left edge (x 0).
        #expect(Self.isInk(image[0, row + Self.t / 2]))
    }

    @Test func aDecorationHasItsOwnColourOrTheTexts() throws {
        let red = try Self.render("underline: { color: \"#FF0000\" }")
        let row = try #require(Self.inkRows(red, x: Self.middle).first?.0)
        #expect(red[Self.middle, row] == Color(red: 255, green: 0, blue: 0, alpha: 255))
        let plain = try Self.render("underline: true", color: "#0000FF")
        let plainRow = try #require(Self.inkRows(plain, x: Self.middle).first?.0)
        #expect(plain[Self.middle, plainRow] == Color(red: 0, green: 0, blue: 255, alpha: 255))
    }

    /// `underline: false` in a run is a value, not an absence: it turns off the label's underline there (as a run's
    /// `.underlineStyle: 0` does in an attributed string), while a run that says nothing inherits it.
    @Test func aRunTurnsOffItsLabelsUnderline() throws {
        let yaml = """
        systemFonts: false
        fontDirectories: [/usr/share/fonts/opentype/inter]
        canvas: { width: 400, scale: 2 }
        styles:
          s: { font: Inter, size: 17, underline: { style: thick } }
        root:
          stack: vertical
          children:
            - label: { id: t, style: s, runs: [ { text: "linked " }, { text: plain, style: { underline: false } } ] }
        """
        let loader = Self.session.loader
        let scene = try loader.resolve(try loader.describe(text: yaml, path: Paths.root.path + "/decorations.yaml"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.session.layout(scene).json.utf8)) as? [String: Any])
        let label = try #require((json["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "t" })
        let runs = try #require((label["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        #expect(runs.count == 2)
        #expect((runs.first?["underline"] as? [String: Any])?["style"] as? String == "thick")
        #expect(runs.last?["underline"] == nil)
    }
}
