import Foundation
import GhostlineTestSupport
import Ghostline
import Testing

/// What an import writes: scenes that load and lay every label out at the document's frame, the document's runs and
/// paragraph settings as style keys, fonts the machine lacks replaced and reported, and the CLI's files and errors.
@Suite("Imported scenes, styles and reports")
struct DesignImportSceneTests {
    static let folder = Paths.root.appendingPathComponent("Fixtures/designdocs")
    static let session = DesignImportTests.session

    static func write(_ files: [ImportedFile]) throws -> URL {
        let directory = try Paths.temporaryDirectory()
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
        return directory
    }

    /// TechUI's screens are set in PingFang SC, which the hermetic font set lacks: Noto Sans CJK SC stands in, the
    /// scenes load and render, and every label's frame is the text layer's frame in the document.
    @Test func importedScenesRenderWithEveryLabelAtItsLayersFrame() throws {
        let path = Self.folder.appendingPathComponent("sketch-techui/TechUIdemo.sketch").path
        let document = try DesignReader().read(path)
        let (files, report) = try Self.session.importDesign(path: path)
        let directory = try Self.write(files)
        let layers = Dictionary(document.pages.flatMap(\.frames).flatMap(\.layers).compactMap { layer -> (String, DesignText)? in
            if case .text(let t) = layer { return (t.id, t) }; return nil
        }, uniquingKeysWith: { a, _ in a })
        var labels = 0
        for file in files where file.path.hasSuffix(".yaml") && file.path != "styles.yaml" {
            let scene = try Self.session.loader.parse(file.contents, path: directory.appendingPathComponent(file.path).path)
            let json = try JSONValue(parsing: Array(Self.session.render(scene).layoutJSON.utf8))
            for element in json["elements"]?.arrayValue ?? [] where element["kind"]?.stringValue == "label" {
                let source = try #require(element["source"]?.stringValue), layer = try #require(layers[source])
                let frame = layer.frame
                #expect(abs((element["frame"]?["x"]?.doubleValue ?? .nan) - frame.x) < 1e-9, "\(source)")
                #expect(abs((element["frame"]?["y"]?.doubleValue ?? .nan) - frame.y) < 1e-9, "\(source)")
                if layer.behaviour == .autoWidth {
                    // An auto-width box is its text's width: the label hugs its text, one line per paragraph.
                    let paragraphs = layer.string.split(separator: "\n", omittingEmptySubsequences: false).count
                    #expect((element["lines"]?.arrayValue?.count ?? 0) <= paragraphs, "\(source)")
                } else {
                    #expect(abs((element["frame"]?["width"]?.doubleValue ?? .nan) - frame.width) < 1e-9, "\(source)")
                }
                labels += 1
            }
        }
        #expect(labels == report.textLayers && labels == 10)
        let pingFang = try #require(report.fonts.first { $0.requested == "PingFangSC-Regular" })
        #expect(pingFang.font == "Noto Sans CJK SC" && pingFang.how == .substitute && pingFang.package == "fonts-noto-cjk" && !pingFang.metricCompatible)
        #expect(report.summary.contains("PingFangSC-Regular → Noto Sans CJK SC"))
    }

