import Foundation
import GhostlineFonts
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout

/// Styles: a description as layout's `TextStyle` and `ParagraphStyle`.
extension ResolverState {
    /// A style description as layout wants it: the character style (font opened, size from Dynamic Type when
    /// `textStyle` is set, colour in the palette) and the paragraph style. How its font was found is recorded for
    /// `subject`.
    mutating func resolve(_ style: StyleDescription,
                          for subject: FontResolution.Subject) throws(SceneError) -> (TextStyle, ParagraphStyle) {
        let character = style.character
        var size = character.size
        var lineHeight = style.paragraph.lineHeight
        var weight = character.weight ?? .regular
        if let textStyle = character.textStyle {
            let spec = DynamicType.spec(textStyle, contentSize)
            size = spec.pointSize
            weight = character.weight ?? spec.weight
            // UIKit applies a text style's size and weight, never the HIG table's line height (measured on
            // iOS: title1 at Large is the font's 33.667 pt at @3x, not 34); design kits and so the css model do.
            if style.paragraph.lineHeightFromTextStyle
                || (model.textStyleSuppliesLineHeight && lineHeight == nil && style.paragraph.lineHeightPercent == nil) {
                lineHeight = spec.lineHeight
            }
        } else if let curve = character.scalesWith, let own = size {
            // UIFontMetrics(forTextStyle: curve).scaledFont(for:maximumPointSize:) on the style's own font.
            (size, lineHeight) = DynamicType.scaled(size: own, lineHeight: lineHeight, with: curve, at: contentSize,
                                                    maximumPointSize: character.maximumPointSize)
            if style.paragraph.lineHeightFromTextStyle {
                throw error(style.marks["lineHeight"] ?? style.mark, "`lineHeight: textStyle` needs a `textStyle` in the same style",
                            fix: "give the line height in points: it scales with `scalesWith` as the size does")
            }
        } else if style.paragraph.lineHeightFromTextStyle {
            throw error(style.marks["lineHeight"] ?? style.mark, "`lineHeight: textStyle` needs a `textStyle` in the same style",
                        fix: "add `textStyle: body` (or another text style), or give the line height in points")
        }
        guard let size else {
            throw error(style.mark, "the style has no size", fix: "add `size: 17` (points) or `textStyle: body`")
        }
        guard let fontName = character.font else {
            throw error(style.mark, "missing required key `font`",
                        fix: "name a font: a key of `fonts:`, a family such as Inter, or a PostScript name")
        }
        // Percentages are of the size finally used (after Dynamic Type), as Figma and CSS `em`s are.
        if let percent = style.paragraph.lineHeightPercent { lineHeight = model.percentLineHeight.points(percent, of: size) }
        let letterSpacing = character.letterSpacing ?? character.letterSpacingPercent.map { $0 / 100 * size } ?? 0
        let request = FontResolution.Request(name: fontName, weight: weight, italic: character.italic ?? false)
        // On a variable font: the weight on `wght`, the size on `opsz` (unless `opticalSizing: none`), then the
        // explicit axes, which win (CSS Fonts 4 §7, Core Text's automatic optical size).
        let variations = FontVariationRequest(weight: weight.value,
                                              opticalSize: (character.opticalSizing ?? .auto) == .auto ? size : nil,
                                              settings: character.variations ?? [])
        let (font, source) = try self.font(request, mark: style.marks["font"], variations: variations,
                                           explicitWeight: character.weight != nil || character.textStyle != nil)
        fontResolutions.append(FontResolution(subject: subject, request: request, source: source, font: font))
        var text = TextStyle(font: font, pointSize: size, letterSpacing: letterSpacing, kerning: character.kerning ?? true,
                             ligatures: character.ligatures ?? true, baselineOffset: character.baselineOffset ?? 0,
                             underline: try decoration(character.underline, key: "underline", style: style),
                             strikethrough: try decoration(character.strikethrough, key: "strikethrough", style: style),
                             language: character.language,
                             paint: palette.add(try color(character.color ?? "label", default: .black, mark: style.marks["color"])))
        text.variations = variations
        text.features = character.features ?? []
        text.textCase = character.textCase ?? .none
        text.textSpacingTrim = character.textSpacingTrim ?? .normal
        if case .snappedFamily = source {
            text.requestedFace = RequestedFace(name: request.name, weight: request.weight.value, italic: request.italic)
        }
        let paragraph = try paragraphStyle(style.paragraph, lineHeight: lineHeight, language: character.language,
                                           marks: style.marks)
        return (text, paragraph)
    }

