import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// `stack: absolute` (children at their own `x` and `y`, as a design tool's frames) and `source:` (the design
/// document's object id in the layout JSON) in YAML and in the Swift builder, with their errors. Where an absolute
/// stack puts its children is a layout rule, tested on layout values in GhostlineLayoutTests' `AbsoluteStackTests`.
@Suite("Absolute stacks and design sources")
struct AbsoluteStackTests {
    static let session = GhostlineSession(fontSet: FontSet(directories: ["/usr/share/fonts/opentype/inter"], systemFonts: false))

    static func layout(_ yaml: String) throws -> JSONValue {
        let scene = try session.loader.parse(yaml, path: "/tmp/absolute.yaml")
        return try JSONValue(parsing: Array(session.render(scene).layoutJSON.utf8))
    }

    static func frame(_ json: JSONValue, _ id: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let f = json["elements"]?.arrayValue?.first(where: { $0["id"]?.stringValue == id })?["frame"] else { return nil }
        return (f["x"]?.doubleValue ?? .nan, f["y"]?.doubleValue ?? .nan, f["width"]?.doubleValue ?? .nan, f["height"]?.doubleValue ?? .nan)
    }

    static func element(_ json: JSONValue, _ id: String) -> JSONValue? {
        json["elements"]?.arrayValue?.first { $0["id"]?.stringValue == id }
    }

    static let screen = """
    canvas: { width: 375, scale: 3 }
    styles: { body: { font: Inter, size: 17 }, title: { font: Inter-SemiBold, size: 28 } }
    root:
      stack: absolute
      id: screen
      source: "0:1"
      children:
        - label: { id: title, source: "1BD845F2-700C", x: 16, y: 120, width: 343, text: "Settings", style: title }
        - label: { id: note, x: 16, y: 180, width: 120, text: "Notifications are delivered quietly", style: body }
        - box: { id: rule, x: 0, y: 240, height: 1, color: "#C6C6C8" }
        - label: { id: tag, x: 300, y: 300, text: "Beta", style: body }
    """

    @Test func sourcesAreCarriedIntoTheLayoutJSON() throws {
        let json = try Self.layout(Self.screen)
        #expect(Self.element(json, "title")?["source"]?.stringValue == "1BD845F2-700C")
        #expect(Self.element(json, "screen")?["source"]?.stringValue == "0:1")
        #expect(Self.element(json, "note")?["source"] == nil)
    }

    @Test func theBuilderTwinGivesTheSameLayout() throws {
        let body = StyleDescription(font: "Inter", size: 17), title = StyleDescription(font: "Inter-SemiBold", size: 28)
        var built = SceneDescription(width: 375, scale: 3, directory: "/tmp") {
            AbsoluteStack(id: "screen") {
                Label("Settings", id: "title", style: title).frame(width: 343).placed(x: 16, y: 120).source("1BD845F2-700C")
                Label("Notifications are delivered quietly", id: "note", style: body).frame(width: 120).placed(x: 16, y: 180)
                Box(id: "rule", height: 1, color: "#C6C6C8").placed(x: 0, y: 240)
                Label("Beta", id: "tag", style: body).placed(x: 300, y: 300)
            }.source("0:1")
        }
        built.sourcePath = "/tmp/absolute.yaml"
        let fromSwift = try JSONValue(parsing: Array(Self.session.render(try Self.session.loader.resolve(built)).layoutJSON.utf8))
        let fromYAML = try Self.layout(Self.screen)
        for id in ["screen", "title", "note", "rule", "tag"] {
            #expect(Self.frame(fromSwift, id)! == Self.frame(fromYAML, id)!, "\(id)")
            #expect(Self.element(fromSwift, id)?["source"]?.stringValue == Self.element(fromYAML, id)?["source"]?.stringValue)
        }
    }

    func error(_ yaml: String) -> SceneError? {
        do { _ = try Self.session.loader.parse(yaml, path: "/tmp/absolute.yaml"); return nil } catch { return error }
    }

    @Test func placementsOutsideAnAbsoluteStackAndArrangingKeysOnOneAreErrors() throws {
        let head = "canvas: { width: 200 }\nstyles: { s: { font: Inter, size: 17 } }\nroot:\n"
        let outside = try #require(error(head + "  children:\n    - label: { text: a, style: s, x: 4 }\n"))
        #expect(outside.keyPath == "root.children[0].label.x" && outside.problem.contains("stack: absolute") && outside.line == 5)
        let spacing = try #require(error(head + "  stack: absolute\n  spacing: 8\n  children:\n    - label: { text: a, style: s }\n"))
        #expect(spacing.keyPath == "root.spacing" && spacing.fix.contains("remove `spacing`"))
        let gap = try #require(error(head + "  stack: absolute\n  children:\n    - label: { text: a, style: s }\n    - gap: 8\n    - label: { text: b, style: s }\n"))
        #expect(gap.problem.contains("nothing to space"))
        let far = try #require(error(head + "  stack: absolute\n  children:\n    - label: { text: a, style: s, x: 1e9 }\n"))
        #expect(far.keyPath == "root.children[0].label.x")
        let inOverlay = try #require(error(head + "  stack: absolute\n  children:\n    - overlay: { x: 3, children: [ { label: { text: a, style: s, y: 2 } } ] }\n"))
        #expect(inOverlay.keyPath.hasSuffix("label.y"))
        let emptySource = try #require(error(head + "  children:\n    - label: { text: a, style: s, source: \"\" }\n"))
        #expect(emptySource.keyPath == "root.children[0].label.source")
        let axis = try #require(error(head + "  stack: diagonal\n  children: []\n"))
        #expect(axis.fix.contains("absolute"))
    }
}
