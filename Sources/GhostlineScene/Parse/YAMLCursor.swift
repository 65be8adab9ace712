import Foundation
import GhostlineSupport
import Yams

/// A YAML node with the key path that led to it, whose typed accessors throw `SceneError`s that point at the
/// node's line and column. Every key of a mapping must be expected: a misspelt key is an error, not a silent
/// default. Public for the other readers of Ghostline's YAML (the suite manifest).
public struct YAMLCursor {
    /// The YAML node.
    public let node: Node
    /// The key path that led to it (`elements[2].style`), for errors.
    public let path: String
    /// The file it was read from, for errors.
    public let file: String

    /// A cursor at `node`, reached through `path`, in `file`.
    public init(node: Node, path: String, file: String) {
        self.node = node; self.path = path; self.file = file
    }

    /// An error at this node's line, column and key path.
    public func error(_ problem: String, fix: String) -> SceneError {
        SceneError(file: file, line: node.mark?.line, column: node.mark?.column, keyPath: path, problem: problem, fix: fix)
    }

    /// This node's place, kept in a description for errors found after parsing.
    public var mark: SourceMark { SourceMark(line: node.mark?.line, column: node.mark?.column, keyPath: path) }

    private func child(_ node: Node, _ component: String) -> YAMLCursor {
        YAMLCursor(node: node, path: path.isEmpty ? component : "\(path).\(component)", file: file)
    }