    /// The paragraph keys as layout wants them, the line height already in points (Dynamic Type and percentages
    /// need the character keys) and the language the character keys'. A setting the model has no use for is
    /// refused, at the place `marks` names for it.
    func paragraphStyle(_ keys: ParagraphStyleDescription, lineHeight: Double?, language: String?,
                        marks: [String: SourceMark]) throws(SceneError) -> ParagraphStyle {
        var paragraph = ParagraphStyle()
        paragraph.lineHeight = lineHeight
        paragraph.lineHeightStrategy = keys.lineHeightStrategy ?? .padded
        paragraph.lineSpacing = keys.lineSpacing ?? 0
        paragraph.paragraphSpacing = keys.paragraphSpacing ?? 0
        paragraph.paragraphSpacingBefore = keys.paragraphSpacingBefore ?? 0
        paragraph.minimumLineHeight = keys.minimumLineHeight ?? 0
        paragraph.maximumLineHeight = keys.maximumLineHeight ?? 0
        paragraph.lineHeightMultiple = keys.lineHeightMultiple ?? 0
        paragraph.firstLineHeadIndent = keys.firstLineHeadIndent ?? 0
        paragraph.headIndent = keys.headIndent ?? 0
        paragraph.tailIndent = keys.tailIndent ?? 0
        paragraph.alignment = keys.alignment ?? .natural
        paragraph.language = language
        paragraph.lineBreak = keys.lineBreak
        // A setting the model has no use for is refused rather than ignored; the first one set, in this order.
        let given = [("lineBreak", keys.lineBreak != nil), ("whiteSpace", keys.whiteSpace != nil),
                     ("overflowWrap", keys.overflowWrap != nil), ("wordBreak", keys.wordBreak != nil),
                     ("hyphens", keys.hyphens != nil), ("hyphenationFactor", keys.hyphenationFactor != nil)]
        try refuseUnused(given, marks: marks)
        paragraph.whiteSpace = keys.whiteSpace ?? .preWrap
        paragraph.overflowWrap = keys.overflowWrap ?? .breakWord
        paragraph.wordBreak = keys.wordBreak ?? .normal
        paragraph.hyphens = keys.hyphens ?? .manual
        paragraph.hyphenationFactor = keys.hyphenationFactor ?? 0
        return paragraph
    }

    /// A decoration as layout draws it: nil for none or `false`; its colour added to the palette (nil = the text's).
    mutating func decoration(_ description: DecorationDescription?, key: String,
                             style: StyleDescription) throws(SceneError) -> TextDecorationStyle? {
        guard let description, description.isOn else { return nil }
        var paint: PaintID?
        if let color = description.color {
            paint = palette.add(try self.color(color, default: .black, mark: style.marks[key], keyPath: key + ".color"))
        }
        return TextDecorationStyle(line: description.line ?? .single, pattern: description.pattern ?? .solid, paint: paint)
    }

    /// The description a reference stands for (a named style looked up, an inline one as written).
    func description(of reference: StyleReference) throws(SceneError) -> StyleDescription {
        switch reference {
        case .inline(let style):
            return style
        case .named(let name, let mark):
            guard let named = styles[name] else {
                throw error(mark, "no style named `\(name)`",
                            fix: "define it under `styles:` (defined: \(styles.keys.sorted().joined(separator: ", ")))")
            }
            return named
        }
    }
}

extension ResolverState {
    /// Throws the model's refusal of the first setting of `given` that is set and that the model has no use for, at
    /// the place `marks` names for it: a setting is refused rather than silently ignored.
    func refuseUnused(_ given: [(key: String, isSet: Bool)], marks: [String: SourceMark]) throws(SceneError) {
        for (key, isSet) in given where isSet {
            if let refused = model.refusal(of: key) { throw error(marks[key], refused.problem, fix: refused.fix) }
        }
    }
}
