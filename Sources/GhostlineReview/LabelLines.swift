import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage
import GhostlineLayout
import GhostlineSupport

/// What the differ needs to know about a label's text, in points: where its lines and baselines are. It comes
/// from a fresh layout (`check`) or from a layout JSON file written by `render --layout` (`diff --layout`).
public struct LabelLines: Sendable, Equatable {
    /// One line of the label, in canvas points.
    public struct Line: Sendable, Equatable {
        /// The first scalar of the label's text on the line.
        public var start: Int
        /// The end (exclusive) of the line's scalars.
        public var end: Int
        /// The line's left edge on the canvas, in points.
        public var x: Double
        /// The line's advance width in points.
        public var width: Double
        /// The baseline on the canvas, in points down from the top.
        public var baseline: Double
    }
    /// The label's id, as the layout gives it.
    public var id: String
    /// The label's frame on the canvas, in points.
    public var frame: Rect
    /// The font's ascender and descender (descender negative) in points, to size the bands lines own.
    public var ascender: Double
    /// See ``ascender``: the descender, negative, in points.
    public var descender: Double
    /// The label's lines, top to bottom.
    public var lines: [Line]
    /// Characters no font had a glyph for, as code points (`U+1F600`): the layout JSON's `missingGlyphs`. They
    /// draw as empty boxes, so a review fails on them unless told they are expected.
    public var missingGlyphs: [String]
    /// The fills drawn under the label's text, in drawing order: every element background and box whose frame
    /// holds the label's (a button's background, a bubble, a box in an overlay, a dark cell). Ink is measured
    /// against the page with these laid over it (``under(page:)``), so white text on a blue button is text, not a
    /// blue block.
    public var fills: [Color] = []
    /// The inside of the innermost of those fills (inside its border), where the label's glyphs are: ink is looked
    /// for only there, so the shape's edges, corners and border are not read as text (``InkClip``). Nil when no fill
    /// holds the label.
    public var fillShape: InkClip?
    /// The colour of the label's text (its first run's), when known: how far its brightness is from what lies under
    /// it decides whether ink in a lossy design is judged by brightness alone (`TextGeometry.lumaOnly`).
    public var textColor: Color?
    /// Shapes drawn near the label but not over any of its frame (a hairline under a title, an icon beside it,
    /// another element's fill), in points, within the reach of its lines' bands: never its ink
    /// (`TextGeometry.excluded`).
    public var nearbyShapes: [Rect] = []

    /// The colour under the text: `page` with ``fills`` laid over it in order (straight alpha, "over").
    public func under(page: Color) -> Color { layers(page: page).last ?? page }

    /// `page`, then the colour after each of ``fills`` is laid over: what lies under the text is the last, and the
    /// others are what may show around it.
    public func layers(page: Color) -> [Color] {
        var result = [page]
        guard !fills.isEmpty else { return result }
        var (r, g, b, a) = (Double(page.red), Double(page.green), Double(page.blue), Double(page.alpha) / 255)
        for fill in fills where fill.alpha > 0 {
            let f = Double(fill.alpha) / 255
            let out = f + a * (1 - f)
            func mix(_ c: UInt8, _ under: Double) -> Double { (Double(c) * f + under * a * (1 - f)) / out }
            (r, g, b, a) = (mix(fill.red, r), mix(fill.green, g), mix(fill.blue, b), out)
            result.append(Color(red: UInt8(min(255, r.rounded())), green: UInt8(min(255, g.rounded())),
                                blue: UInt8(min(255, b.rounded())), alpha: UInt8(min(255, (a * 255).rounded()))))
        }
        return result
    }

    /// A shape drawn before a label: an element's background or a box, with its corners and border, in points.
    struct Fill {
        var frame: Rect
        var color: Color
        var cornerRadius: Double
        var borderWidth: Double
    }

