import GhostlineFonts
import GhostlineShaping
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineRaster
import GhostlineSupport

/// The layout JSON of docs/scene-format.md: canvas, then every element's frame, and for labels every line's
/// `start`, `end` (Unicode-scalar offsets), `x`, `width` and `baseline`, all in points, y down from the canvas
/// top. The core keys are a contract with outside scripts; Ghostline adds a few (model, anchors, font metrics)
/// after them and never renames the core ones.
public enum LayoutJSON {
    /// The layout JSON as a value: `canvas` (width, height after `auto` was resolved, scale), `model`, then `elements`
    /// in drawing order. `palette` turns paint ids into the `#RRGGBB` colours the JSON shows.
    public static func value(_ layout: SceneLayout, palette: Palette) -> JSONValue {
        .object([
            ("canvas", .object([("width", .number(layout.canvas.width)), ("height", .number(layout.height)),
                                ("scale", .integer(layout.canvas.scale.factor))])),
            ("model", .string(layout.model.rawValue)),
            ("elements", .array(layout.elements.map { element($0, palette: palette) })),
        ])
    }

    /// The layout JSON serialized, with a trailing newline: what `ghostline layout` prints and `render --layout`
    /// writes. The same layout gives the same bytes.
    public static func encode(_ layout: SceneLayout, palette: Palette) -> String { value(layout, palette: palette).serialized() + "\n" }

    /// Every font file the layout drew with (each label's font and every run's, fallbacks included), in order of
    /// first use: what a layout read besides its scene, for a caller that re-checks when an input changes.
    public static func fontFiles(_ layout: SceneLayout) -> [String] {
        var seen = Set<String>(), files: [String] = []
        for element in layout.elements {
            guard case .label(let label) = element.content else { continue }
            for path in [label.font.path] + element.canvasLines.flatMap({ $0.runs.map(\.font.identity.file) }) where seen.insert(path).inserted {
                files.append(path)
            }
        }
        return files
    }

    static func frame(_ rect: Rect) -> JSONValue {
        .object([("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)), ("height", .number(rect.height))])
    }

    static func element(_ element: LayoutElement, palette: Palette) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(element.id)), ("kind", .string(element.kind.rawValue)),
                                              ("frame", frame(element.frame))]
        if let id = element.sourceID { members.append(("source", .string(id))) }
        switch element.content {
        case .label(let label):
            members.append(("lines", .array(element.canvasLines.map { line in
                .object([("start", .integer(line.start)), ("end", .integer(line.end)), ("x", .number(line.x)),
                         ("width", .number(line.width)), ("baseline", .number(line.baseline)),
                         ("utf16Start", .integer(line.utf16Start)), ("utf16End", .integer(line.utf16End)),
                         ("text", .string(line.text)),
                         ("runs", .array(line.runs.map { run(line, $0, palette: palette) }))])
            })))
            let top = element.frame.y
            members.append(("anchors", .object([
                ("firstBaseline", .number(top + label.anchors.firstBaseline)),
                ("lastBaseline", .number(top + label.anchors.lastBaseline)),
                ("capHeight", .number(top + label.anchors.capHeight)),
                ("xHeightCenter", .number(top + label.anchors.xHeightCenter)),
            ])))
            let m = label.metrics
            let identity = label.font.identity
            members.append(("font", .object([
                ("file", .string(label.font.path)), ("size", .number(m.pointSize)),
                ("ascender", .number(m.ascender)), ("descender", .number(m.descender)), ("leading", .number(m.leading)),
                ("lineHeight", .number(m.lineHeight)), ("capHeight", .number(m.capHeight)), ("xHeight", .number(m.xHeight)),
            ] + identityMembers(identity, file: false) + instance(label.font) + features(label.features)
              + requested(label.requestedFace))))
            members.append(("direction", .string(label.direction.rawValue)))
            members.append(("truncated", .bool(label.truncated)))
            if label.autoshrinks {
                // The scale an autoshrinking label drew at, and the tightening it needed, so a test can see them.
                members.append(("fontScale", .number(label.fontScale)))
                members.append(("tightening", .number(label.tightening)))
            }
            if !label.missingScalars.isEmpty {
                members.append(("missingGlyphs", .array(label.missingCodePoints.map { .string($0) })))
            }
            if let paint = label.lines.first?.runs.first?.paint {
                members.append(("color", .string(palette.color(paint).hexString)))
            }
        case .box(let paint, let radius):
            members.append(("color", .string(palette.color(paint).hexString)))
            members.append(("cornerRadius", .number(radius)))
        case .image(_, let source):
            members.append(("file", .string(source)))
        case .stack, .overlay:
            break
        }
        if let background = element.background {
            var shape: [(String, JSONValue)] = [("color", .string(palette.color(background.paint).hexString)),
                                                ("cornerRadius", .number(background.cornerRadius))]
            if let border = background.border {
                // A uniform border as the scene writes it, `{ width, color }`; one whose sides differ side by side.
                func side(_ side: Border.Side) -> JSONValue {
                    .object([("width", .number(side.width)), ("color", .string(palette.color(side.paint).hexString))])
                }
                if let uniform = border.uniform {
                    shape.append(("border", side(uniform)))
                } else {
                    let sides = [("top", border.top), ("leading", border.leading), ("bottom", border.bottom), ("trailing", border.trailing)]
                    shape.append(("border", .object(sides.compactMap { name, value in value.map { (name, side($0)) } })))
                }
            }
            members.append(("background", .object(shape)))
        }
        return .object(members)
    }

