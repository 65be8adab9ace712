import CHarfBuzz
import GhostlineFonts

/// The direction a run of text is shaped and drawn in.
public enum TextDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left to right (Latin, CJK, …) or right to left (Arabic, Hebrew, …). The raw values are the spellings the
    /// layout JSON writes.
    case leftToRight, rightToLeft

    /// The direction of a bidi embedding level: even levels are left-to-right, odd ones right-to-left (UAX #9).
    public init(level: UInt8) { self = level & 1 == 0 ? .leftToRight : .rightToLeft }
}

/// How a run is shaped: typographic features, and the direction, script and language HarfBuzz needs to pick
/// the right forms. Kerning and standard ligatures are on by default, as in UIKit; letter spacing (UIKit's
/// `kern` attribute, CSS `letter-spacing`) is in points.
public struct ShapingOptions: Hashable, Sendable {
    /// Whether the font's kerning (`kern`) applies; on by default, as UIKit kerns by default. Off switches the
    /// `kern` feature off for the whole run.
    public var kerning: Bool
    /// Whether standard and contextual ligatures (`liga`, `clig`) apply; on by default, as in UIKit. Off keeps "fi"
    /// as two glyphs.
    public var ligatures: Bool
    /// Points added after every cluster (a ligature counts once), like NSAttributedString's `.kern`.
    public var letterSpacing: Double
    /// Points the font's own tracking table (`trak`) adds after every cluster, on top of ``letterSpacing``, when the
    /// layout model applies it (Core Text does; see `FontTracking` in GhostlineLayout). Kept apart from letter
    /// spacing because it is the font's, not the style's: it does not turn ligatures off in any model.
    public var tracking: Double = 0
    /// The direction HarfBuzz shapes the run in. It decides the order of the glyphs in ``ShapedRun/glyphs`` and which
    /// forms joining scripts take, so it must match the bidi level of the run.
    public var direction: TextDirection
    /// ISO 15924 tag (`Latn`, `Deva`, `Arab`); nil lets HarfBuzz guess from the text.
    public var script: String?
    /// BCP 47 language (`ko`, `sr`, `tr`): selects language-specific forms in fonts that have them.
    public var language: String?
    /// OpenType features switched on or off for some characters (e.g. `halt` to trim CJK punctuation).
    public var features: [ShapingFeature] = []
    /// Where a bitmap-only font's (colour emoji's) advances come from: `hmtx`, as HarfBuzz and Core Text read it,
    /// or the glyph's bitmap in its strike, as Chromium's Skia does. Outline fonts are unaffected.
    public var bitmapAdvances: BitmapAdvances = .horizontalMetrics

    /// Creates options with UIKit's defaults: kerning and ligatures on, no letter spacing, left to right, script and
    /// language guessed by HarfBuzz, no extra features.
    public init(kerning: Bool = true, ligatures: Bool = true, letterSpacing: Double = 0,
                direction: TextDirection = .leftToRight, script: String? = nil, language: String? = nil) {
        self.kerning = kerning; self.ligatures = ligatures; self.letterSpacing = letterSpacing
        self.direction = direction; self.script = script; self.language = language
    }

    /// UIKit's defaults: see ``init(kerning:ligatures:letterSpacing:direction:script:language:)``.
    public static let `default` = ShapingOptions()
}

/// An OpenType feature for the characters `range` of the paragraph (all of them when nil).
public struct ShapingFeature: Hashable, Sendable {
    /// The four-letter OpenType feature tag (`kern`, `liga`, `halt`, `palt`); a tag of any other length is skipped.
    public var tag: String
    /// The feature's value: 0 switches it off, 1 on; features with alternates take the alternate's number.
    public var value: UInt32
    /// The scalars of the paragraph the feature applies to, as offsets into ``ShapingText/scalars``; nil for all of
    /// them.
    public var range: Range<Int>?
    /// Creates a feature setting, on (value 1) for the whole paragraph unless told otherwise.
    public init(_ tag: String, value: UInt32 = 1, range: Range<Int>? = nil) {
        self.tag = tag; self.value = value; self.range = range
    }
}

