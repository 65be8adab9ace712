import Foundation
import GhostlineGeometry
import GhostlineLayout

/// What the differ needs to know about a label's text, in points: where its lines and baselines are. It comes
/// from a fresh layout (`check`) or from a layout JSON file written by `render --layout` (`diff --layout`).
public struct LabelLines: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var start: Int
        public var end: Int
        public var x: Double
        public var width: Double
        public var baseline: Double
    }
    public var id: String
    public var frame: Rect
    /// The font's ascender and descender (descender negative) in points, to size the bands lines own.
    public var ascender: Double
    public var descender: Double
    public var lines: [Line]

    public init(id: String, frame: Rect, ascender: Double, descender: Double, lines: [Line]) {
        self.id = id; self.frame = frame; self.ascender = ascender; self.descender = descender; self.lines = lines
    }

    public static func from(_ layout: SceneLayout) -> [LabelLines] {
        layout.elements.compactMap { element in
            guard let label = element.labelLayout else { return nil }
            return LabelLines(id: element.id, frame: element.frame, ascender: label.metrics.ascender,
                              descender: label.metrics.descender,
                              lines: element.canvasLines.map { Line(start: $0.start, end: $0.end, x: $0.x, width: $0.width,
                                                                    baseline: $0.baseline) })
        }
    }

    /// Reads the labels of a layout JSON file (the format of SCENE-FORMAT.md; `font.ascender`/`descender` are
    /// Ghostline's additions and default to 0.8 / −0.2 of the line pitch when absent).
    public static func read(layoutJSON path: String) throws(ReviewError) -> [LabelLines] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .badInput("\(path): cannot read the layout JSON; check the path (write one with `ghostline render … --layout`)")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let elements = root["elements"] as? [[String: Any]] else {
            throw .badInput("\(path): not a Ghostline layout JSON (no `elements` list); write one with `ghostline render … --layout`")
        }
        func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }
        var labels: [LabelLines] = []
        for (index, element) in elements.enumerated() where element["kind"] as? String == "label" {
            guard let frame = element["frame"] as? [String: Any], let x = number(frame["x"]), let y = number(frame["y"]),
                  let w = number(frame["width"]), let h = number(frame["height"]),
                  let rawLines = element["lines"] as? [[String: Any]] else {
                throw .badInput("\(path): elements[\(index)] is a label without a frame or lines; regenerate the layout JSON")
            }
            var lines: [Line] = []
            for (lineIndex, line) in rawLines.enumerated() {
                guard let baseline = number(line["baseline"]), let lx = number(line["x"]), let lw = number(line["width"]) else {
                    throw .badInput("\(path): elements[\(index)].lines[\(lineIndex)] lacks x, width or baseline; regenerate the layout JSON")
                }
                lines.append(Line(start: (line["start"] as? Int) ?? 0, end: (line["end"] as? Int) ?? 0, x: lx, width: lw, baseline: baseline))
            }
            let font = element["font"] as? [String: Any]
            let pitch = lines.count > 1 ? lines[1].baseline - lines[0].baseline : h
            labels.append(LabelLines(id: element["id"] as? String ?? "label\(index)", frame: Rect(x: x, y: y, width: w, height: h),
                                     ascender: number(font?["ascender"]) ?? pitch * 0.8,
                                     descender: number(font?["descender"]) ?? -pitch * 0.2, lines: lines))
        }
        return labels
    }
}

/// A review that cannot be made; one line for the CLI (exit 2).
public enum ReviewError: Error, CustomStringConvertible, Equatable {
    case badInput(String)
    public var description: String {
        switch self { case .badInput(let message): return message }
    }
}
