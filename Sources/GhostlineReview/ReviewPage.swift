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
    /// The page for a comparison, as one HTML string.
    ///
    /// - Throws: ``ReviewError`` when the ghost image cannot be composed, and `PNGError` when an image cannot be
    ///   encoded; the comparison must have been made with `makeDiffImage` on, since an empty diff image cannot be
    ///   encoded.
    public static func html(_ c: DesignComparison) throws -> String {
        let width = Double(c.comparedSize.width) / c.scale.value
        let height = Double(c.comparedSize.height) / c.scale.value
        let design = try dataURL(c.design), render = try dataURL(c.render)
        let ghost = try dataURL(c.ghost())
        // A comparison made without a diff image (`makeDiffImage` off) still gets a page, without that figure.
        let hasDiffImage = c.diff.diffImage.pixels.count == c.diff.diffImage.width * c.diff.diffImage.height * 4
            && c.diff.diffImage.width > 0 && c.diff.diffImage.height > 0
        let diff = hasDiffImage ? try dataURL(c.diff.diffImage) : ""
        let findings = c.findings
        let verdict = c.passes(findings) ? "pass" : "fail"
        var rows = ""
        for label in c.labels {
            for line in label.lines {
                let offset = line.baselineOffset
                let off = offset.map { c.exceedsBaselineTolerance($0) }
                rows += "<tr class=\"\(off == true ? "off" : "ok")\"><td>\(Escaping.html(label.id))</td><td>\(line.index + 1)</td>"
                rows += "<td>\(number(line.layoutBaseline))</td><td>\(number(line.renderBaseline))</td>"
                rows += "<td>\(number(line.designBaseline))</td><td>\(number(offset))</td><td>\(number(line.leftOffset))</td></tr>\n"
            }
        }
        let summary = Escaping.html(ReviewSummary.text(c, findings: findings))
        let listed = findings.filter { !$0.message.isEmpty }.map { finding in
            "<li class=\"\(finding.fails ? "fails" : "explains")\" data-kind=\"\(finding.kind.rawValue)\">\(Escaping.html(finding.message))"
                + (finding.cause.map { "<div class=\"cause\">cause: \(Escaping.html($0))</div>" } ?? "")
                + (finding.fix.map { "<div class=\"fix\">fix: <code>\(Escaping.html($0))</code></div>" } ?? "") + "</li>"
        }.joined(separator: "\n")
        // On the diff image: each region no label explains, and the frame of each label a finding is about.
        var boxes: [(Rect, String)] = findings.compactMap { finding in finding.box.map { ($0, "unexplained difference") } }
        // The labels a finding is about, as a set: looking them up per label made the page quadratic in labels.
        let noted = Set(findings.filter { $0.kind != .onTheDesign }.compactMap(\.label))
        // Each box's hover text: the label's findings, cause first, with their offsets in points.
        var said: [String: [String]] = [:]
        for finding in findings where finding.kind != .onTheDesign && !finding.message.isEmpty {
            if let label = finding.label { said[label, default: []].append(finding.headline) }
        }
        for label in c.labels where noted.contains(label.id) {
            boxes.append((label.frame, said[label.id]?.joined(separator: "\n") ?? label.id))
        }
        let findingBoxes = outlines(boxes, width: width, height: height)
        let size = "width:\(number(width))px;height:\(number(height))px"
        let ignored = ignoreOverlays(c.options.ignore, width: width, height: height)
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Ghostline review — \(Escaping.html(URL(fileURLWithPath: c.designPath).lastPathComponent))</title>
        <style>
        body { font: 14px/1.45 -apple-system, "Inter", "DejaVu Sans", sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 24px 0 8px; }
        .verdict { display: inline-block; padding: 2px 10px; border-radius: 10px; color: #fff; font-weight: 600; }
        .verdict.pass { background: #248a3d; } .verdict.fail { background: #d70015; }
        pre.summary { background: #fff; padding: 12px; border-radius: 8px; white-space: pre-wrap; }
        .controls { display: flex; gap: 16px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
        .row { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; } figcaption { color: #6c6c70; font-size: 12px; margin-bottom: 4px; }
        .frame { position: relative; background: #fff; box-shadow: 0 0 0 1px #d1d1d6; overflow: hidden; }
        .frame img { position: absolute; left: 0; top: 0; width: 100%; height: 100%; image-rendering: pixelated; }
        .frame img.render-layer { mix-blend-mode: multiply; }
        .frame .ignored { position: absolute; box-sizing: border-box; border: 1px solid #3478f6; pointer-events: none;
          background: repeating-linear-gradient(45deg, rgba(52, 120, 246, 0.35) 0 4px, transparent 4px 8px); }
        table { border-collapse: collapse; background: #fff; } td, th { padding: 4px 10px; border-bottom: 1px solid #e5e5ea; text-align: right; }
        td:first-child, th:first-child { text-align: left; } tr.off td { color: #d70015; font-weight: 600; }
        #findings li.fails { color: #d70015; font-weight: 600; } #findings li.explains { color: #3c3c43; }
        #findings .cause { color: #1c1c1e; font-weight: 400; } #findings .fix { color: #1c1c1e; font-weight: 400; }
        #suggestions pre { background: #f2f2f7; padding: 8px; overflow-x: auto; }
        .frame .finding { position: absolute; box-sizing: border-box; border: 2px dashed #d70015; pointer-events: none; }
        </style></head>
        <body data-verdict="\(verdict)">
        <h1>Design review <span class="verdict \(verdict)">\(verdict.uppercased())</span></h1>
        <div>render <code>\(Escaping.html(c.renderPath))</code> · design <code>\(Escaping.html(c.designPath))</code> · @\(c.scale.factor)x · \(number(width)) × \(number(height)) pt\(c.designColorProfile.map { " · design colours: " + Escaping.html($0.description) } ?? "")</div>
        <pre class="summary" id="summary">\(summary)</pre>
        <h2>Findings</h2>
        <ol id="findings">
        \(listed)
        </ol>
        \(suggestionsSection(c))
        <div class="controls">
          <label>Zoom <select id="zoom" data-width="\(number(width))" data-height="\(number(height))"><option value="1">1×</option><option value="2">2×</option><option value="4">4×</option><option value="8">8×</option></select></label>
          <label>Design opacity in the ghost <input id="opacity" type="range" min="0" max="1" step="0.05" value="\(number(c.options.opacity))"> <output id="opacity-value">\(number(c.options.opacity))</output></label>
          <button id="blink-toggle" type="button">Show render</button>
          <label><input id="blink-auto" type="checkbox"> blink</label>
        </div>
        <h2>Ghost</h2>
        <div class="row">
          <figure><figcaption>Live: the design under the render (drag the slider)</figcaption>
            <div class="frame zoomable" style="\(size)"><img class="review-image" id="ghost-design" alt="design" src="\(design)" style="opacity:\(number(c.options.opacity))"><img class="review-image render-layer" id="ghost-render" alt="render" src="\(render)">\(ignored)</div></figure>
          <figure><figcaption>Ghost image (design at \(number(c.options.opacity * 100))% under the render)</figcaption>
            <div class="frame zoomable" style="\(size)"><img class="review-image" id="ghost-image" alt="ghost" src="\(ghost)">\(ignored)</div></figure>
        </div>
        <h2>Side by side</h2>
        <div class="row">
          <figure><figcaption>Design</figcaption><div class="frame zoomable" style="\(size)"><img class="review-image" id="design" alt="design" src="\(design)">\(ignored)</div></figure>
          <figure><figcaption>Render</figcaption><div class="frame zoomable" style="\(size)"><img class="review-image" id="render" alt="render" src="\(render)">\(ignored)</div></figure>
        </div>
        <h2>Blink</h2>
        <figure><figcaption id="blink-caption">Design</figcaption>
          <div class="frame zoomable" style="\(size)"><img class="review-image" id="blink-design" alt="design" src="\(design)"><img class="review-image" id="blink-render" alt="render" src="\(render)" style="visibility:hidden">\(ignored)</div></figure>
        <h2>Pixel difference</h2>
        <figure><figcaption>\(Escaping.html(legend(c)))</figcaption>
          \(hasDiffImage ? "<div class=\"frame zoomable\" style=\"\(size)\"><img class=\"review-image\" id=\"diff\" alt=\"diff\" src=\"\(diff)\">\(ignored)\(findingBoxes)</div>" : "<p id=\"no-diff\">No diff image was drawn for this comparison (ReviewOptions.makeDiffImage was off).</p>")</figure>
        <h2>Baselines (points; offset = render − design, negative = render higher)</h2>
        <table id="labels"><thead><tr><th>label</th><th>line</th><th>layout</th><th>render</th><th>design</th><th>offset</th><th>left offset</th></tr></thead>
        <tbody>
        \(rows)</tbody></table>
        <script>\(script)</script>
        </body></html>

        """
    }

    /// The page's one script, the same text on every page: what a page needs (its size in points) is in data
    /// attributes, never in the script, so a server can allow exactly this script by its hash in a
    /// Content-Security-Policy (the review app does) and no text from a scene or a file name can become code.
    public static let script = """
    (function () {
      var zoom = document.getElementById('zoom');
      var base = { width: Number(zoom.dataset.width), height: Number(zoom.dataset.height) };
      zoom.addEventListener('change', function (e) {
        var z = Number(e.target.value);
        document.querySelectorAll('.zoomable').forEach(function (f) {
          f.style.width = (base.width * z) + 'px'; f.style.height = (base.height * z) + 'px';
        });
      });
      var slider = document.getElementById('opacity');
      slider.addEventListener('input', function () {
        document.getElementById('ghost-design').style.opacity = slider.value;
        document.getElementById('opacity-value').textContent = slider.value;
      });
      var showingRender = false, timer = null;
      function flip() {
        showingRender = !showingRender;
        document.getElementById('blink-render').style.visibility = showingRender ? 'visible' : 'hidden';
        document.getElementById('blink-caption').textContent = showingRender ? 'Render' : 'Design';
        document.getElementById('blink-toggle').textContent = showingRender ? 'Show design' : 'Show render';
      }
      document.getElementById('blink-toggle').addEventListener('click', flip);
      document.getElementById('blink-auto').addEventListener('change', function (e) {
        if (e.target.checked) { timer = setInterval(flip, 500); } else { clearInterval(timer); }
      });
    })();
    """

    /// The suggestions beside the findings: the scene patch, whether the patched scene passed, and each label's code.
    static func suggestionsSection(_ c: DesignComparison) -> String {
        guard let s = c.suggestions, !s.patch.isEmpty else { return "" }
        let checked: String
        switch s.verified {
        case true?: checked = "checked: with these changes the scene passes against the design"
        case false?: checked = "checked: with these changes the scene still fails (" + Escaping.html(s.remaining.prefix(3).joined(separator: "; ")) + ")"
        case nil: checked = "not checked (run <code>ghostline check --suggest</code> to check the patched scene)"
        }
        var html = "<section id=\"suggestions\"><h2>What would match the design</h2><p>\(checked)</p><pre>\(Escaping.html(s.yaml))</pre>"
        for label in s.labels where label.code != nil {
            html += "<details data-label=\"\(Escaping.html(label.label))\"><summary>\(Escaping.html(label.label)): UIKit and SwiftUI</summary>"
                + "<pre>\(Escaping.html(label.code!.uikit))</pre><pre>\(Escaping.html(label.code!.swiftUI))</pre></details>"
        }
        return html + "</section>"
    }

    /// One dashed outline per finding box (a region, or a label's frame), in percent of the frame like the ignored
    /// areas, titled with what it marks.
    static func outlines(_ boxes: [(Rect, String)], width: Double, height: Double) -> String {
        guard width > 0, height > 0 else { return "" }
        return boxes.map { box, title in
            let left = min(max(box.minX, 0), width), right = min(max(box.maxX, 0), width)
            let top = min(max(box.minY, 0), height), bottom = min(max(box.maxY, 0), height)
            func percent(_ v: Double, _ of: Double) -> String { number(v / of * 100) + "%" }
            return "<div class=\"finding\" title=\"\(Escaping.html(title))\" style=\"left:\(percent(left, width));top:\(percent(top, height));width:\(percent(right - left, width));height:\(percent(bottom - top, height))\"></div>"
        }.joined()
    }

    /// One absolutely positioned, striped box per ignored area, in percent of the frame so it follows the zoom.
    static func ignoreOverlays(_ boxes: [Rect], width: Double, height: Double) -> String {
        guard width > 0, height > 0 else { return "" }
        return boxes.map { box in
            let left = min(max(box.minX, 0), width), right = min(max(box.maxX, 0), width)
            let top = min(max(box.minY, 0), height), bottom = min(max(box.maxY, 0), height)
            func percent(_ v: Double, _ of: Double) -> String { number(v / of * 100) + "%" }
            let numbers = [box.x, box.y, box.width, box.height].map { JSONValue.format($0) }.joined(separator: ",")
            return "<div class=\"ignored\" title=\"ignored: \(numbers) pt\" style=\"left:\(percent(left, width));top:\(percent(top, height));width:\(percent(right - left, width));height:\(percent(bottom - top, height))\"></div>"
        }.joined()
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