    /// Sets ``fills`` and ``fillShape`` from the shapes among `drawn` (in drawing order) that hold the label's frame.
    mutating func setFills(from drawn: [Fill]) {
        let holding = drawn.filter { fill in
            fill.frame.minX <= frame.minX + 1e-6 && fill.frame.maxX >= frame.maxX - 1e-6
                && fill.frame.minY <= frame.minY + 1e-6 && fill.frame.maxY >= frame.maxY - 1e-6
        }
        fills = holding.map(\.color)
        fillShape = holding.last { $0.color.alpha > 0 }.flatMap { fill in
            InkClip(frame: fill.frame, cornerRadius: fill.cornerRadius).inset(by: max(0, fill.borderWidth))
        }
    }

    /// Creates a label's lines from known values (a layout built elsewhere).
    public init(id: String, frame: Rect, ascender: Double, descender: Double, lines: [Line], missingGlyphs: [String] = []) {
        self.id = id; self.frame = frame; self.ascender = ascender; self.descender = descender; self.lines = lines
        self.missingGlyphs = missingGlyphs
    }

    /// The lines of every label in a layout, in drawing order, with positions on the canvas; with the `palette`
    /// the layout's paints stand for, the fills under each label too.
    public static func from(_ layout: SceneLayout, palette: Palette? = nil) -> [LabelLines] {
        var drawn: [Fill] = []
        var labels: [LabelLines] = []
        for element in layout.elements {
            if let palette {
                if let background = element.background {
                    drawn.append(Fill(frame: element.frame, color: palette.color(background.paint),
                                      cornerRadius: background.cornerRadius, borderWidth: background.border?.widest ?? 0))
                }
                if case .box(let paint, let radius) = element.content {
                    drawn.append(Fill(frame: element.frame, color: palette.color(paint), cornerRadius: radius, borderWidth: 0))
                }
            }
            guard let label = element.labelLayout else { continue }
            var lines = LabelLines(id: element.id, frame: element.frame, ascender: label.metrics.ascender,
                                   descender: label.metrics.descender,
                                   lines: element.canvasLines.map { Line(start: $0.start, end: $0.end, x: $0.x, width: $0.width,
                                                                         baseline: $0.baseline) },
                                   missingGlyphs: label.missingCodePoints)
            lines.setFills(from: drawn)
            if let palette, let paint = label.lines.first?.runs.first?.paint { lines.textColor = palette.color(paint) }
            labels.append(lines)
        }
        let shapes = layout.elements.compactMap { element -> Rect? in
            switch element.content {
            case .box, .image: return element.frame
            default: return element.background != nil ? element.frame : nil
            }
        }
        setNearbyShapes(&labels, shapes: shapes)
        return labels
    }

    /// Sets every label's ``nearbyShapes`` from the frames of all shapes drawn (backgrounds, boxes, images): those
    /// that overlap none of the label's frame and lie within a line box and 2 pt of it, where its bands reach.
    static func setNearbyShapes(_ labels: inout [LabelLines], shapes: [Rect]) {
        for index in labels.indices {
            let frame = labels[index].frame
            let reach = 2 * max(0, labels[index].ascender - labels[index].descender) + 2
            labels[index].nearbyShapes = shapes.filter { shape in
                let overlaps = shape.minX < frame.maxX && frame.minX < shape.maxX && shape.minY < frame.maxY && frame.minY < shape.maxY
                let near = shape.minX < frame.maxX + reach && frame.minX - reach < shape.maxX
                    && shape.minY < frame.maxY + reach && frame.minY - reach < shape.maxY
                return near && !overlaps
            }
        }
    }

    /// The largest coordinate or length, in points, a layout JSON may give: 16384 px (the largest canvas and PNG)
    /// at @1x, with room to spare for frames that hang off the canvas. A number past it cannot describe a label
    /// on any image Ghostline reads, and huge values (1e19, 1e308) would overflow the band arithmetic.
    public static let largestCoordinate = 1_000_000.0

    /// The largest layout JSON read: a scene at the canvas limit with a label per line is a few MiB.
    public static let maximumFileBytes = 64 << 20