/// One positioned glyph, in points. Advances accumulate from the run's start.
public struct ShapedGlyph: Hashable, Sendable {
    /// Glyph index in the font (0 = .notdef: the font has no glyph for the character).
    public var glyph: UInt32
    /// Offset, in Unicode scalars of the paragraph, of the first scalar this glyph belongs to.
    public var cluster: Int
    /// Pen advance in points, letter spacing included.
    public var advance: Double
    /// Offset from the pen position in points (x right, y up, as fonts measure).
    public var offsetX: Double
    /// Vertical offset from the pen position in points, y up (positive raises the glyph, as a mark above its base).
    public var offsetY: Double
    /// HarfBuzz's UNSAFE_TO_BREAK: ending a line just before this glyph's cluster and shaping the two halves
    /// apart would give different glyphs or advances (a kerning pair, a ligature, Arabic joining).
    public var unsafeToBreak: Bool = false
}

/// A paragraph's code points, shared by every run shaped from it: HarfBuzz sees the text around a run as
/// context (Arabic joining across a font change), and clusters come back as offsets into the whole paragraph.
public struct ShapingText: Sendable {
    /// The whole paragraph; runs and feature ranges index into it by scalar offset.
    public let scalars: [Unicode.Scalar]
    let codepoints: [UInt32]

    /// Wraps a paragraph's scalars for shaping.
    public init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        self.codepoints = scalars.map(\.value)
    }
}

/// The glyphs of one run (one font, size, direction and script), in visual order: left to right on the page,
/// so a right-to-left run lists its clusters in decreasing order.
public struct ShapedRun: Sendable {
    /// The scalars of the paragraph this run shaped.
    public let range: Range<Int>
    /// The positioned glyphs, in visual order (left to right on the page whatever the direction).
    public let glyphs: [ShapedGlyph]
    /// The direction the run was shaped in.
    public let direction: TextDirection
    /// The font size in points that the advances and offsets were computed for.
    public let pointSize: Double

    /// Creates a run from glyphs already shaped; layout uses it to rebuild a run whose glyphs it adjusted (a tab or a
    /// collapsed space given no advance).
    public init(range: Range<Int>, glyphs: [ShapedGlyph], direction: TextDirection, pointSize: Double) {
        self.range = range; self.glyphs = glyphs; self.direction = direction; self.pointSize = pointSize
    }

    /// The run's width in points: the sum of its glyphs' advances, letter spacing included.
    public var totalAdvance: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

/// The result of shaping a whole text with one font and size, left to right: the simple case (tests, the
/// ellipsis, captions). Paragraph layout uses `ShapedRun`s.
public struct ShapedText: Sendable {
    /// The text that was shaped, as Unicode scalars; glyph clusters are offsets into it.
    public let scalars: [Unicode.Scalar]
    /// The positioned glyphs, in visual order.
    public let glyphs: [ShapedGlyph]
    /// The font size in points that the advances were computed for.
    public let pointSize: Double
    /// `scalarAdvancePrefix[i]` is the total advance of every glyph whose cluster lies before scalar `i`, so the
    /// width of any scalar range is one subtraction.
    public let scalarAdvancePrefix: [Double]

    /// Sum of advances of the glyphs whose clusters fall in `range` (scalar offsets).
    public func advance(of range: Range<Int>) -> Double {
        scalarAdvancePrefix[range.upperBound] - scalarAdvancePrefix[range.lowerBound]
    }

    /// The width of the whole text in points, letter spacing included.
    public var totalAdvance: Double { scalarAdvancePrefix.last ?? 0 }
}

/// Shapes text with HarfBuzz.
///
/// Text goes to HarfBuzz as UTF-32, so the clusters HarfBuzz reports *are* Unicode-scalar offsets of the source
/// (with UTF-8 input they would be byte offsets and need mapping back). Positions come back in font units (the
/// font's HarfBuzz scale is its unitsPerEm) and are converted to points here, unrounded: iOS lays text out
/// unhinted with fractional advances.
public enum Shaper {
    /// Shapes all of `text` left to right in one font.
    public static func shape(_ text: String, font: Font, pointSize: Double,
                             options: ShapingOptions = .default) -> ShapedText {
        shape(scalars: Array(text.unicodeScalars), font: font, pointSize: pointSize, options: options)
    }

