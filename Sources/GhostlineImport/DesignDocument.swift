/// A design document as Ghostline reads it: what a Sketch file or a Figma REST response says about the text on each
/// screen, in points, with nothing resolved yet (fonts are the document's names). The readers make it; the scene
/// writer turns it into scenes and a style guide; lint lays its text out. Keeping it a plain value means each of
/// those can be tested alone, and a third format needs only a reader.
public struct DesignDocument: Sendable {
    /// Which tool wrote it.
    public enum Format: String, Sendable { case sketch, figma }
    /// Sketch or Figma.
    public var format: Format
    /// The document's name (Figma's `name`; a Sketch file's name without its extension).
    public var name: String
    /// The writing app's version as the document records it (Sketch's `appVersion`, Figma's `schemaVersion`).
    public var version: String?
    /// Pages in document order.
    public var pages: [DesignPage]
    /// Shared text styles, by the order the document lists them.
    public var textStyles: [DesignTextStyle]
    /// What was left out, and why, by count.
    public var skipped: SkipCounts
}

/// One page (a Sketch page, a Figma canvas) and the screens on it.
public struct DesignPage: Sendable {
    public var id: String
    public var name: String
    /// Artboards or top-level frames, in document order; loose layers on the page make one more frame of their own.
    public var frames: [DesignFrame]
}

/// An artboard (Sketch) or a top-level frame (Figma): one screen, one scene.
public struct DesignFrame: Sendable {
    public var id: String
    public var name: String
    /// Size in points.
    public var width: Double
    public var height: Double
    /// The artboard's own fill; nil for none (white, as both tools draw an artboard without one).
    public var background: DesignColor?
    /// Text layers and filled shapes, in drawing order (back to front), every frame relative to this one.
    public var layers: [DesignLayer]
}

/// A layer the scene keeps.
public enum DesignLayer: Sendable {
    case text(DesignText)
    case shape(DesignShape)
}

/// A frame in points, y down, relative to the screen's top-left corner.
public struct DesignRect: Sendable, Equatable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
}

/// An sRGB colour with alpha, each channel 0…1 as both tools store them.
public struct DesignColor: Sendable, Equatable {
    public var red, green, blue, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque: the scene format's colour.
    public var hex: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(1, max(0, v.isFinite ? v : 0)) * 255).rounded())
            return String(b, radix: 16, uppercase: true).count == 1 ? "0" + String(b, radix: 16, uppercase: true) : String(b, radix: 16, uppercase: true)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (byte(alpha) == "FF" ? "" : byte(alpha))
    }
}

/// How a text layer's box follows its text.
public enum TextBehaviour: String, Sendable {
    /// The box is as wide as its longest line (no wrapping): Sketch's auto width, Figma's `WIDTH_AND_HEIGHT`.
    case autoWidth
    /// A fixed width, as tall as the lines: Sketch's auto height, Figma's `HEIGHT`.
    case autoHeight
    /// A fixed width and height: Sketch's fixed, Figma's `NONE`; text that does not fit runs past the box.
    case fixed
    /// A fixed width and height that cut the text off with an ellipsis: Figma's `TRUNCATE`.
    case truncating
}

/// A line height as the document sets it.
public enum DesignLineHeight: Sendable, Equatable {
    /// Points: Sketch's minimum = maximum line height, Figma's `PIXELS`.
    case points(Double)
    /// Percent of the font size: Figma's `FONT_SIZE_%`.
    case percent(Double)
}

/// The character and paragraph settings of one run, as the document names them.
public struct DesignTextAttributes: Sendable, Equatable {
    /// The face's PostScript name (`Inter-SemiBold`), when the document records one.
    public var postScriptName: String?
    /// The family (`Inter`), when the document records one (Figma always; Sketch only through the name).
    public var family: String?
    /// 100…900, when the document records it (Figma).
    public var weight: Int?
    public var italic = false
    public var size: Double
    /// Points between characters (Sketch's `kerning`, Figma's `letterSpacing`); 0 for none.
    public var letterSpacing = 0.0
    public var color: DesignColor?
    public var lineHeight: DesignLineHeight?
    /// Points after each paragraph.
    public var paragraphSpacing = 0.0
    /// `left`, `right`, `center`, `justified` or `natural`.
    public var alignment = "natural"
    /// `upper`, `lower`, `capitalize`, or nil.
    public var textCase: String?
    public var underline = false
    public var strikethrough = false
    public init(size: Double) { self.size = size }
}

/// A run of a text layer: its text and attributes.
public struct DesignRun: Sendable, Equatable {
    public var text: String
    public var attributes: DesignTextAttributes
}

/// A text layer.
public struct DesignText: Sendable {
    /// The document's object id (Sketch's `do_objectID`, Figma's node id; instances' layers get the instance's
    /// path in front, as Figma writes them).
    public var id: String
    public var name: String
    public var frame: DesignRect
    /// The runs, their texts end to end the layer's string; one run for uniform text.
    public var runs: [DesignRun]
    public var behaviour: TextBehaviour
    /// Where a fixed box puts its text: `top` (both tools' default), `center` or `bottom`.
    public var verticalAlignment = "top"
    /// The shared text style the layer uses, by name; nil for none.
    public var styleName: String?
    /// False when the layer's attributes differ from its shared style's (an override the designer made).
    public var matchesStyle = true
    /// Where the tool drew the glyphs (Sketch's `glyphBounds`, Figma's `absoluteRenderBounds`), relative to the
    /// screen, when the document records it: what lint compares Ghostline's css layout with.
    public var inkBounds: DesignRect?
    /// False when the document's frame is not this text's box: a symbol instance's text override keeps its master
    /// layer's frame, sized for the master's text.
    public var frameFitsText = true
    /// The layer's whole string.
    public var string: String { runs.map(\.text).joined() }
}

/// A filled rectangle or oval, kept as a box so text on its own fill is drawn on it.
public struct DesignShape: Sendable {
    public var id: String
    public var name: String
    public var frame: DesignRect
    public var color: DesignColor
    public var cornerRadius: Double
}

/// A shared text style.
public struct DesignTextStyle: Sendable {
    public var id: String
    public var name: String
    public var attributes: DesignTextAttributes
}

/// What an import left out, by reason, in the order first met: the report's and the summary's counts.
public struct SkipCounts: Sendable, Equatable {
    public private(set) var reasons: [(reason: String, count: Int)] = []
    public init() {}
    public mutating func add(_ reason: String, _ count: Int = 1) {
        guard count > 0 else { return }
        if let i = reasons.firstIndex(where: { $0.reason == reason }) { reasons[i].count += count } else { reasons.append((reason, count)) }
    }
    public func count(_ reason: String) -> Int { reasons.first { $0.reason == reason }?.count ?? 0 }
    public static func == (a: SkipCounts, b: SkipCounts) -> Bool { a.reasons.elementsEqual(b.reasons) { $0 == $1 } }
}
