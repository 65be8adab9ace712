import GhostlineImport
import GhostlineLayout
import GhostlineReview
import GhostlineScene

/// Lint's causes: which fixes put a layer where the design does, and the sentence and code each one prints.
extension DesignLint {
    /// The finding for a layer UIKit sets differently, from the smallest set of fixes that puts it where the design
    /// does (nil when none does).
    func finding(_ t: DesignText, css a: TextMeasure, uikit b: TextMeasure, _ screen: Screen, fix: Fix?) -> LintFinding {
        var finding = LintFinding(kind: .unexplained, page: screen.page, frame: screen.frame, layer: t.name, source: t.id, css: a, uikit: b,
                                  cause: "", checked: false)
        let delta = b.firstBaseline - a.firstBaseline
        let attributes = t.runs[0].attributes
        let where_ = "\(Self.points(abs(delta))) pt \(delta > 0 ? "lower" : "higher") than the design tool's"
        // UIKit's rounding moves a label by up to a pixel and a half: half a pixel for its frame (R2), one for its
        // first baseline (R3). A difference within that is the grid's; a fix that leaves no more works.
        let pixel = 1 / Double(scale), tolerance = 1.5 / Double(scale)
        if a.lines == b.lines, a.truncated == b.truncated, abs(delta) <= tolerance + 1e-6 {
            finding.kind = .rounding
            finding.cause = "UIKit puts the label's frame and first baseline on the @\(scale)x pixel grid (R2, R3) where the design tool keeps "
                + "fractions: \(Self.points(abs(delta))) pt, within a pixel and a half; no setting moves it, a check allows it"
            finding.checked = true
            return finding
        }
        let lineHeight: Double? = attributes.lineHeight.map {
            switch $0 { case .points(let p): return p; case .percent(let p): return p / 100 * attributes.size }
        }
        var causes: [String] = [], uikit: [String] = [], swiftUI: [String] = [], kinds: [LintFinding.Kind] = []
        if let fix {
            if fix.trailingBreak {
                kinds.append(.trailingBreak)
                causes.append("its text ends with a line break, after which UIKit sets an empty line and the design tool does not")
                uikit.append("let text = text.hasSuffix(\"\\n\") ? String(text.dropLast()) : text")
                swiftUI.append("let text = text.hasSuffix(\"\\n\") ? String(text.dropLast()) : text")
            }
            if fix.padded, let l = lineHeight {
                kinds.append(.lineHeight)
                causes.append("a line height of \(Self.points(l)) pt: UIKit's minimum and maximum line height put the extra above the text (R8) "
                              + "where the design tool splits it above and below; line spacing plus padding (R7) puts it where the design does")
                let code = PlatformCode.lineHeight(l, font: attributes.postScriptName ?? attributes.family ?? "font", size: attributes.size,
                                                   strategy: .padded)
                uikit.append(code.uikit); swiftUI.append(code.swiftUI)
            }
            if fix.noHeight {
                kinds.append(.fixedFrame)
                let box = Self.points(t.frame.height)
                causes.append(b.truncated && !a.truncated
                    ? "the text box is \(box) pt tall: UIKit shows \(b.lines) line(s) and truncates, the design tool draws them all"
                    : "the text box is \(box) pt tall and its text \(Self.points(a.height)) pt: UILabel centres the text in its frame, "
                      + "the design tool puts it at the top")
                uikit.append("label.numberOfLines = 0   // no height constraint: the label takes its text's height, top at the box's top")
                swiftUI.append("Text(text)\n    .fixedSize(horizontal: false, vertical: true)\n    .frame(maxHeight: .infinity, alignment: .top)")
            }
        }
        if !causes.isEmpty {
            finding.kind = kinds.contains(.lineHeight) ? .lineHeight : kinds[0]
            var differs: [String] = []
            if a.lines != b.lines { differs.append("\(b.lines) line(s) where the design tool sets \(a.lines)") }
            if abs(delta) >= pixel - 1e-9 { differs.append("its first baseline \(where_)") }
            if a.truncated != b.truncated { differs.append(b.truncated ? "it is truncated" : "it is not truncated") }
            finding.cause = "in UIKit " + differs.joined(separator: ", ") + ": " + causes.joined(separator: "; and ")
            finding.checked = true
            finding.uikitCode = uikit.joined(separator: "\n")
            finding.swiftUICode = swiftUI.joined(separator: "\n")
            return finding
        }
        // A line height below the font's own: R7 cannot close lines up (line spacing is never negative) and R8 takes
        // all of the difference from above the text, where the design tool takes half from above and half from below.
        if let l = lineHeight, a.lines == b.lines, l < b.fontLineHeight - 1e-6, abs(delta + (b.fontLineHeight - l) / 2) <= tolerance + 1e-6 {
            finding.kind = .lineHeight
            finding.cause = "its first baseline is \(where_) in UIKit: a line height of \(Self.points(l)) pt is below the font's own "
                + "\(Self.points(b.fontLineHeight)) pt; UIKit's maximum line height takes all of the \(Self.points(b.fontLineHeight - l)) pt "
                + "from above the text (R8), the design tool half from above and half from below, and line spacing cannot be "
                + "negative (R7): no paragraph setting reaches the design's position"
            finding.checked = true
            return finding
        }
        var what: [String] = []
        if a.lines != b.lines { what.append("\(b.lines) line(s) in UIKit, \(a.lines) in the design tool") }
        if abs(delta) >= pixel - 1e-9 { what.append("the first baseline \(where_) in UIKit") }
        if a.truncated != b.truncated { what.append(b.truncated ? "truncated in UIKit" : "truncated in the design tool") }
        finding.cause = what.joined(separator: ", ") + "; no setting Ghostline tried puts it where the design does"
        return finding
    }

    /// The scene with lint's `fix` on the labels `ids`.
    static func fixing(_ stack: StackDescription, ids: Set<String>, _ fix: Fix) -> StackDescription {
        var stack = stack
        stack.children = stack.children.map { child in
            switch child {
            case .label(var label) where label.sourceID.map(ids.contains) == true:
                if fix.trailingBreak {
                    switch label.text {
                    case .plain(let text) where text.hasSuffix("\n"): label.text = .plain(String(text.dropLast()))
                    case .runs(var runs) where runs.last?.text.hasSuffix("\n") == true:
                        runs[runs.count - 1].text.removeLast()
                        label.text = .runs(runs)
                    default: break
                    }
                }
                if fix.padded, case .inline(var style) = label.style,
                   style.paragraph.lineHeight != nil || style.paragraph.lineHeightPercent != nil {
                    style.paragraph.lineHeightStrategy = .padded
                    label.style = .inline(style)
                }
                if fix.noHeight { label.size.height = nil }
                return .label(label)
            case .stack(let inner): return .stack(fixing(inner, ids: ids, fix))
            default: return child
            }
        }
        return stack
    }
}