    /// Shapes `scalars` as one run in one font (left to right unless `options` say otherwise), and indexes the advances
    /// by scalar so that ``ShapedText/advance(of:)`` can measure any range.
    ///
    /// - Parameters:
    ///   - scalars: The text to shape.
    ///   - font: The font. A font HarfBuzz cannot open gives no glyphs (zero width); nothing throws.
    ///   - pointSize: The size in points.
    ///   - options: Features, letter spacing, direction, script and language.
    /// - Returns: The glyphs and a per-scalar running total of their advances.
    public static func shape(scalars: [Unicode.Scalar], font: Font, pointSize: Double,
                             options: ShapingOptions = .default) -> ShapedText {
        let run = shape(ShapingText(scalars), range: 0..<scalars.count, font: font, pointSize: pointSize, options: options)
        var perScalar = [Double](repeating: 0, count: scalars.count)
        for glyph in run.glyphs { perScalar[glyph.cluster] += glyph.advance }
        var prefix = [Double](repeating: 0, count: scalars.count + 1)
        for i in 0..<scalars.count { prefix[i + 1] = prefix[i] + perScalar[i] }
        return ShapedText(scalars: scalars, glyphs: run.glyphs, pointSize: pointSize, scalarAdvancePrefix: prefix)
    }

    /// Shapes the scalars `range` of `text` as one run; the rest of the text is context only.
    public static func shape(_ text: ShapingText, range: Range<Int>, font: Font, pointSize: Double,
                             options: ShapingOptions = .default) -> ShapedRun {
        guard !range.isEmpty, let hbFont = font.harfBuzzFont, let buffer = hb_buffer_create() else {
            return ShapedRun(range: range, glyphs: [], direction: options.direction, pointSize: pointSize)
        }
        defer { hb_buffer_destroy(buffer) }
        text.codepoints.withUnsafeBufferPointer { points in
            hb_buffer_add_utf32(buffer, points.baseAddress, Int32(points.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, options.direction == .leftToRight ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
        if let script = options.script, script.utf8.count == 4 {
            hb_buffer_set_script(buffer, hb_script_from_string(script, 4))
        }
        if let language = options.language, !language.isEmpty {
            hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count)))
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)

        var features: [hb_feature_t] = []
        func feature(_ tag: String, _ value: UInt32, _ range: Range<Int>? = nil) {
            let c = Array(tag.utf8).map { CChar(bitPattern: $0) }
            guard c.count == 4 else { return }
            features.append(hb_feature_t(tag: gl_hb_tag(c[0], c[1], c[2], c[3]), value: value,
                                         start: range.map { UInt32($0.lowerBound) } ?? 0,
                                         end: range.map { UInt32($0.upperBound) } ?? UInt32.max))
        }
        if !options.kerning { feature("kern", 0) }
        if !options.ligatures { feature("liga", 0); feature("clig", 0) }
        for extra in options.features { feature(extra.tag, extra.value, extra.range) }
        features.withUnsafeBufferPointer { f in hb_shape(hbFont, buffer, f.baseAddress, UInt32(f.count)) }

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        let unitsToPoints = pointSize / Double(font.shapingUnitsPerEm)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            var info = infos![i]
            let position = positions![i]
            let flags = hb_glyph_info_get_glyph_flags(&info)
            glyphs.append(ShapedGlyph(glyph: info.codepoint, cluster: Int(info.cluster),
                                      advance: Double(position.x_advance) * unitsToPoints,
                                      offsetX: Double(position.x_offset) * unitsToPoints,
                                      offsetY: Double(position.y_offset) * unitsToPoints,
                                      unsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
        if options.bitmapAdvances == .strike, font.isBitmapOnly {
            for i in glyphs.indices {
                if let em = font.strikeAdvance(of: glyphs[i].glyph) { glyphs[i].advance = em * pointSize }
            }
        }
        // Letter spacing and the font's tracking: once after each cluster, on its last glyph in visual order. Core
        // Text adds a font's tracking to advances and does not move the glyphs (HarfBuzz be287eab0: "[trak] Don't
        // shift glyphs. That's what CoreText does"), so both go after the glyph, none before it.
        let spacing = options.letterSpacing + options.tracking
        if spacing != 0 {
            for i in glyphs.indices where i == glyphs.count - 1 || glyphs[i + 1].cluster != glyphs[i].cluster {
                glyphs[i].advance += spacing
            }
        }
        return ShapedRun(range: range, glyphs: glyphs, direction: options.direction, pointSize: pointSize)
    }
}

/// Where a bitmap-only font's glyph advances come from (``ShapingOptions/bitmapAdvances``).
public enum BitmapAdvances: String, Hashable, Sendable {
    /// The `hmtx` table, as HarfBuzz and Core Text read every font.
    case horizontalMetrics
    /// The glyph's bitmap in the font's largest colour strike, scaled to the size: what Chromium's Skia (FreeType's
    /// bitmap metrics) advances a colour emoji font's glyph by (``Font/strikeAdvance(of:)``).
    case strike
}
