import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineScene
import Testing

/// docs/scene-format.md, the guide and the README describe `ghostline suite` as it is: every flag of both commands,
/// every manifest key the parser accepts, and the manifest examples parse. The guide's "Suites" section shows
/// sharding and merging, and the engineering notebook's says how its figures were measured.
@Suite("Suite documentation")
struct SuiteDocumentationTests {
    static func page(_ path: String) -> String {
        (try? String(contentsOf: Paths.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }
    static let readme = page("README.md")
    static let guide = page("docs/guide.md")
    static let engineering = page("docs/engineering.md")

    /// The text of the `## heading` section of `page`, up to the next `## ` heading; nil when there is none.
    static func section(_ heading: String, of page: String) -> String? {
        guard let start = page.range(of: "\n## \(heading)\n") else { return nil }
        return page[start.upperBound...].components(separatedBy: "\n## ").first
    }

    @Test func everyFlagOfBothSuiteCommandsIsDocumented() throws {
        for (command, section) in [(["suite", "run"], "### suite"), (["suite", "merge"], "### suite merge")] {
            #expect(DocumentationTests.page.contains("\n\(section)\n"), "docs/scene-format.md has no section `\(section)`")
            let help = try runCLI(command + ["--help"])
            #expect(help.status == 0)
            let usage = help.stdout.components(separatedBy: "\n").filter { $0.contains("USAGE:") || $0.hasPrefix("  -") }
            let flags = Set(usage.joined(separator: " ").split(whereSeparator: { " [<>],".contains($0) })
                .map(String.init).filter { $0.hasPrefix("--") && !["--help", "--version"].contains($0) })
            #expect(flags.count >= (command[1] == "run" ? 8 : 3), "\(flags)")
            for flag in flags.sorted() {
                #expect(DocumentationTests.documents(flag), "`ghostline \(command.joined(separator: " ")) \(flag)` is not described in docs/scene-format.md")
            }
        }
    }

    /// The keys the manifest parser allows at each place, read from its own "unknown key" error.
    @Test func everyManifestKeyIsDocumented() {
        let probes = [
            "zzBogus: 1\nentries: [ { scene: a.yaml, design: a.png } ]\n",
            "defaults: { zzBogus: 1 }\nentries: [ { scene: a.yaml, design: a.png } ]\n",
            "entries: [ { scene: a.yaml, design: a.png, zzBogus: 1 } ]\n",
            "entries: [ { scene: a.yaml, design: a.png, ignore: [ { x: 0, y: 0, width: 1, height: 1, zzBogus: 1 } ] } ]\n",
        ]
        var keys = Set<String>()
        for probe in probes {
            do {
                _ = try SuiteManifest.parse(probe, path: "ghostline.yaml")
                Issue.record("the bogus key was accepted in \(probe)")
            } catch {
                #expect(error.problem.contains("zzBogus"))
                keys.formUnion(error.fix.components(separatedBy: "allowed here: ").last?.components(separatedBy: ", ") ?? [])
            }
        }
        #expect(keys.count >= 17, "\(keys.sorted())")
        let section = DocumentationTests.page.components(separatedBy: "\n## Suite manifest\n").last ?? ""
        for key in keys.sorted() {
            #expect(section.contains("`\(key)`"), "manifest key `\(key)` is accepted but not in the Suite manifest section")
        }
    }

    /// Every ```yaml block that opens with a manifest's keys, in the docs and in the README, is a valid manifest.
    @Test func theManifestExamplesParse() throws {
        var found = 0
        for (name, text) in [("docs/scene-format.md", DocumentationTests.page), ("docs/guide.md", Self.guide),
                             ("README.md", Self.readme)] {
            for block in text.components(separatedBy: "```yaml\n").dropFirst() {
                let yaml = block.components(separatedBy: "\n```").first ?? ""
                guard yaml.contains("entries:"), !yaml.contains("root:") else { continue }
                found += 1
                do { _ = try SuiteManifest.parse(yaml, path: "ghostline.yaml") } catch {
                    Issue.record("a manifest example in \(name) does not parse: \(error)")
                }
            }
        }
        #expect(found >= 2, "expected a manifest example in the docs and in the README")
    }

    /// The guide's "Suites" section (the README's "Whole apps" before) has a CI example with four shards and a merge
    /// job; the suite benchmark, now in the engineering notebook's "Suites" section, says how it was measured.
    @Test func theReadmeShowsShardingAndMerging() throws {
        let section = try #require(Self.section("Suites", of: Self.guide), "docs/guide.md has no `## Suites` section")
        #expect(section.contains("--shard ${{ matrix.shard }}/4") || section.contains("--shard $K/4"), "no 4-shard example")
        #expect(section.contains("ghostline suite merge"))
        #expect(section.contains("--junit") && section.contains("--html") && section.contains("--report"))
        let bench = try #require(Self.section("Suites", of: Self.engineering), "docs/engineering.md has no `## Suites` section")
        #expect(bench.contains("ghostline-bench --suite"), "the bench table says how it was measured")
    }
}
