import Foundation
import GhostlineFonts
import GhostlineImport
import GhostlineLayout
import GhostlineReview
import GhostlineScene
import GhostlineSupport

/// One text layer as a model sets it: what lint compares.
public struct TextMeasure: Sendable, Equatable {
    /// Lines drawn.
    public var lines: Int
    /// True when the text did not fit (a fixed box too short, a line limit).
    public var truncated: Bool
    /// The first baseline, in points from the screen's top.
    public var firstBaseline: Double
    /// The label's width and height in points.
    public var width: Double
    public var height: Double
    /// The font's own line height (ascender + descender + line gap) in points.
    public var fontLineHeight: Double
    /// Where its glyphs put ink, in points on the screen; nil without ink.
    public var ink: DesignRect?
}

/// A text layer UIKit sets differently from the design tool, or one whose css layout disagrees with the tool's own
/// record of it.
public struct LintFinding: Sendable {
    public enum Kind: String, Sendable {
        /// A line height: UIKit's minimum and maximum line height put the extra above the text (R8), the design tool
        /// splits it above and below.
        case lineHeight
        /// A fixed text box as the label's frame: UIKit truncates text taller than it and centres text shorter than it,
        /// where the design tool draws all of it from the box's top.
        case fixedFrame
        /// UIKit's pixel grid (R2, R3): a device pixel, which no setting moves.
        case rounding
        /// A text ending with a line break: UIKit sets an empty line after it.
        case trailingBreak
        /// UIKit and the design tool differ and no setting Ghostline tried explains it.
        case unexplained
        /// The screen's fonts could not be opened (a substitute that is not installed either).
        case missingFont
        /// Ghostline's css layout of the layer is not where the design tool put its text (its box for auto sizes).
        case designTool
    }
    public var kind: Kind
    public var page, frame, layer, source: String
    /// The css (design tool) and uikit measures; nil when the screen could not be laid out.
    public var css, uikit: TextMeasure?
    /// The cause, one sentence; for `unexplained`, what differs.
    public var cause: String
    /// True when the fix was applied to the layer and the uikit layout then matched the css one.
    public var checked: Bool
    /// The settings that reproduce the design, as `check --suggest` prints them; nil when none was checked.
    public var uikitCode, swiftUICode: String?
}

/// `ghostline lint`: every text layer of a design document laid out as the design tool sets it (the css model) and
/// as UIKit sets the document's own paragraph style (the uikit model, with its line height as minimum and maximum
/// line height, R8), and the layers where the two differ by a device pixel or more, each with its cause and the
/// settings that reproduce the design, applied and checked. It also lists layers whose css layout is not where the
/// design tool drew them (ink the document recorded, or an auto-sized box), which is where a substituted font or the
/// tool's own metrics will show in a comparison.
public struct DesignLint {
    public var loader: SceneLoader
    public var fonts: FontLocator
    /// Device pixels per point: the threshold is one of them.
    public var scale = 3
    public init(loader: SceneLoader, fonts: FontLocator) { self.loader = loader; self.fonts = fonts }

