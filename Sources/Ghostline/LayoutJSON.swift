import GhostlineFonts
import GhostlineGeometry
import GhostlineLayout

/// The layout JSON of `shared/SCENE-FORMAT.md`: canvas, then every element's frame, and for labels every line's
/// `start`, `end` (Unicode-scalar offsets), `x`, `width` and `baseline`, all in points, y down from the canvas
/// top. The core keys are a contract with outside scripts; Ghostline adds a few (model, anchors, font metrics)
/// after them and never renames the core ones.
public enum LayoutJSON {
    public static func value(_ layout: SceneLayout) -> JSONValue {
        .object([
            ("canvas", .object([("width", .number(layout.canvas.width)), ("height", .number(layout.height)),
                                ("scale", .integer(layout.canvas.scale.factor))])),
            ("model", .string(layout.model.rawValue)),
            ("elements", .array(layout.elements.map(element))),
        ])
    }

    public static func encode(_ layout: SceneLayout) -> String { value(layout).serialized() + "\n" }

    static func frame(_ rect: Rect) -> JSONValue {
        .object([("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)), ("height", .number(rect.height))])
    }

    static func element(_ element: LayoutElement) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(element.id)), ("kind", .string(element.kind.rawValue)),
                                              ("frame", frame(element.frame))]
        switch element.content {
        case .label(let label, let color):
            members.append(("lines", .array(element.canvasLines.map { line in
                .object([("start", .integer(line.start)), ("end", .integer(line.end)), ("x", .number(line.x)),
                         ("width", .number(line.width)), ("baseline", .number(line.baseline))])
            })))
            let top = element.frame.y
            members.append(("anchors", .object([
                ("firstBaseline", .number(top + label.anchors.firstBaseline)),
                ("lastBaseline", .number(top + label.anchors.lastBaseline)),
                ("capHeight", .number(top + label.anchors.capHeight)),
                ("xHeightCenter", .number(top + label.anchors.xHeightCenter)),
            ])))
            let m = label.metrics
            members.append(("font", .object([
                ("file", .string(label.font.path)), ("size", .number(m.pointSize)),
                ("ascender", .number(m.ascender)), ("descender", .number(m.descender)), ("leading", .number(m.leading)),
                ("lineHeight", .number(m.lineHeight)), ("capHeight", .number(m.capHeight)), ("xHeight", .number(m.xHeight)),
            ])))
            members.append(("color", .string(color.hexString)))
        case .box(let color, let radius):
            members.append(("color", .string(color.hexString)))
            members.append(("cornerRadius", .number(radius)))
        case .image(_, let source):
            members.append(("file", .string(source)))
        case .stack:
            break
        }
        return .object(members)
    }
}
