import GhostlineFonts
import GhostlineImage

/// Which layout rules place lines inside a label.
public enum LayoutModel: String, Sendable, Codable, CaseIterable {
    /// UIKit/TextKit: extra line height goes above the glyphs, lineSpacing between lines only, pixel rounding
    /// of label heights and baselines (rules R1–R12). Vertical metrics from `hhea`, as UIFont reads them.
    case uikit
    /// CSS (and Figma, Sketch): every line box is the designed line height with the font's content area
    /// centred in it (half-leading above and below).
    case css
}

/// How the uikit model meets a designed line height (R7, R8).
public enum LineHeightStrategy: String, Sendable, Codable, CaseIterable {
    /// Ignore the designed line height: the font's own line height (what a plain UILabel does).
    case none
    /// `lineSpacing = L − font.lineHeight` between lines only (R5, R7 first step).
    case lineSpacing
    /// `lineSpacing` plus half of it as outer padding above the first and below the last line (R7).
    case padded
    /// `minimumLineHeight = maximumLineHeight = L`; the extra sits above the glyphs (R8).
    case minMax
}

/// Character-level style of a label's text.
public struct TextStyle: Sendable {
    public var font: Font
    public var pointSize: Double
    /// A designed line height in points (the design tool's "line height"); nil = the font's own.
    public var lineHeight: Double?
    public var lineHeightStrategy: LineHeightStrategy
    /// Tracking in points after every cluster.
    public var letterSpacing: Double
    public var color: Color
    public var kerning: Bool
    public var ligatures: Bool

    public init(font: Font, pointSize: Double, lineHeight: Double? = nil, lineHeightStrategy: LineHeightStrategy = .padded,
                letterSpacing: Double = 0, color: Color = .black, kerning: Bool = true, ligatures: Bool = true) {
        self.font = font; self.pointSize = pointSize; self.lineHeight = lineHeight
        self.lineHeightStrategy = lineHeightStrategy; self.letterSpacing = letterSpacing; self.color = color
        self.kerning = kerning; self.ligatures = ligatures
    }
}

/// Horizontal placement of each line inside the label.
public enum TextAlignment: String, Sendable, Codable, CaseIterable {
    case natural, left, center, right, justified
}

/// What happens to text that does not fit (NSLineBreakMode).
public enum LineBreakMode: String, Sendable, Codable, CaseIterable {
    case wordWrap, charWrap, clip, truncateTail, truncateHead, truncateMiddle
}

/// Paragraph-level settings, as NSParagraphStyle names them. Lengths in points.
public struct ParagraphStyle: Sendable, Hashable {
    public var alignment: TextAlignment = .natural
    public var lineBreakMode: LineBreakMode = .wordWrap
    /// Maximum number of lines; 0 = unlimited (UILabel's `numberOfLines`).
    public var numberOfLines: Int = 0
    /// Added between lines of a paragraph only (R5), combined with positive leading as a minimum (R6).
    public var lineSpacing: Double = 0
    public var paragraphSpacing: Double = 0
    public var paragraphSpacingBefore: Double = 0
    public var minimumLineHeight: Double = 0
    public var maximumLineHeight: Double = 0
    public var lineHeightMultiple: Double = 0
    public var baselineOffset: Double = 0

    public init() {}
}
