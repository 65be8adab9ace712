import GhostlineFonts
import GhostlineGeometry

/// Measures a run's underline and strikethrough by the model's ``DecorationPlacement``: from the drawing piece's
/// font tables in points (UIKit), or by Blink's rule in whole device pixels from the run's style font, which needs the
/// scale and the css model's rounding of the ascent (the same `A` its line boxes use, borrowed pixel included). The
/// label stage hands that rounding in (`ascentPixels`), since placing lines is a later stage than assembling them.
struct DecorationGeometry {
    let model: LayoutModel
    let scale: Scale
    /// A style's font ascent in whole device pixels, as the model's line boxes round it.
    let ascentPixels: (TextStyle) -> Double

    /// The underline of a run drawn with `piece` in `style`, as `decoration` asks.
    func underline(_ decoration: TextDecorationStyle, piece: LinePiece, style: TextStyle) -> TextDecoration {
        switch model.decorationPlacement {
        case .fontTables:
            let metrics = piece.font.metrics(pointSize: piece.pointSize)
            return TextDecoration(offset: metrics.underlineOffset, thickness: metrics.underlineThickness, style: decoration)
        case .blink:
            return blink(decoration, style: style, lineThrough: false)
        }
    }

    /// The strikethrough of a run drawn with `piece` in `style`, as `decoration` asks.
    func strikethrough(_ decoration: TextDecorationStyle, piece: LinePiece, style: TextStyle) -> TextDecoration {
        switch model.decorationPlacement {
        case .fontTables:
            let metrics = piece.font.metrics(pointSize: piece.pointSize)
            return TextDecoration(offset: -metrics.strikethroughOffset, thickness: metrics.strikethroughThickness,
                                  style: decoration, centred: true)
        case .blink:
            return blink(decoration, style: style, lineThrough: true)
        }
    }

    /// Blink's line in whole device pixels (``DecorationPlacement/blink``). `thick`, which CSS spells
    /// `text-decoration-thickness`, is the same rule at twice the thickness (a line-through stays centred about A/3
    /// above the baseline; an underline's top moves down with half the thickness, as Blink's auto offset does).
    /// Neither is measured. `double` follows `text_decoration_info.cc` as read, not measured: the
    /// second line `h + 1` pixels below the first for an underline, `floor(t + 1)` for a line-through.
    private func blink(_ decoration: TextDecorationStyle, style: TextStyle, lineThrough: Bool) -> TextDecoration {
        let s = scale.value
        let ascent = ascentPixels(style)
        let t = style.pointSize * s / 10 * (decoration.line == .thick ? 2 : 1)
        let h = max(1, t.rounded(.down))
        // Device pixels from the rounded baseline pixel to the line's top edge (negative above the baseline).
        let top = lineThrough ? (2 * ascent / 3 - t / 2 + 0.5).rounded(.down) - ascent : max(1, (t / 2).rounded(.up))
        var tops = [top]
        if decoration.line == .double { tops.append(top + (lineThrough ? (t + 1).rounded(.down) : h + 1)) }
        return TextDecoration(wholePixelTops: tops, thickness: h, scale: s, style: decoration)
    }
}