    public func lint(_ document: DesignDocument, source: String, directory: String) -> LintReport {
        // The design tool's side: text at the top of a fixed box and running past it. UIKit's side: the box is the
        // label's frame, and the line height is the document's own paragraph style (minimum = maximum, R8).
        var designTool = SceneWriter(fonts: FontMapping(locator: fonts, installedOnly: true))
        designTool.standalone = true
        designTool.scale = scale
        var app = designTool
        app.fixedBoxes = .frame
        app.lineHeightStrategy = LineHeightStrategy.minMax.rawValue
        let (cssFiles, report) = designTool.files(for: document, source: source)
        let (uikitFiles, _) = app.files(for: document, source: source)
        let frames = Dictionary(document.pages.flatMap { page in page.frames.map { ("\(page.name)\u{0}\($0.name)\u{0}\($0.id)", $0) } },
                                uniquingKeysWith: { a, _ in a })
        var findings: [LintFinding] = []
        var layers = 0
        for entry in report.frames {
            guard let css = cssFiles.first(where: { $0.path == entry.scene }), let uikit = uikitFiles.first(where: { $0.path == entry.scene }),
                  let frame = frames["\(entry.page)\u{0}\(entry.name)\u{0}\(entry.id)"] else { continue }
            let texts = frame.layers.compactMap { layer -> DesignText? in if case .text(let t) = layer { return t }; return nil }
            layers += texts.count
            let screen = Screen(page: entry.page, frame: entry.name, path: directory + "/" + entry.scene, texts: texts, fonts: report.fonts,
                                inkTolerance: document.format == .sketch ? 1.5 : 1)
            findings += lintFrame(css: css.contents, uikit: uikit.contents, screen)
        }
        return LintReport(document: report.document, source: source, layers: layers, frames: report.frames.count, findings: findings,
                          skipped: report.skipped)
    }

    struct Screen {
        var page, frame, path: String
        var texts: [DesignText]
        var fonts: [FontChoice]
        /// Points an edge of the recorded ink may be off before it is listed: Sketch rounds `glyphBounds` outward to
        /// whole points, so a point and a half there; Figma records fractions, so one point.
        var inkTolerance = 1.0
    }

    /// What lint tries on a layer UIKit sets differently, each applied to the scene and laid out again: R7's line
    /// spacing plus padding for a line height, no height for a fixed box, and the text without its last line break;
    /// alone, then in pairs, then all three. The smallest set that works is the cause.
    struct Fix: Hashable {
        var padded = false, noHeight = false, trailingBreak = false
        var size: Int { [padded, noHeight, trailingBreak].filter { $0 }.count }
        static let all: [Fix] = {
            var fixes: [Fix] = []
            for bits in 1..<8 { fixes.append(Fix(padded: bits & 1 != 0, noHeight: bits & 2 != 0, trailingBreak: bits & 4 != 0)) }
            return fixes.sorted { $0.size < $1.size }
        }()
    }

    func lintFrame(css cssText: String, uikit uikitText: String, _ screen: Screen) -> [LintFinding] {
        let css: SceneLayout, uikit: SceneLayout, appDescription: SceneDescription
        do {
            css = try laidOut(try loader.describe(text: cssText, path: screen.path), .css)
            appDescription = try loader.describe(text: uikitText, path: screen.path)
            uikit = try laidOut(appDescription, .uikit)
        } catch {
            return screen.texts.map { t in
                LintFinding(kind: .missingFont, page: screen.page, frame: screen.frame, layer: t.name, source: t.id, css: nil, uikit: nil,
                            cause: "the screen could not be laid out: \(error.description)", checked: false)
            }
        }
        let cssMeasures = Self.measures(css, withInk: true), uikitMeasures = Self.measures(uikit)
        let pixel = 1 / Double(scale), tolerance = 1.5 / Double(scale)
        var findings: [LintFinding] = []
        var suspects = Set<String>()
        for t in screen.texts {
            guard let a = cssMeasures[t.id], let b = uikitMeasures[t.id] else { continue }
            if a.lines != b.lines || a.truncated != b.truncated || abs(a.firstBaseline - b.firstBaseline) >= pixel - 1e-9 { suspects.insert(t.id) }
            findings += designToolFindings(t, css: a, screen)
        }
        guard !suspects.isEmpty else { return findings }
        var fixed: [Fix: [String: TextMeasure]] = [:]
        for fix in Fix.all {
            var description = appDescription
            description.root = Self.fixing(description.root, ids: suspects, fix)
            fixed[fix] = (try? laidOut(description, .uikit)).map { Self.measures($0) } ?? [:]
        }
        for t in screen.texts where suspects.contains(t.id) {
            let a = cssMeasures[t.id]!, b = uikitMeasures[t.id]!
            // A fix works when it leaves at most UIKit's own pixel rounding (R3), which no setting moves.
            let working = Fix.all.first { fix in
                fixed[fix]?[t.id].map { $0.lines == a.lines && $0.truncated == a.truncated && abs($0.firstBaseline - a.firstBaseline) <= tolerance + 1e-6 }
                    ?? false
            }
            findings.append(finding(t, css: a, uikit: b, screen, fix: working))
        }
        return findings
    }

