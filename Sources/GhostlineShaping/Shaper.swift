import CHarfBuzz
import GhostlineFonts

/// Typographic features the shaper turns on or off. Kerning and standard ligatures are on by default, as in
/// UIKit; letter spacing (UIKit's `kern` attribute, CSS `letter-spacing`) is in points.
public struct ShapingOptions: Hashable, Sendable {
    public var kerning: Bool
    public var ligatures: Bool
    /// Points added after every cluster (a ligature counts once), like NSAttributedString's `.kern`.
    public var letterSpacing: Double

    public init(kerning: Bool = true, ligatures: Bool = true, letterSpacing: Double = 0) {
        self.kerning = kerning; self.ligatures = ligatures; self.letterSpacing = letterSpacing
    }

    public static let `default` = ShapingOptions()
}

/// One positioned glyph, in points. `x` positions accumulate advances from the run's start.
public struct ShapedGlyph: Hashable, Sendable {
    /// Glyph index in the font (0 = .notdef: the font has no glyph for the character).
    public var glyph: UInt32
    /// Offset, in Unicode scalars of the source text, of the first scalar this glyph belongs to.
    public var cluster: Int
    /// Pen advance in points, letter spacing included.
    public var advance: Double
    /// Offset from the pen position in points (x right, y up, as fonts measure).
    public var offsetX: Double
    public var offsetY: Double
}

/// The result of shaping a paragraph with one font and size: glyphs in visual (left-to-right) order.
public struct ShapedText: Sendable {
    public let scalars: [Unicode.Scalar]
    public let glyphs: [ShapedGlyph]
    public let pointSize: Double
    /// `scalarAdvancePrefix[i]` is the total advance of every glyph whose cluster lies before scalar `i`, so the
    /// width of any scalar range is one subtraction: line breaking stays linear in the text's length.
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
/// string (with UTF-8 input they would be byte offsets and need mapping back). Positions come back in font units
/// (the font's HarfBuzz scale is its unitsPerEm) and are converted to points here, unrounded: iOS lays text out
/// unhinted with fractional advances.
public enum Shaper {
    public static func shape(_ text: String, font: Font, pointSize: Double,
                             options: ShapingOptions = .default) -> ShapedText {
        shape(scalars: Array(text.unicodeScalars), font: font, pointSize: pointSize, options: options)
    }

    public static func shape(scalars: [Unicode.Scalar], font: Font, pointSize: Double,
                             options: ShapingOptions = .default) -> ShapedText {
        guard !scalars.isEmpty, let hbFont = font.harfBuzzFont, let buffer = hb_buffer_create() else {
            return ShapedText(scalars: scalars, glyphs: [], pointSize: pointSize,
                              scalarAdvancePrefix: [Double](repeating: 0, count: scalars.count + 1))
        }
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map { $0.value }
        codepoints.withUnsafeBufferPointer { points in
            hb_buffer_add_utf32(buffer, points.baseAddress, Int32(points.count), 0, Int32(points.count))
        }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)

        var features: [hb_feature_t] = []
        func feature(_ tag: String, _ value: UInt32) {
            let c = Array(tag.utf8).map { CChar(bitPattern: $0) }
            features.append(hb_feature_t(tag: gl_hb_tag(c[0], c[1], c[2], c[3]), value: value,
                                         start: 0, end: UInt32.max))
        }
        if !options.kerning { feature("kern", 0) }
        if !options.ligatures { feature("liga", 0); feature("clig", 0) }
        features.withUnsafeBufferPointer { f in
            hb_shape(hbFont, buffer, f.baseAddress, UInt32(f.count))
        }

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        let unitsToPoints = pointSize / Double(font.shapingUnitsPerEm)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let info = infos![i], position = positions![i]
            glyphs.append(ShapedGlyph(glyph: info.codepoint, cluster: Int(info.cluster),
                                      advance: Double(position.x_advance) * unitsToPoints,
                                      offsetX: Double(position.x_offset) * unitsToPoints,
                                      offsetY: Double(position.y_offset) * unitsToPoints))
        }
        // Letter spacing: once after each cluster, on its last glyph.
        if options.letterSpacing != 0 {
            for i in glyphs.indices where i == glyphs.count - 1 || glyphs[i + 1].cluster != glyphs[i].cluster {
                glyphs[i].advance += options.letterSpacing
            }
        }
        var perScalar = [Double](repeating: 0, count: scalars.count)
        for glyph in glyphs { perScalar[glyph.cluster] += glyph.advance }
        var prefix = [Double](repeating: 0, count: scalars.count + 1)
        for i in 0..<scalars.count { prefix[i + 1] = prefix[i] + perScalar[i] }
        return ShapedText(scalars: scalars, glyphs: glyphs, pointSize: pointSize, scalarAdvancePrefix: prefix)
    }
}
