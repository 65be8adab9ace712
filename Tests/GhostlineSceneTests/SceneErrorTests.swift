import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// Bad scenes give one line that names the file, the place (line:column and key path) and the fix.
@Suite("Scene errors")
struct SceneErrorTests {
    static let valid = """
    canvas: { width: 200 }
    styles:
      body: { font: Inter, size: 17 }
    root:
      children:
        - label: { text: "Hi", style: body }
    """

    @Test func validSceneParses() { #expect(sceneError(Self.valid) == nil) }

    @Test func unknownKeyNamesLineColumnAndKeyPath() throws {
        let e = try #require(sceneError("""
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
        let e = try #require(sceneError("""
        canvas: { width: wide }
        root: { children: [] }
        """))
        #expect(e.keyPath == "canvas.width")
        #expect(e.line == 1 && e.column == 18)
        #expect(e.problem.contains("expected a width in points"))
        // A quoted number is text, not a number.
        let quoted = try #require(sceneError("canvas: { width: \"200\" }\nroot: { children: [] }"))
        #expect(quoted.keyPath == "canvas.width")
    }

    @Test func misspeltCaseGetsASuggestion() throws {
        let e = try #require(sceneError("""
        canvas: { width: 200 }
        styles:
          body: { font: Inter, size: 17, lineheight: 24 }
        root: { children: [] }
        """))
        #expect(e.fix.contains("did you mean `lineHeight`?"))
    }

    @Test func badEnumValueListsTheChoices() throws {
        let e = try #require(sceneError(Self.valid.replacingOccurrences(of: "root:", with: "model: flutter\nroot:")))
        #expect(e.keyPath == "model")
        #expect(e.fix.contains("uikit, css"))
    }

    @Test func missingFontFamilyNamesThePackage() throws {
        let e = try #require(sceneError(Self.valid.replacingOccurrences(of: "font: Inter", with: "font: Nonexistent Sans")))
        #expect(e.keyPath == "styles.body.font")
        #expect(e.description.contains("not installed"))
        let inter = FontError.familyNotInstalled(family: "Inter", package: FontLocator.debianPackage(forFamily: "Inter"))
        #expect(inter.description.contains("apt-get install fonts-inter"))
    }

    @Test func undefinedStyleListsTheDefinedOnes() throws {
        let e = try #require(sceneError(Self.valid.replacingOccurrences(of: "style: body", with: "style: title")))
        #expect(e.keyPath == "root.children[0].label.style")
        #expect(e.fix.contains("defined: body"))
    }

    @Test func yamlSyntaxErrorHasAPlace() throws {
        let e = try #require(sceneError("canvas: { width: 200\nroot: ["))
        #expect(e.line != nil)
        #expect(e.problem.contains("YAML syntax error"))
    }

    @Test func missingImageFileIsAnError() throws {
        let e = try #require(sceneError(Self.valid.replacingOccurrences(of: "- label: { text: \"Hi\", style: body }",
                                                                   with: "- image: { file: nowhere.png, width: 10, height: 10 }")))
        #expect(e.keyPath == "root.children[0].image.file")
        #expect(e.description.contains("/tmp/nowhere.png"))
    }

    @Test func emptyAndNonMappingDocuments() {
        #expect(sceneError("") != nil)
        #expect(sceneError("- just\n- a list") != nil)
        #expect(sceneError("canvas: { width: 200 }") != nil)   // no root
    }
}

/// Hostile or mistaken scenes are refused with a place and a fix, never a crash (found by review and fuzzing).
@Suite("Scene limits")
struct SceneLimitTests {

    @Test func deepNestingIsRefusedBeforeParsing() throws {
        let deep = "canvas: { width: 100 }\nroot: " + String(repeating: "[", count: 5000)
        let e = try #require(sceneError(deep))
        #expect(e.problem.contains("nest more than"))
        #expect(e.line == 2)
    }

    /// A few hundred bytes of YAML aliases would expand to millions of elements.
    @Test func aliasExpansionIsCapped() throws {
        var yaml = "canvas: { width: 100 }\nstyles: { s: { font: Inter, size: 10 } }\nroot:\n  children:\n"
        yaml += "    - &a0 { stack: vertical, children: [ { box: { height: 1 } } ] }\n"
        for level in 1...6 {
            yaml += "    - &a\(level) { stack: vertical, children: [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "] }\n"
        }
        let e = try #require(sceneError(yaml))
        #expect(e.problem.contains("more than 10000 elements"))
    }

    @Test func duplicateIdsAndMisplacedGaps() throws {
        let base = "canvas: { width: 100 }\nroot:\n  children:\n"
        let dup = try #require(sceneError(base + "    - box: { id: a, height: 1 }\n    - box: { id: a, height: 1 }\n"))
        #expect(dup.problem.contains("duplicate id `a`"))
        #expect(dup.line == 5)
        let leading = try #require(sceneError(base + "    - gap: 4\n    - box: { height: 1 }\n"))
        #expect(leading.problem.contains("between two children"))
        let double = try #require(sceneError(base + "    - box: { height: 1 }\n    - gap: 4\n    - gap: 4\n    - box: { height: 1 }\n"))
        #expect(double.line == 6)
    }

    @Test func canvasBeyondThePixelLimitIsRefused() throws {
        let wide = try #require(sceneError("canvas: { width: 6000 }\nroot: { children: [] }"))
        #expect(wide.keyPath == "canvas.width")
        #expect(wide.problem.contains("18000 px at @3x"))
        // Negative gaps can make the content negative: refused at render time, not a crash.
        let scene = try SceneLoader(fonts: FontContext()).parse("canvas: { width: 100 }\nroot:\n  children:\n    - box: { height: 10 }\n    - gap: -9000\n    - box: { height: 10 }\n", path: "/tmp/s.yaml")
        #expect(throws: SceneError.self) { _ = try GhostlineSession().renderer.render(scene) }
    }

    /// Right-to-left text used to be refused; it is laid out now (bidi tests are in WorldTextTests).
    @Test func rightToLeftTextIsAccepted() throws {
        #expect(sceneError("canvas: { width: 100 }\nstyles: { s: { font: DejaVu Sans, size: 10 } }\nroot:\n  children:\n    - label: { text: \"שלום\", style: s }\n") == nil)
    }

    @Test func gridMustSitOnThePixelGrid() throws {
        let e = try #require(sceneError("canvas: { width: 100, grid: 0.5, scale: 3 }\nroot: { children: [] }"))
        #expect(e.keyPath == "canvas.grid")
        #expect(sceneError("canvas: { width: 100, grid: 0.5, scale: 2 }\nroot: { children: [] }") == nil)
    }

    @Test func lowerLayerErrorsStayOneLine() throws {
        let e = try #require(sceneError("canvas: { width: 100 }\nfonts: { F: /etc/hostname }\nstyles: { s: { font: F, size: 10 } }\nroot:\n  children:\n    - label: { text: a, style: s }\n"))
        #expect(e.description.contains("not a usable font"))
        #expect(!e.description.contains("\n"))
        #expect(!e.description.hasSuffix("; "))
    }
}
