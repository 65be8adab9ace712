import Foundation
import GhostlineTestSupport
import Testing

/// The command-line examples of README.md and docs/*.md run as they are shown.
///
/// A fenced block marked ```console is a transcript: a line `$ ghostline …` is a command (a line ending in `\`
/// goes on to the next), and the lines under it, up to the next `$`, are what it prints on stdout. Each block runs
/// in a fresh temporary directory that links to the repository's top-level files and folders, so `Fixtures/…`
/// reads the repository's fixtures and every output lands in the temporary directory. A ```yaml or ```json block
/// whose first line is a comment naming a file (`# ghostline.yaml: …`) is written into that directory for every
/// console block after it on the same page, so a page can show a manifest and then run it.
///
/// The output shown must be the command's stdout exactly, after trailing spaces and trailing empty lines are
/// trimmed; a line that is only `…` stands for any number of lines. The command may pass or fail a review (exit
/// status 0 or 1); bad input (2) fails the test with its stderr. Commands are split into words as a shell would
/// split them (quotes and backslashes), but pipes, redirections, variables and globs are not run: write those
/// examples in a ```sh block, which this test does not read.
@Suite("Documentation: console examples")
struct DocExampleTests {
    /// One ```console block: where it is, the commands in it and the files written for it.
    struct Block: Sendable, CustomTestStringConvertible {
        var page: String
        var line: Int
        var commands: [Command]
        var files: [String: String]
        var problems: [String]
        var testDescription: String { "\(page):\(line)" }
    }

    /// One `$ ghostline …` line of a block and the stdout shown under it.
    struct Command: Sendable {
        var line: Int
        var text: String
        var expected: [String]
    }

    /// README.md and every Markdown page under docs/, in a stable order.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: Paths.root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// Every console block of every page.
    static let blocks: [Block] = pages.flatMap { page in
        let text = (try? String(contentsOf: Paths.root.appendingPathComponent(page), encoding: .utf8)) ?? ""
        return parse(text, page: page)
    }

    /// The console blocks of one page, each with the named files shown before it on that page.
    static func parse(_ text: String, page: String) -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var files: [String: String] = [:]
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```"), fence.count > 3 else { index += 1; continue }
            let language = String(fence.dropFirst(3))
            let opening = index
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            index += 1
            if language == "yaml" || language == "json", let name = fileName(body.first ?? "") {
                files[name] = body.joined(separator: "\n") + "\n"
            }
            if language == "console" {
                blocks.append(transcript(body, page: page, line: opening + 1, files: files))
            }
        }
        return blocks
    }

    /// The file a block names in its first line, `# NAME.yaml` or `# NAME.yaml: what it is`.
    static func fileName(_ line: String) -> String? {
        guard line.hasPrefix("# ") else { return nil }
        let word = line.dropFirst(2).prefix { !$0.isWhitespace }
        let name = word.hasSuffix(":") ? String(word.dropLast()) : String(word)
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        guard [".yaml", ".yml", ".json"].contains(where: name.hasSuffix), !name.hasPrefix("."),
              name.unicodeScalars.allSatisfy(allowed.contains) else { return nil }
        return name
    }

    /// The commands of a console block, whose lines open on the page after line `line` (the fence).
    static func transcript(_ body: [String], page: String, line: Int, files: [String: String]) -> Block {
        var block = Block(page: page, line: line, commands: [], files: files, problems: [])
        var index = 0
        while index < body.count {
            let text = body[index]
            guard text.hasPrefix("$ ") else {
                if block.commands.isEmpty {
                    if !text.trimmingCharacters(in: .whitespaces).isEmpty {
                        block.problems.append("\(page):\(line + index + 1): a console block starts with `$ ghostline …`, not `\(text)`")
                    }
                } else {
                    block.commands[block.commands.count - 1].expected.append(text)
                }
                index += 1
                continue
            }
            let start = line + index + 1
            var command = String(text.dropFirst(2))
            while command.hasSuffix("\\"), index + 1 < body.count {
                index += 1
                command = command.dropLast().trimmingCharacters(in: .whitespaces) + " " + body[index].trimmingCharacters(in: .whitespaces)
            }
            block.commands.append(Command(line: start, text: command, expected: []))
            index += 1
        }
        return block
    }

