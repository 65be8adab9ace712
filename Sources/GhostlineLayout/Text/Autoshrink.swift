/// UILabel's autoshrink: what a label does, before truncating, with text wider than its width.
///
/// The names and meanings are UILabel's, because that is what the app sets and what a scene must reproduce:
/// - `adjustsFontSizeToFitWidth`: "the label reduces the font size until the text fits" (UILabel documentation);
/// - `minimumScaleFactor`: never below this share of the size; "if you specify a value of 0 for this property,
///   the label doesn't scale the text down", and 0 is the default, so shrinking needs both keys;
/// - `allowsDefaultTighteningForTruncation`: the label "tightens intercharacter spacing of its text before allowing
///   any truncation", on one line, when the text is at most `tighteningFactorForTruncation` (0.05, NSParagraphStyle's
///   documented default) wider than the line;
/// - `baselineAdjustment`: where a shrunk single line sits; `alignBaselines` (the default) keeps the baseline the
///   full-size text would have.
public struct Autoshrink: Hashable, Sendable {
    /// Whether the font size shrinks (to ``minimumScaleFactor`` at most) until the text fits.
    public var adjustsFontSizeToFitWidth: Bool = false
    /// The smallest share of every run's size the label may draw at; 0 (the default) or 1 means no shrinking.
    public var minimumScaleFactor: Double = 0
    /// Whether a single line that still does not fit is drawn with its characters closer together before it is
    /// truncated.
    public var allowsDefaultTighteningForTruncation: Bool = false
    /// Where a shrunk single line is placed vertically in the full-size line's height.
    public var baselineAdjustment: BaselineAdjustment = .alignBaselines

    /// NSParagraphStyle's `tighteningFactorForTruncation` default: a line is tightened instead of truncated when the
    /// text is at most 5 % wider than the line.
    public static let tighteningFactor = 0.05

    /// No shrinking and no tightening (UILabel's defaults).
    public init() {}

    /// The settings UILabel spells with these properties.
    public init(adjustsFontSizeToFitWidth: Bool, minimumScaleFactor: Double, allowsDefaultTighteningForTruncation: Bool = false,
                baselineAdjustment: BaselineAdjustment = .alignBaselines) {
        self.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth; self.minimumScaleFactor = minimumScaleFactor
        self.allowsDefaultTighteningForTruncation = allowsDefaultTighteningForTruncation
        self.baselineAdjustment = baselineAdjustment
    }

    /// True when the font size may shrink: the flag set and a factor strictly between 0 and 1.
    public var shrinks: Bool { adjustsFontSizeToFitWidth && minimumScaleFactor > 0 && minimumScaleFactor < 1 }

    /// True when anything here can change a layout.
    public var isActive: Bool { shrinks || allowsDefaultTighteningForTruncation }
}

/// UIBaselineAdjustment: where a single line drawn smaller than its font sits in the height of a full-size line.
/// Apple's documentation: with `alignBaselines` "the position of the baseline remains fixed at its initial
/// location", `none` moves the text "toward the top-left corner of the bounding box"; `alignCenters` keeps the
/// text's centre. UIKit applies it only when `numberOfLines` is 1; more lines are centred, as UILabel centres its
/// text rect.
public enum BaselineAdjustment: String, Sendable, Hashable, Codable, CaseIterable {
    case alignBaselines, alignCenters, none
}

/// Whether a model shrinks and tightens labels as UILabel does (``LayoutModel/autoshrink``). A browser has no such
/// behaviour: the css model refuses the settings instead of ignoring them.
public enum AutoshrinkRule: String, Sendable, Hashable {
    /// UILabel's autoshrink and tightening (``Autoshrink``).
    case uilabel
    /// Text is never shrunk or tightened to fit.
    case never
}
