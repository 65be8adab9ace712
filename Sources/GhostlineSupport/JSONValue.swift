import Foundation

/// A JSON value with ordered object keys, so outputs read in a logical order (frame before lines, x before y)
/// and are byte-identical from run to run: Ghostline's one JSON type, built and serialized here and parsed back by
/// ``init(parsing:)`` to a value that serializes to the same bytes. Numbers are written with at most six decimals: layout values are
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
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    /// Appends the serialized value to one string: building each member's text apart and joining them copied a
    /// large report's bytes once per level of nesting.
    private func write(into out: inout String, indent: Int) {
        func pad(_ level: Int) { for _ in 0..<level { out += "  " } }
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if isFlat {
                out += "{ "
                for (index, member) in members.enumerated() {
                    if index > 0 { out += ", " }
                    Self.appendQuoted(member.0, to: &out)
                    out += ": "
                    member.1.write(into: &out, indent: 0)
                }
                out += " }"
                return
            }
            out += "{\n"
            for (index, member) in members.enumerated() {
                if index > 0 { out += ",\n" }
                pad(indent + 1)
                Self.appendQuoted(member.0, to: &out)
                out += ": "
                member.1.write(into: &out, indent: indent + 1)
            }
            out += "\n"
            pad(indent)
            out += "}"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                if index > 0 { out += ",\n" }
                pad(indent + 1)
                item.write(into: &out, indent: indent + 1)
            }
            out += "\n"
            pad(indent)
            out += "]"
        case .number(let value): out += Self.format(value)
        case .integer(let value): out += String(value)
        case .string(let value): Self.appendQuoted(value, to: &out)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// `Escaping.jsonString(text)` appended to `out`; text with nothing to escape (nearly all of it) is copied whole.
    static func appendQuoted(_ text: String, to out: inout String) {
        if text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += Escaping.jsonString(text)
        } else {
            out += "\""
            out += text
            out += "\""
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
        let micro = (value * 1_000_000).rounded()
        let rounded = micro / 1_000_000
        // Below 2^30 the double nearest micro/10^6 is within 1.2e-7 of it, so printf's six decimals are exactly the
        // integer `micro`'s digits: written from the integer, the same text without printf's cost (a layout JSON of
        // 200,000 lines spent a third of its time in String(format:)).
        if abs(rounded) < 1_073_741_824 {
            let magnitude = Int(abs(micro)), whole = magnitude / 1_000_000, fraction = magnitude % 1_000_000
            var text = rounded.sign == .minus ? "-" : ""
            text += String(whole)
            guard fraction != 0 else { return text + ".0" }
            var digits = String(fraction)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            return text + "." + digits
        }
        if rounded == rounded.rounded() { return String(format: "%.1f", rounded) }
        var text = String(format: "%.6f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
