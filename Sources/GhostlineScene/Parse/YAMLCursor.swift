import Yams

/// A YAML node with the key path that led to it, whose typed accessors throw `SceneError`s that point at the
/// node's line and column. Every key of a mapping must be expected: a misspelt key is an error, not a silent
/// default.
struct YAMLCursor {
    let node: Node
    let path: String
    let file: String

    func error(_ problem: String, fix: String) -> SceneError {
        SceneError(file: file, line: node.mark?.line, column: node.mark?.column, keyPath: path, problem: problem, fix: fix)
    }

    /// This node's place, kept in a description for errors found after parsing.
    var mark: SourceMark { SourceMark(line: node.mark?.line, column: node.mark?.column, keyPath: path) }

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
    func mapping(allowed: [String]) throws(SceneError) -> Mapping {
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
                let hint = allowed.first { $0.lowercased() == key.lowercased() }.map { "did you mean `\($0)`? " } ?? ""
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
    func namedEntries() throws(SceneError) -> [(String, YAMLCursor)] {
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

    func sequence() throws(SceneError) -> [YAMLCursor] {
        guard case .sequence(let sequence) = node else {
            throw error("expected a list, got \(kindName)", fix: "write the items as `- item` lines")
        }
        return sequence.enumerated().map { YAMLCursor(node: $0.element, path: "\(path)[\($0.offset)]", file: file) }
    }

    var isMapping: Bool { if case .mapping = node { return true }; return false }
    var isSequence: Bool { if case .sequence = node { return true }; return false }
    var isDoubleQuoted: Bool { if case .scalar(let scalar) = node { return scalar.style == .doubleQuoted }; return false }

    var isNumber: Bool {
        // A quoted "17" is text, not a number: only plain scalars count.
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return Double(scalar.string) != nil
    }

    func string() throws(SceneError) -> String {
        guard case .scalar(let scalar) = node else { throw error("expected text, got \(kindName)", fix: "write a single value") }
        return scalar.string
    }

    func number(_ what: String = "a number", range: ClosedRange<Double>? = nil) throws(SceneError) -> Double {
        guard isNumber, case .scalar(let scalar) = node, let value = Double(scalar.string), value.isFinite else {
            throw error("expected \(what), got \(kindName)", fix: "write a number in points, e.g. 17")
        }
        if let range, !range.contains(value) {
            throw error("\(value) is out of range", fix: "use a value from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func integer(range: ClosedRange<Int>) throws(SceneError) -> Int {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error("expected a whole number, got \(kindName)", fix: "write an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        guard range.contains(value) else {
            throw error("\(value) is out of range", fix: "write an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func bool() throws(SceneError) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = node.bool else {
            throw error("expected true or false, got \(kindName)", fix: "write true or false")
        }
        return value
    }

    /// An enum value. Matched without regard to case, hyphens or underscores (`Center`, `pre-wrap` and
    /// `break_word` are `center`, `preWrap` and `breakWord`), because people copy values from CSS, from Swift
    /// (`.center`) and from each other; what cannot be matched lists every value.
    func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(SceneError) -> T where T.RawValue == String {
        let text = try string()
        if let value = T(rawValue: text) { return value }
        let key = Self.choiceKey(text)
        if let value = T.allCases.first(where: { Self.choiceKey($0.rawValue) == key }) { return value }
        let options = T.allCases.map(\.rawValue)
        throw error("`\(text)` is not a valid value", fix: "use one of: \(options.joined(separator: ", "))")
    }

    /// The spelling-insensitive form of an enum value: lowercased, without `-`, `_` or a leading `.`.
    static func choiceKey(_ text: String) -> String {
        String(text.lowercased().drop { $0 == "." }.filter { $0 != "-" && $0 != "_" })
    }

    /// A checked mapping: look values up by key; keys not present are nil.
    struct Mapping {
        let cursor: YAMLCursor
        let entries: [(String, YAMLCursor)]
        subscript(key: String) -> YAMLCursor? { entries.first { $0.0 == key }?.1 }

        func required(_ key: String, fix: String) throws(SceneError) -> YAMLCursor {
            guard let value = self[key] else {
                throw cursor.error("missing required key `\(key)`", fix: fix)
            }
            return value
        }
    }
}
