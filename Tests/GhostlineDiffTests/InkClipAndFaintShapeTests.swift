import Foundation
import GhostlineGeometry
import GhostlineImage
import Testing
@testable import GhostlineDiff

/// Issue 30: where ink is looked for (inside a fill, away from nearby shapes) and which faint areas are solid.
@Suite("Ink clip, excluded shapes and solid faint areas")
struct InkClipAndFaintShapeTests {
    static let white = Color(red: 255, green: 255, blue: 255, alpha: 255)
    static let grey = Color(red: 233, green: 233, blue: 235, alpha: 255)   // #E9E9EB, a bubble

    /// An image of `width` × `height` with `paint(x, y)` deciding which pixels are grey.
    static func image(width: Int, height: Int, grey paint: (Int, Int) -> Bool) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: white)
        for y in 0..<height { for x in 0..<width where paint(x, y) {
            image.pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [233, 233, 235, 255])
        } }
        return image
    }

    /// A disc's edge moved 18 px right: the difference is a crescent 18 px thick at its middle, whose bounding box
    /// it fills less than half of. It is a solid area; a 2-px ring (anti-aliasing's shape) is not.
    @Test func aCrescentIsSolidAndAThinRingIsNot() {
        let render = Self.image(width: 200, height: 120) { x, y in hypot(Double(x - 60), Double(y - 60)) < 54 }
        let moved = Self.image(width: 200, height: 120) { x, y in
            hypot(Double(x - 60), Double(y - 60)) < 54 || hypot(Double(x - 78), Double(y - 60)) < 54
        }
        let crescent = FaintRegions.find(render: render, design: moved, threshold: 0.1)
        #expect(crescent.count == 1)
        if let area = crescent.first { #expect(area.pixels * 2 < area.box.width * area.box.height, "\(area)") }
        let ring = Self.image(width: 200, height: 120) { x, y in hypot(Double(x - 60), Double(y - 60)) < 56 }
        #expect(FaintRegions.find(render: render, design: ring, threshold: 0.1).isEmpty)
    }

    /// The rows of a clip follow its rounded corners: a row through the corner's square loses what the arc takes.
    @Test func aClipFollowsItsCorners() {
        let clip = InkClip(frame: Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 20)
        #expect(clip.columns(row: 20, scale: .x1, limit: 200) == 0..<100)
        // Row 0's centre is 19.5 px into the corner: the arc takes 20 − √(20² − 19.5²) ≈ 15.56 px each side.
        #expect(clip.columns(row: 0, scale: .x1, limit: 200) == 16..<84)
        #expect(clip.columns(row: 40, scale: .x1, limit: 200).isEmpty)
        #expect(clip.inset(by: 25) == nil)
    }

    /// A dark hairline under a line of "text" (a dark block) is the densest row of the band; excluded, the baseline
    /// is the text's again.
    @Test func anExcludedHairlineIsNotTheBaseline() {
        var image = RGBAImage(width: 100, height: 60, fill: Self.white)
        func dark(_ x: Int, _ y: Int) { image.pixels.replaceSubrange((y * 100 + x) * 4..<(y * 100 + x) * 4 + 4, with: [0, 0, 0, 255]) }
        for y in 10..<30 { for x in 10..<40 { dark(x, y) } }   // the text's body, baseline at 30
        for x in 0..<100 { dark(x, 50) }                        // a 1-px hairline, full width
        var geometry = TextGeometry(scale: .x1, background: Self.white)
        let band = LineBand(id: "t", lineIndex: 0, top: 0, bottom: 60, left: 0, right: 100)
        #expect(geometry.measure(band, in: image)?.baseline == 51)
        geometry.excluded = [Rect(x: 0, y: 50, width: 100, height: 1)]
        #expect(geometry.measure(band, in: image)?.baseline == 30)
    }
}
