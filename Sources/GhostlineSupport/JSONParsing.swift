extension JSONValue {
    /// Where and why text is not JSON.
    public struct ParseError: Error, CustomStringConvertible, Sendable {
        /// 1-based line of the offending character.
        public var line: Int
        /// 1-based column (in bytes) of the offending character.
        public var column: Int
        /// What is wrong there.
        public var problem: String
        /// `LINE:COLUMN: problem`.
        public var description: String { "\(line):\(column): \(problem)" }
    }

    /// Deeper nesting than any report has is refused before the recursion could exhaust the stack.
    public static let maximumDepth = 64

    /// Parses one JSON value (UTF-8), with nothing but white space after it, keeping the order of object keys and
    /// the integer/number distinction (Foundation's `JSONSerialization` loses both). That is what lets `suite merge`
    /// rebuild a report from shard reports that equals the report of one unsharded run.
    public init(parsing bytes: [UInt8]) throws(ParseError) {
        var parser = JSONParser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.failure("text after the JSON value") }
        self = value
    }
}

/// The reading half of `JSONValue`: a recursive descent over UTF-8 bytes.
private struct JSONParser {
    typealias Failure = JSONValue.ParseError
    private let bytes: [UInt8]
    private(set) var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func failure(_ problem: String) -> Failure {
        var line = 1, column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return Failure(line: line, column: column, problem: problem)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func expect(_ literal: String) throws(Failure) {
        for byte in literal.utf8 {
            guard current == byte else { throw failure("expected `\(literal)`") }
            position += 1
        }
    }

    mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw failure("nested more than \(JSONValue.maximumDepth) levels deep") }
        switch current {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if current == UInt8(ascii: "}") { position += 1; return .object([]) }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
                let key = try string()
                skipSpace()
                try expect(":")
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                if current == UInt8(ascii: ",") { position += 1; continue }
                try expect("}")
                return .object(members)
            }
        case UInt8(ascii: "["):
            position += 1
            var items: [JSONValue] = []
            skipSpace()
            if current == UInt8(ascii: "]") { position += 1; return .array([]) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                if current == UInt8(ascii: ",") { position += 1; continue }
                try expect("]")
                return .array(items)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case nil: throw failure("the text ends where a value should be")
        default: return try number()
        }
    }

    /// A number with a fraction or an exponent is `.number`; one without is `.integer` (as `JSONValue` writes them).
    private mutating func number() throws(Failure) -> JSONValue {
        let start = position
        var isInteger = true
        while let byte = current, (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { isInteger = false }
            position += 1
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int(text) { return .integer(value) }
        guard !text.isEmpty, let value = Double(text), value.isFinite else {
            position = start
            throw failure(text.isEmpty ? "expected a value" : "`\(text)` is not a number")
        }
        return .number(value)
    }

    private mutating func string() throws(Failure) -> String {
        position += 1   // the opening quote
        var scalars = String.UnicodeScalarView()
        var run = position   // start of a stretch without escapes, copied whole
        func flush(_ end: Int, into scalars: inout String.UnicodeScalarView) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current else { throw failure("a string is not closed") }
            if byte == UInt8(ascii: "\"") {
                flush(position, into: &scalars)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("a control character inside a string") }
            if byte != UInt8(ascii: "\\") { position += 1; continue }
            flush(position, into: &scalars)
            position += 1
            guard let escaped = current else { throw failure("a string is not closed") }
            position += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "u"):
                var unit = try hex4()
                if (0xD800..<0xDC00).contains(unit), current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                   bytes[position + 1] == UInt8(ascii: "u") {
                    position += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("an unpaired surrogate") }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(unit) else { throw failure("an unpaired surrogate") }
                scalars.append(scalar)
            default: throw failure("an unknown escape")
            }
            run = position
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16) else {
            throw failure("`\\u` needs four hex digits")
        }
        position += 4
        return value
    }
}

extension JSONValue {
    /// The member `key` of an object (nil for a missing key or a value that is not an object).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The text of a string; nil for any other value.
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    /// An integer (written without a fraction or exponent); nil for any other value.
    public var intValue: Int? { if case .integer(let i) = self { return i }; return nil }
    /// `true` or `false`; nil for any other value.
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// The items of an array; nil for any other value.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    /// True for `null` (without serializing the value, as `==` does).
    public var isNull: Bool { if case .null = self { return true }; return false }
    /// A number or an integer, as a Double.
    public var doubleValue: Double? {
        switch self {
        case .number(let d): return d
        case .integer(let i): return Double(i)
        default: return nil
        }
    }
}
