import ArgumentParser
import Foundation
import Ghostline

struct MetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Print a font's UIFont-style metrics, in points, as JSON.",
        discussion: """
        Values are the font's table values × size / unitsPerEm (not FreeType's pixel-rounded size metrics):
        ascender, descender (negative), leading (line gap), lineHeight = ascender − descender (rule R1),
        capHeight, xHeight. `pixelRounding` shows UIKit's label rounding at --scale: labelHeight (R2),
        firstBaseline (R3) and the cap-height inset (R4, precise and naive).

        Examples:
          ghostline metrics Inter --size 17
          ghostline metrics Brand-Regular.otf --size 22 --scale 2 --source typo
          ghostline metrics Inter --override ios-system --size 28
        """
    )

    @Argument(help: "A font file (.ttf, .otf, .ttc) or an installed family or PostScript name (e.g. Inter, Inter-SemiBold).") var font: String
    @Option(parsing: .unconditional, help: "Point size, 1 to 1000.") var size: Double = 17
    @Option(parsing: .unconditional, help: "Pixels per point for the pixel-rounding section: 1, 2 or 3.") var scale: Int = 3
    @Option(help: "Vertical metrics source: hhea (Apple platforms) or typo (OS/2 sTypo values).") var source: String = "hhea"
    @Option(name: .customLong("face-index"), parsing: .unconditional, help: "Face index inside a font collection (.ttc); default: 0, or the face a font name finds.")
    var faceIndex: Int?
    @Option(name: .customLong("override"),
            help: "Replace vertical metrics (font units), e.g. unitsPerEm=2048,ascender=1950,descender=-494,lineGap=0,capHeight=1443. Use `ios-system` for the iOS system font's published values.")
    var metricsOverride: String?
    @OptionGroup var fonts: FontOptions

    func run() throws {
        guard (1...1000).contains(size) else { throw CLIError("--size \(size): use a point size from 1 to 1000") }
        let scale: Scale
        do { scale = try SceneOverrides.scale(factor: self.scale) } catch { throw CLIError(error.flagged) }
        guard let source = VerticalMetricsSource(rawValue: source.lowercased()) else { throw CLIError("--source \(source): use hhea or typo") }
        var override: FontMetricsOverride?
        do { override = try metricsOverride.map(FontMetricsOverride.init(parsing:)) } catch {
            // An unknown key is named alone; the other errors start with the value.
            throw CLIError("--override\(error.isUnknownKey ? ":" : "") \(error)")
        }
        let session = try fonts.session()
        let report = try session.metrics(font: font, faceIndex: faceIndex, size: size, scale: scale, source: source,
                                         metricsOverride: override)
        print(report.json.serialized())
    }
}

extension FontMetricsOverrideError {
    var isUnknownKey: Bool { if case .unknownKey = self { true } else { false } }
}
