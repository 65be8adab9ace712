import ArgumentParser
import Foundation
import Ghostline

struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Render a scene in all 12 Dynamic Type categories onto one contact sheet.",
        discussion: """
        Styles that name a `textStyle` take their size and weight from Apple's Dynamic Type table for each
        category (xSmall … AX5); styles with their own `size` and `scalesWith: body` (any text style) scale it by
        that style's curve, as UIFontMetrics does. A scene with neither gets a warning: its 12 cells are the same. Their line height depends on the model, as on the platforms it copies: uikit keeps
        the font's own (UIKit never applies the table's line-height column), css uses the table's (as Figma's and
        Sketch's iOS kits do); `lineHeight: textStyle` asks for the table's in either. Next to the sheet, one
        layout JSON per category is written as SHEET-<category>.json (or into --layout-dir).

        Examples:
          ghostline matrix Fixtures/scenes/dynamic-type.yaml -o sheet.png --scale 1
          ghostline matrix card.yaml -o sheet.png --model css --columns 6 \\
              --layout-dir layouts/
        """
    )

    @OptionGroup var sceneOptions: SheetSceneOptions
    @Option(name: .shortAndLong, help: "The contact sheet PNG to write; - for standard output (the layouts then go only to --layout-dir).")
    var output: String
    @Option(parsing: .unconditional, help: "Renders per row on the sheet.") var columns: Int = 4
    @Option(name: .customLong("layout-dir"), help: "Directory for the per-category layout JSON files (default: beside the sheet).")
    var layoutDirectory: String?

    func run() throws {
        guard (1...12).contains(columns) else { throw CLIError("--columns \(columns): use 1 to 12") }
        guard sceneOptions.refusedContentSize == nil else {
            throw CLIError("--content-size: matrix renders every category; leave the option out")
        }
        let overrides = try sceneOptions.overrides()
        let session = try sceneOptions.fonts.session()
        let description = try sceneOptions.describe(with: session.loader)
        // With the sheet on standard output there is no file to name the layouts after: they go to --layout-dir
        // when it is given, else nowhere.
        func layoutPath(_ category: ContentSizeCategory) -> String? {
            ContentSizeMatrix.layoutPath(for: category, sheet: output, directory: layoutDirectory)
        }
        // Checked before twelve renders are drawn; the fonts and images the scene names are checked when written.
        try OutputFiles.check([output] + ContentSizeCategory.allCases.compactMap(layoutPath),
                              inputs: [description.sourcePath] + description.includedFiles)
        let onTerminal = isatty(STDERR_FILENO) == 1
        func endLine() { if onTerminal { FileHandle.standardError.write(Data("\n".utf8)) } }
        let matrix: ContentSizeMatrix
        do {
            matrix = try session.matrix(description, overrides: overrides, columns: columns) { done, total, category in
                if onTerminal { FileHandle.standardError.write(Data("\rmatrix: \(done)/\(total) \(category.rawValue)   ".utf8)) }
            }
        } catch {
            endLine()
            throw error
        }
        endLine()

        // All or nothing: a sheet without its layouts would mislead a script that reads them. No output may replace
        // the scene or a file it reads (`matrix card.yaml -o card.yaml` used to overwrite the scene).
        var files = OutputFiles(inputs: Array(Set(matrix.cells.flatMap(\.inputFiles))).sorted())
        do {
            try files.stage(try matrix.png(), to: output)
            for cell in matrix.cells {
                if let path = layoutPath(cell.category) { try files.stage(LayoutJSON.encode(cell.layout, palette: cell.palette), to: path) }
            }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
        // Warned only once the sheet is written: a failed run prints its one error line and nothing else.
        printWarnings(matrix.warnings)
    }
}
