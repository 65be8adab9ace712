import Foundation
import GhostlineTestSupport
import Ghostline
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The parsers and checks the CLI used to carry, now in the library in library terms: each throws a typed error
/// that says which setting and why, and the CLI only puts its flag names in front (CLITests check its wording).
@Suite("Library parsing: overrides, review options, metrics overrides, scales, paths")
struct LibraryParsingTests {
    // MARK: SceneOverrides

    @Test func sceneOverridesParseNamesInAnyCase() throws {
        let overrides = try SceneOverrides(scaleFactor: 2, modelName: "CSS", contentSizeName: "accessibilityExtraLarge")
        #expect(overrides.scale == Scale(2))
        #expect(overrides.model?.name == "css")
        #expect(overrides.contentSize == .AX3)
        let none = try SceneOverrides(scaleFactor: nil, modelName: nil, contentSizeName: nil)
        #expect(none.scale == nil && none.model == nil && none.contentSize == nil)
    }

    @Test func aRefusedOverrideSaysWhichFieldAndWhatIsAllowed() {
        #expect(throws: SceneOverrideError(field: .scale, value: "4", allowed: "use 1, 2 or 3")) {
            try SceneOverrides(scaleFactor: 4, modelName: nil, contentSizeName: nil)
        }
        #expect(throws: SceneOverrideError(field: .model, value: "flutter", allowed: "use uikit or css")) {
            try SceneOverrides(scaleFactor: nil, modelName: "flutter", contentSizeName: nil)
        }
        do {
            _ = try SceneOverrides(scaleFactor: nil, modelName: nil, contentSizeName: "Huge")
            Issue.record("Huge is no content size")
        } catch {
            #expect(error.field == .contentSize && error.value == "Huge")
            #expect(error.description.hasPrefix("contentSize Huge: use one of xSmall Small Medium Large xLarge"))
        }
        // The scale is checked first: with two bad fields, the scale is named.
        #expect(throws: SceneOverrideError(field: .scale, value: "0", allowed: "use 1, 2 or 3")) {
            try SceneOverrides(scaleFactor: 0, modelName: "flutter", contentSizeName: nil)
        }
    }

    // MARK: SafeFile reading a pipe (standard input)

    /// Writes `bytes` into a pipe, closes its write end and returns the read end.
    func pipe(with bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        return ends[0]
    }

    @Test func aPipeIsReadToItsEndAsUTF8Text() throws {
        let fd = try pipe(with: Array("canvas: { width: 10 }\nひらがな".utf8))
        defer { close(fd) }
        #expect(try SafeFile.text(readingDescriptor: fd, limit: 1024) == "canvas: { width: 10 }\nひらがな")
    }

    @Test func aPipePastTheLimitOrNotUTF8IsRefused() throws {
        let long = try pipe(with: [UInt8](repeating: 0x41, count: 10))
        defer { close(long) }
        #expect(throws: SafeFile.Failure.unreadable(.tooLarge(bytes: 10, limit: 4))) {
            try SafeFile.text(readingDescriptor: long, limit: 4)
        }
        let latin1 = try pipe(with: [0x63, 0x61, 0x66, 0xE9])
        defer { close(latin1) }
        #expect(throws: SafeFile.Failure.notUTF8) { try SafeFile.text(readingDescriptor: latin1, limit: 1024) }
    }

    // MARK: ReviewOptions

    @Test func reviewOptionsRangesAreCheckedInOrder() throws {
        try ReviewOptions().validate()
        var options = ReviewOptions()
        options.threshold = 1.5
        options.diffAlpha = -1
        #expect(throws: ReviewOptionsError(option: .threshold, value: "1.5", cause: .outOfRange)) { try options.validate() }
        options.threshold = 0.2
        #expect(throws: ReviewOptionsError(option: .diffAlpha, value: "-1.0", cause: .outOfRange)) { try options.validate() }
        options.diffAlpha = 0.1
        options.baselineTolerance = 2000
        do { try options.validate(); Issue.record("2000 pt passed") } catch {
            #expect(error.description == "baselineTolerance 2000.0: use points from 0 to 1000")
        }
    }

    @Test func comparisonRulesAndMarkColoursParse() throws {
        #expect(try ReviewOptions.compatibility(named: "PixelMatch") == .pixelmatch)
        #expect(throws: ReviewOptionsError(option: .compatibility, value: "odiff", cause: .unknownName)) {
            try ReviewOptions.compatibility(named: "odiff")
        }
        #expect(try ReviewOptions.markColor("#00FF00", for: .differenceColor) == Color(hex: "#00FF00"))
        #expect(throws: ReviewOptionsError(option: .darkerColor, value: "green", cause: .notAColor)) {
            try ReviewOptions.markColor("green", for: .darkerColor)
        }
        do { _ = try ReviewOptions.markColor("#00FF0080", for: .antialiasingColor); Issue.record("an alpha passed") } catch {
            #expect(error.cause == .colorWithAlpha)
            // A caller names the other setting its own way.
            #expect(error.advice(naming: { $0 == .diffAlpha ? "--diff-alpha" : "?" }).hasSuffix("(--diff-alpha fades the picture under them)"))
            #expect(error.description.hasSuffix("(diffAlpha fades the picture under them)"))
        }
    }

    @Test func ignoreBoxesParseAsFourNumbersInPoints() throws {
        #expect(try ReviewOptions.ignoreBox(parsing: " 0, -4 ,375,44.5") == Rect(x: 0, y: -4, width: 375, height: 44.5))
        for (text, cause) in [("0,0,375", ReviewOptionsError.Cause.malformedBox), ("0,0,375,44,1", .malformedBox),
                              ("a,0,1,1", .malformedBox), ("0,0,inf,1", .malformedBox), ("0,0,0,10", .emptyBox),
                              ("0,0,10,-1", .emptyBox), ("0,0,2000000,1", .boxOutOfRange)] {
            #expect(throws: ReviewOptionsError(option: .ignore, value: text, cause: cause), "\(text)") {
                try ReviewOptions.ignoreBox(parsing: text)
            }
        }
    }

    // MARK: DesignCheck: a scene's own ignore boxes, and the render's file name

    /// A 20×20 pt scene with the given `ignore:` lines, and a design rendered from it.
    func sceneAndDesign(ignore: String) throws -> (scene: String, design: String, directory: URL) {
        let directory = try Paths.temporaryDirectory()
        let scene = directory.appendingPathComponent("ignore.yaml").path
        try """
        canvas: { width: 20, height: 20, scale: 1 }
        \(ignore)
        root: { children: [ { box: { width: 10, height: 10, color: "#FF0000" } } ] }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let design = directory.appendingPathComponent("design@1x.png").path
        let plain = directory.appendingPathComponent("plain.yaml").path
        try "canvas: { width: 20, height: 20, scale: 1 }\nroot: { children: [ { box: { width: 10, height: 10, color: \"#FF0000\" } } ] }\n"
            .write(toFile: plain, atomically: true, encoding: .utf8)
        try Data(try GhostlineSession().render(path: plain).png()).write(to: URL(fileURLWithPath: design))
        return (scene, design, directory)
    }

    @Test func aSceneIgnoreBoxTheReviewRefusesIsTheScenesError() throws {
        let files = try sceneAndDesign(ignore: "ignore:\n  - { x: 0, y: 0, width: 5, height: 5 }\n  - { x: 500, y: 0, width: 5, height: 5 }")
        defer { try? FileManager.default.removeItem(at: files.directory) }
        var options = ReviewOptions()
        options.ignore = [Rect(x: 0, y: 0, width: 1, height: 1)]   // a caller's box first: the scene's are counted after it
        let check = GhostlineSession().check(.scene(path: files.scene), design: files.design, options: options)
        do { _ = try check.run(); Issue.record("a box off the image passed") } catch {
            guard case .scene(let sceneError) = error else { Issue.record("not a scene error: \(error)"); return }
            #expect(sceneError.description == "\(files.scene):4:5: ignore[1]: the box 500.0,0.0,5.0,5.0 pt: it lies outside the "
                    + "20.0×20.0 pt image; give x, y, width and height in points (not pixels), inside the rendered image")
        }
        // A bad box the caller gave stays the review's, numbered among the caller's.
        options.ignore = [Rect(x: 900, y: 0, width: 1, height: 1)]
        do { _ = try GhostlineSession().check(.scene(path: files.scene), design: files.design, options: options).run() } catch {
            guard case .review(.badIgnoreBox(let index, _, _)) = error else { Issue.record("\(error)"); return }
            #expect(index == 0)
        }
    }

    @Test func theRenderIsNamedByTheFileItWillBeWrittenTo() throws {
        let files = try sceneAndDesign(ignore: "")
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let session = GhostlineSession()
        let unnamed = try session.check(.scene(path: files.scene), design: files.design).run()
        #expect(unnamed.comparison.renderPath == "\(files.scene) (rendered)")
        let named = try session.check(.scene(path: files.scene), design: files.design, renderFile: "out/card@1x.png").run()
        #expect(named.comparison.renderPath == "out/card@1x.png")
        #expect(named.summary.contains("out/card@1x.png vs the design"))
    }

    // MARK: FontMetricsOverride

    @Test func metricsOverridesParseKeyIntegerPairs() throws {
        let parsed = try FontMetricsOverride(parsing: "unitsPerEm=2048, Ascender = 1950,descender=-494,lineGap=0")
        #expect(parsed == FontMetricsOverride(unitsPerEm: 2048, ascender: 1950, descender: -494, lineGap: 0))
        #expect(try FontMetricsOverride(parsing: "IOS-System") == .iOSSystemFont)
        #expect(throws: FontMetricsOverrideError.namesNoMetric(text: ",,")) { try FontMetricsOverride(parsing: ",,") }
        #expect(throws: FontMetricsOverrideError.notKeyInteger(text: "ascender=1.5", pair: "ascender=1.5")) {
            try FontMetricsOverride(parsing: "ascender=1.5")
        }
        #expect(throws: FontMetricsOverrideError.unknownKey("size")) { try FontMetricsOverride(parsing: "ascender=1,size=3") }
        #expect(FontMetricsOverrideError.unknownKey("size").description
                == "unknown key `size`; use unitsPerEm, ascender, descender, lineGap, capHeight, xHeight")
    }

    // MARK: DesignReview.scale

    @Test func aReviewsScaleComesFromItsFileNames() throws {
        #expect(try DesignReview.scale(nil, fileNames: ["render.png", "design@2x.png"]) == Scale(2))
        #expect(try DesignReview.scale(nil, fileNames: ["a.png", "b.png"]) == Scale(1))
        #expect(try DesignReview.scale(Scale(3), fileNames: ["a@2x.png", "b@1x.png"]) == Scale(3))
        #expect(throws: ConflictingScalesError(fileNames: ["a@2x.png", "b@3x.png"])) {
            try DesignReview.scale(nil, fileNames: ["a@2x.png", "b@3x.png"])
        }
    }

    // MARK: ContentSizeMatrix layout files

    @Test func matrixLayoutsAreNamedAfterTheSheet() {
        #expect(ContentSizeMatrix.layoutPath(for: .AX3, sheet: "/tmp/m/sheet.png", directory: nil) == "/tmp/m/sheet-AX3.json")
        #expect(ContentSizeMatrix.layoutPath(for: .xSmall, sheet: "/tmp/m/sheet.png", directory: "/tmp/l") == "/tmp/l/sheet-xSmall.json")
        #expect(ContentSizeMatrix.layoutPath(for: .Large, sheet: "-", directory: nil) == nil)
        #expect(ContentSizeMatrix.layoutPath(for: .Large, sheet: "-", directory: "/tmp/l") == "/tmp/l/sheet-Large.json")
    }

    // MARK: FontSet, DebugOverlay, Spelling

    @Test func aFontSetOfNamedDirectoriesChecksThem() throws {
        #expect(throws: FontSetError.noSuchDirectory("/no/such/fonts")) {
            try FontSet(checkingDirectories: ["/no/such/fonts"], systemFonts: true)
        }
        #expect(throws: FontSetError.noFontVisible) { try FontSet(checkingDirectories: [], systemFonts: false) }
        let set = try FontSet(checkingDirectories: ["/usr/share/fonts/../fonts/opentype/inter/"], systemFonts: false)
        #expect(set.directories == ["/usr/share/fonts/opentype/inter"] && !set.systemFonts)
    }

    @Test func debugGuidesParseFromAList() throws {
        #expect(try DebugOverlay(parsing: "boxes, GRID") == [.boxes, .grid])
        #expect(try DebugOverlay(parsing: "all") == .all)
        #expect(try DebugOverlay(parsing: "") == [])
        #expect(throws: DebugOverlayError(name: "grids")) { try DebugOverlay(parsing: "boxes,grids") }
    }

    @Test func theNearestNameIsSuggestedOnlyWhenNear() {
        #expect(Spelling.distance("rendr", "render") == 1)
        #expect(Spelling.distance("redner", "render") == 1)   // a swap of neighbours is one edit
        #expect(Spelling.distance("", "diff") == 4)
        let commands = ["render", "layout", "matrix", "check", "diff", "metrics", "suite"]
        #expect(Spelling.nearest(to: "CHEKC", among: commands) == "check")
        #expect(Spelling.nearest(to: "su", among: commands) == "suite")   // three edits, but a prefix of the nearest
        #expect(Spelling.nearest(to: "zzzzzz", among: commands) == nil)
    }
}
