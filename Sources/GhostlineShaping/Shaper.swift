import CHarfBuzz
import GhostlineFonts

/// The direction a run of text is shaped and drawn in.
public enum TextDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case leftToRight, rightToLeft

    /// The direction of a bidi embedding level: even levels are left-to-right, odd ones right-to-left (UAX #9).
    public init(level: UInt8) { self = level & 1 == 0 ? .leftToRight : .rightToLeft }
}

/// How a run is shaped: typographic features, and the direction, script and language HarfBuzz needs to pick
/// the right forms. Kerning and standard ligatures are on by default, as in UIKit; letter spacing (UIKit's
/// `kern` attribute, CSS `letter-spacing`) is in points.
public struct ShapingOptions: Hashable, Sendable {
    public var kerning: Bool
    public var ligatures: Bool
    /// Points added after every cluster (a ligature counts once), like NSAttributedString's `.kern`.
    public var letterSpacing: Double
    public var direction: TextDirection
    /// ISO 15924 tag (`Latn`, `Deva`, `Arab`); nil lets HarfBuzz guess from the text.
    public var script: String?
    /// BCP 47 language (`ko`, `sr`, `tr`): selects language-specific forms in fonts that have them.
    public var language: String?
    /// OpenType features switched on or off for some characters (e.g. `halt` to trim CJK punctuation).
    public var features: [ShapingFeature] = []

    public init(kerning: Bool = true, ligatures: Bool = true, letterSpacing: Double = 0,
                direction: TextDirection = .leftToRight, script: String? = nil, language: String? = nil) {
        self.kerning = kerning; self.ligatures = ligatures; self.letterSpacing = letterSpacing
        self.direction = direction; self.script = script; self.language = language
    }

    public static let `default` = ShapingOptions()
}

/// An OpenType feature for the characters `range` of the paragraph (all of them when nil).
public struct ShapingFeature: Hashable, Sendable {
    public var tag: String
    public var value: UInt32
    public var range: Range<Int>?
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
    public var offsetY: Double
    /// HarfBuzz's UNSAFE_TO_BREAK: ending a line just before this glyph's cluster and shaping the two halves
    /// apart would give different glyphs or advances (a kerning pair, a ligature, Arabic joining).
    public var unsafeToBreak: Bool = false
}

/// A paragraph's code points, shared by every run shaped from it: HarfBuzz sees the text around a run as
/// context (Arabic joining across a font change), and clusters come back as offsets into the whole paragraph.
public struct ShapingText: Sendable {
    public let scalars: [Unicode.Scalar]
    let codepoints: [UInt32]

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
    public let glyphs: [ShapedGlyph]
    public let direction: TextDirection
    public let pointSize: Double

    public init(range: Range<Int>, glyphs: [ShapedGlyph], direction: TextDirection, pointSize: Double) {
        self.range = range; self.glyphs = glyphs; self.direction = direction; self.pointSize = pointSize
    }

    public var totalAdvance: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

/// The result of shaping a whole text with one font and size, left to right: the simple case (tests, the
/// ellipsis, captions). Paragraph layout uses `ShapedRun`s.
public struct ShapedText: Sendable {
    public let scalars: [Unicode.Scalar]
    public let glyphs: [ShapedGlyph]
    public let pointSize: Double
    /// `scalarAdvancePrefix[i]` is the total advance of every glyph whose cluster lies before scalar `i`, so the
    /// width of any scalar range is one subtraction.
    public let scalarAdvancePrefix: [Double]

    /// Sum of advances of the glyphs whose clusters fall in `range` (scalar offsets).
    public func advance(of range: Range<Int>) -> Double {
        scalarAdvancePrefix[range.upperBound] - scalarAdvancePrefix[range.lowerBound]
    }

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
        // Letter spacing: once after each cluster, on its last glyph in visual order.
        if options.letterSpacing != 0 {
            for i in glyphs.indices where i == glyphs.count - 1 || glyphs[i + 1].cluster != glyphs[i].cluster {
                glyphs[i].advance += options.letterSpacing
            }
        }
        return ShapedRun(range: range, glyphs: glyphs, direction: options.direction, pointSize: pointSize)
    }
}
