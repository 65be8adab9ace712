import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `fontDirectories:` and `systemFonts:` in a scene or style guide: the fonts the scene may see, found relative
/// to the file that names them, checked to exist, and never wider than what the caller allows.
@Suite("Scene font sets: fontDirectories and systemFonts")
struct SceneFontSetTests {
    static let inter = "/usr/share/fonts/opentype/inter"

    /// A directory holding `scene.yaml` and, in `fonts/`, a copy of Inter Regular under another name.
    static func project(_ scene: String, guide: String? = nil) throws -> URL {
        let directory = try Paths.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: inter + "/Inter-Regular.otf",
                                         toPath: directory.appendingPathComponent("fonts/Pinned-Inter.otf").path)
        try scene.write(to: directory.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        if let guide { try guide.write(to: directory.appendingPathComponent("guide.yaml"), atomically: true, encoding: .utf8) }
        return directory
    }

    static let body = """
    canvas: { width: 240 }
    styles: { body: { font: Inter, size: 17 } }
    root: { children: [ { label: { id: body, text: Hello, style: body } } ] }
    """

    func font(of scene: Scene) throws -> String {
        let label = try #require(scene.layout().elements.first { $0.id == "body" }?.labelLayout)
        return label.font.path
    }

    @Test func aRelativeDirectoryIsTheOnlyOneSeenWithoutSystemFonts() throws {
        let directory = try Self.project("fontDirectories: fonts/\nsystemFonts: false\n" + Self.body)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = try GhostlineSession().scene(path: directory.appendingPathComponent("scene.yaml").path)
        #expect(try font(of: scene) == directory.appendingPathComponent("fonts/Pinned-Inter.otf").standardized.path)
    }

    @Test func aStyleGuideCanPinTheFontsForEveryScene() throws {
        let directory = try Self.project("include: guide.yaml\n" + Self.body, guide: "fontDirectories: [fonts]\nsystemFonts: false\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = try GhostlineSession().scene(path: directory.appendingPathComponent("scene.yaml").path)
        #expect(try font(of: scene).hasSuffix("/fonts/Pinned-Inter.otf"))
    }

    @Test func aNameOutsideTheSetIsAnErrorNamingTheDirectories() throws {
        let directory = try Self.project("fontDirectories: [/usr/share/fonts/truetype/dejavu]\nsystemFonts: false\n" + Self.body)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect {
            try GhostlineSession().scene(path: directory.appendingPathComponent("scene.yaml").path)
        } throws: { error in
            "\(error)".contains("font 'Inter' is not in the font directories (/usr/share/fonts/truetype/dejavu)")
        }
    }

    @Test func aMissingDirectoryIsNamedWithItsPlace() throws {
        let directory = try Self.project("fontDirectories: [fonts, no-such-fonts]\n" + Self.body)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("scene.yaml").path
        #expect {
            try GhostlineSession().scene(path: path)
        } throws: { error in
            "\(error)".hasPrefix("\(path):1:26: fontDirectories[1]: font directory \(directory.appendingPathComponent("no-such-fonts").path) does not exist")
        }
    }

    /// A caller that turned the system's fonts off (a hermetic test) is not overruled by a scene that turns them on.
    @Test func aSceneNeverWidensTheCallersFontSet() throws {
        let directory = try Self.project("systemFonts: true\n" + Self.body.replacingOccurrences(of: "font: Inter", with: "font: DejaVu Sans"))
        defer { try? FileManager.default.removeItem(at: directory) }
        let hermetic = GhostlineSession(fontSet: FontSet(directories: [Self.inter], systemFonts: false))
        #expect(throws: SceneError.self) { try hermetic.scene(path: directory.appendingPathComponent("scene.yaml").path) }
        #expect(FontSet(directories: ["/a"], systemFonts: false).adding(["/b", "/a"], systemFonts: true)
                == FontSet(directories: ["/a", "/b"], systemFonts: false))
    }

    /// The same scene gives the same PNG whether its fonts come from the system or from its own pinned directory.
    @Test func pinningChangesNoPixel() throws {
        let directory = try Self.project("fontDirectories: [\(Self.inter)]\nsystemFonts: false\n" + Self.body)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.body.write(to: directory.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
        let session = GhostlineSession()
        let pinned = try session.render(path: directory.appendingPathComponent("scene.yaml").path).png()
        let plain = try session.render(path: directory.appendingPathComponent("plain.yaml").path).png()
        #expect(pinned == plain)
    }
}

/// The Swift builder takes the same two keys, one to one with the YAML form.
@Suite("Scene font sets in the Swift builder")
struct SceneFontSetBuilderTests {
    @Test func theBuilderPinsFontsAsTheYAMLDoes() throws {
        let directory = try SceneFontSetTests.project(SceneFontSetTests.body)
        defer { try? FileManager.default.removeItem(at: directory) }
        let built = SceneDescription(width: 240, fontDirectories: ["fonts"], systemFonts: false,
                                     styles: ["body": StyleDescription(font: "Inter", size: 17)], directory: directory.path) {
            Label("Hello", id: "body", style: "body")
        }
        #expect(built.fontDirectories.map(\.path) == [directory.appendingPathComponent("fonts").standardized.path])
        let scene = try GhostlineSession().scene(built)
        let label = try #require(scene.layout().elements.first { $0.id == "body" }?.labelLayout)
        #expect(label.font.path.hasSuffix("/fonts/Pinned-Inter.otf"))
        let unpinned = SceneDescription(width: 240, styles: ["body": StyleDescription(font: "Inter", size: 17)]) {
            Label("Hello", id: "body", style: "body")
        }
        #expect(try GhostlineSession().scene(unpinned).layout().elements.first { $0.id == "body" }?.labelLayout?.font.path
                == "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
    }
}
