import Foundation
import GhostlineImage
@testable import GhostlineReview
import GhostlineTestSupport
import Testing

/// Issue 30, item 3: a lossy export of a correct screen passes with default options, and a planted 1 pt move in the
/// same kind of export still fails with its offset. The exports (Fixtures/design/lossy, made by
/// scripts/make-lossy-fixtures.py) are Ghostline's render of `field-button.yaml` re-encoded by Pillow's libjpeg-turbo
/// and libwebp at quality 80 with 4:2:0 chroma: a text field with a border and placeholder text, and white text on
/// a blue button on a white page, where halved chroma leaves a greyer halo around the title.
@Suite("Lossy exports")
struct LossyExportTests {
    static let folder = Paths.root.appendingPathComponent("Fixtures/design/lossy")
    static let scene = folder.appendingPathComponent("field-button.yaml").path

    func check(_ design: String) throws -> DesignCheckResult {
        try DesignCheck(render: .scene(path: Self.scene), design: Self.folder.appendingPathComponent(design).path).run()
    }

    @Test(arguments: ["field-button@3x.jpg", "field-button@3x.webp"])
    func aLossyExportOfACorrectScreenPasses(design: String) throws {
        let result = try check(design)
        #expect(result.passes, "\(result.summary)")
        #expect(result.comparison.designIsLossy)
        // Not by luck: the pixels do differ, by the codec's noise.
        #expect(differingPixels(result.comparison.render, result.comparison.design) > 1000)
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
        let exact = try DesignCheck(render: .scene(path: Self.scene), design: png).run()
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
