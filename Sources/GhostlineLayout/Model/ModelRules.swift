import GhostlineFonts
import GhostlineGeometry
import GhostlineShaping

/// Where a model reads a font's ascender, descender and line gap.
public enum VerticalMetricsChoice: Hashable, Sendable {
    /// Always `hhea`, as UIFont reads it.
    case hhea
    /// `OS/2` typo metrics when the font sets USE_TYPO_METRICS, else `hhea`, as Chromium reads them.
    case typoWhenFontAsks
}

/// How the lines of a label are stacked into its height.
public enum LineStacking: Hashable, Sendable {
    /// TextKit: each line as tall as the fonts drawn on it, `lineSpacing` between lines only, the extra height of a
    /// designed line height above the glyphs, and the label's height and baselines rounded to pixels (R2–R8;
    /// `UIKitLineStack`).
    case fontLineHeightRoundedToPixels
    /// CSS: every line box the designed line height with each font's content area centred in it, the leading
    /// split above and below, in Chromium's LayoutUnits of device pixels (`CSSLineStack`).
    case halfLeading
}

/// Where lines may break and when a line is full.
public struct LineBreaking: Hashable, Sendable {
    /// Whose refinements of UAX #14 find the break opportunities (ICU's as they are, or Chromium's, which keeps
    /// URLs whole at slashes).
    public var opportunities: BreakOpportunities.Profile
    /// How a line's width is compared with the box's.
    public var fit: LineFitTest
    /// Whether text that ends in a newline gets an empty last line (TextKit does; CSS does not).
    public var trailingNewlineAddsLine: Bool
    /// Which paragraph settings decide how spaces are kept and where text wraps.
    public var wrapping: Wrapping
    /// Which paragraph setting turns on dictionary hyphenation.
    public var hyphenation: HyphenationControl

    /// Creates line-breaking rules.
    public init(opportunities: BreakOpportunities.Profile, fit: LineFitTest, trailingNewlineAddsLine: Bool,
                wrapping: Wrapping, hyphenation: HyphenationControl) {
        self.opportunities = opportunities; self.fit = fit; self.trailingNewlineAddsLine = trailingNewlineAddsLine
        self.wrapping = wrapping; self.hyphenation = hyphenation
    }
}

/// How a line's width is tested against the box's.
public enum LineFitTest: Hashable, Sendable {
    /// In points: fits when the width is at most the box's (TextKit).
    case points
    /// In LayoutUnits (1/64) of device pixels, one unit of overflow tolerated (Chromium; `LineFit.chromiumFits`).
    case deviceLayoutUnits

    /// The test at `scale`.
    func fit(at scale: Scale) -> LineFit {
        switch self {
        case .points: return .points
        case .deviceLayoutUnits: return .chromium(scale)
        }
    }
}

/// Which paragraph settings decide how spaces are kept and where text wraps.
public enum Wrapping: Hashable, Sendable {
    /// Text as typed: every space and newline kept, lines always wrap, spaces at a line's end hang, and a word
    /// wider than the line breaks between letters, with ICU's line-break rules for the language (UILabel). The CSS
    /// settings (`whiteSpace`, `overflowWrap`, `wordBreak`, `lineBreak`) are not read.
    case asTypedAlwaysWrapping
    /// CSS Text 3: `whiteSpace` collapses spaces and decides whether lines wrap, `overflowWrap` whether an overlong
    /// word may break, `wordBreak` and `lineBreak` add or remove opportunities.
    case cssTextProperties

    /// The `white-space` to process the text with; nil keeps it as typed.
    func whiteSpace(_ paragraph: ParagraphStyle) -> WhiteSpace? {
        switch self {
        case .asTypedAlwaysWrapping: return nil
        case .cssTextProperties: return paragraph.whiteSpace
        }
    }

    /// The ICU `lb` strictness; nil leaves ICU's default for the language.
    func strictness(_ paragraph: ParagraphStyle) -> LineBreakStrictness? {
        switch self {
        case .asTypedAlwaysWrapping: return nil
        case .cssTextProperties: return paragraph.lineBreak ?? .auto
        }
    }

    /// Whether lines wrap at the box's width at all.
    func wraps(_ paragraph: ParagraphStyle) -> Bool { whiteSpace(paragraph)?.wraps ?? true }