    /// A run of a line: the core keys (`start`, `end`, `x` in canvas points, `width`, `font`, `direction`), then
    /// Ghostline's additions (size, colour, and whether fallback chose the font).
    static func run(_ line: LabelLine, _ run: GlyphRun, palette: Palette) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("start", .integer(run.start)), ("end", .integer(run.end)), ("x", .number(line.x + run.x)),
            ("width", .number(run.width)), ("font", .string(run.font.postScriptName)),
            ("direction", .string(run.direction.rawValue)), ("size", .number(run.pointSize)),
            ("color", .string(palette.color(run.paint).hexString)),
        ]
        if run.isFallback { members.append(("fallback", .bool(true))) }
        if run.synthesis.contains(.bold) { members.append(("syntheticBold", .bool(true))) }
        if run.synthesis.contains(.italic) { members.append(("syntheticItalic", .bool(true))) }
        members.append(("fontIdentity", .object(identityMembers(run.font.identity, file: true))))
        members += instance(run.font) + features(run.features)
        if run.tracking != 0 { members.append(("tracking", .number(run.tracking))) }
        members += decoration("underline", run.underline, text: run.paint, palette: palette)
        members += decoration("strikethrough", run.strikethrough, text: run.paint, palette: palette)
        return .object(members)
    }

    /// `underline` / `strikethrough` of a run that has one: its style, pattern and colour as the scene wrote them,
    /// and what the raster draws — each band's top (points below the baseline, negative above) and thickness,
    /// and the dash pattern's on and off lengths in points (empty when solid).
    static func decoration(_ key: String, _ decoration: TextDecoration?, text: PaintID,
                           palette: Palette) -> [(String, JSONValue)] {
        guard let decoration else { return [] }
        let strokes = decoration.strokes.map { JSONValue.object([("offset", .number($0.offset)), ("thickness", .number($0.thickness))]) }
        return [(key, .object([
            ("style", .string(decoration.style.line.rawValue)), ("pattern", .string(decoration.style.pattern.rawValue)),
            ("color", .string(palette.color(decoration.style.paint ?? text).hexString)),
            ("strokes", .array(strokes)), ("dashes", .array(decoration.dashes.map { .number($0) })),
        ]))]
    }

    /// `variations`: the axis values a variable font was actually drawn at (after weight, optical size and clamping;
    /// axes at their default are left out), so a reader sees the instance, not just the file. Absent for a static
    /// font or the default instance.
    static func instance(_ font: Font) -> [(String, JSONValue)] {
        guard !font.variations.isEmpty else { return [] }
        return [("variations", .object(font.variations.map { ($0.tag, .number($0.value)) }))]
    }

    /// `features`: the OpenType features the style set, tag to value in the order written; absent when none.
    static func features(_ features: [ShapingFeature]) -> [(String, JSONValue)] {
        guard !features.isEmpty else { return [] }
        return [("features", .object(features.map { ($0.tag, .integer(Int($0.value))) }))]
    }

    /// Which font file drew: the file (unless the object already names it), the face in a collection when not the
    /// first, the PostScript name, the version the font states, and the SHA-256 of the file, so two machines can
    /// tell whether they drew with the same font.
    static func identityMembers(_ identity: FontIdentity, file: Bool) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = file ? [("file", .string(identity.file))] : []
        if identity.faceIndex != 0 { members.append(("faceIndex", .integer(identity.faceIndex))) }
        members += [("postScriptName", .string(identity.postScriptName)), ("version", .string(identity.version)),
                    ("revision", .number(identity.revision)), ("sha256", .string(identity.sha256))]
        return members
    }

    /// `snappedFrom` when the label's font only stands in for the face asked for: the family, weight and slant
    /// the style named, so a reader of the JSON sees that the face drawn is not the one designed.
    static func requested(_ face: RequestedFace?) -> [(String, JSONValue)] {
        guard let face else { return [] }
        return [("snappedFrom", .object([("family", .string(face.name)), ("weight", .integer(face.weight)),
                                         ("italic", .bool(face.italic))]))]
    }
}
