import Dispatch
import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// The session owns its font world: no font state is process-wide, so sessions with different font sets answer
/// differently side by side in one process, and a hermetic session sees only its own directories.
@Suite("GhostlineSession: the front door and its font world")
struct SessionTests {
    static let interDirectory = "/usr/share/fonts/opentype/inter"
    static let dejavuDirectory = "/usr/share/fonts/truetype/dejavu"

    /// A scene naming its font by family, as the demo card does.
    static func scene(font: String, text: String = "Hello, world") -> String {
        """
        canvas: { width: 240, scale: 2 }
        styles: { body: { font: \(font), size: 17 } }
        root: { children: [ { label: { id: body, text: "\(text)", style: body } } ] }
        """
    }

    func resolve(_ yaml: String, in session: GhostlineSession) throws -> Scene {
        try session.loader.parse(yaml, path: "/tmp/session-test.yaml")
    }

    @Test func aHermeticSessionSeesOnlyItsDirectories() throws {
        let hermetic = GhostlineSession(fontSet: FontSet(directories: [Self.interDirectory], systemFonts: false))
        let inter = try hermetic.fonts.locator.locate(name: "Inter")
        #expect(inter.path == Self.interDirectory + "/Inter-Regular.otf")
        // DejaVu is installed on this machine, but not in the session's directories.
        #expect(throws: FontError.self) { try hermetic.fonts.locator.locate(name: "DejaVu Sans") }
        // Nor does fallback reach beyond them: a Japanese character finds no font.
        let query = SystemFontFallback.Query(scalars: ["日"], language: "ja", emoji: false)
        #expect(hermetic.fonts.systemFallback.font(for: query) == nil)
        #expect(GhostlineSession().fonts.systemFallback.font(for: query) != nil)
    }

    @Test func twoSessionsWithDifferentFontSetsWorkSideBySide() throws {
        let interOnly = GhostlineSession(fontSet: FontSet(directories: [Self.interDirectory], systemFonts: false))
        let dejavuOnly = GhostlineSession(fontSet: FontSet(directories: [Self.dejavuDirectory], systemFonts: false))
        let yaml = Self.scene(font: "DejaVu Sans")
        #expect(throws: SceneError.self) { try resolve(yaml, in: interOnly) }
        let alone = try dejavuOnly.render(try resolve(yaml, in: dejavuOnly)).png()

        // Both at once on two threads, many times: each keeps to its own fonts and gives the bytes it gives alone.
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let session = index % 2 == 0 ? interOnly : dejavuOnly
            let font = index % 2 == 0 ? "Inter" : "DejaVu Sans"
            do {
                let png = try session.render(try resolve(Self.scene(font: font), in: session)).png()
                results.set(index, png)
            } catch {
                results.set(index, [])
            }
        }
        let pngs = (0..<8).compactMap { index in results.get(index).map { (index, $0) } }
        #expect(pngs.count == 8)
        for (index, png) in pngs {
            #expect(!png.isEmpty, "render \(index) failed")
            if index % 2 == 1 { #expect(png == alone, "render \(index) differs from the same scene rendered alone") }
        }
        #expect(pngs[0].1 != pngs[1].1)
    }

    @Test func extraDirectoriesAddToTheSystemFonts() throws {
        let both = FontContext(fontSet: FontSet(directories: [Self.interDirectory], systemFonts: true))
        #expect(try both.locator.locate(name: "DejaVu Sans").path.hasSuffix("DejaVuSans.ttf"))
        #expect(try both.locator.locate(name: "Inter").path.hasSuffix("Inter-Regular.otf"))
    }

    /// A layout made without a font context has no system fallback: it must be asked for, never found by chance.
    @Test func fallbackWithoutAContextStopsAtTheSceneList() throws {
        let session = GhostlineSession()
        let font = try session.fonts.font(named: "Inter")
        let style = TextStyle(font: font, pointSize: 17)
        let bare = LabelLayouter.layout(.init(text: "日本", style: style), width: nil)
        #expect(bare.missingScalars.count == 2)
        let withSystem = LabelLayouter.layout(.init(text: "日本", style: style, fallback: FontFallback(context: session.fonts)),
                                              width: nil)
        #expect(withSystem.missingScalars.isEmpty)
    }

    @Test func renderReturnsThePNGTheLayoutJSONAndTypedWarnings() throws {
        // Only Inter is visible, so the Japanese characters have no font and must be reported, by label.
        let session = GhostlineSession(fontSet: FontSet(directories: [Self.interDirectory], systemFonts: false))
        let rendered = try session.render(try resolve(Self.scene(font: "Inter", text: "A 日本"), in: session))
        #expect(rendered.layoutJSON == LayoutJSON.encode(rendered.layout, palette: rendered.scene.palette))
        #expect(try PNGCodec.decode(rendered.png()) == rendered.image)
        #expect(rendered.warnings == [.missingGlyphs(label: "body", scalars: ["日", "本"], fontFamily: "Inter")])
        #expect(rendered.warnings.first?.description.hasPrefix("label 'body': no font has a glyph for U+65E5, U+672C") == true)
    }

    /// `Inter` at 450 with only the static Inter installed draws with Inter Medium: right for what is installed,
    /// but the reader must hear it, once per request (two styles asking for Inter 450 warn once), with the place in
    /// the scene where it was first asked for. (The faces' weights are their
    /// OS/2 usWeightClass, as `fc-scan --format '%{weight}'` reports them: Medium 500.)
    @Test func aFamilyWithoutTheWeightAskedForWarnsOnce() throws {
        let session = GhostlineSession(fontSet: FontSet(directories: [Self.interDirectory], systemFonts: false))
        let yaml = """
        canvas: { width: 240 }
        styles:
          a: { font: Inter, size: 17, weight: 450 }
          b: { font: Inter, size: 17, weight: 500 }
          c: { font: Inter-SemiBold, size: 17 }
          d: { font: Inter, size: 20, weight: 450 }
        root: { children: [ { label: { text: x, style: a } }, { label: { text: y, style: a } },
                            { label: { text: z, style: b } }, { label: { text: w, style: c } },
                            { label: { text: v, style: d } } ] }
        """
        let scene = try session.loader.parse(yaml, path: "/tmp/weights.yaml")
        #expect(scene.warnings == ["/tmp/weights.yaml:3:14: Inter has no face at weight 450 here; it draws with Inter Medium "
                                   + "(weight 500) — use a weight the family has, or install the face the design uses"])
        // The layout JSON says it beside the label's font, for the snapped styles only.
        let json = try JSONValue(parsing: Array(session.render(scene).layoutJSON.utf8))
        let labels = (json["elements"]?.arrayValue ?? []).filter { $0["lines"] != nil }
        let snapped = labels.map { $0["font"]?["snappedFrom"] }
        #expect(labels.count == 5)
        #expect(snapped[0]?["family"]?.stringValue == "Inter" && snapped[0]?["weight"]?.intValue == 450
                && snapped[0]?["italic"]?.boolValue == false)
        #expect(snapped[4]?["weight"]?.intValue == 450)
        #expect(snapped[2] == nil && snapped[3] == nil)
    }
}
