import Foundation
import Testing

/// Where a check was called from: the test file (paths resolve next to it, snapshots live beside it), the test
/// function and, in a parameterized Swift Testing test, the case's arguments (together they name snapshots and
/// artifacts).
public struct TestLocation: Sendable {
    /// The test file's path (`#filePath`): relative scene, design and snapshot paths resolve against its directory.
    public var filePath: String
    /// The test function (`#function`); its name without the argument list names snapshots and artifacts.
    public var function: String
    /// The line of the call (`#line`), where the framework reports a failure.
    public var line: Int
    /// The column of the call (`#column`).
    public var column: Int
    /// The arguments of the running test case as Swift Testing describes them (`String(describingForTest:)`), in
    /// parameter order; empty outside a parameterized test. Each case of `@Test(arguments: [.light, .dark])` gets
    /// its own snapshots and artifacts, and the same names on every run.
    public var caseArguments: [String]
    /// True inside a parameterized test case, even when its arguments could not be read.
    public var isParameterized: Bool

    /// Creates a location; the assertion functions fill it from their `#filePath`, `#function`, `#line` and
    /// `#column` defaults. The case's arguments are read from the running Swift Testing test case unless given.
    public init(filePath: String, function: String, line: Int, column: Int, caseArguments: [String]? = nil) {
        self.filePath = filePath; self.function = function; self.line = line; self.column = column
        self.caseArguments = caseArguments ?? TestCaseArguments.current()
        isParameterized = !self.caseArguments.isEmpty || (Test.Case.current?.isParameterized ?? false)
    }

    /// The test file's directory: relative paths resolve against it, and `__Snapshots__` is in it.
    public var directory: URL { URL(fileURLWithPath: filePath).deletingLastPathComponent() }
    /// The test file's name without `.swift`: the folder under `__Snapshots__` and the first part of artifact names.
    public var fileStem: String { URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent }
    /// `card()` → `card`, `sizes(category:)` → `sizes`.
    var testName: String {
        let name = String(function.prefix { $0 != "(" })
        return name.isEmpty ? "test" : name
    }

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : directory.appendingPathComponent(path).standardized.path
    }

    /// The package that holds the test file: the nearest directory above it with a `Package.swift`.
    var packageRoot: URL? {
        var directory = self.directory.standardized
        while directory.path != "/" && !directory.path.isEmpty {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// A message with absolute paths written relative to the package, as `swift test` runs from there: inside it
    /// plainly (`.build/ghostline-artifacts/…`), and up to two folders above it with `../` (a monorepo's shared
    /// fixtures). Paths elsewhere, and folders just under the file system's root, stay absolute.
    public func relativePaths(_ message: String) -> String {
        guard let root = packageRoot?.standardized else { return message }
        var result = message
        var folder = root
        for ups in 0...2 {
            guard folder.pathComponents.count >= 3 else { break }
            let prefix = folder.path + "/"
            // Only where a path starts: at the start, or after a space, quote, bracket, colon or equals sign.
            let pattern = "(?<=^|[\\s\"'(\\[:=])" + NSRegularExpression.escapedPattern(for: prefix)
            if let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) {
                let replacement = NSRegularExpression.escapedTemplate(for: String(repeating: "../", count: ups))
                result = expression.stringByReplacingMatches(in: result, range: NSRange(result.startIndex..., in: result),
                                                             withTemplate: replacement)
            }
            folder.deleteLastPathComponent()
        }
        return result
    }

    /// The part of a snapshot's or artifact's name after the test's: the case's arguments, then the variant's
    /// settings the arguments do not already say (`dark.iPhone-16-Pro`). Empty for a plain test with no variant.
    /// `inputs` (the check's scene and design) stand in for arguments that could not be read.
    func caseSuffix(variant: SceneVariant, inputs: [String]) -> [String] {
        var arguments = caseArguments.map(TestNames.component)
        if arguments.isEmpty && isParameterized { arguments = inputs.map(TestNames.component) }
        return arguments + variant.nameComponents.map(TestNames.component).filter { !arguments.contains($0) }
    }

    /// The name of a check's artifacts: `<TestFile>.<test>[.<arguments>][.<variant>]`.
    func artifactName(variant: SceneVariant, inputs: [String]) -> String {
        ([fileStem, testName] + caseSuffix(variant: variant, inputs: inputs)).joined(separator: ".")
    }
}

/// Names made of free text (a test case's arguments, a device's name) as file-name components.
enum TestNames {
    /// Letters, digits and `_` kept, every other run of characters one `-` (swift-snapshot-testing's rule for its
    /// names); a long one is cut and ends with a hash of the whole, so two long arguments stay apart.
    static func component(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        if out.isEmpty { out = "_" }
        guard out.count > 40 else { return out }
        return String(out.prefix(31)) + "-" + fnv1a(text)
    }

    /// FNV-1a (64 bits) as 8 hex digits: stable across runs and machines, unlike `Hasher`.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(String(hash, radix: 16).suffix(8))
    }
}

/// The arguments of the running parameterized test case.
///
/// Swift Testing keeps them in `Test.Case` but publishes them only to tool integrations (SPI), so they are read
/// by reflection; should a future Swift Testing store them differently, this finds none and the names fall back
/// to what the assertion itself checks (its scene, design and variant), which stays unique per distinct check.
enum TestCaseArguments {
    static func current() -> [String] {
        guard let testCase = Test.Case.current, testCase.isParameterized else { return [] }
        guard let arguments = find("arguments", in: testCase, depth: 0) as? [Any] else { return [] }
        return arguments.compactMap { argument in
            Mirror(reflecting: argument).children.first { $0.label == "value" }.map { String(describingForTest: $0.value) }
        }
    }

    /// The first stored property called `label`, searched breadth-first a few levels down.
    private static func find(_ label: String, in value: Any, depth: Int) -> Any? {
        guard depth < 4 else { return nil }
        let children = Mirror(reflecting: value).children
        if let hit = children.first(where: { $0.label == label }) { return hit.value }
        for child in children {
            if let hit = find(label, in: child.value, depth: depth + 1) { return hit }
        }
        return nil
    }
}
