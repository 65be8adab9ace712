import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineLayout
import GhostlineSupport

/// Why a font's metrics could not be reported.
public enum FontMetricsReportError: Error, CustomStringConvertible {
    /// The name looks like a file path (a slash, or a font file's extension) and no such file exists.
    case fileNotFound(String)
    /// The font could not be found by name or opened.
    case font(FontError)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "\(path): font file not found; check the path"
        case .font(let error): return "\(error)"
        }
    }
}

/// A font's vertical metrics at one size, the raw table values behind them, and UIKit's pixel rounding of them at
/// one scale: what `ghostline metrics` prints, as a value.
public struct FontMetricsReport: Sendable {
    /// The font measured.
    public var font: Font
    /// The table the vertical metrics come from.
    public var source: VerticalMetricsSource
    /// The point size.
    public var size: Double
    /// The scale the pixel-rounding figures are for.
    public var scale: Scale
    /// The metrics in points.
    public var metrics: FontMetrics

    /// Measures `font` — a file, or a family or PostScript name found through `fonts` — at `size` points.
    ///
    /// A face asked for by index is a face of the file the name found, checked like any other, never ignored.
    public init(font name: String, faceIndex: Int?, size: Double, scale: Scale, source: VerticalMetricsSource,
                metricsOverride: FontMetricsOverride?, fonts: FontContext) throws(FontMetricsReportError) {
        var file: FontFile
        if FileManager.default.fileExists(atPath: name) {
            file = FontFile(path: name, faceIndex: faceIndex ?? 0)
        } else if name.contains("/") || name.hasSuffix(".ttf") || name.hasSuffix(".otf") || name.hasSuffix(".ttc") {
            throw .fileNotFound(name)
        } else {
            do { file = try fonts.locator.locate(name: name) } catch { throw .font(error) }
            if let faceIndex { file = FontFile(path: file.path, faceIndex: faceIndex) }
        }
        do { self.font = try Font(path: file.path, faceIndex: file.faceIndex, metricsOverride: metricsOverride) } catch {
            throw .font(error)
        }
        self.source = source
        self.size = size
        self.scale = scale
        self.metrics = font.metrics(pointSize: size, source: source)
    }

    /// The report as JSON: names, metrics in points, table values in font units, and the pixel rounding.
    public var json: JSONValue {
        let m = metrics
        let t = font.tables
        return .object([
            ("file", .string(font.path)), ("faceIndex", .integer(font.faceIndex)),
            ("family", .string(font.familyName)), ("style", .string(font.styleName)),
            ("postScriptName", .string(font.postScriptName)),
            ("source", .string(source.rawValue)), ("size", .number(size)), ("unitsPerEm", .integer(m.unitsPerEm)),
            ("ascender", .number(m.ascender)), ("descender", .number(m.descender)), ("leading", .number(m.leading)),
            ("lineHeight", .number(m.lineHeight)), ("capHeight", .number(m.capHeight)), ("xHeight", .number(m.xHeight)),
            ("units", .object([
                ("ascender", .integer(t.vertical(source).ascender)), ("descender", .integer(t.vertical(source).descender)),
                ("lineGap", .integer(t.vertical(source).lineGap)), ("capHeight", .integer(t.capHeight)),
                ("xHeight", .integer(t.xHeight)), ("capHeightSource", .string(t.capHeightSource)),
            ])),
            ("useTypoMetrics", .bool(t.useTypoMetrics)),
            ("overridden", .bool(font.metricsOverride != nil)),
            ("pixelRounding", .object([
                ("scale", .integer(scale.factor)),
                ("labelHeight", .number(UIKitRounding.labelHeight(m, scale: scale))),
                ("firstBaseline", .number(UIKitRounding.firstBaselineOffset(m, scale: scale))),
                ("capHeightInset", .number(UIKitRounding.capHeightInset(m, scale: scale))),
                ("naiveCapHeightInset", .number(UIKitRounding.naiveCapHeightInset(m))),
            ])),
        ])
    }
}
