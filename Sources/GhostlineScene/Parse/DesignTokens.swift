import Foundation
import GhostlineSupport

/// Design tokens in the W3C Design Tokens Community Group format (what Figma's and Tokens Studio's exports
/// write), turned into a Ghostline style guide: every `typography` token becomes a style.
///
/// - Groups nest; a token is an object with `$value`; `$type` is the token's own or its nearest group's.
/// - Aliases `"{group.token}"` are resolved, also inside a typography value and through other aliases; a cycle
///   or a missing target is an error that names the token.
/// - Dimensions are `"16px"`, `"1.5rem"` (16 px a rem, the browsers' default) or `{ "value": 16, "unit": "px" }`;
///   a typography `lineHeight` may also be a plain number, a multiple of the font size (as the format defines
///   it), and `letterSpacing` may be a percentage or em of the size.
/// - Tokens of other types (colours, shadows, spacing, …) are not styles: they are counted and listed, never
///   dropped silently.
public struct DesignTokens: Sendable {
    /// A typography token as a style.
    public struct Style: Sendable, Equatable {
        /// The style's name: the token's path, dot-joined (`typography.title`).
        public var name: String
        /// The font family (`fontFamily`, the first entry of a list), written to the style's `font`.
        public var font: String
        /// The font size in points (`fontSize`; a CSS px is a point, a rem 16 of them), more than 0 and at most 1000.
        public var size: Double
        /// The weight as a number, 1 to 1000 (`fontWeight`, a number or a name such as `semi-bold`); nil when the token
        /// sets none.
        public var weight: Int?
        /// The line height in points: a plain number or a percentage is taken as a multiple of ``size``, a dimension as
        /// it is; nil when the token sets none.
        public var lineHeight: Double?
        /// The letter spacing in points: a percentage or `em` is of ``size``, a dimension as it is; nil when the token
        /// sets none.
        public var letterSpacing: Double?
        /// True when the token's `fontStyle` is `italic`.
        public var italic: Bool

        /// Creates a style from its values (for tests and callers that build tokens themselves).
        public init(name: String, font: String, size: Double, weight: Int?, lineHeight: Double?, letterSpacing: Double?,
                    italic: Bool) {
            self.name = name; self.font = font; self.size = size; self.weight = weight; self.lineHeight = lineHeight
            self.letterSpacing = letterSpacing; self.italic = italic
        }
    }

    /// The styles, one per typography token, sorted by path group by group (a parsed JSON object keeps no order
    /// of its own).
    public var styles: [Style]
    /// Tokens that are not typography, by type (`"color": 12`), for the summary and the file's header.
    public var skipped: [String: Int]

    /// CSS pixels (points here) in a `rem`: 16, the browsers' default root font size.
    public static let remPixels = 16.0

    /// Reads a token file (JSON, at most 16 MiB).
    public init(contentsOf path: String) throws(DesignTokenError) {
        let data: Data
        do throws(SafeFile.Failure) { data = Data(try SafeFile.contents(of: path, limit: 16 << 20)) } catch {
            switch error {
            case .missing, .directory, .unreadable(.notRegularFile):
                throw .unreadable(path: path, reason: "no such file, or not a regular file")
            case .unreadable(.tooLarge), .unreadable(.unreadable), .notUTF8:
                throw .unreadable(path: path, reason: "larger than 16 MiB, or unreadable")
            }
        }
        try self.init(data: data, path: path)
    }

