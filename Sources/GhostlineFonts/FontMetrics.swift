import Foundation

/// Which table a font's ascender, descender and line gap come from.
///
/// Apple platforms read `hhea`; browsers read `OS/2` typo metrics when the font sets USE_TYPO_METRICS (and some
/// always do on some platforms). The choice is explicit so a layout model states which one it uses.
public enum VerticalMetricsSource: String, Sendable, Codable, CaseIterable {
    /// `hhea` ascender / descender / lineGap: what UIFont reports.
    case hhea
    /// `OS/2` sTypoAscender / sTypoDescender / sTypoLineGap.
    case typo
}

/// Vertical metrics in font units, as one source states them.
public struct VerticalMetricsUnits: Hashable, Sendable, Codable {
    public var ascender: Int
    public var descender: Int
    public var lineGap: Int
    public init(ascender: Int, descender: Int, lineGap: Int) {
        self.ascender = ascender; self.descender = descender; self.lineGap = lineGap
    }
}

/// The raw values Ghostline reads from a font's tables, in font units (y up; descender negative).
public struct FontTables: Hashable, Sendable, Codable {
    public var unitsPerEm: Int
    public var hhea: VerticalMetricsUnits
    public var typo: VerticalMetricsUnits
    /// OS/2 fsSelection bit 7: the font asks layout engines to prefer the typo metrics.
    public var useTypoMetrics: Bool
    public var capHeight: Int
    public var xHeight: Int
    /// Where cap and x height came from: `"OS/2"` (version ≥ 2) or `"glyph outlines"` (the tops of 'H' and 'x').
    public var capHeightSource: String
    /// Text decorations, font units, y up: `post.underlinePosition` is the *top* of the underline (as the
    /// OpenType spec defines it), `OS/2.yStrikeoutPosition` the top of the strikethrough. Zero sizes mean the
    /// font states none; `FontMetrics` then falls back to a twentieth of the em, as browsers do.
    public var decorations: DecorationUnits = DecorationUnits()

    public func vertical(_ source: VerticalMetricsSource) -> VerticalMetricsUnits {
        source == .hhea ? hhea : typo
    }
}

/// Underline and strikethrough placement from the `post` and `OS/2` tables, in font units (y up).
public struct DecorationUnits: Hashable, Sendable, Codable {
    public var underlinePosition = 0
    public var underlineThickness = 0
    public var strikeoutPosition = 0
    public var strikeoutSize = 0
    public init(underlinePosition: Int = 0, underlineThickness: Int = 0, strikeoutPosition: Int = 0, strikeoutSize: Int = 0) {
        self.underlinePosition = underlinePosition; self.underlineThickness = underlineThickness
        self.strikeoutPosition = strikeoutPosition; self.strikeoutSize = strikeoutSize
    }

    func rescaled(_ rescale: (Int) -> Int) -> DecorationUnits {
        DecorationUnits(underlinePosition: rescale(underlinePosition), underlineThickness: rescale(underlineThickness),
                        strikeoutPosition: rescale(strikeoutPosition), strikeoutSize: rescale(strikeoutSize))
    }
}

/// Why text is not a ``FontMetricsOverride``; the description starts with the text (but for an unknown key), so a
/// caller can put its own name for the setting in front: `--override x: names no metric; …`.
public enum FontMetricsOverrideError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but commas.
    case namesNoMetric(text: String)
    /// A pair that is not `key=integer`.
    case notKeyInteger(text: String, pair: String)
    /// A key that is not one of the metrics.
    case unknownKey(String)

    public var description: String {
        switch self {
        case .namesNoMetric(let text): return "\(text): names no metric; e.g. unitsPerEm=2048,ascender=1950, or ios-system"
        case .notKeyInteger(let text, let pair): return "\(text): `\(pair)` is not key=integer; e.g. unitsPerEm=2048,ascender=1950"
        case .unknownKey(let key): return "unknown key `\(key)`; use unitsPerEm, ascender, descender, lineGap, capHeight, xHeight"
        }
    }
}

/// Replacement vertical metrics, in font units of `unitsPerEm`, for fonts a Linux machine cannot carry (the iOS
/// system font, say): glyphs still come from the stand-in file, but layout uses these numbers.
///
/// Omitted values keep the file's own, rescaled to the override's `unitsPerEm` so they mean the same length.
/// The override replaces the values of both vertical-metrics sources.
public struct FontMetricsOverride: Hashable, Sendable, Codable {
    public var unitsPerEm: Int?
    public var ascender: Int?
    public var descender: Int?
    public var lineGap: Int?
    public var capHeight: Int?
    public var xHeight: Int?

    public init(unitsPerEm: Int? = nil, ascender: Int? = nil, descender: Int? = nil, lineGap: Int? = nil,
                capHeight: Int? = nil, xHeight: Int? = nil) {
        self.unitsPerEm = unitsPerEm; self.ascender = ascender; self.descender = descender
        self.lineGap = lineGap; self.capHeight = capHeight; self.xHeight = xHeight
    }

    /// The published metrics of Apple's iOS system font (SF Pro): unitsPerEm 2048, ascender 1950,
    /// descender −494, lineGap 0, capHeight 1443. At 17 pt: ascender 16.1865234375, lineHeight 20.287109375.
    public static let iOSSystemFont = FontMetricsOverride(unitsPerEm: 2048, ascender: 1950, descender: -494,
                                                          lineGap: 0, capHeight: 1443)

