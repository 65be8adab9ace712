import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineScene
import GhostlineSupport

/// One label rendered without a scene file — `ghostline render --text "…" --font Inter --size 17 --width 320`.
///
/// Why: the quickest question a designer asks ("how does this string set in this font at this size?") should not
/// need a YAML file. The label is built as a scene description (a vertical stack holding one label with the id
/// `text`), so it is laid out and drawn exactly as the same label in a scene file would be.
public struct TextSnapshot: Sendable {
    /// The label's text; `\n` starts a new paragraph.
    public var text: String
    /// An installed family or PostScript name (`Inter`, `Inter-SemiBold`), or a font file (`.ttf`, `.otf`, `.ttc`).
    public var font: String
    /// Point size.
    public var size: Double
    /// The label's width in points; nil sets every paragraph on one line and makes the canvas as wide as the
    /// widest (rounded up to the pixel grid).
    public var width: Double?
    /// A designed line height in points (nil: the font's own).
    public var lineHeight: Double?
    /// The weight a family name is looked up at; nil for regular. A PostScript name or a file is one face, which
    /// this does not change.
    public var weight: FontWeight?
    /// The text colour; nil for black.
    public var color: Color?
    /// The canvas colour; nil for white.
    public var background: Color?
    /// Space around the label, in points.
    public var padding: Double

    /// Creates a one-label render request; nothing is checked until ``validate()`` or
    /// ``scene(loader:overrides:directory:)``.
    public init(text: String, font: String, size: Double, width: Double? = nil, lineHeight: Double? = nil,
                weight: FontWeight? = nil, color: Color? = nil, background: Color? = nil, padding: Double = 0) {
        self.text = text; self.font = font; self.size = size; self.width = width; self.lineHeight = lineHeight
        self.weight = weight; self.color = color; self.background = background; self.padding = padding
    }

    /// Which value a `TextSnapshotError` is about.
    public enum Field: String, Sendable { case text, font, size, width, lineHeight, padding }

    /// Checks every value against the scene format's own ranges, so a one-line render refuses what a scene file
    /// with the same values would refuse.
    public func validate() throws(TextSnapshotError) {
        guard !text.isEmpty else { throw TextSnapshotError(field: .text, problem: "the text is empty", fix: "pass the text to set") }
        guard text.unicodeScalars.count <= 100_000 else {
            throw TextSnapshotError(field: .text, problem: "over 100000 characters", fix: "use a scene file for long text")
        }
        guard !font.isEmpty else { throw TextSnapshotError(field: .font, problem: "no font named", fix: "name a family (Inter) or a font file") }
        guard size.isFinite, (1...1000).contains(size) else {
            throw TextSnapshotError(field: .size, problem: "\(JSONValue.format(size)) is out of range", fix: "use a point size from 1 to 1000")
        }
        if let width, !(width.isFinite && (1...100_000).contains(width)) {
            throw TextSnapshotError(field: .width, problem: "\(JSONValue.format(width)) is out of range", fix: "use a width in points from 1 to 100000")
        }
        if let lineHeight, !(lineHeight.isFinite && (1...2000).contains(lineHeight)) {
            throw TextSnapshotError(field: .lineHeight, problem: "\(JSONValue.format(lineHeight)) is out of range", fix: "use a line height in points from 1 to 2000")
        }
        guard padding.isFinite, (0...10_000).contains(padding) else {
            throw TextSnapshotError(field: .padding, problem: "\(JSONValue.format(padding)) is out of range", fix: "use points from 0 to 10000")
        }
    }

    /// The scene description for a canvas `canvasWidth` points wide (the label's width plus the padding).
    public func description(canvasWidth: Double, directory: String = FileManager.default.currentDirectoryPath) -> SceneDescription {
        var fonts: [NamedFont] = []
        var fontName = font
        if Self.isFontFile(font) {
            let path = font.hasPrefix("/") ? font : directory + "/" + font
            fonts = [NamedFont(name: "text-font", file: path)]
            fontName = "text-font"
        }
        let style = StyleDescription(font: fontName, size: size, weight: weight, lineHeight: lineHeight, color: color.map(SceneColor.init))
        return SceneDescription(width: canvasWidth, background: background.map(SceneColor.init), fonts: fonts, directory: directory) {
            VStack(padding: padding, align: .leading) {
                Label(text, id: "text", style: style)
            }
        }
    }

    /// The scene, resolved: with a `width`, a canvas that wide plus the padding; without one, the label is laid
    /// out unconstrained first and the canvas is as wide as its longest line.
    public func scene(loader: SceneLoader, overrides: SceneOverrides = SceneOverrides(),
                      directory: String = FileManager.default.currentDirectoryPath) throws(TextSnapshotError) -> Scene {
        try validate()
        do {
            if let width {
                return try loader.resolve(description(canvasWidth: width + 2 * padding, directory: directory), overrides: overrides)
            }
            // As wide as a canvas may be at this scale: longer lines than that wrap, since no PNG could hold them.
            let widest = Double(SnapshotRenderer.maximumSidePixels) / (overrides.scale ?? Scale.x3).value
            let unbounded = try loader.resolve(description(canvasWidth: widest, directory: directory), overrides: overrides)
            let layout = unbounded.layout()
            let label = layout.elements.first { $0.id == "text" }?.frame.width ?? 1
            let scale = unbounded.canvas.scale.value
            let fitted = min(widest - 2 * padding, max(1, (label * scale).rounded(.up) / scale))
            return try loader.resolve(description(canvasWidth: fitted + 2 * padding, directory: directory), overrides: overrides)
        } catch {
            // A description built in Swift has no source marks, so its errors may come without a key path: the
            // problem's own words say whether it is about the font.
            let field = error.keyPath.isEmpty && error.problem.hasPrefix("font ") ? .font : Self.field(ofKeyPath: error.keyPath)
            throw TextSnapshotError(field: field, problem: error.problem, fix: error.fix)
        }
    }

    /// The value a scene error's key path is about: the canvas is the width (plus padding), a style key its own.
    static func field(ofKeyPath keyPath: String) -> Field {
        if keyPath.hasPrefix("canvas") { return .width }
        if keyPath.hasSuffix("lineHeight") { return .lineHeight }
        if keyPath.hasSuffix(".size") { return .size }
        if keyPath.contains("font") { return .font }
        return .text
    }

    /// A path to a font file rather than a font's name: it has a font file's extension or a slash.
    static func isFontFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return name.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
    }
}

/// Why a one-label render could not be made: the value (`field`), what is wrong with it, and the fix.
public struct TextSnapshotError: Error, Sendable, CustomStringConvertible {
    /// Which value is at fault.
    public var field: TextSnapshot.Field
    /// What is wrong with it.
    public var problem: String
    /// What to do about it; may be empty when the cause came from a lower layer that says it itself.
    public var fix: String
    /// One line: `field: problem; fix`.
    public var description: String { fix.isEmpty ? "\(field.rawValue): \(problem)" : "\(field.rawValue): \(problem); \(fix)" }
}
