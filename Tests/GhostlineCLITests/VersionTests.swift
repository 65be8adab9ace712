import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// `GhostlineVersion.current` is a semantic version, and CHANGELOG.md agrees with it: a `-dev` version has an
/// "Unreleased" section and is newer than the last release listed; a release version has its own heading.
@Suite("Version and changelog")
struct VersionTests {
    /// (major, minor, patch, pre-release) of a version string, or nil when it is not semantic versioning.
    static func parse(_ version: String) -> (Int, Int, Int, String?)? {
        let parts = version.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, numbers.allSatisfy({ $0 != nil }),
              parts[0].split(separator: ".").allSatisfy({ $0 == "0" || !$0.hasPrefix("0") }) else { return nil }
        let pre = parts.count == 2 ? parts[1] : nil
        if let pre, pre.isEmpty || !pre.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) {
            return nil
        }
        return (numbers[0]!, numbers[1]!, numbers[2]!, pre)
    }

    @Test func theVersionIsSemantic() throws {
        let version = try #require(Self.parse(GhostlineVersion.current), "\(GhostlineVersion.current) is not semver")
        #expect(version.0 == 0, "Ghostline is pre-1.0; bump the major version only with a deliberate 1.0 release")
        #expect(Self.parse("0.4") == nil && Self.parse("0.4.0-") == nil && Self.parse("01.2.3") == nil)
    }

    @Test func theChangelogAgreesWithTheVersion() throws {
        let changelog = try String(contentsOf: Paths.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let current = try #require(Self.parse(GhostlineVersion.current))
        let released = changelog.components(separatedBy: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
            .compactMap { line -> (Int, Int, Int, String?)? in
                guard let close = line.firstIndex(of: "]") else { return nil }
                return Self.parse(String(line[line.index(line.startIndex, offsetBy: 4)..<close]))
            }
        #expect(!released.isEmpty, "CHANGELOG.md lists no released version")
        if current.3 != nil {
            #expect(changelog.contains("\n## [Unreleased]\n"), "a -dev version needs an Unreleased section in CHANGELOG.md")
            #expect(changelog.contains("`\(GhostlineVersion.current)`"), "CHANGELOG.md's Unreleased section should name \(GhostlineVersion.current)")
            let last = try #require(released.first)
            #expect((last.0, last.1, last.2) < (current.0, current.1, current.2),
                    "\(GhostlineVersion.current) must be newer than the last release in CHANGELOG.md")
        } else {
            #expect(changelog.contains("\n## [\(GhostlineVersion.current)] - "),
                    "CHANGELOG.md needs a heading `## [\(GhostlineVersion.current)] - DATE` for this release")
        }
        // Newest first.
        for (newer, older) in zip(released, released.dropFirst()) {
            #expect((newer.0, newer.1, newer.2) > (older.0, older.1, older.2))
        }
    }
}
