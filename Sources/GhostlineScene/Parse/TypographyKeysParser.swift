import Foundation
import GhostlineFonts
import GhostlineLayout
import GhostlineShaping

/// The typography keys designers set in a text panel: axis values for variable fonts (`variations`,
/// `opticalSizing`), OpenType features (`features`), and lengths in percent of the size (`letterSpacing: "-2%"`,
/// `lineHeight: "120%"`), as Figma writes them.
extension SceneParser {
    /// `variations`, `opticalSizing` and `features` of a style mapping.
    func typographyKeys(_ keys: YAMLCursor.Mapping, into style: inout CharacterStyleDescription) throws(SceneError) {
        if let v = keys["variations"] {
            style.variations = try tagged(v, what: "axis") { value throws(SceneError) in
                VariationSetting("", try value.number("an axis value (e.g. 450 for wght, 90 for wdth)", range: -32768...32767))
            }.map { VariationSetting($0.tag, $0.value.value) }
        }
        style.opticalSizing = try keys["opticalSizing"]?.choice(OpticalSizing.self)
        if let f = keys["features"] {
            style.features = try tagged(f, what: "feature") { value throws(SceneError) in
                // CSS `font-feature-settings` takes on/off as 1/0; an alternate's number selects it (`cv05: 2`).
                if !value.isNumber, let on = try? value.bool() { return UInt32(on ? 1 : 0) }
                return UInt32(try value.integer(range: 0...65535))
            }.map { ShapingFeature($0.tag, value: $0.value) }
        }
    }

    /// `underline:` or `strikethrough:`: `true`/`false`, or `{ style: single|thick|double, pattern:
    /// solid|dot|dash|dashDot, color: NAME_OR_HEX }`.
    func decoration(_ cursor: YAMLCursor?, key: String) throws(SceneError) -> DecorationDescription? {
        guard let cursor else { return nil }
        guard cursor.isMapping else {
            guard let on = try? cursor.bool() else {
                throw cursor.error("expected true, false or a mapping for `\(key)`",
                                   fix: "write `\(key): true`, or e.g. `\(key): { style: double, pattern: dash, color: systemRed }`")
            }
            return DecorationDescription(booleanLiteral: on)
        }
        let keys = try cursor.mapping(allowed: DecorationDescription.keys)
        var decoration = DecorationDescription()
        decoration.line = try keys["style"]?.choice(TextDecorationStyle.Line.self)
        decoration.pattern = try keys["pattern"]?.choice(TextDecorationStyle.Pattern.self)
        decoration.color = try keys["color"].map { c throws(SceneError) in try color(c) }
        return decoration
    }

    /// A mapping of OpenType tags (four printable ASCII characters) to values read by `value`, in the order written.
    private func tagged<T>(_ cursor: YAMLCursor, what: String,
                           _ value: (YAMLCursor) throws(SceneError) -> T) throws(SceneError) -> [(tag: String, value: T)] {
        let example = what == "axis" ? "{ wght: 450, wdth: 90 }" : "{ tnum: 1, liga: 0 }"
        guard cursor.isMapping else {
            throw cursor.error("expected a mapping of OpenType \(what) tags to values", fix: "write e.g. `\(example)`")
        }
        var result: [(tag: String, value: T)] = []
        for (tag, entry) in try cursor.namedEntries() {
            guard VariationSetting.isValidTag(tag) else {
                throw entry.error("`\(tag)` is not an OpenType \(what) tag",
                                  fix: "write a tag of exactly four letters or digits, e.g. `\(example)`")
            }
            result.append((tag, try value(entry)))
        }
        return result
    }

    /// A length in points, or a percentage of the font size written as text (`"-2%"`, `"120%"`): (points, percent),
    /// one of them set. `what` names it in errors; the ranges bound each form.
    func pointsOrPercent(_ cursor: YAMLCursor?, what: String, points: ClosedRange<Double>,
                         percent: ClosedRange<Double>) throws(SceneError) -> (points: Double?, percent: Double?) {
        guard let cursor else { return (nil, nil) }
        if cursor.isNumber { return (try cursor.number(what, range: points), nil) }
        let text = (try? cursor.string())?.trimmingCharacters(in: .whitespaces) ?? ""
        guard text.hasSuffix("%"), let value = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw cursor.error("expected \(what), got `\(text)`",
                               fix: "write points (e.g. \(points.upperBound > 100 ? "24" : "0.5")) or a percentage of the size in quotes (e.g. \"\(percent.lowerBound < 0 ? "-2" : "120")%\")")
        }
        guard percent.contains(value) else {
            throw cursor.error("\(text) is out of range",
                               fix: "use a percentage from \(percent.lowerBound)% to \(percent.upperBound)% of the size")
        }
        return (nil, value)
    }
}