    /// Parses token JSON.
    ///
    /// - Parameters:
    ///   - data: The JSON text; its top level must be an object.
    ///   - path: The name errors give the file.
    /// - Throws: ``DesignTokenError/unreadable(path:reason:)`` when the data is not a JSON object, and
    ///   ``DesignTokenError/invalid(path:token:reason:)`` for groups nested more than 64 deep, an alias loop or an
    ///   alias to no token, or a typography token without a usable `fontFamily` or `fontSize`, or with a `fontWeight`,
    ///   `lineHeight` or `letterSpacing` that cannot be read.
    public init(data: Data, path: String = "tokens.json") throws(DesignTokenError) {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any] else {
            throw .unreadable(path: path, reason: "not a JSON object")
        }
        var tokens: [String: (type: String?, value: Any)] = [:]
        var order: [String] = []
        func walk(_ object: [String: Any], path components: [String], inheritedType: String?, depth: Int) throws(DesignTokenError) {
            guard depth < 64 else { throw .invalid(path: path, token: components.joined(separator: "."), reason: "groups nest more than 64 deep") }
            let type = object["$type"] as? String ?? inheritedType
            if let value = object["$value"] {
                let name = components.joined(separator: ".")
                tokens[name] = (type, value)
                order.append(name)
                return
            }
            for key in object.keys.sorted() where !key.hasPrefix("$") {
                guard let child = object[key] as? [String: Any] else { continue }
                try walk(child, path: components + [key], inheritedType: type, depth: depth + 1)
            }
        }
        try walk(root, path: [], inheritedType: nil, depth: 0)

        func resolve(_ value: Any, token: String, seen: [String]) throws(DesignTokenError) -> Any {
            if let text = value as? String, text.hasPrefix("{"), text.hasSuffix("}") {
                let target = String(text.dropFirst().dropLast())
                guard !seen.contains(target) else {
                    throw .invalid(path: path, token: token, reason: "aliases go round in a loop: \((seen + [target]).joined(separator: " → "))")
                }
                guard let aliased = tokens[target] else {
                    throw .invalid(path: path, token: token, reason: "the alias {\(target)} names no token")
                }
                return try resolve(aliased.value, token: token, seen: seen + [target])
            }
            if let object = value as? [String: Any] {
                var resolved: [String: Any] = [:]
                for (key, inner) in object { resolved[key] = try resolve(inner, token: token, seen: seen) }
                return resolved
            }
            return value
        }

