import GhostlineShaping

/// Chromium's trimming of adjacent fullwidth CJK punctuation (CSS `text-spacing-trim: normal`): a fullwidth
/// glyph such as 「 or 、 carries half an em of blank space on one side, and two of them side by side would
/// leave a whole em of blank. Chromium applies the font's `halt` (half-width alternates) to one of the pair:
///
/// - an opening bracket right after an opening bracket, a closing one, a comma or period, or a middle dot;
/// - a closing bracket, comma or period right before a closing one, a comma or period, or a middle dot.
///
/// Observed in headless Chromium 156 with Noto Sans CJK: 「こ」、『さ』・ draws 「 and 」 and 』 at half width
/// (」「 trims the 「, 」、 trims the 」); brackets at the start or end of a line keep their space, and a quote
/// mark the font draws proportional (“ in Japanese) is not fullwidth and never trimmed. Fonts without `halt`
/// are left as they are. Used by the css model only: UIKit applies no such trimming.
enum HanKerning {
    enum Kind { case open, close, dot, middle }

    static func kind(_ scalar: Unicode.Scalar) -> Kind? {
        switch scalar {
        case "（", "［", "｛", "〈", "《", "「", "『", "【", "〔", "〖", "〘", "〚", "｟", "‘", "“": return .open
        case "）", "］", "｝", "〉", "》", "」", "』", "】", "〕", "〗", "〙", "〛", "｠", "’", "”": return .close
        case "、", "。", "，", "．", "：", "；": return .dot
        case "・": return .middle
        default: return nil
        }
    }

    /// Whether a fullwidth mark may be drawn half-width at a line's end when the line fits only so (CSS's
    /// `allow-end`, part of `normal`): closing brackets and closing quotes, wherever they stand — after an ideograph
    /// as after `？`. A comma or full stop (、，。) keeps its em and wraps with the character before it. Measured in
    /// Chromium 156 with Noto Sans CJK, ja and zh-Hans, @1x–@3x: `一二三四五六七八九」` in a 152.02 px line draws 」
    /// half-width, and the same with 。 or 、 wraps.
    static func trimsAtLineEnd(_ scalar: Unicode.Scalar) -> Bool { kind(scalar) == .close }

    /// One em wide (letter spacing aside): what makes a glyph of the punctuation set fullwidth.
    static func isFullwidth(_ glyph: ShapedGlyph, in run: ShapedRun, letterSpacing: Double) -> Bool {
        abs(glyph.advance - letterSpacing - run.pointSize) < run.pointSize * 0.01
    }

    /// The characters of `run` to draw half-width, as `halt` features; empty when nothing is trimmed.
    static func features(_ run: ShapedRun, scalars: [Unicode.Scalar], letterSpacing: Double) -> [ShapingFeature] {
        // One glyph per cluster, at an em's width, is what fullwidth means here (as Chromium checks the glyph).
        var fullwidth: [Int: Kind] = [:]
        var glyphsPerCluster: [Int: Int] = [:]
        for glyph in run.glyphs { glyphsPerCluster[glyph.cluster, default: 0] += 1 }
        for glyph in run.glyphs {
            guard let kind = kind(scalars[glyph.cluster]), glyphsPerCluster[glyph.cluster] == 1,
                  isFullwidth(glyph, in: run, letterSpacing: letterSpacing) else { continue }
            fullwidth[glyph.cluster] = kind
        }
        guard fullwidth.count > 1 else { return [] }
        var trimmed: [ShapingFeature] = []
        for offset in run.range {
            guard let kind = fullwidth[offset] else { continue }
            let previous = fullwidth[offset - 1], next = fullwidth[offset + 1]
            let trim: Bool
            switch kind {
            case .open: trim = previous != nil
            case .close, .dot: trim = next == .close || next == .dot || next == .middle
            case .middle: trim = false
            }
            if trim { trimmed.append(ShapingFeature("halt", range: offset..<(offset + 1))) }
        }
        return trimmed
    }
}
