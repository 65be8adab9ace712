import GhostlineFonts
import GhostlineGeometry

/// UIKit's pixel rounding of a label, as docs/typography.md states it. Every function is the rule's formula, named
/// for its rule id, and takes the scale explicitly because the answer differs at @1x, @2x and @3x.
public enum UIKitRounding {
    /// R2: a single-line label is `ceil(lineHeight × s) / s` tall, not `lineHeight`.
    public static func labelHeight(_ metrics: FontMetrics, scale: Scale) -> Double {
        scale.ceilToPixel(metrics.lineHeight)
    }

    /// R3: the first baseline sits `(ceil(lineHeight × s) − ceil(−descender × s)) / s` below the label's top —
    /// the descender gets whole pixels first, so the baseline is always on a pixel boundary.
    public static func firstBaselineOffset(_ metrics: FontMetrics, scale: Scale) -> Double {
        firstBaselineOffset(lineHeight: metrics.lineHeight, descent: -metrics.descender, scale: scale)
    }

    /// R3 for a line whose height and descent (> 0) come from several fonts (the tallest and deepest on it).
    public static func firstBaselineOffset(lineHeight: Double, descent: Double, scale: Scale) -> Double {
        Double(scale.ceilPixels(lineHeight) - scale.ceilPixels(descent)) / scale.value
    }

    /// R4 (precise): the top of the capitals sits
    /// `(ceil(lineHeight × s) − ceil(−descender × s) − round(capHeight × s)) / s` below the label's top; an
    /// alignment rect inset by this makes "top" constraints align the capitals.
    public static func capHeightInset(_ metrics: FontMetrics, scale: Scale) -> Double {
        Double(scale.ceilPixels(metrics.lineHeight) - scale.ceilPixels(-metrics.descender)
               - scale.roundPixels(metrics.capHeight)) / scale.value
    }

    /// R4 (naive): `round(ascender − capHeight)` in whole points, the common shortcut; off by up to 1 pt.
    public static func naiveCapHeightInset(_ metrics: FontMetrics) -> Double {
        (metrics.ascender - metrics.capHeight).rounded(.toNearestOrAwayFromZero)
    }

    /// R6: the gap UIKit leaves between two lines for a paragraph's `lineSpacing`. Positive font leading acts as
    /// a minimum (`max(leading, lineSpacing)`); zero or negative leading adds to it (`leading + lineSpacing`).
    public static func lineGap(leading: Double, lineSpacing: Double) -> Double {
        leading > 0 ? max(leading, lineSpacing) : leading + lineSpacing
    }
}

/// Which form of R4 a label uses for its cap-height anchor.
public enum CapHeightRounding: String, Sendable, Codable, CaseIterable {
    /// R4's pixel-exact form.
    case precise
    /// `round(ascender − capHeight)`: what many codebases do; kept to show the difference.
    case naive
}
