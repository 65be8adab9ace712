import Yams

/// Checks a scene's text before YAML parsing sees it, and turns Yams's errors into one-line scene errors (for
/// scenes, style guides and the suite manifest).
public enum YAMLSafety {
    /// Refuses bracket or indentation nesting deeper than any scene needs, before the YAML parser recurses
    /// into it (a few kilobytes of "[" would otherwise exhaust the stack).
    public static func checkNesting(_ text: String, path: String, maximumNesting: Int) throws(SceneError) {
        var depth = 0
        var line = 1, column = 0
        var quote: Character?
        var lineStart = true
        var indent = 0
        for character in text {
            column += 1
            if character == "\n" {
                line += 1; column = 0; lineStart = true; indent = 0
                if quote == "\n" { quote = nil }   // a comment ends with its line; quoted text may span lines
                continue
            }
            if lineStart {
                if character == " " { indent += 1; continue }
                lineStart = false
                // Block nesting needs at least one column of indentation a level.
                if indent > maximumNesting * 8 {
                    throw SceneError(file: path, line: line, column: column, keyPath: "",
                                     problem: "indented \(indent) columns, far deeper than any scene needs",
                                     fix: "flatten the structure (at most \(maximumNesting) levels)")
                }
            }
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "#": quote = "\n"   // a comment runs to the end of the line
            case "[", "{":
                depth += 1
                if depth > maximumNesting {
                    throw SceneError(file: path, line: line, column: column, keyPath: "",
                                     problem: "brackets nest more than \(maximumNesting) levels deep",
                                     fix: "flatten the structure")
                }
            case "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
    }

    /// Yams's error as a one-line scene error at its line and column.
    /// `text` composed into a node tree (nil for a document with no content), with Yams' errors turned into the
    /// one-line `SceneError` every YAML file gets: the scene, its style guides and the suite manifest share it.
    public static func compose(_ text: String, path: String, resolver: Resolver = .default) throws(SceneError) -> Node? {
        do {
            return try Yams.compose(yaml: text, resolver)
        } catch let error as YamlError {
            throw describe(error, path: path)
        } catch {
            throw SceneError(file: path, keyPath: "", problem: "not valid YAML (\(error))", fix: "fix the syntax")
        }
    }

    public static func describe(_ error: YamlError, path: String) -> SceneError {
        switch error {
        case .reader(let problem, let offset, _, let yaml):
            var line = 1, column = 1
            if let offset {
                for (index, character) in yaml.utf8.enumerated() {
                    if index >= offset { break }
                    if character == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
                }
            }
            return SceneError(file: path, line: line, column: column, keyPath: "",
                              problem: "not readable as YAML text (\(problem))", fix: "save the scene as plain UTF-8 text")
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return SceneError(file: path, line: mark.line, column: mark.column, keyPath: "",
                              problem: "YAML syntax error: \(detail)", fix: "fix the indentation or quoting at this place")
        default:
            let detail = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            return SceneError(file: path, keyPath: "", problem: "not valid YAML (\(detail))", fix: "fix the syntax")
        }
    }
}
