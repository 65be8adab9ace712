import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineReview

/// Issue 31, item 3: text the design spells otherwise, read from glyph ink. No OCR: each glyph of the render's line
/// owns the columns between its pen position and the next one's, and the render's ink in those columns is compared
/// with the design's. Where the glyphs before one match and it does not, the text differs from there.
///
/// Why only after the checked search: a letter spacing or a size also makes glyphs stop matching a few letters in,
/// so the note is made only for a label no checked change explains, with its lines where the design has them.
extension SuggestionSearch {
    /// For each such label, "the text differs after "Setting": the design's line is 8.33 pt shorter", keyed by id.
    package func textDiffers(explained: Set<String>) -> [String: String] {
        guard let render = wholeRender, let design = wholeDesign else { return [:] }
        var notes: [String: String] = [:]
        var byID: [String: LayoutElement] = [:]
        for element in layout.elements { byID[element.id] = element }
        for label in comparison.labels where !explained.contains(label.id) && !label.lineCountDiffers {
            guard let element = byID[label.id], let layoutLabel = element.labelLayout else { continue }
            let lines = element.canvasLines
            for (index, line) in label.lines.enumerated() where index < lines.count {
                guard let renderInk = line.renderInk, let designInk = line.designInk,
                      let offset = line.baselineOffset, !comparison.exceedsBaselineTolerance(abs(offset)),
                      layoutLabel.lines[index].runs.allSatisfy({ $0.direction == .leftToRight }) else { continue }
                let placed = lines[index]
                let under = label.under ?? comparison.background
                guard let first = Self.firstDifferingGlyph(placed, render: render, design: design, top: min(renderInk.minY, designInk.minY),
                                                           bottom: max(renderInk.maxY, designInk.maxY), right: renderInk.maxX,
                                                           shift: designInk.minX - renderInk.minX, reach: (unchanged[label.id]?.pointSize ?? 17) * 0.15,
                                                           scale: comparison.scale.value, under: under) else { continue }
                let scalars = Array(placed.text.unicodeScalars)
                let upTo = max(0, min(scalars.count, first - placed.start))
                let prefix = String(String.UnicodeScalarView(scalars[..<upTo])).trimmingCharacters(in: .whitespaces)
                guard prefix.count >= 2 else { continue }
                let longer = designInk.width - renderInk.width
                let how = abs(longer) <= comparison.edgeTolerance ? "its letters differ from there"
                    : "the design's line is \(SceneEdit.number(abs(longer))) pt \(longer < 0 ? "shorter" : "longer")"
                notes[label.id] = "the text differs after \"\(prefix)\": \(how)"
                break
            }
        }
        return notes
    }

    /// The cluster (a scalar of the label's text) of the first glyph on `line` whose columns hold other ink in the
    /// design than in the render, when at least two glyphs before it match; nil when none differs or the first does.
    ///
    /// A glyph's columns differ when the pixels that are ink in one image and not in the other (ink: more than 40
    /// levels a channel from `under`, between `top` and `bottom`) are more than a third of the larger image's ink
    /// there, and more than a device pixel's column; the last glyph's columns run to `right`. The design's columns are read `shift` points to the
    /// right of the render's: where its line starts (a centred line of other text starts elsewhere).
    ///
    /// Glyphs that only moved are not other text: a letter spacing, proportional digits or a kerning move each glyph
    /// a little further. So from the first differing glyph on, each glyph is looked for up to `reach` points either
    /// side of where the one before it was found; when four in five of them are found, the text is the same, placed
    /// otherwise, and nil is returned.
    static func firstDifferingGlyph(_ line: LabelLine, render: RGBAImage, design: RGBAImage, top: Double, bottom: Double,
                                    right: Double, shift: Double, reach: Double, scale: Double, under: Color) -> Int? {
        let glyphs = line.glyphs
        guard glyphs.count >= 3 else { return nil }
        let y0 = max(0, Int((top * scale).rounded(.down))), y1 = min(render.height, design.height, Int((bottom * scale).rounded(.up)))
        guard y0 < y1 else { return nil }
        func ink(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
            x >= 0 && x < image.width && InkTraits.channelDistance(image[x, y], under) > 40
        }
        let offset = Int((shift * scale).rounded())
        /// Whether the glyph's columns `x0..<x1` hold the same ink in the design `by` columns to the right; and
        /// whether there is ink at all.
        func compare(_ x0: Int, _ x1: Int, by: Int) -> (same: Bool, inked: Bool) {
            var r = 0, d = 0, apart = 0
            for x in x0..<x1 {
                for y in y0..<y1 {
                    let a = ink(render, x, y), b = ink(design, x + by, y)
                    if a { r += 1 }
                    if b { d += 1 }
                    if a != b { apart += 1 }
                }
            }
            let larger = max(r, d)
            return (larger == 0 || !(apart * 3 > larger && apart > y1 - y0), larger > 0)
        }
        let spans = glyphs.indices.map { k -> (Int, Int) in
            let start = line.x + glyphs[k].x
            let end = k + 1 < glyphs.count ? line.x + glyphs[k + 1].x : max(start, right)
            return (Int((start * scale).rounded()), Int((end * scale).rounded()))
        }
        var matched = 0
        for (k, (x0, x1)) in spans.enumerated() where x1 > x0 {
            let (same, inked) = compare(x0, x1, by: offset)
            if same { if inked { matched += 1 }; continue }
            guard matched >= 2 else { return nil }
            // From here: moved glyphs, or other ones?
            let step = max(1, Int((reach * scale).rounded()))
            var drift = offset, found = 0, lost = 0
            for (x0, x1) in spans[k...] where x1 > x0 {
                guard let best = (drift - step...drift + step).first(where: { compare(x0, x1, by: $0).same }) else { lost += 1; continue }
                if compare(x0, x1, by: best).inked { found += 1 }
                drift = best
            }
            return found * 5 >= (found + lost) * 4 ? nil : glyphs[k].cluster
        }
        return nil
    }
}
