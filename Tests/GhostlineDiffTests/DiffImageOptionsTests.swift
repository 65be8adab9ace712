import GhostlineImage
import Testing
@testable import GhostlineDiff

/// The diff image's options, with pixelmatch's meaning (its README at v7.2.0: `diffColor`, `aaColor`,
/// `diffColorAlt` for pixels where the second image is darker, `diffMask`, `alpha`), in both modes.
@Suite("Diff image options")
struct DiffImageOptionsTests {
    /// A black square on white (the design); the render has a hole in it at (20, 20) (the design is darker
    /// there), an extra black pixel at (2, 2) (the design is lighter there) and a softened edge pixel at (9, 14)
    /// (anti-aliasing).
    static func scene() -> (render: RGBAImage, design: RGBAImage) {
        var design = Canvas(width: 40, height: 40)
        design.fill(x: 10, y: 10, width: 20, height: 20)
        var render = design
        render.image[20, 20] = .white
        render.image[2, 2] = .black
        render.image[9, 14] = Color(red: 128, green: 128, blue: 128)
        return (render.image, design.image)
    }

    static let magenta = Color(red: 255, green: 0, blue: 255), green = Color(red: 0, green: 192, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 255)

    @Test(arguments: DiffCompatibility.allCases)
    func coloursForDifferencesDarkerPixelsAndAntialiasing(_ compatibility: DiffCompatibility) throws {
        let (render, design) = Self.scene()
        let options = DiffOptions(compatibility: compatibility, differenceColor: Self.magenta, darkerColor: Self.blue,
                                  antialiasingColor: Self.green)
        let result = try PixelDiff.compare(render: render, design: design, options: options)
        #expect(result.differingPixels == 2 && result.antialiasedPixels == 1)
        #expect(result.diffImage[20, 20] == Self.blue)      // darker in the design (the second image)
        #expect(result.diffImage[2, 2] == Self.magenta)     // lighter in the design
        #expect(result.diffImage[9, 14] == Self.green)
        // Without a darker colour every difference takes the difference colour.
        let plain = try PixelDiff.compare(render: render, design: design,
                                          options: DiffOptions(compatibility: compatibility, differenceColor: Self.magenta))
        #expect(plain.diffImage[20, 20] == Self.magenta && plain.diffImage[2, 2] == Self.magenta)
    }

    /// A mask: differences only, on transparency; anti-aliasing and unchanged pixels are left transparent
    /// (pixelmatch: "Will not draw anti-aliased pixels"). The counts are the same as without it.
    @Test(arguments: DiffCompatibility.allCases)
    func aMaskDrawsOnlyTheDifferences(_ compatibility: DiffCompatibility) throws {
        let (render, design) = Self.scene()
        let mask = try PixelDiff.compare(render: render, design: design,
                                         options: DiffOptions(compatibility: compatibility, diffMask: true))
        #expect(mask.diffImage[20, 20] == DiffResult.differenceColor && mask.diffImage[2, 2] == DiffResult.differenceColor)
        #expect(mask.diffImage[9, 14] == .clear)
        #expect(mask.diffImage[15, 15] == .clear && mask.diffImage[0, 0] == .clear)
        let painted = stride(from: 0, to: mask.diffImage.pixels.count, by: 4).filter { mask.diffImage.pixels[$0 + 3] != 0 }
        #expect(painted.count == 2)
        #expect(mask.differingPixels == 2 && mask.antialiasedPixels == 1)
    }

    @Test func outOfRangeDiffAlphaIsRejected() {
        let image = RGBAImage(width: 2, height: 2, fill: .white)
        for alpha in [-0.01, 1.01, .infinity] {
            #expect(throws: DiffError.self) {
                try PixelDiff.compare(render: image, design: image, options: DiffOptions(fadeAlpha: alpha))
            }
        }
    }
}