    /// Where the css layout disagrees with the document's own record: the ink the tool recorded (Sketch's
    /// `glyphBounds`, Figma's `absoluteRenderBounds`) an edge a point or more from the css layout's ink, or, where
    /// the document records no ink, an auto-sized box a point or more from the css layout's size. That is text the
    /// imported scene will not draw where the design does: a substituted font, or the tool's own metrics.
    func designToolFindings(_ t: DesignText, css: TextMeasure, _ screen: Screen) -> [LintFinding] {
        var what: [String] = []
        if let recorded = t.inkBounds, recorded.width > 0, recorded.height > 0, let ink = css.ink {
            let edges = [("left", ink.x - recorded.x), ("top", ink.y - recorded.y),
                         ("right", ink.x + ink.width - recorded.x - recorded.width), ("bottom", ink.y + ink.height - recorded.y - recorded.height)]
            let off = edges.filter { abs($0.1) >= screen.inkTolerance }
            if !off.isEmpty {
                what.append("its ink is " + off.map { "\(Self.points(abs($0.1))) pt \($0.0 == "left" || $0.0 == "right" ? ($0.1 > 0 ? "right" : "left") : ($0.1 > 0 ? "lower" : "higher")) at the \($0.0)" }
                    .joined(separator: ", ") + " of where the design tool drew it")
            }
        } else if t.frameFitsText, t.behaviour == .autoHeight || t.behaviour == .autoWidth {
            let taller = abs(css.height - t.frame.height) >= 1
            let wider = t.behaviour == .autoWidth && abs(css.width - t.frame.width) >= 1
            if taller || wider {
                what.append("the design tool's box is " + (wider ? "\(Self.points(t.frame.width)) × " : "") + "\(Self.points(t.frame.height)) pt; "
                            + "Ghostline's css layout of its text is " + (wider ? "\(Self.points(css.width)) × " : "")
                            + "\(Self.points(css.height)) pt (\(css.lines) line(s))")
            }
        }
        guard !what.isEmpty else { return [] }
        var cause = what.joined(separator: "; ")
        let requested = FontMapping.request(t.runs[0].attributes)
        if let choice = screen.fonts.first(where: { $0.requested == requested }), choice.how == .substitute || choice.how == .missing {
            cause += ", set in \(choice.font) for \(choice.requested)\(choice.metricCompatible ? " (the same widths)" : ", whose widths differ")"
        }
        return [LintFinding(kind: .designTool, page: screen.page, frame: screen.frame, layer: t.name, source: t.id, css: css, uikit: nil,
                            cause: cause, checked: false)]
    }

    func laidOut(_ description: SceneDescription, _ model: LayoutModel) throws(SceneError) -> SceneLayout {
        var overrides = SceneOverrides()
        overrides.model = model
        return try loader.resolve(description, overrides: overrides).layout()
    }

    /// Each label's measures, by its `source`.
    static func measures(_ layout: SceneLayout, withInk: Bool = false) -> [String: TextMeasure] {
        var result: [String: TextMeasure] = [:]
        for element in layout.elements {
            guard let id = element.sourceID, case .label(let label) = element.content else { continue }
            result[id] = TextMeasure(lines: label.lines.count, truncated: label.truncated,
                                     firstBaseline: element.frame.y + label.anchors.firstBaseline, width: element.frame.width,
                                     height: element.frame.height,
                                     fontLineHeight: label.metrics.lineHeight, ink: withInk ? InkBounds.of(element) : nil)
        }
        return result
    }

    static func points(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }
}
