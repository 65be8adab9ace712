import ArgumentParser
import Foundation
import Ghostline

struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "Print what every style and fallback font of a scene resolves to on this machine, and why.",
        discussion: """
        First the font set the scene saw (--font-dir, --no-system-fonts, the scene's fontDirectories: and systemFonts:); \
        then, for each style in the order written, each label's own style and each fallback: entry, the font asked for \
        (name, weight, italic), how it was found (a fonts: entry, a file, a family through fontconfig, a PostScript name, \
        or a family's nearest face) and the font: file, face, PostScript name, version, head.fontRevision and SHA-256. \
        These are the fonts a render of the scene draws with.

        Examples:
          ghostline fonts card.yaml
          ghostline fonts card.yaml --no-system-fonts --font-dir fonts/ --json
        """
    )

    @OptionGroup var sceneOptions: SceneOptions
    @Flag(help: "Print the report as JSON (keys: scene, fontSet, fonts, unusedStyles).") var json = false

    func run() throws {
        let session = try sceneOptions.fonts.session()
        let report = session.fonts(try sceneOptions.load(with: session))
        print(json ? report.json.serialized() + "\n" : report.text, terminator: "")
    }
}
