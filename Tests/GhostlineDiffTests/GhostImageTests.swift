import GhostlineImage
import Testing
import GhostlineDiff

@Suite("Ghost image: the design under the render")
struct GhostImageTests {
    /// `round(bg + (design − bg) × opacity)` per channel: what the design at `opacity` over the background gives.
    func faded(_ design: Color, over bg: Color, opacity: Double = 0.3) -> Color {
        func ch(_ d: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(b) + (Double(d) - Double(b)) * opacity).rounded()) }
        return Color(red: ch(design.red, bg.red), green: ch(design.green, bg.green), blue: ch(design.blue, bg.blue))
    }

    func within1(_ a: Color, _ b: Color) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= 1 && abs(Int(a.green) - Int(b.green)) <= 1
            && abs(Int(a.blue) - Int(b.blue)) <= 1 && abs(Int(a.alpha) - Int(b.alpha)) <= 1
    }

    /// Where the render shows only its background, the ghost shows the design at 30 % over that background:
    /// (31, 99, 202) over white → 255 − (224, 156, 53) × 0.3 = (187.8, 208.2, 239.1) → (188, 208, 239).
    @Test func backgroundShowsTheDesignFaded() throws {
        let design = RGBAImage(width: 3, height: 3, fill: Color(red: 31, green: 99, blue: 202))
        let render = RGBAImage(width: 3, height: 3, fill: .white)
        let ghost = try GhostImage.compose(design: design, render: render, renderBackground: .white)
        #expect(ghost[1, 1] == faded(Color(red: 31, green: 99, blue: 202), over: .white))
        #expect(ghost[1, 1] == Color(red: 188, green: 208, blue: 239))

        // A grouped-background page (#F2F2F7) and a design pixel with 50 % alpha: opacity × alpha = 0.15.
        let bg = Color(red: 0xF2, green: 0xF2, blue: 0xF7)
        let translucent = RGBAImage(width: 1, height: 1, fill: Color(red: 0, green: 0, blue: 0, alpha: 102))  // 0.4
        let renderBG = RGBAImage(width: 1, height: 1, fill: bg)
        let ghost2 = try GhostImage.compose(design: translucent, render: renderBG, renderBackground: bg, opacity: 0.5)
        // 242 × (1 − 0.2) = 193.6 → 194; 247 × 0.8 = 197.6 → 198.
        #expect(ghost2[0, 0] == Color(red: 194, green: 194, blue: 198))
    }

    /// Solid ink of the render is drawn as is, whatever the design has there: black, and the iOS system blue
    /// (whose red channel is at 0, so its alpha comes out as 1).
    @Test func solidInkIsTheInk() throws {
        let design = RGBAImage(width: 2, height: 1, fill: Color(red: 200, green: 30, blue: 30))
        var render = RGBAImage(width: 2, height: 1, fill: .white)
        render[0, 0] = .black
        render[1, 0] = Color(red: 0, green: 122, blue: 255)
        let ghost = try GhostImage.compose(design: design, render: render, renderBackground: .white)
        #expect(ghost[0, 0] == .black)
        #expect(ghost[1, 0] == Color(red: 0, green: 122, blue: 255))
    }

    /// A 40 %-covered black edge pixel on white (255 × 0.6 = 153) un-blends to black at alpha 0.4 × 255 = 102.
    /// Over a white design area the ghost reproduces it (153); over a black design area — base 255 × 0.7 =
    /// 178.5 — it is 178.5 × 0.6 = 107.1, where keying out only exact-background pixels would have left an opaque
    /// 153 halo around the glyph.
    @Test func antialiasedInkUnblendsToTheInkWithPartialAlpha() throws {
        let edge = Color(red: 153, green: 153, blue: 153)
        #expect(within1(GhostImage.unblend(edge, background: .white), Color(red: 0, green: 0, blue: 0, alpha: 102)))

        var design = RGBAImage(width: 2, height: 1, fill: .white)
        design[1, 0] = .black
        let render = RGBAImage(width: 2, height: 1, fill: edge)
        let ghost = try GhostImage.compose(design: design, render: render, renderBackground: .white)
        #expect(within1(ghost[0, 0], edge))
        #expect(within1(ghost[1, 0], Color(red: 107, green: 107, blue: 107)))
    }

    /// Coloured ink at 50 % coverage on #F2F2F7: (0, 122, 255) × 0.5 + (242, 242, 247) × 0.5 = (121, 182, 251).
    /// Red moved 121 of a possible 242 down and blue 4 of a possible 8 up: alpha 0.5, ink (0, 122, 255) back.
    @Test func colouredInkOnAColouredBackgroundUnblends() {
        let bg = Color(red: 242, green: 242, blue: 247)
        let pixel = Color(red: 121, green: 182, blue: 251)
        #expect(within1(GhostImage.unblend(pixel, background: bg), Color(red: 0, green: 122, blue: 255, alpha: 128)))
        #expect(GhostImage.unblend(bg, background: bg) == .clear)
    }

    /// A render made on a clear canvas needs no estimate: its alpha is drawn over the faded design as is.
    /// Black at alpha 102 (0.4) over design (31, 99, 202) at 30 % over white (188, 208, 239 unrounded
    /// 187.8, 208.2, 239.1): × 0.6 = (112.68, 124.92, 143.46) → (113, 125, 143).
    @Test func renderOverlayIsDrawnWithItsOwnAlpha() throws {
        let design = RGBAImage(width: 2, height: 1, fill: Color(red: 31, green: 99, blue: 202))
        var overlay = RGBAImage(width: 2, height: 1, fill: .clear)
        overlay[1, 0] = Color(red: 0, green: 0, blue: 0, alpha: 102)
        let ghost = try GhostImage.compose(design: design, renderOverlay: overlay, background: .white)
        #expect(ghost[0, 0] == Color(red: 188, green: 208, blue: 239))
        #expect(ghost[1, 0] == Color(red: 113, green: 125, blue: 143))
        #expect(ghost[1, 0].alpha == 255)
    }

    @Test func sizeMismatchAndBadOpacityAreRejected() {
        let a = RGBAImage(width: 3, height: 3, fill: .white)
        let b = RGBAImage(width: 3, height: 4, fill: .white)
        #expect(throws: DiffError.sizeMismatch(render: PixelSize(width: 3, height: 4), design: PixelSize(width: 3, height: 3))) {
            try GhostImage.compose(design: a, render: b, renderBackground: .white)
        }
        #expect(throws: DiffError.self) { try GhostImage.compose(design: a, renderOverlay: b, background: .white) }
        #expect(throws: DiffError.self) { try GhostImage.compose(design: a, render: a, renderBackground: .white, opacity: 2) }
    }
}
