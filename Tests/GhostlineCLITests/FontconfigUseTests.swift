import Dispatch
import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineFonts
import Testing

/// fontconfig is loaded only when a font must be found by name, and once per process: loading it parses every
/// file under /etc/fonts, most of what it costs a render.
@Suite("fontconfig use")
struct FontconfigUseTests {
    /// The card with its fonts named by file, so nothing needs a look-up by name.
    static func sceneWithFontFiles(in directory: URL) throws -> String {
        let scene = directory.appendingPathComponent("card-files.yaml")
        try """
        canvas: { width: 375, height: auto, scale: 3 }
        fonts:
          Body: /usr/share/fonts/opentype/inter/Inter-Regular.otf
          Title: /usr/share/fonts/opentype/inter/Inter-SemiBold.otf
        styles:
          title: { font: Title, size: 28, lineHeight: 38 }
          body: { font: Body, size: 17, lineHeight: 24 }
        root:
          stack: vertical
          padding: 8
          children:
            - label: { id: title, text: "Pixel-perfect line height", style: title }
            - label: { id: body, text: "Designs set a line height; UIKit sets line spacing.", style: body }
        """.write(to: scene, atomically: true, encoding: .utf8)
        return scene.path
    }

    /// A process whose fontconfig configuration cannot load says so on stderr the moment anything initialises it
    /// ("Fontconfig error: Cannot load config file"), so a render that prints nothing there never touched it.
    @Test func aSceneThatNamesItsFontFilesNeverLoadsFontconfig() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = try Self.sceneWithFontFiles(in: directory)
        let missing = directory.appendingPathComponent("no-such-fonts.conf").path
        let rendered = try Self.run(["render", scene, "-o", directory.appendingPathComponent("card.png").path],
                                    fontconfigFile: missing)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "fontconfig was loaded: \(rendered.stderr)")
        // The control: the demo card names Inter by family, so the same process setting does load fontconfig.
        let named = try Self.run(["render", Paths.demoScene, "-o", directory.appendingPathComponent("demo.png").path],
                                 fontconfigFile: missing)
        #expect(named.stderr.contains("Fontconfig"), "\(named.stderr)")
    }

    /// The CLI with fontconfig pointed at `fontconfigFile`; stderr only (nothing here writes to stdout).
    static func run(_ arguments: [String], fontconfigFile: String) throws -> (status: Int32, stderr: String) {
        let result = try run(arguments, environment: ["FONTCONFIG_FILE": fontconfigFile])
        return (result.status, result.stderr)
    }

    /// The CLI with `environment` added to this process's; both output streams (read one after the other, which is
    /// safe for the few lines these commands print).
    static func run(_ arguments: [String], environment added: [String: String],
                    in directory: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = Paths.executable
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(added) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardError = err
        process.standardOutput = out
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// The fonts a scene names are kept on disk (`FontNameCache`), so the next process renders the same PNG without
    /// starting fontconfig. `FC_DEBUG=1024` makes fontconfig say on stdout which configuration files it loads, and
    /// `ghostline render` prints nothing there itself.
    @Test func aSecondProcessFindsNamedFontsWithoutFontconfig() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = directory.appendingPathComponent("cache/font-names").path
        let first = directory.appendingPathComponent("first.png").path, second = directory.appendingPathComponent("second.png").path
        let loading = "Loading config file"
        let recorded = try Self.run(["render", Paths.demoScene, "-o", first], environment: ["GHOSTLINE_FONT_CACHE": cache, "FC_DEBUG": "1024"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains(loading), "the first process had to ask fontconfig")
        let names = try String(contentsOfFile: cache, encoding: .utf8)
        #expect(names.contains("font\tInter-SemiBold\t400\t0\t/usr/share/fonts/opentype/inter/Inter-SemiBold.otf\t0\n"), "\(names)")
        let reused = try Self.run(["render", Paths.demoScene, "-o", second], environment: ["GHOSTLINE_FONT_CACHE": cache, "FC_DEBUG": "1024"])
        #expect(reused.status == 0, "\(reused.stderr)")
        #expect(reused.stdout.isEmpty, "fontconfig was started: \(reused.stdout.prefix(200))")
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
        // A relative path, one letter long, in the working directory (NSString's path methods trapped on it).
        let relative = try Self.run(["render", Paths.demoScene, "-o", second], environment: ["GHOSTLINE_FONT_CACHE": "c"],
                                    in: directory)
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("c").path))
        // The control: with the cache off, the same render does start fontconfig.
        let off = try Self.run(["render", Paths.demoScene, "-o", second], environment: ["GHOSTLINE_FONT_CACHE": "off", "FC_DEBUG": "1024"])
        #expect(off.stdout.contains(loading))
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
    }

    @Test func fontconfigIsLoadedOnceHoweverManyThreadsLookUpNames() throws {
        let locator = FontLocator()
        #expect(locator.configurationLoads == 0)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            _ = try? locator.locate(name: index % 2 == 0 ? "Inter" : "DejaVu Sans")
        }
        _ = locator.locate(postScriptName: "Inter-SemiBold")
        #expect(locator.configurationLoads == 1)
    }

    /// A suite resolves the same names for every scene: the second time, the answer (found or not) is remembered by
    /// the locator (each session has its own).
    @Test func aNameIsLookedUpOncePerLocator() throws {
        let locator = FontLocator()
        let name = "DejaVu Sans Mono", missing = "No Such Family 7f3a"
        let first = try locator.locate(name: name, weight: .black)
        for _ in 0..<5 { #expect(try locator.locate(name: name, weight: .black) == first) }
        #expect(locator.lookUps(name: name, weight: .black) == 1)
        for _ in 0..<3 { #expect(throws: FontError.self) { try locator.locate(name: missing) } }
        #expect(locator.lookUps(name: missing) == 1)
        // Another weight of the same name is another question.
        _ = try locator.locate(name: name, weight: .light, italic: true)
        #expect(locator.lookUps(name: name, weight: .light, italic: true) == 1)
        // Another locator has its own memory.
        #expect(FontLocator().lookUps(name: name, weight: .black) == 0)
    }
}
