import Foundation

/// Text made safe for the formats Ghostline writes: one escaper per format, so every page, report and message
/// escapes the same characters the same way.
///
/// ```swift
/// "<td>\(Escaping.html(label.id))</td>"                       // HTML content or a quoted attribute
/// "<testcase name=\"\(Escaping.xmlAttribute(entry.id))\">"     // XML (JUnit)
/// "\(Escaping.oneLine(path)): cannot write (…)"                // a path in a one-line message
/// ```
public enum Escaping {
    /// Text for HTML element content and quoted attributes: `&`, `<`, `>`, `"` and `'` as character references.
    public static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Text for a quoted XML attribute. Characters XML 1.0 cannot hold at all (most C0 controls; lone surrogates
    /// cannot occur in a Swift string) become U+FFFD; a line break or tab is written as a character reference, since
    /// a parser would turn it into a space.
    public static func xmlAttribute(_ text: String) -> String { xml(text, attribute: true) }

    /// Text for XML element content: as ``xmlAttribute(_:)``, but line breaks and tabs stay as they are.
    public static func xmlText(_ text: String) -> String { xml(text, attribute: false) }

    private static func xml(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += attribute ? "&#9;" : "\t"
            case "\r": out += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A JSON string literal, quotes included: `"` and `\` escaped, line breaks and tabs as `\n`, `\r`, `\t`, other
    /// control characters as `\uXXXX`; every other character as it is, in UTF-8.
    public static func jsonString(_ text: String) -> String {
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

    /// A path (or any name) for a one-line message: as it is, or quoted with escapes when it holds a control
    /// character or a quote, so the message stays one line and the name's ends are visible.
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\"" }) else { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.properties.generalCategory == .control: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