        var styles: [Style] = []
        var skipped: [String: Int] = [:]
        for name in order {
            guard let token = tokens[name] else { continue }
            var type = token.type
            if type == nil, let text = token.value as? String, text.hasPrefix("{") {
                type = tokens[String(text.dropFirst().dropLast())]?.type
            }
            guard type == "typography" else {
                skipped[type ?? "untyped", default: 0] += 1
                continue
            }
            guard let value = try resolve(token.value, token: name, seen: [name]) as? [String: Any] else {
                throw .invalid(path: path, token: name, reason: "a typography token's value must be an object")
            }
            styles.append(try Self.style(name, value, path: path))
        }
        self.styles = styles
        self.skipped = skipped
    }

    static func style(_ name: String, _ value: [String: Any], path: String) throws(DesignTokenError) -> Style {
        func fail(_ reason: String) -> DesignTokenError { .invalid(path: path, token: name, reason: reason) }
        let family: String
        if let text = value["fontFamily"] as? String { family = text }
        else if let list = value["fontFamily"] as? [String], let first = list.first { family = first }
        else { throw fail("no fontFamily") }
        guard let sizeValue = value["fontSize"] else { throw fail("no fontSize") }
        guard let size = dimension(sizeValue), size > 0, size <= 1000 else { throw fail("fontSize \(sizeValue) is not a size in px or rem") }
        var weight: Int?
        if let number = value["fontWeight"].flatMap(jsonNumber) { weight = number.intValue }
        else if value["fontWeight"] is NSNumber { throw fail("fontWeight \(value["fontWeight"]!) is not a weight") }
        else if let text = value["fontWeight"] as? String {
            guard let named = weightNames[text.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: " ", with: "")] ?? Int(text) else {
                throw fail("fontWeight \(text) is not a weight")
            }
            weight = named
        }
        if let w = weight, !(1...1000).contains(w) { throw fail("fontWeight \(w) is outside 1…1000") }
        var lineHeight: Double?
        if let raw = value["lineHeight"] {
            if let number = jsonNumber(raw) { lineHeight = number.doubleValue * size }
            else if let text = raw as? String, text.hasSuffix("%"), let percent = Double(text.dropLast()) { lineHeight = percent / 100 * size }
            else if let points = dimension(raw) { lineHeight = points }
            else { throw fail("lineHeight \(raw) is not a number, a percentage or a dimension") }
        }
        var letterSpacing: Double?
        if let raw = value["letterSpacing"] {
            if let text = raw as? String, text.hasSuffix("%"), let percent = Double(text.dropLast()) { letterSpacing = percent / 100 * size }
            else if let text = raw as? String, text.hasSuffix("em"), !text.hasSuffix("rem"), let em = Double(text.dropLast(2)) { letterSpacing = em * size }
            else if let points = dimension(raw, allowingZero: true) { letterSpacing = points }
            else { throw fail("letterSpacing \(raw) is not a dimension") }
        }
        let italic = (value["fontStyle"] as? String)?.lowercased() == "italic"
        return Style(name: name, font: family, size: size, weight: weight, lineHeight: lineHeight, letterSpacing: letterSpacing,
                     italic: italic)
    }

    /// A JSON number, and not a JSON `true` or `false`: on Linux both arrive as `NSNumber`, and `is Bool` is true
    /// for the numbers 0 and 1 as well, so the type code tells them apart ("c", a C char, for the booleans).
    static func jsonNumber(_ value: Any) -> NSNumber? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number
    }

    /// Points (= CSS px) of a dimension: `"16px"`, `"1rem"`, `16`, `{ "value": 16, "unit": "px" }`.
    static func dimension(_ value: Any, allowingZero: Bool = false) -> Double? {
        var number: Double?
        if let object = value as? [String: Any], let amount = object["value"].flatMap(jsonNumber) {
            let unit = object["unit"] as? String ?? "px"
            number = unit == "rem" ? amount.doubleValue * remPixels : unit == "px" ? amount.doubleValue : nil
        } else if let amount = jsonNumber(value) {
            number = amount.doubleValue
        } else if let text = (value as? String)?.trimmingCharacters(in: .whitespaces) {
            if text.hasSuffix("rem"), let amount = Double(text.dropLast(3)) { number = amount * remPixels }
            else if text.hasSuffix("px"), let amount = Double(text.dropLast(2)) { number = amount }
            else if let amount = Double(text) { number = amount }
        }
        guard let number, number.isFinite, abs(number) <= 10_000 else { return nil }
        return number
    }

    static let weightNames: [String: Int] = [
        "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300, "normal": 400, "regular": 400,
        "book": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "extrabold": 800, "ultrabold": 800,
        "black": 900, "heavy": 900, "extrablack": 950, "ultrablack": 950,
    ]

    /// The style guide YAML (`styles:` for `include:`), with a header listing what was not a style.
    public func styleGuideYAML(source: String) -> String {
        var lines = ["# Generated by `ghostline tokens import` from \(source).",
                     "# \(styles.count) typography token(s) became styles."]
        if !skipped.isEmpty {
            lines.append("# Not styles (listed, not imported): " + skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ".")
        }
        lines.append("styles:")
        if styles.isEmpty { lines[lines.count - 1] = "styles: {}" }
        for style in styles {
            var keys = ["font: \(Escaping.jsonString(style.font))", "size: \(number(style.size))"]
            if let weight = style.weight { keys.append("weight: \(weight)") }
            if style.italic { keys.append("italic: true") }
            if let lineHeight = style.lineHeight { keys.append("lineHeight: \(number(lineHeight))") }
            if let spacing = style.letterSpacing, spacing != 0 { keys.append("letterSpacing: \(number(spacing))") }
            lines.append("  \(Escaping.jsonString(style.name)): { \(keys.joined(separator: ", ")) }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func number(_ value: Double) -> String { JSONValue.format((value * 1000).rounded() / 1000) }
}

/// Why design tokens could not be imported; the description is the one line the CLI prints.
public enum DesignTokenError: Error, CustomStringConvertible, Equatable {
    /// The file is missing, not a regular file, over 16 MiB, unreadable, or not a JSON object.
    case unreadable(path: String, reason: String)
    /// A token (named by its dot-joined path) cannot be turned into a style, or its alias cannot be resolved.
    case invalid(path: String, token: String, reason: String)

    /// One line naming the file (and the token), what is wrong, and what to do.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(Escaping.oneLine(path)): cannot read the design tokens (\(reason)); export them as W3C design tokens JSON"
        case .invalid(let path, let token, let reason):
            return "\(Escaping.oneLine(path)): token \(token): \(reason); fix the token or its alias"
        }
    }
}
