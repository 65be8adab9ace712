import Foundation

/// A JSON value with ordered object keys, so outputs read in a logical order (frame before lines, x before y)
/// and are byte-identical from run to run. Numbers are written with at most six decimals: layout values are
/// exact binary fractions or font-unit ratios, and a millionth of a point is far below any pixel.
public indirect enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    /// Pretty-printed with two-space indentation; short arrays of scalars and small objects stay on one line.
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
