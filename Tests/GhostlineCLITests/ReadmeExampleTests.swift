// README example: begin (the "Using the library" block of docs/guide.md, character for character)
import Foundation
import Ghostline

/// Renders a scene file to a PNG, writes its layout JSON, and returns each label's baselines by id.
func renderScene(at scenePath: String, png pngPath: String, layoutJSON jsonPath: String) throws -> [String: [Double]] {
    let session = GhostlineSession()                       // the system's fonts; keep one session and reuse it
    let render = try session.render(path: scenePath)       // parse, resolve, lay out, draw; a SceneError is one line
    try Data(render.png()).write(to: URL(fileURLWithPath: pngPath), options: .atomic)  // same inputs, same bytes
    try render.layoutJSON.write(toFile: jsonPath, atomically: true, encoding: .utf8)  // what `ghostline layout` prints
    for warning in render.warnings { print("warning: \(warning)") }  // e.g. characters no font has
    var baselines: [String: [Double]] = [:]
    for element in render.layout.elements where element.kind == .label {
        baselines[element.id] = element.canvasLines.map(\.baseline)  // points, y down from the canvas's top
    }
    return baselines
}
// README example: end

import GhostlineTestSupport
import GhostlineScene
import Testing

/// Keeps the documentation's Swift examples honest. The library example, which moved from the README to the guide,
/// is the code above, compiled here, and these tests run it and check what the guide says it produces. The README's
/// test tour quotes Examples/CardChecks, which `scripts/test.sh` builds and runs, and must quote it exactly.
@Suite("Docs: Swift examples")
struct ReadmeExampleTests {
    /// The Swift block under the "## Using the library" heading of docs/guide.md.
    static func readmeBlock() throws -> String {
        let guide = try String(contentsOf: Paths.root.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        guard let section = guide.range(of: "\n## Using the library\n") else { return "" }
        let rest = guide[section.upperBound...]
        guard let open = rest.range(of: "```swift\n"),
              let close = rest[open.upperBound...].range(of: "\n```\n") else { return "" }
        return String(rest[open.upperBound..<close.lowerBound])
    }

    /// The lines of this file between the two markers.
    static func testedBlock() throws -> String {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("// README example: begin") }),
              let end = lines.firstIndex(where: { $0.hasPrefix("// README example: end") }), begin < end else { return "" }
        return lines[(begin + 1)..<end].joined(separator: "\n")
    }

    @Test func theReadmeShowsExactlyTheCodeCompiledHere() throws {
        let readme = try Self.readmeBlock()
        #expect(!readme.isEmpty, "docs/guide.md has no ```swift block under \"## Using the library\"")
        #expect(readme == (try Self.testedBlock()),
                "The guide's library example and Tests/GhostlineTests/ReadmeExampleTests.swift differ; change both together")
    }

    /// On the demo card the example writes the recorded snapshot's pixels and layout JSON, and returns the
    /// baselines the guide quotes: the title at 37 pt, the body at 72 pt and then every 24 pt.
    @Test func theExampleRendersTheDemoCard() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("card@3x.png").path
        let json = directory.appendingPathComponent("card.json").path

        let baselines = try renderScene(at: Paths.demoScene, png: png, layoutJSON: json)

        #expect(baselines == ["title": [37.0], "body": [72.0, 96.0, 120.0, 144.0]])
        let image = try PNGCodec.read(contentsOf: png)
        #expect(image.width == 1125 && image.height == 474)
        let recorded = try PNGCodec.read(contentsOf: Paths.snapshots.appendingPathComponent("demo-card@3x.png").path)
        #expect(image.differingPixels(from: recorded) == 0)
        let recordedJSON = try String(contentsOf: Paths.snapshots.appendingPathComponent("demo-card.json"), encoding: .utf8)
        #expect(try String(contentsOfFile: json, encoding: .utf8) == recordedJSON)
    }

    /// A scene that cannot be read throws the one-line SceneError the guide mentions, and writes nothing.
    @Test func aMissingSceneThrowsASceneErrorAndWritesNothing() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("out.png").path
        let json = directory.appendingPathComponent("out.json").path
        #expect {
            _ = try renderScene(at: directory.appendingPathComponent("missing.yaml").path, png: png, layoutJSON: json)
        } throws: { error in
            (error as? SceneError)?.description.contains("no such scene file") == true
        }
        #expect(!FileManager.default.fileExists(atPath: png) && !FileManager.default.fileExists(atPath: json))
    }

    /// Every ```swift block of the README is a quote of one file of Examples/CardChecks, the package that
    /// `scripts/test.sh` compiles and runs: the block's lines appear in that file as they are, in order, a line
    /// `…` standing for the lines left out.
    @Test func theReadmeQuotesTheExamplePackageExactly() throws {
        let readme = try String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(readme)
        #expect(blocks.count >= 4, "the README's test tour has \(blocks.count) Swift blocks")
        for block in blocks {
            #expect(try Self.quotesTheExamplePackage(block), "this README block is not a quote of a file in Examples/CardChecks:\n\(block)")
        }
    }

    /// Issue 37: the guide's testing section compiles, because every Swift block in it is a quote of the example
    /// package, held the same way.
    @Test func theGuidesTestingSectionQuotesTheExamplePackage() throws {
        let guide = try String(contentsOf: Paths.root.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "\n## Tests\n").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        let blocks = Self.swiftBlocks(section)
        #expect(blocks.count >= 6, "the guide's testing section has \(blocks.count) Swift blocks")
        for block in blocks {
            #expect(try Self.quotesTheExamplePackage(block), "this guide block is not a quote of a file in Examples/CardChecks:\n\(block)")
        }
    }

    /// Issue 37: the guide's table of the scene builder names every public function of the builder's files.
    @Test func theGuideNamesEveryBuilderPiece() throws {
        let guide = try String(contentsOf: Paths.root.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        let table = try #require(guide.components(separatedBy: "| builder | scene key |").dropFirst().first?
            .components(separatedBy: "\n\n").first)
        var names: Set<String> = []
        for file in ["SceneBuilder.swift", "SceneBuilderModifiers.swift"] {
            let source = try String(contentsOf: Paths.root.appendingPathComponent("Sources/GhostlineScene/Description/\(file)"),
                                    encoding: .utf8)
            for line in source.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("public func ") else { continue }
                let name = trimmed.dropFirst("public func ".count).prefix { $0.isLetter || $0.isNumber }
                names.insert(String(name))
            }
        }
        #expect(names.count >= 20, "\(names.sorted())")
        for name in names.sorted() {
            let written = table.contains("`\(name)") || table.contains(".\(name)(") || table.contains("`.\(name)")
            #expect(written, "the guide's builder table does not name `\(name)`")
        }
    }

    static func swiftBlocks(_ text: String) -> [String] {
        text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
    }

    /// Whether the block's lines appear in one file of Examples/CardChecks as they are, in order (`…` for lines left out).
    static func quotesTheExamplePackage(_ block: String) throws -> Bool {
        let folder = Paths.root.appendingPathComponent("Examples/CardChecks")
        guard let tests = FileManager.default.enumerator(atPath: folder.appendingPathComponent("Tests").path) else { return false }
        let files = ["Package.swift"] + tests.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "Tests/" + $0 }
        let sources = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        let parts = block.components(separatedBy: "\n").split { $0.trimmingCharacters(in: .whitespaces) == "…" }
            .map { $0.joined(separator: "\n") }
        return sources.contains { source in
            var rest = source[...]
            for part in parts {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            return true
        }
    }
}
