import Foundation
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// Bad scenes give one line that names the file, the place (line:column and key path) and the fix.
@Suite("Scene errors")
struct SceneErrorTests {
    func error(_ yaml: String) -> SceneError? {
        do {
            _ = try SceneLoader(fonts: FontLibrary()).parse(yaml, path: "/tmp/scene.yaml")
            return nil
        } catch {
            return error
        }
    }

    static let valid = """
    canvas: { width: 200 }
    styles:
      body: { font: Inter, size: 17 }
    root:
      children:
        - label: { text: "Hi", style: body }
    """

    @Test func validSceneParses() { #expect(error(Self.valid) == nil) }

    @Test func unknownKeyNamesLineColumnAndKeyPath() throws {
        let e = try #require(error("""
        canvas: { width: 200 }
        root:
          children:
            - label: { text: "Hi", style: body, colour: "#FF0000" }
        """))
        #expect(e.line == 4)
        #expect(e.column == 41)
        #expect(e.keyPath == "root.children[0].label.colour")
        #expect(e.description.hasPrefix("/tmp/scene.yaml:4:41: root.children[0].label.colour: unknown key `colour`"))
        #expect(!e.description.contains("\n"))
    }

    @Test func wrongTypeSaysWhatWasExpected() throws {
        let e = try #require(error("""
        canvas: { width: wide }
        root: { children: [] }
        """))
        #expect(e.keyPath == "canvas.width")
        #expect(e.line == 1 && e.column == 18)
        #expect(e.problem.contains("expected a width in points"))
        // A quoted number is text, not a number.
        let quoted = try #require(error("canvas: { width: \"200\" }\nroot: { children: [] }"))
        #expect(quoted.keyPath == "canvas.width")
    }

    @Test func misspeltCaseGetsASuggestion() throws {
        let e = try #require(error("""
        canvas: { width: 200 }
        styles:
          body: { font: Inter, size: 17, lineheight: 24 }
        root: { children: [] }
        """))
        #expect(e.fix.contains("did you mean `lineHeight`?"))
    }

    @Test func badEnumValueListsTheChoices() throws {
        let e = try #require(error(Self.valid.replacingOccurrences(of: "root:", with: "model: flutter\nroot:")))
        #expect(e.keyPath == "model")
        #expect(e.fix.contains("uikit, css"))
    }

    @Test func missingFontFamilyNamesThePackage() throws {
        let e = try #require(error(Self.valid.replacingOccurrences(of: "font: Inter", with: "font: Nonexistent Sans")))
        #expect(e.keyPath == "styles.body.font")
        #expect(e.description.contains("not installed"))
        let inter = FontError.familyNotInstalled(family: "Inter", package: FontLocator.debianPackage(forFamily: "Inter"))
        #expect(inter.description.contains("apt-get install fonts-inter"))
    }

    @Test func undefinedStyleListsTheDefinedOnes() throws {
        let e = try #require(error(Self.valid.replacingOccurrences(of: "style: body", with: "style: title")))
        #expect(e.keyPath == "root.children[0].label.style")
        #expect(e.fix.contains("defined: body"))
    }

    @Test func yamlSyntaxErrorHasAPlace() throws {
        let e = try #require(error("canvas: { width: 200\nroot: ["))
        #expect(e.line != nil)
        #expect(e.problem.contains("YAML syntax error"))
    }

    @Test func missingImageFileIsAnError() throws {
        let e = try #require(error(Self.valid.replacingOccurrences(of: "- label: { text: \"Hi\", style: body }",
                                                                   with: "- image: { file: nowhere.png, width: 10, height: 10 }")))
        #expect(e.keyPath == "root.children[0].image.file")
        #expect(e.description.contains("/tmp/nowhere.png"))
    }

    @Test func emptyAndNonMappingDocuments() {
        #expect(error("") != nil)
        #expect(error("- just\n- a list") != nil)
        #expect(error("canvas: { width: 200 }") != nil)   // no root
    }
}
