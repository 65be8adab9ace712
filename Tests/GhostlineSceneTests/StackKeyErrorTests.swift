import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import GhostlineScene
import Testing

/// Bad values of the stack and scaling keys: one line with line:column, the key path and the fix.
@Suite("Scene errors: sizes, spacers, distributions, priorities, baselineRelative, scalesWith")
struct StackKeyErrorTests {
    func error(_ yaml: String) -> SceneError? {
        do {
            _ = try SceneLoader(fonts: FontContext()).parse(yaml, path: "/tmp/stack.yaml")
            return nil
        } catch {
            return error
        }
    }

    /// A scene around one child line and one style line.
    func scene(child: String, style: String = "{ font: Inter, size: 17 }", stack: String = "") -> String {
        "canvas: { width: 200 }\nstyles:\n  s: \(style)\nroot:\n\(stack)  children:\n    - \(child)\n"
    }

    func expectError(_ yaml: String, path: String, says problem: String, fix: String, line: Int? = nil) {
        guard let e = error(yaml) else { Issue.record("no error for:\n\(yaml)"); return }
        #expect(e.keyPath == path, "\(e)")
        #expect(e.problem.contains(problem), "\(e)")
        #expect(e.fix.contains(fix), "\(e)")
        if let line { #expect(e.line == line, "\(e)") }
        #expect(e.line != nil && e.column != nil)
        #expect(!e.description.contains("\n") && e.description.hasPrefix("/tmp/stack.yaml:"))
    }

    @Test func negativeSizes() {
        expectError(scene(child: "label: { text: a, style: s, width: -5 }"), path: "root.children[0].label.width",
                    says: "negative", fix: "from 0 to 10000", line: 6)
        expectError(scene(child: "box: { height: 10, minHeight: -1 }"), path: "root.children[0].box.minHeight",
                    says: "negative", fix: "points")
    }

    @Test func minimumAboveMaximum() {
        expectError(scene(child: "label: { text: a, style: s, minWidth: 100, maxWidth: 80 }"),
                    path: "root.children[0].label.maxWidth", says: "`minWidth` (100.0) is more than `maxWidth` (80.0)",
                    fix: "at most")
        expectError(scene(child: "image: { file: assets/icon@3x.png, height: 10, minHeight: 20 }"),
                    path: "root.children[0].image.height", says: "less than `minHeight`", fix: "drop minHeight")
    }

    @Test func unknownDistribution() {
        expectError(scene(child: "label: { text: a, style: s }", stack: "  distribution: stretch\n"),
                    path: "root.distribution", says: "`stretch` is not a valid value",
                    fix: "fill, fillEqually, fillProportionally, equalSpacing, equalCentering")
    }

    @Test func prioritiesOutsideOneToAThousand() {
        expectError(scene(child: "label: { text: a, style: s, hugging: 0 }"), path: "root.children[0].label.hugging",
                    says: "not a priority from 1 to 1000", fix: "defaults: hugging 250, compressionResistance 750")
        expectError(scene(child: "label: { text: a, style: s, compressionResistance: 1001 }"),
                    path: "root.children[0].label.compressionResistance", says: "1001", fix: "from 1 to 1000")
        expectError(scene(child: "label: { text: a, style: s, hugging: { vertical: 250.5 } }"),
                    path: "root.children[0].label.hugging.vertical", says: "250.5", fix: "integer")
        expectError(scene(child: "label: { text: a, style: s, hugging: high }"), path: "root.children[0].label.hugging",
                    says: "expected a priority", fix: "integer")
        // Boxes have no content, so no content priorities.
        expectError(scene(child: "box: { height: 10, hugging: 251 }"), path: "root.children[0].box.hugging",
                    says: "unknown key", fix: "allowed here")
    }

    @Test func baselineRelativeOnAHorizontalStack() {
        expectError(scene(child: "label: { text: a, style: s }", stack: "  stack: horizontal\n  baselineRelative: true\n"),
                    path: "root.baselineRelative", says: "vertical stacks only", fix: "align: firstBaseline")
    }

    @Test func anchoredGapInAHorizontalStack() {
        let yaml = scene(child: "box: { width: 5, height: 5 }\n    - gap: { value: 4, from: lastBaseline }\n    - box: { width: 5, height: 5 }",
                         stack: "  stack: horizontal\n")
        expectError(yaml, path: "root.children[1]", says: "edge to edge", fix: "- gap: 4.0")
    }

    @Test func spacerKeys() {
        expectError(scene(child: "spacer: { length: 8 }"), path: "root.children[0].spacer.length",
                    says: "unknown key", fix: "minLength")
        expectError(scene(child: "spacer: { minLength: -8 }"), path: "root.children[0].spacer.minLength",
                    says: "out of range", fix: "0.0 to 10000.0")
        #expect(error(scene(child: "spacer: {}")) == nil)
        #expect(error(scene(child: "spacer:")) == nil)
    }

    @Test func scalesWithErrors() {
        expectError(scene(child: "label: { text: a, style: s }", style: "{ font: Inter, scalesWith: body }"),
                    path: "styles.s.scalesWith", says: "has none", fix: "add `size:`", line: 3)
        expectError(scene(child: "label: { text: a, style: s }", style: "{ font: Inter, textStyle: body, scalesWith: body }"),
                    path: "styles.s.scalesWith", says: "both `textStyle` and `scalesWith`", fix: "keep one")
        expectError(scene(child: "label: { text: a, style: s }", style: "{ font: Inter, size: 17, maximumPointSize: 30 }"),
                    path: "styles.s.maximumPointSize", says: "does not scale", fix: "scalesWith: body")
        expectError(scene(child: "label: { text: a, style: s }", style: "{ font: Inter, size: 17, scalesWith: body, maximumPointSize: 12 }"),
                    path: "styles.s.maximumPointSize", says: "below the style's size", fix: "at least 17.0")
        expectError(scene(child: "label: { text: a, style: s }", style: "{ font: Inter, size: 17, scalesWith: bodyText }"),
                    path: "styles.s.scalesWith", says: "not a valid value", fix: "largeTitle")
        // The old error now says how to scale a size of one's own.
        expectError(scene(child: "label: { text: a, style: s }", style: "{ font: Inter, size: 22, textStyle: title2 }"),
                    path: "styles.s.textStyle", says: "both `size` and `textStyle`", fix: "scalesWith: title2")
    }

    @Test func unknownCategoryListsUIKitsNames() {
        expectError("canvas: { width: 200, contentSize: huge }\nroot: { children: [] }\n", path: "canvas.contentSize",
                    says: "not a content size category", fix: "accessibilityMedium")
    }

    /// The CLI turns each into exit status 2 and one line on stderr.
    @Test func commandLineExitsTwo() throws {
        let directory = try Paths.temporaryDirectory()
        let file = directory.appendingPathComponent("bad.yaml")
        try scene(child: "label: { text: a, style: s, minHeight: 50, maxHeight: 40 }").write(to: file, atomically: true, encoding: .utf8)
        let result = try runCLI(["layout", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.yaml:6:") && result.stderr.contains("root.children[0].label.maxHeight"))
        #expect(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").count == 1)
    }
}
