import Foundation
import GhostlineTestSupport
import Testing

/// The house's walls, read from the files themselves: `Package.swift` declares exactly what each Swift target
/// imports (a module reached only through the umbrella is a wall with a hole in it, and a declared module never
/// imported is a wall that is not there); a test target depends on the CLI only when it runs it; and Layout's
/// stages name only the stages before them.
@Suite("The package's structure")
struct PackageStructureTests {
    /// A target of `Package.swift`: its kind, name, folder and the names in its `dependencies:` list.
    struct Target {
        var kind: String
        var name: String
        var path: String
        var dependencies: Set<String>
    }

    /// The targets, read from the manifest's text: each `.target(`, `.testTarget(`, `.executableTarget(` or
    /// `.systemLibrary(` call,
    /// its `name:`, its `path:` if any, and the string names and product names inside its `dependencies: [ … ]`.
    static func targets() throws -> [Target] {
        let text = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [Target] = []
        let call = try Regex(#"\.(target|testTarget|executableTarget|systemLibrary)\(name: "([^"]+)""#)
        for match in text.matches(of: call) {
            let kind = String(match.output[1].substring ?? ""), name = String(match.output[2].substring ?? "")
            // The call's arguments: up to the parenthesis that closes it.
            var depth = 0, end = match.range.upperBound
            var index = text.index(match.range.lowerBound, offsetBy: 1)
            while index < text.endIndex {
                if text[index] == "(" { depth += 1 }
                if text[index] == ")" { depth -= 1; if depth == 0 { end = index; break } }
                index = text.index(after: index)
            }
            let arguments = String(text[match.range.lowerBound..<end])
            var dependencies: Set<String> = []
            if let list = arguments.range(of: "dependencies: [") {
                var depth = 1, cursor = list.upperBound
                while cursor < arguments.endIndex, depth > 0 {
                    if arguments[cursor] == "[" { depth += 1 }
                    if arguments[cursor] == "]" { depth -= 1 }
                    cursor = arguments.index(after: cursor)
                }
                let inside = String(arguments[list.upperBound..<cursor])
                let withoutProducts = inside.replacing(try Regex(#"\.product\(name: "([^"]+)"[^)]*\)"#)) { product in
                    dependencies.insert(String(product.output[1].substring ?? ""))
                    return ""
                }
                for quoted in withoutProducts.matches(of: try Regex(#""([^"]+)""#)) {
                    dependencies.insert(String(quoted.output[1].substring ?? ""))
                }
            }
            let path = arguments.firstMatch(of: try Regex(#"path: "([^"]+)""#)).map { String($0.output[1].substring ?? "") }
                ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            targets.append(Target(kind: kind, name: name, path: path, dependencies: dependencies))
        }
        return targets
    }

    /// Every Swift file under `folder`, relative to the package.
    static func swiftFiles(_ folder: String) -> [String] {
        let root = Paths.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && !$0.contains("__Snapshots__") }
            .map { folder + "/" + $0 }.sorted()
    }

    static func read(_ file: String) -> String {
        (try? String(contentsOf: Paths.root.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    /// The modules a file imports (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(_ text: String) -> Set<String> {
        var found: Set<String> = []
        let line = try! Regex(#"(?m)^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias)\s+)?(\w+)"#)
        for match in text.matches(of: line) { found.insert(String(match.output[1].substring ?? "")) }
        return found
    }

    @Test func everyDeclaredDependencyIsImportedAndEveryImportDeclared() throws {
        let targets = try Self.targets()
        #expect(targets.count > 40, "Package.swift was not read: \(targets.count) targets")
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Modules a Swift file can import that the manifest declares: its own targets (an executable's module name
        // has `_` for `-`) and the products it names.
        func module(_ dependency: String) -> String { dependency.replacingOccurrences(of: "-", with: "_") }
        let products: Set<String> = ["Yams", "ArgumentParser", "SnapshotTesting", "Hummingbird", "HummingbirdCore",
                                     "Logging", "ZIPFoundation", "Mustache"]
        var problems: [String] = []
        for target in targets {
            let files = Self.swiftFiles(target.path)
            guard target.kind != "systemLibrary", !files.isEmpty else { continue }    // C: its headers say what it includes
            let texts = files.map(Self.read)
            let imported = texts.reduce(into: Set<String>()) { $0.formUnion(Self.imports($1)) }
                .filter { byName[$0] != nil || byName[$0.replacingOccurrences(of: "_", with: "-")] != nil || products.contains($0) }
            let runsCLI = texts.contains { $0.contains("runCLI(") || $0.contains("runCLIBytes(") || $0.contains("Paths.executable") }
            for dependency in target.dependencies.sorted() {
                if byName[dependency]?.kind == "executableTarget" && target.kind == "testTarget" {
                    // A test target builds an executable it runs (or `@testable import`s).
                    if !(imported.contains(module(dependency)) || (dependency == "ghostline" && runsCLI)) {
                        problems.append("\(target.name) depends on the executable \(dependency) but never runs or imports it")
                    }
                } else if !imported.contains(module(dependency)) {
                    problems.append("\(target.name) declares \(dependency) and never imports it")
                }
            }
            for name in imported.sorted() where !target.dependencies.contains(name)
                && !target.dependencies.contains(name.replacingOccurrences(of: "_", with: "-")) {
                problems.append("\(target.name) imports \(name) without declaring it")
            }
            if runsCLI && target.kind == "testTarget" && !target.dependencies.contains("ghostline") {
                problems.append("\(target.name) runs the CLI without depending on it (it may run a stale binary)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Data flows one way: `Package.swift` lists the targets in that order, so no target may depend on one listed
    /// after it.
    @Test func noTargetDependsOnOneListedAfterIt() throws {
        let targets = try Self.targets()
        let position = Dictionary(targets.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var backwards: [String] = []
        for (index, target) in targets.enumerated() {
            for dependency in target.dependencies.sorted() where (position[dependency] ?? -1) > index {
                backwards.append("\(target.name) depends on \(dependency), listed after it")
            }
        }
        #expect(backwards.isEmpty, "\(backwards.joined(separator: "\n"))")
    }

    /// Layout's stage folders in pipeline order. A file may name what its own stage and earlier ones declare, never a
    /// later stage's type: analysis knows nothing of lines, breaking nothing of placing.
    static let layoutStages = ["Text", "Model", "Analysis", "Itemize", "Shape", "LineBreak", "Reorder", "Place", "Label", "Stack"]

    @Test func layoutStagesNameOnlyEarlierStages() throws {
        let folder = "Sources/GhostlineLayout"
        let files = Self.swiftFiles(folder)
        let unknown = Set(files.map { $0.dropFirst(folder.count + 1).split(separator: "/").first.map(String.init) ?? "" })
            .subtracting(Self.layoutStages)
        #expect(unknown.isEmpty, "folders with no place in the stage order: \(unknown.sorted())")
        // The types each stage declares.
        let declaration = try Regex(#"(?m)^(?:public |package |internal |fileprivate |private |final |indirect )*(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)"#)
        var declaredIn: [String: Int] = [:]
        for file in files {
            let stage = Self.layoutStages.firstIndex(of: String(file.dropFirst(folder.count + 1).split(separator: "/")[0])) ?? 0
            for match in Self.read(file).matches(of: declaration) {
                let name = String(match.output[1].substring ?? "")
                declaredIn[name] = min(declaredIn[name] ?? stage, stage)
            }
        }
        #expect(declaredIn.count > 50, "no declarations found")
        var backwards: [String] = []
        for file in files {
            let stage = Self.layoutStages.firstIndex(of: String(file.dropFirst(folder.count + 1).split(separator: "/")[0])) ?? 0
            // Code only: comments and strings may mention anything.
            let code = Self.read(file).split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
                .joined(separator: "\n").replacing(try Regex(#""(?:\\.|[^"\\])*""#), with: "\"\"")
            for (name, home) in declaredIn where home > stage {
                if code.firstMatch(of: try Regex("\\b\(name)\\b")) != nil {
                    backwards.append("\(file) (\(Self.layoutStages[stage])) names \(name) of \(Self.layoutStages[home])")
                }
            }
        }
        #expect(backwards.isEmpty, "\(backwards.sorted().joined(separator: "\n"))")
    }
}
