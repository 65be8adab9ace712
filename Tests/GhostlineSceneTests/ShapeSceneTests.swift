import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// Text on shapes in a scene file: `background` on every element, `padding` on labels, `overlay`, and their
/// one-line errors.
@Suite("Backgrounds, padding and overlays in scenes")
struct ShapeSceneTests {
    static let session = GhostlineSession(fontSet: FontSet(directories: ["/usr/share/fonts/opentype/inter"], systemFonts: false))

    static func layout(_ yaml: String) throws -> JSONValue {
        let scene = try session.loader.parse(yaml, path: "/tmp/shapes.yaml")
        return try JSONValue(parsing: Array(session.render(scene).layoutJSON.utf8))
    }

    static func element(_ json: JSONValue, _ id: String) -> JSONValue? {
        json["elements"]?.arrayValue?.first { $0["id"]?.stringValue == id }
    }

    @Test func aButtonIsOneLabel() throws {
        let json = try Self.layout("""
        canvas: { width: 300, scale: 3 }
        colors: { accent: "#0A84FF" }
        styles: { cta: { font: Inter-SemiBold, size: 17, color: white, alignment: center } }
        root:
          align: leading
          children:
            - label:
                id: cta
                text: Get Started
                style: cta
                padding: { top: 14, leading: 20, bottom: 14, trailing: 20 }
                background: { color: accent, cornerRadius: 14, border: { width: 1, color: "#00000022" } }
            - label: { id: bare, text: Get Started, style: cta }
        """)
        let cta = try #require(Self.element(json, "cta")), bare = try #require(Self.element(json, "bare"))
        let w = { (e: JSONValue) in e["frame"]?["width"]?.doubleValue ?? 0 }, h = { (e: JSONValue) in e["frame"]?["height"]?.doubleValue ?? 0 }
        #expect(abs(w(cta) - w(bare) - 40) < 1e-9 && abs(h(cta) - h(bare) - 28) < 1e-9)
        #expect(cta["background"]?["color"]?.stringValue == "#0A84FF")
        #expect(cta["background"]?["cornerRadius"]?.doubleValue == 14)
        #expect(cta["background"]?["border"]?["color"]?.stringValue == "#00000022")
        #expect(cta["color"]?.stringValue == "#FFFFFF")
    }

    @Test func anOverlayInAScene() throws {
        let json = try Self.layout("""
        canvas: { width: 200, scale: 2 }
        styles: { badge: { font: Inter, size: 12 } }
        root:
          align: leading
          children:
            - overlay:
                id: avatar
                alignment: topTrailing
                children:
                  - box: { id: photo, width: 48, height: 48, color: systemGray4, cornerRadius: 24 }
                  - label: { id: count, text: "3", style: badge, padding: { leading: 5, trailing: 5 }, background: { color: systemRed, cornerRadius: 8 } }
        """)
        let avatar = try #require(Self.element(json, "avatar")), count = try #require(Self.element(json, "count"))
        #expect(avatar["kind"]?.stringValue == "overlay")
        #expect(avatar["frame"]?["width"]?.doubleValue == 48 && avatar["frame"]?["height"]?.doubleValue == 48)
        let right = (count["frame"]?["x"]?.doubleValue ?? 0) + (count["frame"]?["width"]?.doubleValue ?? 0)
        #expect(abs(right - 48) < 1e-9 && count["frame"]?["y"]?.doubleValue == 0)
    }

    static let nested: String = {
        var yaml = "canvas: { width: 100 }\nroot:\n  children:\n"
        var indent = "    "
        for _ in 0..<70 {
            yaml += indent + "- overlay:\n" + indent + "    children:\n"
            indent += "      "
        }
        return yaml + indent + "- box: { height: 2 }\n"
    }()

    @Test(arguments: [
        ("canvas: { width: 20 }\nroot: { children: [ { overlay: { children: [ { spacer: {} } ] } } ] }\n",
         "a gap or spacer has nothing to space"),
        ("canvas: { width: 20 }\nroot: { children: [ { overlay: { children: [] } } ] }\n", "an overlay with no children"),
        ("canvas: { width: 20 }\nroot: { children: [ { overlay: { alignment: middle, children: [ { box: { height: 2 } } ] } } ] }\n",
         "`middle`"),
        ("canvas: { width: 20 }\nroot: { children: [ { box: { height: 2, background: { cornerRadius: 4 } } } ] }\n",
         "missing required key `color`"),
        ("canvas: { width: 20 }\nroot: { children: [ { box: { height: 2, background: { color: red, border: { color: black } } } } ] }\n",
         "`red` is not a colour"),
        ("canvas: { width: 20 }\nroot: { children: [ { box: { height: 2, background: { color: black, border: { color: black } } } } ] }\n",
         "missing required key `width`"),
        ("canvas: { width: 20 }\nroot: { children: [ { box: { height: 2, background: { color: black, border: { width: -1, color: black } } } } ] }\n",
         "border.width: -1.0 is out of range"),
        ("canvas: { width: 20 }\nstyles: { s: { font: Inter, size: 9 } }\nroot: { children: [ { label: { text: x, style: s, padding: { top: 99999 } } } ] }\n",
         "padding"),
        (nested, "nest more than 64 levels"),
    ])
    func badShapesAreOneLineErrors(yaml: String, problem: String) {
        do {
            _ = try Self.session.loader.parse(yaml, path: "/tmp/bad.yaml")
            Issue.record("parsed")
        } catch {
            let line = "\(error)"
            #expect(line.hasPrefix("/tmp/bad.yaml:") && !line.contains("\n") && line.contains(problem), "\(line)")
        }
    }

    /// Radii and borders larger than the shape are drawn clamped (a pill, a filled band), never refused or slow.
    @Test func hugeRadiiAndBordersDrawClamped() throws {
        let scene = try Self.session.loader.parse("""
        canvas: { width: 200, scale: 1 }
        root:
          children:
            - box: { id: a, height: 40, color: clear, background: { color: systemBlue, cornerRadius: 5000, border: { width: 1000, color: systemRed } } }
        """, path: "/tmp/huge.yaml")
        let image = try Self.session.render(scene).image
        // The band fills the whole pill: the middle is red.
        let i = (20 * image.width + 100) * 4
        #expect(Array(image.pixels[i..<i + 4]) == [0xFF, 0x3B, 0x30, 0xFF])
    }
}