    /// Whether a word wider than the line is broken between grapheme clusters rather than overflowing.
    func breaksWithinWords(_ paragraph: ParagraphStyle) -> Bool {
        switch self {
        case .asTypedAlwaysWrapping: return true
        case .cssTextProperties: return paragraph.overflowWrap != .normal
        }
    }

    /// Whether spaces at a line's end hang past its edge (all but CSS `break-spaces`).
    func spacesHang(_ paragraph: ParagraphStyle) -> Bool { whiteSpace(paragraph) != .breakSpaces }
}

/// Which paragraph setting turns on dictionary hyphenation.
public enum HyphenationControl: Hashable, Sendable {
    /// NSParagraphStyle's `hyphenationFactor` (0…1): a line filled less than that share of the width may end at a
    /// dictionary point; never in `charWrap`. Soft hyphens always count.
    case fillFactor
    /// CSS `hyphens`: `auto` ends a line at any dictionary point that fits, `manual` at soft hyphens only, `none`
    /// not even there.
    case cssHyphens

    /// Whether dictionary hyphenation points are found at all.
    func hyphenates(_ paragraph: ParagraphStyle) -> Bool {
        switch self {
        case .fillFactor: return paragraph.hyphenationFactor > 0 && paragraph.lineBreakMode != .charWrap
        case .cssHyphens: return paragraph.hyphens == .auto
        }
    }

    /// Whether soft hyphens are no break opportunities either.
    func ignoresSoftHyphens(_ paragraph: ParagraphStyle) -> Bool {
        switch self {
        case .fillFactor: return false
        case .cssHyphens: return paragraph.hyphens == .none
        }
    }

    /// The fill below which a line may end at a dictionary point (``LineBreaker``'s `hyphenationFactor`).
    func fillFactor(_ paragraph: ParagraphStyle) -> Double {
        switch self {
        case .fillFactor: return min(1, max(0, paragraph.hyphenationFactor))
        case .cssHyphens: return paragraph.hyphens == .auto ? 1 : 0
        }
    }
}

/// Where default tab stops are.
public enum TabStops: Hashable, Sendable {
    /// Every this many points, whatever the font (NSParagraphStyle's default stops are 28 pt apart).
    case everyPoints(Double)
    /// Every this many spaces of the paragraph's font, its letter spacing included as for any space (CSS
    /// `tab-size`, 8 by default).
    case everySpaces(Int)

    /// The distance between stops for a paragraph whose own style is `style`.
    func interval(for style: TextStyle) -> Double {
        switch self {
        case .everyPoints(let points): return points
        case .everySpaces(let count):
            var options = ShapingOptions(kerning: style.kerning, letterSpacing: style.letterSpacing)
            options.features = style.features
            let space = Shaper.shape(" ", font: style.font, pointSize: style.pointSize, options: options)
            return Double(count) * space.totalAdvance
        }
    }
}

/// The grid element frames (label widths, stack positions, lengths a stack hands out) are kept on.
public enum FrameGrid: Hashable, Sendable {
    /// Whole device pixels: Auto Layout rounds view frames to the screen's scale, and UILabel's intrinsic width is
    /// its text's width rounded up to a pixel.
    case devicePixels
    /// Chromium's LayoutUnits, 1/64 of a device pixel: a box keeps its fractional size (a shrink-to-fit width is its
    /// text's width rounded up to a unit), and painting snaps its edges to pixels.
    case layoutUnits

    /// `points` rounded up onto the grid at `scale`.
    func ceil(_ points: Double, _ scale: Scale) -> Double {
        switch self {
        case .devicePixels: return scale.ceilToPixel(points)
        case .layoutUnits: return ((points * scale.value * 64) - 1e-6).rounded(.up) / (scale.value * 64)
        }
    }

    /// `points` rounded to the nearest grid line at `scale`.
    func round(_ points: Double, _ scale: Scale) -> Double {
        switch self {
        case .devicePixels: return scale.roundToPixel(points)
        case .layoutUnits: return (points * scale.value * 64).rounded(.toNearestOrAwayFromZero) / (scale.value * 64)
        }
    }
}

/// How wide a label is when a stack offers it a width and does not stretch it.
public enum LabelFitting: Hashable, Sendable {
    /// Its longest line after wrapping at the offered width (UILabel's intrinsic size at a preferred maximum width):
    /// a wrapped chat bubble is as wide as its widest line.
    case longestLine
    /// CSS shrink-to-fit: its whole text on one line when that fits, else the offered width, however short its wrapped
    /// lines (`min(max-content, max(min-content, available))`): a wrapped bubble takes its maximum width.
    case shrinkToFit
}