    private var kindName: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar): return "\"\(scalar.string)\""
        }
    }

    /// The mapping's entries in document order, after checking every key is one of `allowed`.
    public func mapping(allowed: [String]) throws(SceneError) -> Mapping {
        guard case .mapping(let mapping) = node else {
            throw error("expected a mapping, got \(kindName)", fix: "write `key: value` pairs here")
        }
        var entries: [(String, YAMLCursor)] = []
        var seen = Set<String>()
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.string else {
                throw YAMLCursor(node: keyNode, path: path, file: file).error("a key must be text", fix: "use one of: \(allowed.joined(separator: ", "))")
            }
            let keyCursor = YAMLCursor(node: keyNode, path: path.isEmpty ? key : "\(path).\(key)", file: file)
            guard allowed.contains(key) else {
                let hint = Self.suggestion(for: key, among: allowed).map { "did you mean `\($0)`? " } ?? ""
                throw keyCursor.error("unknown key `\(key)`", fix: "\(hint)allowed here: \(allowed.joined(separator: ", "))")
            }
            guard seen.insert(key).inserted else {
                throw keyCursor.error("duplicate key `\(key)`", fix: "keep one of them")
            }
            entries.append((key, child(valueNode, key)))
        }
        return Mapping(cursor: self, entries: entries)
    }

    /// Entries of a mapping whose keys are names chosen by the author (fonts, styles).
    public func namedEntries() throws(SceneError) -> [(String, YAMLCursor)] {
        guard case .mapping(let mapping) = node else {
            throw error("expected a mapping of names, got \(kindName)", fix: "write `name: …` entries here")
        }
        var result: [(String, YAMLCursor)] = []
        // Hashed, so a style guide with thousands of names is checked in linear time.
        var seen = Set<String>()
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.string, !key.isEmpty else {
                throw YAMLCursor(node: keyNode, path: path, file: file).error("a name must be text", fix: "quote it")
            }
            if !seen.insert(key).inserted {
                throw YAMLCursor(node: keyNode, path: "\(path).\(key)", file: file).error("duplicate name `\(key)`", fix: "rename one of them")
            }
            result.append((key, child(valueNode, key)))
        }
        return result
    }

    /// The items of a list, each with its index in the key path.
    public func sequence() throws(SceneError) -> [YAMLCursor] {
        guard case .sequence(let sequence) = node else {
            throw error("expected a list, got \(kindName)", fix: "write the items as `- item` lines")
        }
        return sequence.enumerated().map { YAMLCursor(node: $0.element, path: "\(path)[\($0.offset)]", file: file) }
    }

    /// True for a mapping.
    public var isMapping: Bool { if case .mapping = node { return true }; return false }
    /// True for a list.
    public var isSequence: Bool { if case .sequence = node { return true }; return false }
    /// True for a double-quoted scalar.
    public var isDoubleQuoted: Bool { if case .scalar(let scalar) = node { return scalar.style == .doubleQuoted }; return false }

    /// True for a plain scalar that reads as a number.
    public var isNumber: Bool {
        // A quoted "17" is text, not a number: only plain scalars count.
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return Double(scalar.string) != nil
    }

    /// The text of a scalar.
    public func string() throws(SceneError) -> String {
        guard case .scalar(let scalar) = node else { throw error("expected text, got \(kindName)", fix: "write a single value") }
        return scalar.string
    }

    /// A finite number, optionally within `range`; `what` names it in the error.
    public func number(_ what: String = "a number", range: ClosedRange<Double>? = nil) throws(SceneError) -> Double {
        guard isNumber, case .scalar(let scalar) = node, let value = Double(scalar.string), value.isFinite else {
            throw error("expected \(what), got \(kindName)", fix: "write a number in points, e.g. 17")
        }
        if let range, !range.contains(value) {
            throw error("\(value) is out of range", fix: "use a value from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A whole number within `range`.
    public func integer(range: ClosedRange<Int>) throws(SceneError) -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error("expected a whole number, got \(kindName)", fix: "write an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        guard range.contains(value) else {
            throw error("\(value) is out of range", fix: "write an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// `true` or `false`.
    public func bool() throws(SceneError) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = node.bool else {
            throw error("expected true or false, got \(kindName)", fix: "write true or false")
        }
        return value
    }

    /// An enum value. Matched without regard to case, hyphens or underscores (`Center`, `pre-wrap` and
    /// `break_word` are `center`, `preWrap` and `breakWord`), because people copy values from CSS, from Swift
    /// (`.center`) and from each other; what cannot be matched lists every value.
    public func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(SceneError) -> T where T.RawValue == String {
        let text = try string()
        if let value = T(rawValue: text) { return value }
        let key = Self.choiceKey(text)
        if let value = T.allCases.first(where: { Self.choiceKey($0.rawValue) == key }) { return value }
        let options = T.allCases.map(\.rawValue)
        let hint = Self.suggestion(for: text, among: options).map { "did you mean `\($0)`? " } ?? ""
        throw error("`\(text)` is not a valid value", fix: "\(hint)use one of: \(options.joined(separator: ", "))")
    }

    /// British spellings and their American forms, which Apple's API (and so every key and value here) uses. A
    /// designer in London writes `colour:` and `alignment: centre`; the word is spelt the American way before it is
    /// compared, so such a word is always matched, not only when it happens to fall within the edit-distance limit.
    static let americanSpellings: [(british: String, american: String)] = [
        ("colour", "color"), ("centre", "center"), ("grey", "gray"), ("capitalise", "capitalize"),
    ]

    /// The one of `names` that `word` most likely meant, for a "did you mean" hint: the same name in another case
    /// (`lineheight`), its American spelling (`colour`, `minColourDifference`, `centre`), or a near miss
    /// (`lineHieght`, `colr`), compared without regard to case. Nil when nothing is near enough to be worth saying.
    static func suggestion(for word: String, among names: [String]) -> String? {
        let lowered = names.map { $0.lowercased() }
        var typed = word.lowercased()
        if let index = lowered.firstIndex(of: typed) { return names[index] }
        for (british, american) in americanSpellings { typed = typed.replacingOccurrences(of: british, with: american) }
        if let index = lowered.firstIndex(of: typed) { return names[index] }
        if let index = lowered.firstIndex(of: choiceKey(typed)) { return names[index] }
        return Spelling.nearest(to: typed, among: lowered).flatMap { lowered.firstIndex(of: $0) }.map { names[$0] }
    }

    /// The spelling-insensitive form of an enum value: lowercased, without `-`, `_` or a leading `.`.
    static func choiceKey(_ text: String) -> String {
        String(text.lowercased().drop { $0 == "." }.filter { $0 != "-" && $0 != "_" })
    }

    /// A checked mapping: look values up by key; keys not present are nil.
    public struct Mapping {
        /// The mapping's own cursor, for errors about a missing key.
        public let cursor: YAMLCursor
        /// The entries in document order.
        public let entries: [(String, YAMLCursor)]
        /// The value of `key`, or nil when the mapping lacks it.
        public subscript(key: String) -> YAMLCursor? { entries.first { $0.0 == key }?.1 }

        /// The value of `key`; its absence is an error with `fix`.
        public func required(_ key: String, fix: String) throws(SceneError) -> YAMLCursor {
            guard let value = self[key] else {
                throw cursor.error("missing required key `\(key)`", fix: fix)
            }
            return value
        }
    }
}
