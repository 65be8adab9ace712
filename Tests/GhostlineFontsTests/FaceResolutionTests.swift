import Foundation
import Testing
@testable import GhostlineFonts

/// Names resolve to faces as fontconfig's `fc-match` and CoreText would, whatever else is installed: a family name
/// to the upright face nearest the weight (never an italic one for an upright request), a PostScript name to that
/// face only. Each case runs in a hermetic font set (only the directories named), so the answer cannot depend on
/// this machine's other fonts. The expected files come from `fc-scan` of the same directories (family, style,
/// slant and PostScript name of every face and named instance).
///
/// Debian's `fonts-inter-variable` is what made `font: Inter` draw in italic: fontconfig names the default
/// instance of its *italic* variable file "Inter" (`fc-scan --format '%{postscriptname}'` prints `Inter` for the
/// "Italic" instance of `Inter-italic.var.ttf`), and the first lookup by PostScript name took it.
@Suite("Face resolution: family first, upright for upright, exact PostScript names")
struct FaceResolutionTests {
    static let staticInter = "/usr/share/fonts/opentype/inter"
    static let variableInter = "/usr/share/fonts/truetype/inter-vf"

    /// The static and the variable Inter side by side, as on a machine with both Debian packages.
    static func both() throws -> FontLocator {
        for directory in [staticInter, variableInter] where !FileManager.default.fileExists(atPath: directory) {
            Issue.record("\(directory) is missing: run scripts/setup.sh --tests (fonts-inter, fonts-inter-variable)")
        }
        return FontLocator(fontSet: FontSet(directories: [staticInter, variableInter], systemFonts: false))
    }

    @Test func aFamilyNameIsNeverTakenForAVariableFontsInstanceName() throws {
        let locator = try Self.both()
        #expect(try locator.locate(name: "Inter").path == Self.staticInter + "/Inter-Regular.otf")
        #expect(try locator.locate(name: "Inter", weight: .bold).path == Self.staticInter + "/Inter-Bold.otf")
        #expect(try locator.locate(name: "Inter", italic: true).path == Self.staticInter + "/Inter-Italic.otf")
    }

    @Test func anUprightRequestNeverYieldsAnItalicFace() throws {
        // Only the variable files: the roman ones must win over the italic file at every weight.
        let locator = FontLocator(fontSet: FontSet(directories: [Self.variableInter], systemFonts: false))
        for weight in [100, 400, 450, 700, 900] {
            let file = try locator.locate(name: "Inter", weight: FontWeight(weight))
            #expect(!file.path.contains("italic"), "weight \(weight): \(file.path)")
            let font = try Font(path: file.path, faceIndex: file.faceIndex)
            #expect(!font.isItalic, "weight \(weight): \(font.styleName)")
        }
    }

    @Test func aPostScriptNameNamesOneFace() throws {
        let locator = try Self.both()
        #expect(try locator.locate(name: "Inter-SemiBold").path == Self.staticInter + "/Inter-SemiBold.otf")
        // A PostScript name keeps its face whatever weight is asked for: it names one face.
        #expect(try locator.locate(name: "Inter-SemiBold", weight: .bold).path == Self.staticInter + "/Inter-SemiBold.otf")
        #expect(throws: FontError.self) { try locator.locate(name: "Inter-NoSuchStyle") }
    }
}