    /// Reads the labels of a layout JSON file (the format of docs/scene-format.md; `font.ascender`/`descender` are
    /// Ghostline's additions and default to 0.8 / −0.2 of the line pitch when absent).
    ///
    /// Every number is checked before use, as the scene reader checks a scene's: it must be a finite number
    /// within ±`largestCoordinate` points (lengths not negative, `start`/`end` whole and not negative). A bad one
    /// is reported with its key path, e.g. `elements[2].frame.x`.
    public static func read(layoutJSON path: String) throws(ReviewError) -> [LabelLines] {
        // A device, a FIFO or a huge file would be read forever or exhaust memory: a regular file of sane size only.
        let data: Data
        do throws(SafeFile.Failure) { data = Data(try SafeFile.contents(of: path, limit: maximumFileBytes)) } catch {
            switch error {
            case .directory, .unreadable(.notRegularFile):
                throw .badInput("\(path): not a regular file; pass the layout JSON written by `ghostline render … --layout`")
            case .unreadable(.tooLarge):
                throw .badInput("\(path): larger than \(maximumFileBytes >> 20) MiB, more than any layout JSON; check the path")
            case .missing, .unreadable(.unreadable), .notUTF8:
                throw .badInput("\(path): cannot read the layout JSON; check the path (write one with `ghostline render … --layout`)")
            }
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let elements = root["elements"] as? [[String: Any]] else {
            throw .badInput("\(path): not a Ghostline layout JSON (no `elements` list); write one with `ghostline render … --layout`")
        }
        func fail(_ key: String, _ problem: String) -> ReviewError {
            .badInput("\(path): \(key) \(problem); regenerate the layout JSON with `ghostline render … --layout`")
        }
        /// The number at `key` of `object`, or nil when absent; a present value must be a usable number.
        func number(_ object: [String: Any]?, _ key: String, at place: String, length: Bool = false) throws(ReviewError) -> Double? {
            guard let raw = object?[key] else { return nil }
            // JSON true and false also arrive as NSNumber; their type code is "c" (a C char), a number's "i", "q" or "d".
            guard let number = raw as? NSNumber, String(cString: number.objCType) != "c" else {
                throw fail("\(place).\(key)", "is not a number")
            }
            let value = number.doubleValue
            guard value.isFinite, abs(value) <= largestCoordinate else {
                throw fail("\(place).\(key)", "is \(value), outside ±\(Int(largestCoordinate)) pt")
            }
            if length && value < 0 { throw fail("\(place).\(key)", "is \(value); a length cannot be negative") }
            return value
        }
        func offset(_ object: [String: Any], _ key: String, at place: String) throws(ReviewError) -> Int {
            guard let value = try number(object, key, at: place) else { return 0 }
            guard value >= 0, value == value.rounded() else { throw fail("\(place).\(key)", "is \(value), not a whole offset ≥ 0") }
            return Int(value)   // finite and within ±largestCoordinate: cannot trap
        }
        var labels: [LabelLines] = []
        // Fills in drawing order (element backgrounds, boxes), for the fills under each label.
        var drawn: [Fill] = []
        var shapes: [Rect] = []
        /// A corner radius or border width read leniently (a shape's outline only narrows where ink is looked for).
        func length(_ value: Any?) -> Double {
            guard let number = value as? Double, number.isFinite, number >= 0, number <= largestCoordinate else { return 0 }
            return number
        }
        /// A border's width: a uniform border's `width`, or the widest of its sides'.
        func borderWidth(_ border: [String: Any]?) -> Double {
            guard let border else { return 0 }
            if border["width"] != nil { return length(border["width"]) }
            return ["top", "leading", "bottom", "trailing"].map { length((border[$0] as? [String: Any])?["width"]) }.max() ?? 0
        }
        for (index, element) in elements.enumerated() {
            if let frame = element["frame"] as? [String: Any], let x = frame["x"] as? Double, let y = frame["y"] as? Double,
               let w = frame["width"] as? Double, let h = frame["height"] as? Double,
               [x, y, w, h].allSatisfy({ $0.isFinite && abs($0) <= largestCoordinate }) {
                let rect = Rect(x: x, y: y, width: w, height: h)
                if element["background"] is [String: Any] || ["box", "image"].contains(element["kind"] as? String ?? "") {
                    shapes.append(rect)
                }
                if let background = element["background"] as? [String: Any], let hex = background["color"] as? String,
                   let color = Color(hex: hex) {
                    drawn.append(Fill(frame: rect, color: color, cornerRadius: length(background["cornerRadius"]),
                                      borderWidth: borderWidth(background["border"] as? [String: Any])))
                }
                if element["kind"] as? String == "box", let hex = element["color"] as? String, let color = Color(hex: hex) {
                    drawn.append(Fill(frame: rect, color: color, cornerRadius: length(element["cornerRadius"]), borderWidth: 0))
                }
            }
            guard element["kind"] as? String == "label" else { continue }
            let place = "elements[\(index)]"
            guard let frame = element["frame"] as? [String: Any], let rawLines = element["lines"] as? [[String: Any]] else {
                throw .badInput("\(path): \(place) is a label without a frame or lines; regenerate the layout JSON")
            }
            guard let x = try number(frame, "x", at: place + ".frame"), let y = try number(frame, "y", at: place + ".frame"),
                  let w = try number(frame, "width", at: place + ".frame", length: true),
                  let h = try number(frame, "height", at: place + ".frame", length: true) else {
                throw .badInput("\(path): \(place).frame lacks x, y, width or height; regenerate the layout JSON")
            }
            var lines: [Line] = []
            for (lineIndex, line) in rawLines.enumerated() {
                let linePlace = "\(place).lines[\(lineIndex)]"
                guard let baseline = try number(line, "baseline", at: linePlace), let lx = try number(line, "x", at: linePlace),
                      let lw = try number(line, "width", at: linePlace, length: true) else {
                    throw .badInput("\(path): \(linePlace) lacks x, width or baseline; regenerate the layout JSON")
                }
                lines.append(Line(start: try offset(line, "start", at: linePlace), end: try offset(line, "end", at: linePlace),
                                  x: lx, width: lw, baseline: baseline))
            }
            let missing = (element["missingGlyphs"] as? [Any] ?? []).prefix(1000).compactMap { $0 as? String }
                .filter { $0.count <= 12 }   // a code point, not a novel: the list only ever names characters
            let font = element["font"] as? [String: Any]
            let pitch = lines.count > 1 ? lines[1].baseline - lines[0].baseline : h
            var label = LabelLines(id: element["id"] as? String ?? "label\(index)", frame: Rect(x: x, y: y, width: w, height: h),
                                   ascender: try number(font, "ascender", at: place + ".font") ?? pitch * 0.8,
                                   descender: try number(font, "descender", at: place + ".font") ?? -pitch * 0.2, lines: lines,
                                   missingGlyphs: missing)
            label.setFills(from: drawn)
            label.textColor = (element["color"] as? String).flatMap { Color(hex: $0) }
            labels.append(label)
        }
        setNearbyShapes(&labels, shapes: shapes)
        return labels
    }
}

/// A review that cannot be made; one line for the CLI (exit 2).
public enum ReviewError: Error, CustomStringConvertible, Equatable {
    /// An input that cannot be used (an unreadable or malformed file, images with no overlap), with a one-line
    /// message that names the file and says what to do.
    case badInput(String)
    /// `ReviewOptions.ignore[index]` cannot be used. The caller knows where the box came from (the CLI names its
    /// `--ignore` value, a scene reader the `ignore:` entry's line and column), so the case carries the index and
    /// the reason rather than a finished sentence.
    case badIgnoreBox(index: Int, box: Rect, reason: String)

    /// The one-line message the CLI prints.
    public var description: String {
        switch self {
        case .badInput(let message): return message
        case let .badIgnoreBox(index, box, reason):
            let numbers = [box.x, box.y, box.width, box.height].map { JSONValue.format($0) }.joined(separator: ",")
            return "ignore box \(index + 1) (\(numbers) pt): \(reason)"
        }
    }
}
