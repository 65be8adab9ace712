import Foundation

/// A JSON value with ordered object keys, so outputs read in a logical order (frame before lines, x before y)
/// and are byte-identical from run to run. Numbers are written with at most six decimals: layout values are
/// exact binary fractions or font-unit ratios, and a millionth of a point is far below any pixel.
public indirect enum JSONValue: Sendable, Equatable {
    /// An object whose members keep the order given (duplicate keys are not checked).
    case object([(String, JSONValue)])
    /// An array.
    case array([JSONValue])
    /// A length or ratio, written with at most six decimals and always a decimal point (`8.0`); not finite is `null`.
    case number(Double)
    /// A count, an offset or the scale, written without a decimal point.
    case integer(Int)
    /// A string, escaped as JSON requires (control characters as `\uXXXX`; other characters as they are, in UTF-8).
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`: a value that could not be measured.
    case null

    /// Two values are equal when they serialize to the same text, so member order matters and numbers equal to six
    /// decimals are equal.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    /// Pretty-printed with two-space indentation: an object of at most nine scalar members stays on one line;
    /// every other object, and every non-empty array, puts one member or item on each line.
    public func serialized(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .object(let members):
            if members.isEmpty { return "{}" }
            if isFlat { return "{ " + members.map { "\(Self.quote($0.0)): \($0.1.serialized())" }.joined(separator: ", ") + " }" }
            return "{\n" + members.map { "\(inner)\(Self.quote($0.0)): \($0.1.serialized(indent: indent + 1))" }
                .joined(separator: ",\n") + "\n\(pad)}"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.serialized(indent: indent + 1) }.joined(separator: ",\n") + "\n\(pad)]"
        case .number(let value): return Self.format(value)
        case .integer(let value): return String(value)
        case .string(let value): return Self.quote(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        }
    }

    /// An object of at most nine scalar members prints on one line (frames, runs, sizes, font metrics).
    private var isFlat: Bool {
        guard case .object(let members) = self, members.count <= 9 else { return false }
        return members.allSatisfy {
            switch $0.1 { case .object, .array: return false; default: return true }
        }
    }

    /// A number as the JSON outputs write it: rounded to six decimals, trailing zeros dropped but one decimal kept
    /// (`8.0`, `0.333333`), `null` for infinity and NaN, and Swift's own form (an exponent) from 10¹⁵ on.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // Beyond 2^53 a Double has no fractional digits to show; print it plainly (JSON allows exponents).
        guard abs(value) < 1e15 else { return "\(value)" }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded() { return String(format: "%.1f", rounded) }
        var text = String(format: "%.6f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
