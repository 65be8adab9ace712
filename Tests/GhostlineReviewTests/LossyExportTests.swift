import Ghostline
import Foundation
import GhostlineImage
import GhostlineSupport
@testable import GhostlineReview
import GhostlineTestSupport
import Testing

/// Issue 30, item 3: a lossy export of a correct screen passes with default options, and a planted 1 pt move in the
/// same kind of export still fails with its offset. The exports (Fixtures/design/lossy, made by
/// scripts/fixtures/make-lossy-fixtures.py) are Ghostline's render of `field-button.yaml` re-encoded by Pillow's
/// libjpeg-turbo and libwebp at quality 80 with 4:2:0 chroma: a text field with a border and placeholder text, and
/// white text on a blue button on a white page, where halved chroma leaves a greyer halo around the title.
@Suite("Lossy exports")
struct LossyExportTests {
    static let folder = Paths.root.appendingPathComponent("Fixtures/design/lossy")
    static let scene = folder.appendingPathComponent("field-button.yaml").path

    func check(_ design: String) throws -> DesignCheckResult {
        try GhostlineSession().check(.scene(path: Self.scene), design: Self.folder.appendingPathComponent(design).path).run()
    }

    @Test(arguments: ["field-button@3x.jpg", "field-button@3x.webp"])
    func aLossyExportOfACorrectScreenPasses(design: String) throws {
        let result = try check(design)
        #expect(result.passes, "\(result.summary)")
        #expect(result.comparison.designIsLossy)
        // Not by luck: the pixels do differ, by the codec's noise.
        #expect(result.comparison.render.differingPixels(from: result.comparison.design) > 1000)
        for label in result.comparison.labels { #expect(label.maxBaselineOffset < 0.34, "\(label.id)") }
    }

    @Test func aMoveInALossyExportFailsWithItsOffset() throws {
        let result = try check("field-button-moved@3x.jpg")
        #expect(!result.passes)
        for label in result.comparison.labels {
            let offset = try #require(label.lines.first?.baselineOffset)
            // The design's texts sit 1 pt lower: within a device pixel of that.
            #expect(abs(abs(offset) - 1) <= 1.0 / 3 + 1e-9, "\(label.id): \(offset)")
        }
        #expect(result.summary.contains("email: first baseline 1.0 pt higher than the design"), "\(result.summary)")
    }

    /// A PNG is never lossy; a WebP is by its chunk (`VP8 ` lossy, `VP8L` lossless).
    @Test func lossyIsReadFromTheFormat() throws {
        let jpeg = try check("field-button@3x.jpg")
        #expect(jpeg.comparison.designIsLossy)
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("f@3x.png").path
        #expect(try runCLI(["render", Self.scene, "-o", png]).status == 0)
        let exact = try GhostlineSession().check(.scene(path: Self.scene), design: png).run()
        #expect(!exact.comparison.designIsLossy && exact.passes)
    }

    /// Text whose brightness matches what lies under it keeps the full colour distance in a lossy design.
    @Test func brightnessDecidesOnlyWhereItTells() {
        #expect(DesignReview.brightnessTells(Color(hex: "#FFFFFF")!, from: Color(hex: "#007AFF")!))
        #expect(DesignReview.brightnessTells(Color(hex: "#3C3C4399")!, from: Color(hex: "#F2F2F7")!))
        // Red and a green of nearly the same brightness (Y 76 and 75).
        #expect(!DesignReview.brightnessTells(Color(hex: "#FF0000")!, from: Color(hex: "#008000")!))
    }
}

/// Issue 30, item 4: a design exported with a colour profile is converted to sRGB before it is compared, and the
/// summary, the report and the review page say which profile it carried. The exports are the check corpus's
/// (Fixtures/corpus: Chromium's PNGs converted by Pillow's ImageCms to Display P3 and Adobe RGB, profile embedded).
@Suite("Colour-profiled exports")
struct ColorProfiledExportTests {
    static let corpus = Paths.root.appendingPathComponent("Fixtures/corpus")

    @Test(arguments: [("badges.yaml", "badges-p3@3x.png"), ("banner-light.yaml", "banner-light-adobergb@3x.png")])
    func aProfiledExportOfACorrectScreenPassesAndSaysSo(scene: String, design: String) throws {
        let result = try GhostlineSession().check(.scene(path: Self.corpus.appendingPathComponent(scene).path),
                                     design: Self.corpus.appendingPathComponent("designs/\(design)").path).run(for: [.report, .page])
        #expect(result.passes, "\(result.summary)")
        let profile = try #require(result.comparison.designColorProfile)
        #expect(profile.converted && profile.source == .pngICCP)
        #expect(result.summary.contains("\n  design colours: \(profile.name) (PNG iCCP chunk), converted to sRGB\n"), "\(result.summary)")
        let report = try JSONValue(parsing: try result.artifact(.report))
        #expect(report["inputs"]?["designColorProfile"]?["converted"]?.boolValue == true)
        #expect(report["inputs"]?["designColorProfile"]?["source"]?.stringValue == "pngICCP")
        let page = String(decoding: try result.artifact(.page), as: UTF8.self)
        #expect(page.contains("design colours: \(profile.name)"))
    }

    /// An untagged export is taken as sRGB, as before: no profile, nothing said.
    @Test func anUntaggedExportSaysNothing() throws {
        let result = try GhostlineSession().check(.scene(path: Self.corpus.appendingPathComponent("badges.yaml").path),
                                     design: Self.corpus.appendingPathComponent("designs/badges@3x.png").path).run(for: [.report])
        #expect(result.comparison.designColorProfile == nil || result.comparison.designColorProfile?.converted == false)
        #expect(!result.summary.contains("design colours:"))
    }
}
