import GhostlineGeometry

/// How a line's width is tested against the box: the models round differently.
public enum LineFit: Sendable {
    /// TextKit: fits when width ≤ box width (with a hair of float tolerance).
    case points
    /// Chromium: in LayoutUnits of device pixels at this scale (see `LineFit.chromiumFits`).
    case chromium(Scale)

    func fits(_ width: Double, in box: Double) -> Bool {
        switch self {
        // 1e-5 pt is far below a pixel yet above the 1e-6 px slack of pixel ceiling, so a label re-laid out at its
        // own (pixel-ceiled) width keeps its lines.
        case .points: return width <= box + 1e-5
        case .chromium(let scale): return Self.chromiumFits(width: width, boxWidth: box, scale: scale)
        }
    }

    /// Whether a line fits whose closing mark at the end is drawn half-width (``HanKerning/trimsAtLineEnd(_:)``).
    /// Chromium re-shapes such a line's end and compares it strictly: it needs a whole LayoutUnit to spare,
    /// `ceil(width × s × 64) < floor(boxWidth × s × 64)`. Measured: nine ideographs and a half-width 」 (152 px)
    /// wrap at 152 and 152.01 px and fit from 152.02 px @1x, from 152.01 px @2x and @3x.
    func fitsWithTrimmedEnd(_ width: Double, in box: Double) -> Bool {
        switch self {
        case .points: return width <= box + 1e-5
        case .chromium(let scale):
            guard box.isFinite else { return true }
            let units = 64 * scale.value
            return (width * units - 1e-7).rounded(.up) < (box * units + 1e-7).rounded(.down)
        }
    }

    /// Chromium's fitting test, in LayoutUnits of device pixels: a line fits if `ceil(width × s × 64)` is at most
    /// `floor(boxWidth × s × 64) + 1` — up to one unit of overflow is tolerated, and the box width is truncated.
    static func chromiumFits(width: Double, boxWidth: Double, scale: Scale) -> Bool {
        guard boxWidth.isFinite else { return true }
        let units = 64 * scale.value
        return (width * units - 1e-7).rounded(.up) <= (boxWidth * units + 1e-7).rounded(.down) + 1
    }
}
