import Foundation
import GhostlineGeometry
import GhostlineImage
import GhostlinePNG
import GhostlineSupport

/// The design-review page: one self-contained HTML file (images inlined as PNG data URLs, no scripts or styles
/// fetched from anywhere) that a designer can open or attach to a ticket.
///
/// It shows the summary and every finding (failing ones marked), the design and the render side by side; the ghost, with a slider for the design's opacity; a blink
/// view that toggles between design and render; the diff image; and the per-label baseline table. A zoom
/// control scales every image by whole factors with smoothing off, so single pixels stay sharp. Every piece of
/// text that comes from a scene or a file name is HTML-escaped.
public enum ReviewPage {
    /// The page for a comparison, as one HTML string: `Pages/review-page.html` filled with the comparison's values,
    /// every one HTML-escaped by the template.
    ///
    /// - Throws: ``ReviewError`` when the ghost image cannot be composed, and `PNGError` when an image cannot be
    ///   encoded; the comparison must have been made with `makeDiffImage` on, since an empty diff image cannot be
    ///   encoded.
    public static func html(_ c: DesignComparison) throws -> String {
        let width = Double(c.comparedSize.width) / c.scale.value
        let height = Double(c.comparedSize.height) / c.scale.value
        let findings = c.findings
        let verdict = c.passes(findings) ? "pass" : "fail"
        var page: [String: Any] = [
            "css": PageTemplates.reviewCSS, "script": script,
            "designFile": URL(fileURLWithPath: c.designPath).lastPathComponent,
            "verdict": verdict, "verdictLabel": verdict.uppercased(),
            "renderPath": c.renderPath, "designPath": c.designPath, "scaleFactor": "\(c.scale.factor)",
            "width": number(width), "height": number(height), "size": "width:\(number(width))px;height:\(number(height))px",
            "summary": ReviewSummary.text(c, findings: findings),
            "opacity": number(c.options.opacity), "opacityPercent": number(c.options.opacity * 100),
            "design": try dataURL(c.design), "render": try dataURL(c.render), "ghost": try dataURL(c.ghost()),
            "legend": legend(c),
            "ignored": boxes(c.options.ignore.map { ($0, "") }, width: width, height: height).map { box, rect, _ in
                ["box": box, "numbers": [rect.x, rect.y, rect.width, rect.height].map { JSONValue.format($0) }.joined(separator: ",")]
            },
        ]
        if let profile = c.designColorProfile { page["colorProfile"] = profile.description }
        page["findings"] = findings.filter { !$0.message.isEmpty }.map { finding -> [String: Any] in
            var item: [String: Any] = ["class": finding.fails ? "fails" : "explains", "kind": finding.kind.rawValue,
                                       "message": finding.message]
            if let cause = finding.cause { item["cause"] = cause }
            if let fix = finding.fix { item["fix"] = fix }
            return item
        }
        if let suggestions = suggestionsSection(c) { page["suggestions"] = suggestions }
        // A comparison made without a diff image (`makeDiffImage` off) still gets a page, without that figure.
        let image = c.diff.diffImage
        if image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4 {
            page["diff"] = try dataURL(image)
            page["findingBoxes"] = boxes(findingBoxes(c, findings: findings), width: width, height: height).map { box, _, title in
                ["box": box, "title": title]
            }
        }
        page["rows"] = c.labels.flatMap { label in
            label.lines.map { line -> [String: Any] in
                let offset = line.baselineOffset
                return ["class": offset.map { c.exceedsBaselineTolerance($0) } == true ? "off" : "ok", "label": label.id,
                        "line": "\(line.index + 1)", "layout": number(line.layoutBaseline), "render": number(line.renderBaseline),
                        "design": number(line.designBaseline), "offset": number(offset), "left": number(line.leftOffset)]
            }
        }
        return PageTemplates.review.render(page)
    }

    /// The page's one script (`Pages/review-page.js`), the same text on every page: what a page needs (its size in
    /// points) is in data attributes, never in the script, so a server can allow exactly this script by its hash in a
    /// Content-Security-Policy (the review app does) and no text from a scene or a file name can become code.
    public static var script: String { PageTemplates.reviewScript }

    /// On the diff image: each region no label explains, and the frame of each label a finding is about, titled with
    /// the label's findings (cause first, with their offsets in points).
    static func findingBoxes(_ c: DesignComparison, findings: [ReviewFinding]) -> [(Rect, String)] {
        var boxes: [(Rect, String)] = findings.compactMap { finding in finding.box.map { ($0, "unexplained difference") } }
        // The labels a finding is about, as a set: looking them up per label made the page quadratic in labels.
        let noted = Set(findings.filter { $0.kind != .onTheDesign }.compactMap(\.label))
        var said: [String: [String]] = [:]
        for finding in findings where finding.kind != .onTheDesign && !finding.message.isEmpty {
            if let label = finding.label { said[label, default: []].append(finding.headline) }
        }
        for label in c.labels where noted.contains(label.id) {
            boxes.append((label.frame, said[label.id]?.joined(separator: "\n") ?? label.id))
        }
        return boxes
    }

    /// Boxes in points as CSS positions in percent of the frame, so they follow the zoom; none on an empty frame.
    static func boxes(_ boxes: [(Rect, String)], width: Double, height: Double) -> [(css: String, rect: Rect, title: String)] {
        guard width > 0, height > 0 else { return [] }
        return boxes.map { box, title in
            let left = min(max(box.minX, 0), width), right = min(max(box.maxX, 0), width)
            let top = min(max(box.minY, 0), height), bottom = min(max(box.maxY, 0), height)
            func percent(_ v: Double, _ of: Double) -> String { number(v / of * 100) + "%" }
            let css = "left:\(percent(left, width));top:\(percent(top, height));width:\(percent(right - left, width));height:\(percent(bottom - top, height))"
            return (css, box, title)
        }
    }

    /// The suggestions beside the findings: the scene patch, whether the patched scene passed, and each label's code.
    static func suggestionsSection(_ c: DesignComparison) -> [String: Any]? {
        guard let s = c.suggestions, !s.patch.isEmpty else { return nil }
        var section: [String: Any] = ["yaml": s.yaml]
        switch s.verified {
        case true?: section["passes"] = true
        case false?: section["fails"] = true; section["remaining"] = s.remaining.prefix(3).joined(separator: "; ")
        case nil: section["unchecked"] = true
        }
        section["code"] = s.labels.compactMap { label -> [String: Any]? in
            label.code.map { ["label": label.label, "uikit": $0.uikit, "swiftUI": $0.swiftUI] }
        }
        return section
    }

    /// What the diff image's colours mean, with the colours actually used.
    static func legend(_ c: DesignComparison) -> String {
        let o = c.options
        var parts = ["\(o.differenceColor.hexString): differs"]
        if let darker = o.darkerColor { parts.append("\(darker.hexString): differs, darker in the design") }
        if !o.diffMask { parts.append("\(o.antialiasingColor.hexString): anti-aliasing only") }
        parts.append(o.diffMask ? "transparent: same" : "grey: same")
        if !o.ignore.isEmpty { parts.append("blue stripes: ignored") }
        return parts.joined(separator: " · ")
    }

    static func dataURL(_ image: RGBAImage) throws -> String {
        "data:image/png;base64," + Data(try PNGCodec.encode(image)).base64EncodedString()
    }

    static func number(_ value: Double?) -> String {
        guard let value else { return "—" }
        return JSONValue.format((value * 100).rounded() / 100)
    }
}
