import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// `grow`, `shrink`, `alignSelf` and per-side `border` in YAML and in the Swift builder, with their errors. How they
/// lay a row out is checked against Chromium in `ScreenTests` (nine screens and a page of flexbox rows) and as
/// arithmetic in GhostlineLayoutTests' `FlexDistributionTests`.
@Suite("Flexbox keys: grow, shrink, alignSelf, per-side borders")
struct FlexKeysTests {
    static let session = GhostlineSession(fontSet: FontSet(directories: ["/usr/share/fonts/opentype/inter"], systemFonts: false))

    static func scene(model: String = "css", row: String, rowKeys: String = "") -> String {
        """
        model: \(model)
        canvas: { width: 300, scale: 3 }
        styles: { body: { font: Inter, size: 17, lineHeight: 22 } }
        root:
          children:
            - stack: horizontal
              id: row
        \(rowKeys.isEmpty ? "" : "      " + rowKeys + "\n")      children:
        \(row)
        """
    }

    static func frames(_ yaml: String) throws -> [String: (x: Double, y: Double, width: Double, height: Double)] {
        let scene = try session.loader.parse(yaml, path: "/tmp/flex.yaml")
        let json = try JSONValue(parsing: Array(session.render(scene).layoutJSON.utf8))
        var result: [String: (x: Double, y: Double, width: Double, height: Double)] = [:]
        for element in json["elements"]?.arrayValue ?? [] {
            guard let id = element["id"]?.stringValue, let f = element["frame"] else { continue }
            result[id] = (f["x"]?.doubleValue ?? .nan, f["y"]?.doubleValue ?? .nan, f["width"]?.doubleValue ?? .nan,
                          f["height"]?.doubleValue ?? .nan)
        }
        return result
    }

    /// Two boxes without a width grow 1 : 3 across a 300 pt row, in both models.
    @Test(arguments: ["css", "uikit"])
    func growSharesTheRow(model: String) throws {
        let f = try Self.frames(Self.scene(model: model, row: """
                    - box: { id: a, height: 10, grow: 1 }
                    - box: { id: b, height: 10, grow: 3 }
            """))
        #expect(f["a"]?.width == 75)
        #expect(f["b"]?.width == 225)
    }

    /// `alignSelf: bottom` puts one child at the bottom of a top-aligned row; its neighbour stays at the top.
    @Test func alignSelfOverridesTheRow() throws {
        let f = try Self.frames(Self.scene(row: """
                    - box: { id: tall, width: 40, height: 40 }
                    - box: { id: low, width: 10, height: 10, alignSelf: bottom }
                    - box: { id: high, width: 10, height: 10 }
            """, rowKeys: "align: top"))
        #expect(f["low"]?.y == 30)
        #expect(f["high"]?.y == 0)
    }

    /// The same scene from the Swift builder lays out the same.
    @Test func theBuilderWritesTheSameKeys() throws {
        let yaml = Self.scene(row: """
                    - label: { id: name, text: "Name", style: body, grow: 2, shrink: 0 }
                    - label: { id: time, text: "9:41", style: body, alignSelf: center }
            """, rowKeys: "align: top")
        let fromYAML = try Self.session.loader.parse(yaml, path: "/tmp/flex.yaml")
        let twin = SceneDescription(width: 300, scale: 3, model: .css,
                                    styles: ["body": StyleDescription(font: "Inter", size: 17, lineHeight: 22)],
                                    directory: "/tmp") {
            VStack {
                HStack(id: "row", align: .top) {
                    Label("Name", id: "name", style: "body").grow(2).shrink(0)
                    Label("9:41", id: "time", style: "body").alignSelf(.center)
                }
            }
        }
        let fromSwift = try Self.session.loader.resolve(twin)
        #expect(try Self.session.render(fromSwift).layoutJSON == Self.session.render(fromYAML).layoutJSON)
    }

    /// A per-side border is written side by side in the layout JSON; a uniform one as `{ width, color }`.
    @Test func bordersInTheLayoutJSON() throws {
        let yaml = Self.scene(row: """
                    - box: { id: cell, height: 44, background: { color: "#FFFFFF", border: { top: { width: 0.5, color: "#C6C6C8" } } } }
                    - box: { id: card, height: 44, background: { color: "#FFFFFF", border: { width: 1, color: "#000000" } } }
            """)
        let scene = try Self.session.loader.parse(yaml, path: "/tmp/flex.yaml")
        let json = try JSONValue(parsing: Array(Self.session.render(scene).layoutJSON.utf8))
        let elements = json["elements"]?.arrayValue ?? []
        let cell = elements.first { $0["id"]?.stringValue == "cell" }?["background"]?["border"]
        let card = elements.first { $0["id"]?.stringValue == "card" }?["background"]?["border"]
        #expect(cell?["top"]?["width"]?.doubleValue == 0.5)
        #expect(cell?["bottom"] == nil)
        #expect(cell?["width"] == nil)
        #expect(card?["width"]?.doubleValue == 1)
    }

    /// Each misuse is one error naming the line, the key and the fix.
    @Test(arguments: [
        // The root, an overlay's child and an absolute stack's child have no stack to share.
        ("root:\n  grow: 1\n  children: [ { box: { height: 1 } } ]", "`grow` applies to a child of a vertical or horizontal stack"),
        ("root:\n  children:\n    - overlay: { children: [ { box: { height: 1, alignSelf: center } } ] }",
         "`alignSelf` applies to a child of a vertical or horizontal stack"),
        ("root:\n  stack: absolute\n  children: [ { box: { height: 1, shrink: 1 } } ]", "`shrink` applies to a child"),
        // grow needs a fill stack.
        ("root:\n  distribution: fillEqually\n  children: [ { box: { height: 1, grow: 1 } } ]",
         "this stack's distribution is `fillEqually`"),
        // alignSelf takes the values of the stack's axis.
        ("root:\n  children: [ { box: { height: 1, alignSelf: top } } ]", "`top` does not apply to a vertical stack"),
        ("root:\n  children: [ { box: { height: 1, grow: -1 } } ]", "grow"),
        // A border has one form or the other.
        ("root:\n  background: { color: white, border: { width: 1, color: black, top: { width: 1, color: black } } }\n  children: []",
         "a border has both `width` (all four sides) and `top` (one side)"),
        ("root:\n  background: { color: white, border: { left: { width: 1, color: black } } }\n  children: []", "left"),
    ])
    func misuseIsAnError(root: String, message: String) throws {
        let yaml = "canvas: { width: 100 }\nstyles: { body: { font: Inter, size: 17 } }\n" + root
        let error = try #require(sceneError(yaml))
        #expect(error.description.contains(message), "\(error.description)")
        #expect(error.line != nil)
    }

    /// The uikit model squeezes by compression resistance: `shrink` is refused there, on its own line.
    @Test func uikitRefusesShrink() throws {
        let yaml = Self.scene(model: "uikit", row: "            - box: { id: a, height: 10, shrink: 2 }")
        do {
            _ = try Self.session.loader.parse(yaml, path: "/tmp/flex.yaml")
            Issue.record("shrink was accepted in the uikit model")
        } catch {
            #expect(error.description.contains("`shrink` is CSS's flex-shrink"))
            #expect(error.line == 9)
        }
    }
}
