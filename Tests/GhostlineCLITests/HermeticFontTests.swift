import Foundation
import GhostlineTestSupport
import Testing

/// `--no-system-fonts --font-dir DIR`: the render depends on the directories named and nothing else on the machine.
/// Proved by rendering under two fontconfig configurations (`FONTCONFIG_FILE`): the system's, and one that lists
/// no fonts at all plus an extra directory of stand-ins. The hermetic render is byte-identical under both and to
/// the committed demo snapshot, while the control (system fonts on) cannot even find Inter under the second.
@Suite("Hermetic font sets on the command line")
struct HermeticFontTests {
    static let inter = "/usr/share/fonts/opentype/inter"

    /// A fontconfig configuration whose only font directory holds DejaVu, copied under a name that sorts first.
    static func foreignConfiguration(in directory: URL) throws -> String {
        let fonts = directory.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                         toPath: fonts.appendingPathComponent("A-Stand-In.ttf").path)
        let file = directory.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <fontconfig><dir>\(fonts.path)</dir><cachedir>\(directory.appendingPathComponent("cache").path)</cachedir></fontconfig>
        """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func aHermeticRenderIgnoresTheMachinesFontConfiguration() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let foreign = try Self.foreignConfiguration(in: directory)
        let system = directory.appendingPathComponent("system.png").path
        let elsewhere = directory.appendingPathComponent("elsewhere.png").path
        let hermetic = ["--no-system-fonts", "--font-dir", Self.inter]
        let environment = ["GHOSTLINE_FONT_CACHE": "off"]

        let first = try FontconfigUseTests.run(["render", Paths.demoScene, "-o", system] + hermetic, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try FontconfigUseTests.run(["render", Paths.demoScene, "-o", elsewhere] + hermetic,
                                                environment: environment.merging(["FONTCONFIG_FILE": foreign]) { $1 })
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.isEmpty, "fontconfig or ghostline complained: \(second.stderr)")
        let committed = FileManager.default.contents(atPath: Paths.snapshots.appendingPathComponent("demo-card@3x.png").path)
        #expect(FileManager.default.contents(atPath: system) == committed)
        #expect(FileManager.default.contents(atPath: elsewhere) == committed)

        // The control: with the system's fonts on, the foreign configuration has no Inter at all.
        let control = try FontconfigUseTests.run(["render", Paths.demoScene, "-o", elsewhere],
                                                 environment: environment.merging(["FONTCONFIG_FILE": foreign]) { $1 })
        #expect(control.status == 2)
        #expect(control.stderr.contains("font 'Inter"), "\(control.stderr)")
    }

    @Test func aNameOutsideTheFontSetSaysWhereItLooked() throws {
        let result = try FontconfigUseTests.run(["render", Paths.demoScene, "-o", "/tmp/never-written.png",
                                                 "--no-system-fonts", "--font-dir", "/usr/share/fonts/truetype/dejavu"],
                                                environment: ["GHOSTLINE_FONT_CACHE": "off"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("ghostline: ") && result.stderr.hasSuffix("\n")
                && result.stderr.dropLast().contains("\n") == false, "one line: \(result.stderr)")
        #expect(result.stderr.contains("is not in the font directories (/usr/share/fonts/truetype/dejavu), and system fonts are off"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.png"))
    }

    @Test func fontOptionsAreCheckedBeforeAnyWork() throws {
        let missing = try FontconfigUseTests.run(["render", Paths.demoScene, "-o", "/tmp/never.png", "--font-dir", "/no/such/dir"],
                                                 environment: [:])
        #expect(missing.status == 2)
        #expect(missing.stderr == "ghostline: --font-dir /no/such/dir: no such directory; check the path\n")
        let nothing = try FontconfigUseTests.run(["layout", Paths.demoScene, "--no-system-fonts"], environment: [:])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("--no-system-fonts: no font would be visible"))
    }
}
