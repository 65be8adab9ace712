import GhostlineSupport

/// Sketch's text: `attributedString` runs (ranges in UTF-16 units, as NSAttributedString counts them) and their
/// attributes in Cocoa's names.
enum SketchText {
    /// A text layer, or nil (counted) when its text is in the archived format of Sketch 51 and older.
    static func text(_ layer: JSONValue, frame: DesignRect, id: String, styles: [String: DesignTextStyle],
                     skipped: inout SkipCounts) -> DesignText? {
        guard let attributed = layer["attributedString"] else { skipped.add("text layers without text"); return nil }
        if attributed["archivedAttributedString"] != nil {
            skipped.add("text in the archived format of Sketch 51 and older (re-save the file in Sketch 52 or later)")
            return nil
        }
        let string = attributed["string"]?.stringValue ?? ""
        let layerDefaults = layer["style"]?["textStyle"]?["encodedAttributes"]
        let base = layerDefaults.map { attributes($0, base: nil) }
        let utf16 = Array(string.utf16)
        var runs: [DesignRun] = []
        var covered = 0
        for entry in attributed["attributes"]?.arrayValue ?? [] {
            // Clamped before adding: a hostile location or length near Int.max must not overflow.
            let location = min(max(0, entry["location"]?.intValue ?? 0), utf16.count)
            let length = min(max(0, entry["length"]?.intValue ?? 0), utf16.count)
            let start = min(max(location, covered), utf16.count), end = min(location + length, utf16.count)
            guard end > start else { continue }
            if start > covered { runs.append(DesignRun(text: piece(utf16, covered, start), attributes: base ?? DesignTextAttributes(size: 12))) }
            let run = DesignRun(text: piece(utf16, start, end), attributes: attributes(entry["attributes"], base: base))
            if let last = runs.last, last.attributes == run.attributes { runs[runs.count - 1].text += run.text } else { runs.append(run) }
            covered = end
        }
        if covered < utf16.count || runs.isEmpty {
            runs.append(DesignRun(text: piece(utf16, covered, utf16.count), attributes: base ?? DesignTextAttributes(size: 12)))
        }
        let behaviour: TextBehaviour
        switch layer["textBehaviour"]?.intValue ?? 0 {
        case 1: behaviour = .autoHeight
        case 2: behaviour = .fixed
        default: behaviour = .autoWidth
        }
        var text = DesignText(id: id, name: layer["name"]?.stringValue ?? "", frame: frame, runs: runs, behaviour: behaviour)
        let vertical = layer["style"]?["textStyle"]?["verticalAlignment"]?.intValue
            ?? layerDefaults?["textStyleVerticalAlignmentKey"]?.intValue ?? 0
        text.verticalAlignment = vertical == 1 ? "center" : vertical == 2 ? "bottom" : "top"
        if let styleID = layer["sharedStyleID"]?.stringValue, let style = styles[styleID] {
            text.styleName = style.name
            text.matchesStyle = runs.count == 1 && runs[0].attributes == style.attributes
        }
        if let ink = glyphBounds(layer["glyphBounds"]?.stringValue) {
            text.inkBounds = DesignRect(x: frame.x + ink.x, y: frame.y + ink.y, width: ink.width, height: ink.height)
        }
        // Legacy (1) moves the first baseline of text with a fixed line height; Ghostline places lines as the
        // consistent-baseline behaviour (2, and Sketch's later values) does.
        if layer["lineSpacingBehaviour"]?.intValue == 1, runs.contains(where: { $0.attributes.lineHeight != nil }) {
            skipped.add("text with a line height in Sketch's legacy line spacing (imported with consistent baselines)")
        }
        SketchShape.countEffects(layer, &skipped)
        return text
    }

    /// UTF-16 units `start..<end` as a string; a range that splits a surrogate pair keeps the replacement character
    /// rather than failing.
    static func piece(_ utf16: [UInt16], _ start: Int, _ end: Int) -> String {
        String(decoding: utf16[start..<end], as: UTF16.self)
    }