    /// Figma's three line-height units, its alignment, auto-resize and case, from one file's nodes as the REST
    /// response gives them (values read from the JSON beside each assertion).
    @Test func figmaLineHeightsAndParagraphKeys() throws {
        let document = try DesignReader().read(Self.folder.appendingPathComponent("figma-figmagic/figma.json").path)
        let texts = document.pages.flatMap(\.frames).flatMap(\.layers).compactMap { layer -> DesignText? in
            if case .text(let t) = layer { return t }; return nil
        }
        // 2874:83: lineHeightUnit FONT_SIZE_%, lineHeightPercentFontSize 135, HelveticaNeue 14, RIGHT, HEIGHT.
        let percent = try #require(texts.first { $0.id == "2874:83" })
        #expect(percent.runs[0].attributes.lineHeight == .percent(135) && percent.runs[0].attributes.size == 14)
        #expect(percent.runs[0].attributes.alignment == "right" && percent.behaviour == .autoHeight)
        #expect(percent.runs[0].attributes.postScriptName == "HelveticaNeue")
        let json = try JSONValue(parsing: Array(try Data(contentsOf: Self.folder.appendingPathComponent("figma-figmagic/figma.json"))))
        var units: [String: (px: Double, percent: Double)] = [:]
        func walk(_ node: JSONValue) {
            if node["type"]?.stringValue == "TEXT", let id = node["id"]?.stringValue, let unit = node["style"]?["lineHeightUnit"]?.stringValue {
                units[id] = (node["style"]?["lineHeightPx"]?.doubleValue ?? 0, unit == "INTRINSIC_%" ? node["style"]?["lineHeightPercent"]?.doubleValue ?? 100 : -1)
                if unit == "PIXELS" { units[id]!.percent = -2 }
            }
            for child in node["children"]?.arrayValue ?? [] { walk(child) }
        }
        walk(json["document"]!)
        var seen = Set<String>()
        for text in texts {
            guard let unit = units[text.id] else { continue }
            let height = text.runs[0].attributes.lineHeight
            if unit.percent == -2 { #expect(height == .points(unit.px), "\(text.id)"); seen.insert("PIXELS") }
            if unit.percent >= 0 {
                #expect(height == (abs(unit.percent - 100) < 0.01 ? nil : .points(unit.px)), "\(text.id)")
                seen.insert("INTRINSIC_%")
            }
        }
        #expect(seen == ["PIXELS", "INTRINSIC_%"])
    }

    /// A symbol instance's text override replaces the master's text (Sketch's own reference file for overrides),
    /// and the layer's id is the instance's and the master layer's, as Sketch's override paths name it.
    @Test func aSymbolInstancesTextOverride() throws {
        let document = try DesignReader().read(Self.folder.appendingPathComponent("sketch-reference/symbol-overrides").path)
        let texts = document.pages.flatMap(\.frames).flatMap(\.layers).compactMap { layer -> DesignText? in
            if case .text(let t) = layer { return t }; return nil
        }
        #expect(texts.map(\.string) == ["Custom label"])
        #expect(texts.first?.id == "87A7F670-CE38-460C-93D6-8B2A0C9DCF48/66C73E37-1355-4135-A441-2DDB365F681E")
        #expect(document.skipped.count("symbol masters (imported where an instance uses them)") == 1)
    }

    /// Shared styles: a layer that still matches its style names it; the style guide has the style and the DTCG
    /// tokens read back through `ghostline tokens import`'s reader to the same sizes.
    @Test func sharedStylesBecomeAStyleGuideAndTokens() throws {
        let path = Self.folder.appendingPathComponent("sketch-tailwind/Tailwind CSS.sketch").path
        let (files, report) = try Self.session.importDesign(path: path)
        #expect(report.document.textStyles.count == 50)
        let guide = try #require(files.first { $0.path == "styles.yaml" }).contents
        let tokens = try #require(files.first { $0.path == "styles.tokens.json" })
        let directory = try Self.write(files)
        let read = try DesignTokens(contentsOf: directory.appendingPathComponent(tokens.path).path)
        #expect(read.styles.count == 50)
        for style in report.document.textStyles {
            #expect(guide.contains("# \(style.name)"))
        }
        let sizes = Set(report.document.textStyles.map(\.attributes.size)), readSizes = Set(read.styles.map(\.size))
        #expect(sizes == readSizes)
        let scenes = files.filter { $0.path.hasSuffix(".yaml") && $0.path != "styles.yaml" }
        #expect(scenes.contains { $0.contents.contains("style: \"") })
        // Every scene loads (fonts are not opened: Menlo is substituted and may be missing here).
        for scene in scenes { _ = try Self.session.loader.describe(text: scene.contents, path: directory.appendingPathComponent(scene.path).path) }
    }

    @Test func theCLIWritesTheFolderAndRefusesBadInputWithOneLine() throws {
        let directory = try Paths.temporaryDirectory()
        let out = directory.appendingPathComponent("design").path
        let ok = try runCLI(["import", Self.folder.appendingPathComponent("figma-transformer/testFile.json").path, "-o", out])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.hasPrefix("import: ") && ok.stdout.contains("text layer(s)"))
        let report = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: out + "/import-report.json"))))
        #expect(report["document"]?["format"]?.stringValue == "figma")
        for frame in report["frames"]?.arrayValue ?? [] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + (frame["scene"]?.stringValue ?? "-")))
        }
        let text = directory.appendingPathComponent("notes.json")
        try Data("{\"name\": 1}".utf8).write(to: text)
        let bad = try runCLI(["import", text.path, "-o", directory.appendingPathComponent("nothing").path])
        #expect(bad.status == 2 && bad.stderr.split(separator: "\n").count == 1 && bad.stderr.contains(text.path))
        #expect(bad.stderr.contains("not a Figma file response"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("nothing").path))
    }
}

/// Imported artboards against the documents' own previews (`previews/preview.png`, Sketch's picture of the page at
/// 1×), where the preview is exactly one frame: every line's baseline is measured in both by the review.
@Suite("Imported scenes against the documents' previews")
struct DesignPreviewTests {
    @Test func sketchConstructorsArtboardSitsOnItsPreviewsBaselines() throws {
        let document = DesignImportSceneTests.folder.appendingPathComponent("sketch-constructor/test.sketch").path
        let preview = try #require(try DesignReader().preview(document))
        let (files, _) = try DesignImportSceneTests.session.importDesign(path: document)
        let directory = try DesignImportSceneTests.write(files)
        let design = directory.appendingPathComponent("preview.png").path
        try Data(preview).write(to: URL(fileURLWithPath: design))
        var overrides = SceneOverrides()
        overrides.scale = .x1
        let scene = directory.appendingPathComponent("page-1/artboard.yaml").path
        let result = try DesignImportSceneTests.session.check(.scene(path: scene), design: design, overrides: overrides).run()
        let offsets = result.comparison.labels.flatMap { $0.lines.compactMap(\.baselineOffset) }
        #expect(offsets.count == 4)
        // AmazonEmber is replaced by Inter, yet Sketch's baselines and the css model's agree (measured 0.00–0.03 pt).
        for offset in offsets { #expect(abs(offset) <= 0.5, "\(offsets)") }
    }
}
