import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlinePNG
import GhostlineScene
import Testing

/// `DesignCheck.run(writing:)` streams two PNGs and writes the diff image and the ghost as the rows go by: the
/// files it writes hold exactly the pixels the whole-image check gives, and its numbers are the same.
@Suite("Streamed design check with outputs")
struct StreamedDesignCheckTests {
    /// The demo card rendered by Ghostline (uikit) against the Chromium export of the same card.
    static let render = Paths.snapshots.appendingPathComponent("demo-card@3x.png").path
    static let design = ReviewTests.design

    static func options(_ change: (inout ReviewOptions) -> Void = { _ in }) -> ReviewOptions {
        var options = ReviewOptions()
        options.makeDiffImage = true
        change(&options)
        return options
    }

    func compare(options: ReviewOptions, background: Color? = nil) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let check = GhostlineSession().check(.image(path: Self.render, layout: nil), design: Self.design, options: options,
                                renderBackground: background)
        let paths: [DesignCheckArtifact: String] = [
            .diff: directory.appendingPathComponent("diff.png").path,
            .ghost: directory.appendingPathComponent("ghost.png").path,
            .report: directory.appendingPathComponent("report.json").path,
        ]
        let streamed = try check.run(writing: paths)
        #expect(streamed.streamed, "two PNGs of one size without a layout stream")
        let whole = try check.run()
        #expect(!whole.streamed)
        #expect(streamed.comparison.diff.differingPixels == whole.comparison.diff.differingPixels)
        #expect(streamed.comparison.diff.antialiasedPixels == whole.comparison.diff.antialiasedPixels)
        #expect(streamed.comparison.diff.comparedPixels == whole.comparison.diff.comparedPixels)
        #expect(streamed.comparison.diff.ignoredPixels == whole.comparison.diff.ignoredPixels)
        #expect(streamed.comparison.diff.regions == whole.comparison.diff.regions)
        #expect(streamed.passes == whole.passes)
        #expect(try PNGCodec.read(contentsOf: paths[.diff]!) == whole.comparison.diff.diffImage)
        #expect(try PNGCodec.read(contentsOf: paths[.ghost]!) == whole.comparison.ghost())
        #expect(try String(contentsOfFile: paths[.report]!, encoding: .utf8) == String(decoding: try whole.artifact(.report), as: UTF8.self))
        // The files are the whole check's artifacts byte for byte: the same encoder, whether fed whole or in blocks.
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: paths[.diff]!))) == whole.artifact(.diff))
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: paths[.ghost]!))) == whole.artifact(.ghost))
    }

    @Test func theDefaultsGiveTheWholeCheckPixelsAndNumbers() throws {
        try compare(options: Self.options())
    }

    @Test func ignoredBoxesAMaskAndOtherColoursToo() throws {
        try compare(options: Self.options {
            $0.ignore = [Rect(x: 0, y: 0, width: 375, height: 20), Rect(x: 100, y: 60, width: 50, height: 30)]
            $0.diffMask = true
            $0.differenceColor = Color(red: 0, green: 0, blue: 255)
            $0.threshold = 0.05
        })
    }

    @Test func pixelmatchRulesAndAGivenBackground() throws {
        try compare(options: Self.options { $0.compatibility = .pixelmatch; $0.opacity = 0.6 },
                    background: Color(red: 250, green: 250, blue: 250))
    }

    @Test func aGhostAloneStreamsWithoutADiffImage() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ghost = directory.appendingPathComponent("ghost.png").path
        let check = GhostlineSession().check(.image(path: Self.render, layout: nil), design: Self.design)
        let result = try check.run(writing: [.ghost: ghost])
        #expect(result.streamed)
        #expect(try PNGCodec.read(contentsOf: ghost) == check.run().comparison.ghost())
    }

    /// A page or a layout needs the images whole: the check decodes them and writes the same files.
    @Test func aPageOrALayoutIsNotStreamed() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let check = GhostlineSession().check(.image(path: Self.render, layout: nil), design: Self.design, options: Self.options())
        let result = try check.run(writing: [.diff: directory.appendingPathComponent("d.png").path,
                                             .page: directory.appendingPathComponent("r.html").path])
        #expect(!result.streamed)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("r.html").path))
    }

    /// All-or-nothing holds for streamed outputs: an output on an input is refused and no file is left behind.
    @Test func anOutputOnAnInputLeavesNothingBehind() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("design@3x.png").path
        try FileManager.default.copyItem(atPath: Self.design, toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let check = GhostlineSession().check(.image(path: Self.render, layout: nil), design: copy, options: Self.options())
        #expect(throws: DesignCheckError.self) {
            _ = try check.run(writing: [.diff: directory.appendingPathComponent("d.png").path, .ghost: copy])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["design@3x.png"])
    }
}
