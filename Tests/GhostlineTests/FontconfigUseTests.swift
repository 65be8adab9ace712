import Dispatch
import Foundation
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
        let process = Process()
        process.executableURL = Paths.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = fontconfigFile
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    @Test func fontconfigIsLoadedOnceHoweverManyThreadsLookUpNames() throws {
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            _ = try? FontLocator.locate(name: index % 2 == 0 ? "Inter" : "DejaVu Sans")
        }
        _ = FontLocator.locate(postScriptName: "Inter-SemiBold")
        #expect(FontLocator.configurationLoads == 1)
    }

    /// A suite resolves the same names for every scene: the second time, the answer (found or not) is remembered.
    /// (Names and weights no other test asks for, since tests run in parallel in one process.)
    @Test func aNameIsLookedUpOncePerProcess() throws {
        let name = "DejaVu Sans Mono", missing = "No Such Family 7f3a"
        let first = try FontLocator.locate(name: name, weight: .black)
        for _ in 0..<5 { #expect(try FontLocator.locate(name: name, weight: .black) == first) }
        #expect(FontLocator.lookUps(name: name, weight: .black) == 1)
        for _ in 0..<3 { #expect(throws: FontError.self) { try FontLocator.locate(name: missing) } }
        #expect(FontLocator.lookUps(name: missing) == 1)
        // Another weight of the same name is another question.
        _ = try FontLocator.locate(name: name, weight: .light, italic: true)
        #expect(FontLocator.lookUps(name: name, weight: .light, italic: true) == 1)
    }
}