/// Who takes the room a `fill` stack has left over along its axis.
public enum StackSlack: Hashable, Sendable {
    /// The views by hugging priority, the lowest first (UIStackView's `fill`): with no spacer, a label grows.
    case byHugging
    /// Only views without content of their own — spacers, boxes without a length — as flex items with `flex-grow`;
    /// a label keeps its width and the rest stays empty after the last view (CSS flexbox, `justify-content: start`).
    case flexibleViewsOnly
}

/// Where a label's text sits in a frame taller than the text (a `height`, a stack's `fill` alignment).
public enum LabelTextPlacement: Hashable, Sendable {
    /// Centred vertically, the offset rounded to the pixel grid: UILabel's `drawText(in:)` centres its text rect.
    case centred
    /// At the top, the rest of the frame empty below: a CSS block's content starts at its content box's top
    /// (a stretched flex item does not move its text). A frame shorter than the text still centres it (CSS would
    /// let the lines overflow below; not modelled yet).
    case top
}

/// Who gives way when a `fill` stack's children do not fit along its axis.
public enum StackShrink: Hashable, Sendable {
    /// The child with the lowest compression resistance first, down to its minimum, then the next (UIStackView's
    /// `fill`); tied labels that wrap shrink to equal lengths.
    case byCompressionResistance
    /// CSS flexbox (css-flexbox-1 §9.7, "resolving flexible lengths"): every child shrinks in proportion to its
    /// `flex-shrink` times its length, none below its automatic minimum (a wrapping label's longest word, nothing
    /// for a label that truncates, a nested stack's own minimum), and what a child cannot give is shared again.
    case flexShrink
}

/// How a line height written as a percentage of the font size becomes points.
public enum PercentLineHeight: Hashable, Sendable {
    /// The size times the percentage: what a design tool means by "120%" and what a UIKit app computes from it.
    case exact
    /// Blink's rule: the percentage is cut to a whole number first. Measured in Chromium 156: `line-height: 133.3%`
    /// at 19 px computes to 25.27px (19 × 1.33), where `line-height: 1.333` and `25.327px` compute to 25.327px.
    case wholePercent

    /// The line height in points for `percent` of `size`.
    public func points(_ percent: Double, of size: Double) -> Double {
        switch self {
        case .exact: return percent / 100 * size
        case .wholePercent: return percent.rounded(.towardZero) / 100 * size
        }
    }
}

/// Whether a font's own tracking table (AAT `trak`) spaces its text (issue 23, "Tracking tables").
public enum FontTracking: Hashable, Sendable {
    /// Core Text: the normal track at the run's point size (``Font/tableTracking(atPointSize:)``: interpolated between
    /// the table's sizes, clamped outside them), added to every cluster's advance on top of the style's letter
    /// spacing (UIKit's `.kern` adds to the font's advances, which already carry the tracking: HarfBuzz 208ffb3f1
    /// had to subtract it from `CTFontGetAdvancesForGlyphs`; inferred from that, not measured on a device). Core
    /// Text's advances carry it per glyph, HarfBuzz's emulation per grapheme; Ghostline adds it once per cluster,
    /// like letter spacing, which is the same for text without ligatures or marks. Only fonts that also have a
    /// `STAT` table are tracked:
    /// WWDC20 "The details of UI typography" — custom fonts with both `trak` and `STAT` get size-specific tracking;
    /// HarfBuzz's hb-ot-shape.cc applies it on the same condition, citing Apple.
    case coreText
    /// Never: measured in Chromium 156 (Debian 12, with the system HarfBuzz 6.0.0), a font whose `trak` asks for
    /// 100/1000 em at every size, with or without `STAT`, lays out exactly as without the table at 8 to 40 px
    /// (`scripts/browser/browser-trak.py`). HarfBuzz 6 applies `trak` only when given a size in points (`hb_font_set_ptem`).
    case ignored

    /// The points `font`'s table adds after every cluster at `pointSize` in this rule.
    public func points(_ font: Font, pointSize: Double) -> Double {
        switch self {
        case .coreText: return font.hasStyleAttributesTable ? font.tableTracking(atPointSize: pointSize) : 0
        case .ignored: return 0
        }
    }
}
