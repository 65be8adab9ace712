import Foundation
import GhostlineSupport
import Yams

/// `include:` — fonts and styles from shared style-guide files, so a team keeps one style guide rather than
/// one per scene. An included file holds `fonts:`, `styles:` and its own `include:`; its font paths are relative
/// to itself. Definitions come in order: every include (in the order listed, each after its own includes),
/// then the scene's own, and a later definition of a name replaces an earlier one, so a scene can adjust a
/// shared style. A missing file and an include cycle are one-line errors at the `include:` that names them.
struct StyleGuide {
    var fonts: [NamedFont] = []
    var styles: [NamedStyle] = []
    /// `colors:` of the guide and the guides it includes, in the order read (a later name wins).
    var colors: [(name: String, color: SceneColor)] = []
    /// `fontDirectories:` of the guide and the guides it includes, in the order read.
    var fontDirectories: [FontDirectory] = []
    /// `systemFonts:`; a later file's value wins.
    var systemFonts: Bool?
    /// Every style guide file read, nested ones included: inputs an output must never overwrite.
    var files: [String] = []

    static let keys = ["include", "fontDirectories", "systemFonts", "colors", "fonts", "styles"]
    /// Files are read at most this large; a style guide is a few kilobytes.
    static let maximumFileBytes = 4 << 20

    /// The fonts and styles of the files `cursor` names (a path or a list of paths), relative to `directory`.
    static func load(_ cursor: YAMLCursor, directory: String, chain: [String]) throws(SceneError) -> StyleGuide {
        var guide = StyleGuide()
        let items = cursor.isSequence ? try cursor.sequence() : [cursor]
        for item in items {
            let name = try item.string()
            let path = name.hasPrefix("/") ? name : URL(fileURLWithPath: directory).appendingPathComponent(name).standardized.path
            if let loop = chain.firstIndex(of: path) {
                let cycle = (chain[loop...] + [path]).map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " → ")
                throw item.error("include cycle: \(cycle)", fix: "remove one of the includes")
            }
            let text = try read(path, at: item)
            guide.files.append(path)
            guard let node = try YAMLSafety.compose(text, path: path, resolver: SceneParser.resolver(for: text)) else { continue }
            var parser = SceneParser(file: path, source: text)
            let top = try YAMLCursor(node: node, path: "", file: path).mapping(allowed: keys)
            var included = StyleGuide()
            if let nested = top["include"] {
                included = try load(nested, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                    chain: chain + [path])
            }
            // Colours named by the guides this one includes, then its own, before its styles name them.
            parser.colorNames = ColorNames(scene: guide.colors + included.colors)
            if let c = top["colors"] {
                try parser.colors(c)
                included.colors = Array(parser.colorNames.scene.dropFirst(guide.colors.count))
            }
            if let f = top["fonts"] {
                for (fontName, entry) in try f.namedEntries() {
                    var font = try parser.fontEntry(fontName, entry)
                    if !font.file.hasPrefix("/") {
                        font.file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(font.file).standardized.path
                    }
                    included.fonts.append(font)
                }
            }
            if let s = top["styles"] {
                for (styleName, entry) in try s.namedEntries() {
                    included.styles.append(NamedStyle(name: styleName, style: try parser.style(entry)))
                }
            }
            included.fontDirectories += try SceneParser.fontDirectories(top["fontDirectories"], file: path)
            if let system = top["systemFonts"] { included.systemFonts = try system.bool() }
            guide.merge(included)
        }
        return guide
    }

    /// Adds `later`'s definitions; a name defined again replaces the earlier one.
    mutating func merge(_ later: StyleGuide) {
        let fontNames = Set(later.fonts.map(\.name)), styleNames = Set(later.styles.map(\.name))
        fonts = fonts.filter { !fontNames.contains($0.name) } + later.fonts
        styles = styles.filter { !styleNames.contains($0.name) } + later.styles
        colors += later.colors
        files += later.files
        fontDirectories += later.fontDirectories.filter { !fontDirectories.map(\.path).contains($0.path) }
        systemFonts = later.systemFonts ?? systemFonts
    }

    private static func read(_ path: String, at cursor: YAMLCursor) throws(SceneError) -> String {
        do throws(SafeFile.Failure) { return try SafeFile.text(of: path, limit: maximumFileBytes) } catch {
            switch error {
            case .missing:
                throw cursor.error("the style guide \(path) does not exist", fix: "fix the path (relative to the file that includes it)")
            case .directory, .unreadable(.notRegularFile):
                throw cursor.error("\(path) is not a regular file", fix: "include a YAML style guide file")
            case .unreadable(.tooLarge), .unreadable(.unreadable), .notUTF8:
                throw cursor.error("\(path) is not a readable UTF-8 file of at most \(maximumFileBytes >> 20) MiB",
                                   fix: "include a YAML style guide file")
            }
        }
    }
}