    /// A run's attributes: Cocoa's keys, over the layer's defaults.
    static func attributes(_ json: JSONValue?, base: DesignTextAttributes?) -> DesignTextAttributes {
        let font = json?["MSAttributedStringFontAttribute"]?["attributes"]
        var a = base ?? DesignTextAttributes(size: 12)
        if let size = font?["size"]?.doubleValue, size > 0, size.isFinite { a.size = size }
        if let name = font?["name"]?.stringValue { a.postScriptName = name }
        if let kerning = json?["kerning"]?.doubleValue, kerning.isFinite { a.letterSpacing = kerning }
        if let c = json?["MSAttributedStringColorAttribute"] { a.color = Self.color(c) }
        if let paragraph = json?["paragraphStyle"] {
            switch paragraph["alignment"]?.intValue {
            case 0: a.alignment = "left"
            case 1: a.alignment = "right"
            case 2: a.alignment = "center"
            case 3: a.alignment = "justified"
            case 4: a.alignment = "natural"
            default: break
            }
            let minimum = paragraph["minimumLineHeight"]?.doubleValue, maximum = paragraph["maximumLineHeight"]?.doubleValue
            if let height = maximum ?? minimum, height > 0, height.isFinite { a.lineHeight = .points(height) }
            if let spacing = paragraph["paragraphSpacing"]?.doubleValue, spacing.isFinite { a.paragraphSpacing = spacing }
        }
        switch json?["MSAttributedStringTextTransformAttribute"]?.intValue {
        case 1: a.textCase = "upper"
        case 2: a.textCase = "lower"
        case 0: a.textCase = nil
        default: break
        }
        if let underline = json?["underlineStyle"]?.intValue { a.underline = underline != 0 }
        if let strike = json?["strikethroughStyle"]?.intValue { a.strikethrough = strike != 0 }
        return a
    }

    static func color(_ json: JSONValue) -> DesignColor {
        DesignColor(red: json["red"]?.doubleValue ?? 0, green: json["green"]?.doubleValue ?? 0,
                    blue: json["blue"]?.doubleValue ?? 0, alpha: json["alpha"]?.doubleValue ?? 1)
    }

    /// `{{x, y}, {width, height}}`, NSStringFromRect's form.
    static func glyphBounds(_ text: String?) -> DesignRect? {
        guard let text else { return nil }
        let numbers = text.split { "{}, ".contains($0) }.compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        return DesignRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

/// Sketch's rectangles and ovals with one plain fill.
enum SketchShape {
    static func shape(_ layer: JSONValue, frame: DesignRect, id: String, oval: Bool, skipped: inout SkipCounts) -> DesignShape? {
        let fills = (layer["style"]?["fills"]?.arrayValue ?? []).filter { $0["isEnabled"]?.boolValue != false }
        guard let fill = fills.last else { skipped.add("shapes without a fill"); return nil }
        guard (fill["fillType"]?.intValue ?? 0) == 0, let colorJSON = fill["color"] else {
            skipped.add("gradient and image fills"); return nil
        }
        if fills.count > 1 { skipped.add("fills under the top one") }
        countEffects(layer, &skipped)
        var color = SketchText.color(colorJSON)
        color.alpha *= fill["contextSettings"]?["opacity"]?.doubleValue ?? 1
        color.alpha *= layer["style"]?["contextSettings"]?["opacity"]?.doubleValue ?? 1
        var radius = layer["fixedRadius"]?.doubleValue ?? 0
        if let first = layer["points"]?.arrayValue?.first?["cornerRadius"]?.doubleValue, first > radius { radius = first }
        if let inner = layer["layers"]?.arrayValue?.first {
            radius = max(radius, inner["fixedRadius"]?.doubleValue ?? 0, inner["points"]?.arrayValue?.first?["cornerRadius"]?.doubleValue ?? 0)
        }
        if oval { radius = min(frame.width, frame.height) / 2 }
        return DesignShape(id: id, name: layer["name"]?.stringValue ?? "", frame: frame, color: color,
                           cornerRadius: min(radius, min(frame.width, frame.height) / 2))
    }

    /// Shadows, inner shadows, blurs and borders: counted, not drawn.
    static func countEffects(_ layer: JSONValue, _ skipped: inout SkipCounts) {
        let style = layer["style"]
        let enabled = { (key: String) in (style?[key]?.arrayValue ?? []).contains { $0["isEnabled"]?.boolValue != false } }
        if enabled("shadows") || enabled("innerShadows") || style?["blur"]?["isEnabled"]?.boolValue == true { skipped.add("effects (shadows, blurs)") }
        if enabled("borders") { skipped.add("borders") }
    }
}
