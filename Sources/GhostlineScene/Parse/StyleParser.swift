import GhostlineFonts
import GhostlineLayout

/// A style mapping: its character keys and its paragraph keys, side by side in the file, read into their groups.
extension SceneParser {
    /// A style mapping; `allowed` narrows the keys (a run's inline style has no paragraph keys).
    func style(_ cursor: YAMLCursor, allowed: [String] = StyleDescription.keys) throws(SceneError) -> StyleDescription {
        let keys = try cursor.mapping(allowed: allowed)
        // Character keys first, then paragraph keys: the first error found is the same as in one pass over both.
        var style = StyleDescription(character: try characterStyle(keys), paragraph: try paragraphStyle(keys))
        style.mark = cursor.mark
        for (key, value) in keys.entries { style.marks[key] = value.mark }
        return style
    }

    /// The character keys of a style mapping.
    func characterStyle(_ keys: YAMLCursor.Mapping) throws(SceneError) -> CharacterStyleDescription {
        var style = CharacterStyleDescription()
        func points(_ key: String, _ range: ClosedRange<Double>, _ what: String = "points") throws(SceneError) -> Double? {
            try keys[key]?.number(what, range: range)
        }
        style.font = try keys["font"]?.string()
        style.size = try points("size", 1...1000, "a font size in points")
        if let t = keys["textStyle"] {
            style.textStyle = try t.choice(DynamicTextStyle.self)
            if style.size != nil {
                throw t.error("both `size` and `textStyle` are set",
                              fix: "keep one: textStyle takes its size from the Dynamic Type table; to scale your own size, write `scalesWith: \(style.textStyle!.rawValue)` instead of textStyle")
            }
        }
        try dynamicScaling(keys, into: &style)
        if let w = keys["weight"] {
            let text = w.isNumber ? String(try w.integer(range: 1...1000)) : try w.string()
            guard let parsed = FontWeight(name: text) else {
                throw w.error("`\(text)` is not a font weight", fix: "use one of: \(FontWeight.acceptedNames), or a number 100…900")
            }
            style.weight = parsed
        }
        style.italic = try keys["italic"]?.bool()
        style.color = try keys["color"].map { c throws(SceneError) in try color(c) }
        (style.letterSpacing, style.letterSpacingPercent) = try pointsOrPercent(
            keys["letterSpacing"], what: "letter spacing in points", points: -100...100, percent: -100...100)
        try typographyKeys(keys, into: &style)
        style.kerning = try keys["kerning"]?.bool()
        style.ligatures = try keys["ligatures"]?.bool()
        style.baselineOffset = try points("baselineOffset", -1000...1000)
        style.underline = try decoration(keys["underline"], key: "underline")
        style.strikethrough = try decoration(keys["strikethrough"], key: "strikethrough")
        style.textCase = try keys["textCase"]?.choice(TextCase.self)
        style.textSpacingTrim = try keys["textSpacingTrim"]?.choice(TextSpacingTrim.self)
        if let l = keys["language"] { style.language = try language(l) }
        return style
    }

    /// `scalesWith` and `maximumPointSize` (UIFontMetrics): the style's own size scales with a text style.
    func dynamicScaling(_ keys: YAMLCursor.Mapping, into style: inout CharacterStyleDescription) throws(SceneError) {
        if let s = keys["scalesWith"] {
            let textStyle = try s.choice(DynamicTextStyle.self)
            if style.textStyle != nil {
                throw s.error("both `textStyle` and `scalesWith` are set",
                              fix: "keep one: textStyle takes size and weight from the Dynamic Type table, scalesWith scales the style's own size")
            }
            guard style.size != nil else {
                throw s.error("`scalesWith` scales the style's own size, and it has none",
                              fix: "add `size:` in points (the size at the Large category), or use `textStyle: \(textStyle.rawValue)`")
            }
            style.scalesWith = textStyle
        }
        if let m = keys["maximumPointSize"] {
            let maximum = try m.number("a font size in points", range: 1...1000)
            guard style.scalesWith != nil else {
                throw m.error("`maximumPointSize` caps a size that scales, and this style does not scale",
                              fix: "add `scalesWith: body` (or another text style) beside `size`, or remove maximumPointSize")
            }
            if let size = style.size, maximum < size {
                throw m.error("`maximumPointSize` (\(maximum)) is below the style's size (\(size))",
                              fix: "give a maximum of at least \(size) points")
            }
            style.maximumPointSize = maximum
        }
    }

    /// The paragraph keys of a style mapping.
    func paragraphStyle(_ keys: YAMLCursor.Mapping) throws(SceneError) -> ParagraphStyleDescription {
        var style = ParagraphStyleDescription()
        func points(_ key: String, _ range: ClosedRange<Double>) throws(SceneError) -> Double? {
            try keys[key]?.number("points", range: range)
        }
        if let l = keys["lineHeight"], !l.isNumber, (try? l.string()).map(YAMLCursor.choiceKey) == "textstyle" {
            style.lineHeightFromTextStyle = true
        } else {
            (style.lineHeight, style.lineHeightPercent) = try pointsOrPercent(
                keys["lineHeight"], what: "a line height in points, or `textStyle`", points: 1...2000, percent: 1...1000)
        }
        style.lineHeightStrategy = try keys["lineHeightStrategy"]?.choice(LineHeightStrategy.self)
        style.lineSpacing = try points("lineSpacing", 0...1000)
        style.paragraphSpacing = try points("paragraphSpacing", 0...1000)
        style.paragraphSpacingBefore = try points("paragraphSpacingBefore", 0...1000)
        style.minimumLineHeight = try points("minimumLineHeight", 0...2000)
        style.maximumLineHeight = try points("maximumLineHeight", 0...2000)
        style.lineHeightMultiple = try keys["lineHeightMultiple"]?.number("a multiple", range: 0...10)
        style.firstLineHeadIndent = try points("firstLineHeadIndent", 0...10_000)
        style.headIndent = try points("headIndent", 0...10_000)
        style.tailIndent = try points("tailIndent", -10_000...10_000)
        style.alignment = try keys["alignment"]?.choice(TextAlignment.self)
        style.lineBreak = try keys["lineBreak"]?.choice(LineBreakStrictness.self)
        style.whiteSpace = try keys["whiteSpace"]?.choice(WhiteSpace.self)
        style.overflowWrap = try keys["overflowWrap"]?.choice(OverflowWrap.self)
        style.wordBreak = try keys["wordBreak"]?.choice(WordBreak.self)
        style.hyphens = try keys["hyphens"]?.choice(Hyphens.self)
        style.hyphenationFactor = try keys["hyphenationFactor"]?.number("a factor from 0 to 1", range: 0...1)
        return style
    }
}