    /// An override written as a person types it: `ios-system` (``iOSSystemFont``), or comma-separated `key=integer`
    /// pairs in font units with the keys unitsPerEm, ascender, descender, lineGap, capHeight and xHeight (any case),
    /// e.g. `unitsPerEm=2048,ascender=1950,descender=-494`. Whether the values fit a font is checked when applied.
    public init(parsing text: String) throws(FontMetricsOverrideError) {
        if text.lowercased() == "ios-system" { self = .iOSSystemFont; return }
        self.init()
        let pairs = text.split(separator: ",")
        guard !pairs.isEmpty else { throw .namesNoMetric(text: text) }
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let value = Int(parts[1]) else { throw .notKeyInteger(text: text, pair: String(pair)) }
            switch parts[0].lowercased() {
            case "unitsperem": unitsPerEm = value
            case "ascender": ascender = value
            case "descender": descender = value
            case "linegap": lineGap = value
            case "capheight": capHeight = value
            case "xheight": xHeight = value
            default: throw .unknownKey(parts[0])
            }
        }
    }

    public var isEmpty: Bool {
        unitsPerEm == nil && ascender == nil && descender == nil && lineGap == nil && capHeight == nil && xHeight == nil
    }

    /// The tables as layout should see them: overridden values in place, the rest rescaled.
    public func applied(to tables: FontTables) throws(FontError) -> FontTables {
        let targetUnits = unitsPerEm ?? tables.unitsPerEm
        // The ranges the font tables themselves can hold (head.unitsPerEm 16…16384, the rest 16-bit values).
        guard (16...16384).contains(targetUnits) else {
            throw .invalidOverride(detail: "unitsPerEm must be 16…16384, got \(targetUnits)")
        }
        for (name, value) in [("ascender", ascender), ("descender", descender), ("lineGap", lineGap),
                              ("capHeight", capHeight), ("xHeight", xHeight)] {
            if let value, !(-32768...65535).contains(value) {
                throw .invalidOverride(detail: "\(name) must fit a font table (−32768…65535 font units), got \(value)")
            }
        }
        if let ascender, ascender <= 0 { throw .invalidOverride(detail: "ascender must be positive (font units, y up), got \(ascender)") }
        if let descender, descender > 0 { throw .invalidOverride(detail: "descender must be zero or negative (font units, y up), got \(descender)") }
        func rescale(_ value: Int) -> Int {
            targetUnits == tables.unitsPerEm ? value
                : Int((Double(value) * Double(targetUnits) / Double(tables.unitsPerEm)).rounded())
        }
        func vertical(_ v: VerticalMetricsUnits) -> VerticalMetricsUnits {
            VerticalMetricsUnits(ascender: ascender ?? rescale(v.ascender), descender: descender ?? rescale(v.descender),
                                 lineGap: lineGap ?? rescale(v.lineGap))
        }
        return FontTables(unitsPerEm: targetUnits, hhea: vertical(tables.hhea), typo: vertical(tables.typo),
                          useTypoMetrics: tables.useTypoMetrics,
                          capHeight: capHeight ?? rescale(tables.capHeight), xHeight: xHeight ?? rescale(tables.xHeight),
                          capHeightSource: capHeight == nil ? tables.capHeightSource : "override",
                          decorations: tables.decorations.rescaled(rescale))
    }
}

/// UIFont-style metrics of a font at one point size, in **points** (font y-up convention: `descender` < 0).
///
/// Computed from the font tables as `units × pointSize / unitsPerEm`, never from FreeType's size metrics, which
/// are rounded to whole pixels and would hide the fractional values UIKit works with.
public struct FontMetrics: Hashable, Sendable {
    public let pointSize: Double
    public let unitsPerEm: Int
    public let source: VerticalMetricsSource
    /// Distance from the baseline up to the top of the line's ink area (> 0).
    public let ascender: Double
    /// Distance from the baseline down to the bottom of the line's ink area, negative (y up).
    public let descender: Double
    /// The font's line gap ("leading"), which UIKit adds between lines; may be 0, positive or negative.
    public let leading: Double
    public let capHeight: Double
    public let xHeight: Double
    /// Distance from the baseline down to the underline's top edge (> 0 below the baseline), and its thickness.
    public let underlineOffset: Double
    public let underlineThickness: Double
    /// Distance from the baseline up to the strikethrough's top edge, and its thickness.
    public let strikethroughOffset: Double
    public let strikethroughThickness: Double

    public init(pointSize: Double, tables: FontTables, source: VerticalMetricsSource) {
        let scale = pointSize / Double(tables.unitsPerEm)
        let vertical = tables.vertical(source)
        self.pointSize = pointSize
        self.unitsPerEm = tables.unitsPerEm
        self.source = source
        self.ascender = Double(vertical.ascender) * scale
        self.descender = Double(vertical.descender) * scale
        self.leading = Double(vertical.lineGap) * scale
        self.capHeight = Double(tables.capHeight) * scale
        self.xHeight = Double(tables.xHeight) * scale
        // Fonts that state no decoration metrics get what browsers use: a 1/20 em line, the underline one
        // line-thickness below the baseline, the strikethrough through the middle of the x-height.
        let d = tables.decorations
        let fallbackThickness = pointSize / 20
        self.underlineThickness = d.underlineThickness > 0 ? Double(d.underlineThickness) * scale : fallbackThickness
        self.underlineOffset = d.underlineThickness > 0 ? -Double(d.underlinePosition) * scale : fallbackThickness
        self.strikethroughThickness = d.strikeoutSize > 0 ? Double(d.strikeoutSize) * scale : fallbackThickness
        self.strikethroughOffset = d.strikeoutSize > 0 ? Double(d.strikeoutPosition) * scale
            : Double(tables.xHeight) * scale / 2 + fallbackThickness / 2
    }

    /// R1: `lineHeight = ascender − descender`; the leading is *not* included.
    public var lineHeight: Double { ascender - descender }

    /// The distance between two baselines of a default (unstyled) label: `lineHeight + leading` (R1).
    public var defaultBaselineDistance: Double { lineHeight + leading }
}