    /// A command line split into words, as a shell splits it: spaces separate words, single quotes keep
    /// everything, double quotes keep everything but `\"` and `\\`, and a backslash outside quotes keeps the next
    /// character. Throws for what only a shell could run.
    static func words(_ command: String) throws -> [String] {
        struct ShellOnly: Error, CustomStringConvertible { var description: String }
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = command.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(word); word = ""; inWord = false }
            case "'":
                inWord = true
                while let next = characters.next(), next != "'" { word.append(next) }
            case "\"":
                inWord = true
                while let next = characters.next(), next != "\"" {
                    if next == "\\", let escaped = characters.next() {
                        if escaped != "\"" && escaped != "\\" { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                inWord = true
                if let next = characters.next() { word.append(next) }
            case "|", "<", ">", ";", "&", "$", "`", "*", "?", "(", ")":
                throw ShellOnly(description: "`\(character)` needs a shell; show this example in a ```sh block instead")
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// True when `actual` is `expected`, a line `…` in `expected` standing for any number of lines.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "…" {
            let rest = expected.dropFirst()
            return actual.indices.contains { matches(rest, actual[$0...]) } || matches(rest, actual[actual.endIndex...])
        }
        guard let line = actual.first, line == first else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }

    /// Lines without trailing spaces, and without the empty lines at the end.
    static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines.map { line -> String in
            var line = Substring(line)
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            return String(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The README has a tour of the command line, and every command of every console block is `ghostline`'s.
    @Test func theConsoleExamplesAreGhostlineCommands() {
        let readme = Self.blocks.filter { $0.page == "README.md" }.flatMap(\.commands)
        #expect(readme.count >= 5, "the README's command-line tour has only \(readme.count) checked commands")
        for block in Self.blocks {
            for problem in block.problems { Issue.record(Comment(rawValue: problem)) }
            for command in block.commands where command.text != "ghostline" && !command.text.hasPrefix("ghostline ") {
                Issue.record("\(block.page):\(command.line): a console example runs `ghostline …`, not `\(command.text)`")
            }
        }
    }

    /// Each console block, run command by command in a directory of its own, prints what the page shows.
    @Test(arguments: Self.blocks)
    func theConsoleExampleRunsAsShown(_ block: Block) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = FileManager.default
        for entry in try manager.contentsOfDirectory(atPath: Paths.root.path) where !entry.hasPrefix(".") {
            try manager.createSymbolicLink(at: directory.appendingPathComponent(entry),
                                           withDestinationURL: Paths.root.appendingPathComponent(entry))
        }
        for (name, contents) in block.files {
            let url = directory.appendingPathComponent(name)
            try? manager.removeItem(at: url)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        for command in block.commands {
            let place = "\(block.page):\(command.line)"
            let arguments: [String]
            do { arguments = try Self.words(command.text) } catch {
                Issue.record("\(place): `\(command.text)`: \(error)")
                continue
            }
            guard arguments.first == "ghostline" else { continue }
            let result = try runCLIBytes(Array(arguments.dropFirst()), directory: directory)
            #expect(result.status == 0 || result.status == 1,
                    "\(place): `\(command.text)` exited \(result.status): \(result.stderr)")
            let actual = Self.trimmed(String(decoding: result.stdout, as: UTF8.self).components(separatedBy: "\n"))
            let expected = Self.trimmed(command.expected)
            let shownOutput = Self.matches(expected[...], actual[...])
            #expect(shownOutput,
                    """
                    \(place): `\(command.text)` printed
                    \(actual.joined(separator: "\n"))
                    where the page shows
                    \(expected.joined(separator: "\n"))
                    """)
        }
    }

    /// The matcher and the word splitter do what the doc comment says.
    @Test func theTranscriptRulesHold() throws {
        #expect(Self.matches(["a", "…", "d"], ["a", "b", "c", "d"]))
        #expect(Self.matches(["a", "…"], ["a"]))
        #expect(Self.matches(["…"], []))
        #expect(!Self.matches(["a", "…", "d"], ["a", "b", "c"]))
        #expect(!Self.matches(["a"], ["a", "b"]))
        #expect(try Self.words(#"ghostline render 'my card.yaml' -o "a \"b\".png" x\ y"#)
                == ["ghostline", "render", "my card.yaml", "-o", #"a "b".png"#, "x y"])
        #expect(throws: (any Error).self) { try Self.words("ghostline layout card.yaml | head") }
        let page = "```yaml\n# ghostline.yaml: a manifest\nentries: []\n```\n\n```console\n$ ghostline suite \\\n    --jobs 1\nPASS\n\n```\n"
        let blocks = Self.parse(page, page: "page.md")
        #expect(blocks.count == 1 && blocks[0].line == 6 && blocks[0].problems.isEmpty)
        #expect(blocks[0].files == ["ghostline.yaml": "# ghostline.yaml: a manifest\nentries: []\n"])
        #expect(blocks[0].commands.map(\.text) == ["ghostline suite --jobs 1"])
        #expect(blocks[0].commands.first?.line == 7 && blocks[0].commands.first?.expected == ["PASS", ""])
    }
}
