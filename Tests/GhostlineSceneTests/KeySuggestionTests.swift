import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// A misspelt key or value names the one meant (issue 35): British spellings, other cases and near misses get a
/// "did you mean", and an `ignore:` written as a suite manifest writes it says where it belongs.
@Suite("Scene errors: did you mean, and ignore: in the wrong file")
struct KeySuggestionTests {
    /// A scene of one label whose style is `{ font: Inter, size: 17, <style> }`, with `top` above `root:`.
    func scene(style: String = "", canvas: String = "", top: String = "") -> String {
        let extra = style.isEmpty ? "" : ", \(style)"
        return "canvas: { width: 200\(canvas) }\n\(top)styles:\n  s: { font: Inter, size: 17\(extra) }\n"
            + "root: { children: [ { label: { text: a, style: s } } ] }\n"
    }

    @Test(arguments: [
        // British spellings of keys, at every level they occur.
        ("colour: \"#FF0000\"", "", "", "styles.s.colour", "`color`"),
        ("", ", colourScheme: dark", "", "canvas.colourScheme", "`colorScheme`"),
        ("", "", "minColourDifference: 2\n", "minColourDifference", "`minColorDifference`"),
        ("", "", "colours: { accent: \"#0A84FF\" }\n", "colours", "`colors`"),
        // Near misses: a swap, a dropped letter, another case.
        ("lineHieght: 20", "", "", "styles.s.lineHieght", "`lineHeight`"),
        ("colr: \"#FF0000\"", "", "", "styles.s.colr", "`color`"),
        ("LetterSpacing: 1", "", "", "styles.s.LetterSpacing", "`letterSpacing`"),
    ])
    func aMisspeltKeyNamesTheKeyMeant(style: String, canvas: String, top: String, path: String, meant: String) throws {
        let e = try #require(sceneError(scene(style: style, canvas: canvas, top: top)))
        #expect(e.keyPath == path, "\(e)")
        #expect(e.problem.hasPrefix("unknown key"), "\(e)")
        #expect(e.fix.hasPrefix("did you mean \(meant)? allowed here: "), "\(e)")
        #expect(!e.description.contains("\n"))
    }

    @Test(arguments: [
        ("alignment: centre", "`center`"),
        ("textCase: capitalise", "`capitalize`"),
        ("lineHeightStrategy: paded", "`padded`"),
    ])
    func aMisspeltValueNamesTheValueMeant(style: String, meant: String) throws {
        let e = try #require(sceneError(scene(style: style)))
        #expect(e.problem.hasSuffix("is not a valid value"), "\(e)")
        #expect(e.fix.hasPrefix("did you mean \(meant)? use one of: "), "\(e)")
    }

    /// A word near nothing gets the list alone: a wrong guess would send the reader the wrong way.
    @Test func aKeyNearNothingGetsNoGuess() throws {
        let e = try #require(sceneError(scene(style: "zzBogus: 1")))
        #expect(e.fix.hasPrefix("allowed here: font, size"), "\(e)")
        let value = try #require(sceneError(scene(style: "alignment: sideways")))
        #expect(value.fix.hasPrefix("use one of: natural"), "\(value)")
    }

    /// `ignore: [clock]` is how a suite manifest ignores a label; in a scene it says so, in one line with the place.
    @Test func aLabelIdInAScenesIgnoreSaysItBelongsInTheManifest() throws {
        let e = try #require(sceneError(scene(top: "ignore: [ { x: 0, y: 0, width: 10, height: 10 }, clock ]\n")))
        #expect(e.keyPath == "ignore[1]" && e.line == 2, "\(e)")
        #expect(e.problem.contains("`clock` is not a box") && e.problem.contains("suite manifest's `ignore:`"), "\(e)")
        #expect(e.fix.contains("move `clock` to the entry's `ignore:` in ghostline.yaml"), "\(e)")
        #expect(e.description.hasPrefix("/tmp/scene.yaml:2:"), "\(e)")
        #expect(!e.description.contains("\n"))
    }

    /// One box without the list around it, as a manifest's defaults might be copied, is told to become a list.
    @Test func oneBoxWithoutAListIsToldToBeAList() throws {
        let e = try #require(sceneError(scene(top: "ignore: { x: 0, y: 0, width: 375, height: 44 }\n")))
        #expect(e.keyPath == "ignore", "\(e)")
        #expect(e.problem.contains("list of boxes") && e.fix.contains("ignore: [ {"), "\(e)")
        // A well-formed list still reads.
        #expect(sceneError(scene(top: "ignore: [ { x: 0, y: 0, width: 375, height: 44 } ]\n")) == nil)
    }
}
