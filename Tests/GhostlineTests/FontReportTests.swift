import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `GhostlineSession.fonts(_:)`: every style and fallback entry of a scene with what it resolved to, how, and the
/// font's identity, read from what resolving recorded. Run in a hermetic session (Inter's directory only), so the
/// answers do not depend on what else is installed.
@Suite("FontReport: what a scene's fonts resolved to, and why")
struct FontReportTests {
    static let inter = "/usr/share/fonts/opentype/inter"
    static let dejavu = "/usr/share/fonts/truetype/dejavu"

    /// One style for each way a name is found, a style no label uses, an inline style, a styled run and a
    /// fallback list of a file and a family.
    static let yaml = """
    canvas: { width: 320, scale: 2 }
    fonts:
      Brand: \(dejavu)/DejaVuSans.ttf
    fallback: [\(dejavu)/DejaVuSans-Bold.ttf, Inter]
    styles:
      title: { font: Inter-SemiBold, size: 28 }
      body: { font: Inter, size: 17 }
      unused: { font: Inter, size: 12, weight: bold }
      tight: { font: Inter, size: 17, weight: 450 }
      brand: { font: Brand, size: 17, weight: bold }
      em: { italic: true }
    root:
      children:
        - label: { id: title, text: Title, style: title }
        - label: { id: body, text: Body, style: body }
        - label: { id: again, text: Again, style: body }
        - label: { id: tight, text: Tight, style: tight }
        - label: { id: brand, text: Brand, style: brand }
        - label: { id: note, text: Note, style: { font: Inter, size: 13, weight: semibold } }
        - label: { id: mixed, style: body, runs: [ { text: "plain " }, { text: slanted, style: em } ] }
    """

    static let session = GhostlineSession(fontSet: FontSet(directories: [inter], systemFonts: false))

    func report() throws -> FontReport {
        let session = Self.session
        return session.fonts(try session.loader.parse(Self.yaml, path: "/tmp/font-report-test.yaml"))
    }

    @Test func eachEntrySaysHowItsFontWasFound() throws {
        let report = try report()
        let found = report.entries.map { ($0.resolution.subject.description, $0.resolution.source, $0.identity.postScriptName) }
        // Styles in the order written (unused left out), then the label's own style and run, then the fallback list.
        #expect(found.map(\.0) == ["style title", "style body", "style tight", "style brand", "label note",
                                   "label mixed, run 1", "fallback 0", "fallback 1"])
        #expect(found.map(\.1) == [.postScriptName, .family, .snappedFamily(weight: 500, italic: false), .namedFont("Brand"),
                                   .family, .family, .file(Self.dejavu + "/DejaVuSans-Bold.ttf"), .family])
        #expect(found.map(\.2) == ["Inter-SemiBold", "Inter-Regular", "Inter-Medium", "DejaVuSans", "Inter-SemiBold",
                                   "Inter-Italic", "DejaVuSans-Bold", "Inter-Regular"])
        #expect(report.unusedStyles == ["unused", "em"])
        // The request as asked: a fonts: entry ignores the weight, but the report still says what was asked.
        let brand = try #require(report.entries.first { $0.resolution.subject == .style("brand") })
        #expect(brand.resolution.request == FontResolution.Request(name: "Brand", weight: .bold, italic: false))
        let run = try #require(report.entries.first { $0.resolution.subject == .label("mixed", run: 1) })
        #expect(run.resolution.request == FontResolution.Request(name: "Inter", weight: .regular, italic: true))
    }

    @Test func theIdentityIsTheFilesAndItsHashIsSha256sums() throws {
        let report = try report()
        #expect(report.fontSet == FontSet(directories: [Self.inter], systemFonts: false))
        for entry in report.entries {
            #expect(entry.identity.file == entry.resolution.font.path)
            #expect(entry.identity.sha256 == (try sha256sum(entry.identity.file)), "\(entry.identity.file)")
        }
        let title = try #require(report.entries.first)
        #expect(title.identity.file == Self.inter + "/Inter-SemiBold.otf")
        #expect(title.identity.revision > 0 && !title.identity.version.isEmpty)
    }

    @Test func nothingIsLookedUpTwice() throws {
        let session = GhostlineSession(fontSet: FontSet(directories: [Self.inter], systemFonts: false))
        let scene = try session.loader.parse(Self.yaml, path: "/tmp/font-report-test.yaml")
        // `body` serves three labels and is recorded once; fontconfig was asked once for each request.
        #expect(scene.fontResolutions.filter { $0.subject == .style("body") }.count == 1)
        #expect(session.fonts.locator.lookUps(name: "Inter") == 1)
        let report = session.fonts(scene)
        #expect(session.fonts.locator.lookUps(name: "Inter") == 1)
        // The report's fonts are the very fonts the scene draws with.
        let body = try #require(report.entries.first { $0.resolution.subject == .style("body") })
        #expect(body.resolution.font === scene.fontResolutions.first { $0.subject == .style("body") }?.font)
    }

    @Test func theSnappedWeightIsReportedAndWarnedOnce() throws {
        let session = Self.session
        let scene = try session.loader.parse(Self.yaml, path: "/tmp/font-report-test.yaml")
        #expect(scene.warnings.count == 1 && scene.warnings[0].contains("Inter has no face at weight 450"))
        let text = session.fonts(scene).text
        #expect(text.contains("found as   the family Inter through fontconfig, nearest face (weight 450 asked, 500 found)"))
        #expect(text.contains("found as   the PostScript name Inter-SemiBold through fontconfig"))
        #expect(text.contains("found as   the fonts: entry Brand"))
        #expect(text.hasPrefix("fonts of /tmp/font-report-test.yaml\nfont set: only \(Self.inter) (system fonts off)\n"))
        #expect(text.contains("\nstyle unused\n  no label has this style: nothing was looked up\n"))
    }

    @Test func theJSONHasItsDocumentedKeysInOrder() throws {
        let json = try report().json
        let parsed = try JSONValue(parsing: Array(json.serialized().utf8))
        guard case .object(let members) = parsed else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == ["scene", "fontSet", "fonts", "unusedStyles"])
        let fonts = try #require(parsed["fonts"]?.arrayValue)
        #expect(fonts.count == 8)
        guard case .object(let entry) = fonts[2] else { Issue.record("not an object"); return }
        #expect(entry.map(\.0) == ["subject", "request", "source", "font"])
        #expect(fonts[2]["source"]?["kind"]?.stringValue == "snappedFamily")
        #expect(fonts[2]["source"]?["weight"]?.intValue == 500)
        #expect(fonts[2]["request"]?["weight"]?.intValue == 450)
        guard case .object(let font) = try #require(fonts[2]["font"]) else { Issue.record("not an object"); return }
        #expect(font.map(\.0) == ["file", "faceIndex", "postScriptName", "version", "revision", "sha256"])
        #expect(fonts[6]["subject"]?["kind"]?.stringValue == "fallback" && fonts[6]["subject"]?["index"]?.intValue == 0)
        #expect(parsed["fontSet"]?["systemFonts"]?.boolValue == false)
    }

    @Test func theFontSetIsTheOneTheSceneSaw() throws {
        // The caller sees the system's fonts; the scene turns them off and names Inter's directory.
        let yaml = "fontDirectories: [\(Self.inter)]\nsystemFonts: false\n" + Self.yaml
        let session = GhostlineSession()
        let report = session.fonts(try session.loader.parse(yaml, path: "/tmp/font-report-test.yaml"))
        #expect(report.fontSet == FontSet(directories: [Self.inter], systemFonts: false))
        #expect(session.fonts.fontSet == .system)
    }
}
