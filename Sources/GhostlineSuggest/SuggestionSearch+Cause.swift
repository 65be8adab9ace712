import GhostlineGeometry
import GhostlineLayout
import GhostlineReview
import GhostlineScene
import GhostlineSupport

extension SuggestionSearch {
    /// The style's letter spacing in points, from points or a percentage of the size.
    static func letterSpacing(_ style: StyleDescription, size: Double) -> Double {
        let character = style.character
        return character.letterSpacing ?? character.letterSpacingPercent.map { $0 * (character.size ?? size) / 100 } ?? 0
    }

    static func pt(_ value: Double) -> String { JSONValue.format((value * 100).rounded() / 100) + " pt" }

    /// The design's facts for a label, as its ink gives them.
    func estimate(_ target: Target) -> [String] {
        var facts: [String] = []
        let baselines = target.designBaselines.compactMap { $0 }
        if let first = baselines.first { facts.append("first baseline at \(Self.pt(first))") }
        if baselines.count >= 2 {
            let pitches = zip(baselines.dropFirst(), baselines).map { $0 - $1 }.sorted()
            facts.append("lines \(Self.pt(pitches[pitches.count / 2])) apart")
        }
        if let count = target.designLineCount { facts.append("\(count) line\(count == 1 ? "" : "s")") }
        if let widest = target.designWidths.compactMap({ $0 }).max() { facts.append("ink \(Self.pt(widest)) wide") }
        if let left = target.designLefts.compactMap({ $0 }).min() { facts.append("ink from x = \(Self.pt(left))") }
        return facts
    }

    /// A label that lands on the design once the labels before it are fixed.
    func follows(_ id: String, fixes: [String], base: Placement, moved: Placement?) -> LabelSuggestion {
        // The fixed label nearest above (or before) this one moves it.
        let before = fixes.last { other in (unchanged[other]?.frame.minY ?? .infinity) <= base.frame.minY } ?? fixes[fixes.count - 1]
        let shift = (moved?.frame.minY ?? base.frame.minY) - base.frame.minY
        let how = abs(shift) * comparison.scale.value >= 0.5
            ? " (it moves \(Self.pt(abs(shift))) \(shift > 0 ? "down" : "up"))" : ""
        return LabelSuggestion(label: id, cause: "moves with \(before): \(before)'s change also puts it where the design has it\(how)",
                               estimate: [], changes: [], style: nil, follows: before)
    }

    /// The cause of a label's offset, from the change that fixes it and the rules the label's layout followed.
    func cause(_ id: String, changes: [StyleChange], style: StyleDescription, target: Target, original: Placement,
               fixed: Placement?) -> String {
        var reasons: [String] = []
        let character = style.character, paragraph = style.paragraph
        let lh = original.fontLineHeight
        let designHeight = fixed?.frame.height
        let heights: String = {
            guard let designHeight, abs(designHeight - original.frame.height) * comparison.scale.value >= 0.5 else { return "" }
            return " It is \(Self.pt(original.frame.height)) tall where the design's is \(Self.pt(designHeight))."
        }()
        let raw = max(paragraph.lineHeight ?? lh, lh) * Double(max(1, original.baselines.count))
        let rounded = abs(comparison.scale.ceilToPixel(raw) - original.frame.height) < 1e-6 && abs(raw - original.frame.height) > 1e-3
        for change in changes {
            switch change.key {
            case "lineHeightStrategy":
                let strategy = paragraph.lineHeightStrategy ?? .padded
                let height = paragraph.lineHeight.map(Self.pt) ?? "text style's"
                switch strategy {
                case .none:
                    reasons.append("`lineHeightStrategy: none` ignores the \(height) line height, so its lines are the font's "
                                   + "\(Self.pt(lh)) (R2)")
                case .lineSpacing:
                    reasons.append("`lineHeightStrategy: lineSpacing` spaces its lines \(height) apart but puts no padding above "
                                   + "the first, which the design has (R7)")
                case .padded:
                    if let lineHeight = paragraph.lineHeight, lineHeight < lh {
                        reasons.append("its \(Self.pt(lineHeight)) line height is below the font's own \(Self.pt(lh)), which line "
                                       + "spacing cannot reach (R7)" + (rounded ? ", and its height is rounded up to the pixel grid (R2)" : ""))
                    } else {
                        reasons.append("`lineHeightStrategy: padded` lays its lines out as UIKit's line spacing plus padding (R7), "
                                       + "where the design puts the whole line height around each line"
                                       + (rounded ? "; the padding and its height are rounded up to the pixel grid (R2)" : ""))
                    }
                case .minMax:
                    reasons.append("`lineHeightStrategy: minMax` puts the extra line height above the text (R8), where the design "
                                   + "splits it above and below")
                }
            case "lineHeight":
                let designed = change.value.number.map(Self.pt) ?? ""
                if let lineHeight = paragraph.lineHeight {
                    reasons.append("its line height is \(Self.pt(lineHeight)); the design's lines are \(designed)")
                } else {
                    reasons.append("it has no line height, so its lines are the font's \(Self.pt(lh)) (R2); the design's are \(designed)")
                }
            case "letterSpacing":
                reasons.append("its letter spacing is \(Self.pt(Self.letterSpacing(style, size: original.pointSize))); the design's ink fits "
                               + "\(change.value.number.map(Self.pt) ?? "")")
            case "features.tnum":
                reasons.append("its digits are proportional; the design's are tabular (each as wide as the others), as "
                               + "`features: { tnum: 1 }` draws them")
            case "size":
                reasons.append("it is set at \(Self.pt(character.size ?? original.pointSize)); the design's text is "
                               + "\(change.value.number.map(Self.pt) ?? "") (wider and taller)")
            case "weight":
                reasons.append("its weight is \(character.weight?.value ?? 400) (\(original.postScriptName)); the design's strokes fit weight "
                               + "\(Int(change.value.number ?? 0)) (\(fixed?.postScriptName ?? "another face"))")
            case "font":
                reasons.append("its face is \(original.postScriptName); the design's strokes fit \(change.value.word ?? "another face") "
                               + "(another weight of the family, named by its PostScript name as the style names its face)")
            case "italic":
                reasons.append(character.italic == true ? "it is italic; the design's text is upright" : "it is upright; the design's text is italic")
            case "alignment":
                reasons.append("it is aligned \((paragraph.alignment ?? .natural).rawValue); the design's ink is aligned \(change.value.word ?? "")")
            case "textCase":
                let now = (character.textCase ?? .none).rawValue, wanted = change.value.word ?? ""
                reasons.append("its letters are set \(now == "none" ? "as written" : "in \(now) case"); the design's are "
                               + (wanted == "none" ? "as written (`textCase: none`)" : "in \(wanted) case (`textCase: \(wanted)`)"))
            case "color":
                let own = character.color.map { colour -> String in
                    if case .fixed(let c) = colour { return c.hexString }
                    return colour.name ?? "its colour"
                } ?? "its colour"
                reasons.append("its colour is \(own); the design's ink is \(change.value.word ?? "")")
            default: break
            }
        }
        return reasons.joined(separator: "; ") + "." + heights
    }
}

extension PlatformCode {
    /// The code for a label the search placed: its size and face come from the placement.
    init(style: StyleDescription, changes: [StyleChange], placement: SuggestionSearch.Placement, model: LayoutModel) {
        self.init(style: style, changes: changes, pointSize: placement.pointSize, postScriptName: placement.postScriptName,
                  model: model)
    }
}
