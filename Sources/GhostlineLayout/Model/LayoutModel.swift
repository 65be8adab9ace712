import GhostlineFonts
import GhostlineShaping

/// The rules that place text, as a value: one property for each thing UIKit and a browser do differently.
///
/// Layout code asks the model what to do (`model.metrics(font, pointSize:)`, `model.lineStacking`,
/// `model.ligaturesSurviveLetterSpacing`, …) and never which model it is, so the two models Ghostline ships are
/// two values, ``uikit`` (`UIKitModel.swift`) and ``css`` (`CSSModel.swift`), and a third is one more file. List it
/// in ``allCases`` too if scenes and the command line should be able to name it.
///
/// A scene, the command line and layout JSON spell a model by its ``name`` (`model: css`, `--model css`).
public struct LayoutModel: Sendable {
    /// What scenes (`model: css`), `--model` and layout JSON call the model; ``init(rawValue:)`` looks it up.
    public var name: String

    /// Which table a font's ascender, descender and line gap come from. UIFont reads `hhea`; browsers read the
    /// `OS/2` typo metrics when the font asks for them, so the same font has different line heights (R1).
    public var verticalMetrics: VerticalMetricsChoice

    /// How the lines of a label are stacked into its height and rounded to pixels: TextKit's font line heights
    /// with extra height above the glyphs (R2–R8), or CSS line boxes with half-leading above and below.
    public var lineStacking: LineStacking

    /// Whether a label that asks to snap to the canvas's baseline grid does (R9, R10): its baselines move onto the
    /// grid and the stack keeps its top on it. The grid rules are UIKit recipes; CSS has no baseline grid.
    public var snapsToBaselineGrid: Bool

    /// Where lines may break, when a line is full, and which paragraph settings control wrapping and hyphenation.
    public var lineBreaking: LineBreaking

    /// Where tab stops are when the paragraph sets no ``ParagraphStyle/tabInterval``: NSParagraphStyle puts them
    /// every 28 pt, CSS every eight spaces of the paragraph's font.
    public var tabStops: TabStops

    /// Whether standard ligatures stay on in letter-spaced text. Browsers turn them off (a ligature cannot be
    /// spaced apart); Core Text keeps them. Kerning stays on in both.
    public var ligaturesSurviveLetterSpacing: Bool

    /// Whether two fullwidth CJK punctuation marks side by side lose half of one's blank space (Chromium's
    /// `text-spacing-trim: normal`, ``HanKerning``). UIKit applies no such trimming.
    public var trimsAdjacentFullwidthPunctuation: Bool

    /// Whether a style with a Dynamic Type `textStyle` and no line height of its own takes the HIG table's line
    /// height. UIKit applies a text style's size and weight but never that line height (measured on iOS); design
    /// kits, and so the css model, do.
    public var textStyleSuppliesLineHeight: Bool

    /// How the face of a font that system fallback picked is chosen: Blink draws the face its list ranks first and
    /// synthesizes a missing bold or italic; Core Text takes a real face of that family nearest the style.
    public var fallbackFaces: FallbackFaces

    /// The grid frames are kept on: whole device pixels (Auto Layout), or Chromium's 1/64-pixel LayoutUnits.
    public var frameGrid: FrameGrid

    /// How wide a label is at a width it is offered: its longest wrapped line (UIKit) or CSS's shrink-to-fit.
    public var labelFitting: LabelFitting

    /// Who takes a `fill` stack's leftover room: views by hugging (UIStackView) or only flexible ones (flexbox).
    public var stackSlack: StackSlack

    /// The paragraph settings the model has no use for, refused when a scene sets them (with the wording here),
    /// so that a setting is never silently ignored.
    public var refusedSettings: [RefusedSetting]

    /// How a line height written as a percentage of the size (`lineHeight: "120%"`) becomes points.
    public var percentLineHeight: PercentLineHeight = .exact

    /// Which lines ``ParagraphStyle/firstLineHeadIndent`` indents: the first of every paragraph (NSParagraphStyle)
    /// or only the first of the text (CSS `text-indent` without `each-line`: a preserved newline does not start a
    /// new block).
    public var firstLineIndent: FirstLineIndent = .eachParagraph

    /// Whether a label's ``ParagraphStyle/autoshrink`` shrinks and tightens its text (UILabel) or the model has no
    /// such thing (a browser).
    public var autoshrink: AutoshrinkRule = .never
    /// Whether a font's tracking table (`trak`) spaces its text: Core Text applies it at the size (to fonts with a
    /// `STAT` table), Chromium never.
    public var fontTracking: FontTracking = .ignored
    /// Who gives way when a `fill` stack's children do not fit along its axis: the lowest compression resistance
    /// (UIStackView), or every child by its `flex-shrink` and length (CSS flexbox).
    public var stackShrink: StackShrink = .byCompressionResistance
    /// Where a label's text sits in a frame taller than it: centred (UILabel) or at the top (a CSS box).
    public var labelTextPlacement: LabelTextPlacement = .centred
    /// Where a colour emoji font's glyph advances come from: its `hmtx` (HarfBuzz; Core Text reads Apple Color
    /// Emoji's) or its bitmaps' own advances in the strike (Chromium's Skia).
    public var bitmapAdvances: BitmapAdvances = .horizontalMetrics
    /// Where Chromium found the design's fonts (css model): `.web` (`@font-face`) in both shipped models;
    /// `.installed` for a design drawn from fonts fontconfig found, whose baselines sit one device pixel higher
    /// above scale 1 when the font's descent rounds down (``ChromiumFonts``).
    public var chromiumFonts: ChromiumFonts = .web
    /// Where underlines and strikethroughs go and how thick they are: the drawing font's tables (UIKit) or Blink's
    /// whole-pixel rule from the font size and rounded ascent (``DecorationPlacement``).
    public var decorationPlacement: DecorationPlacement = .fontTables
    /// How a label's last shown line is cut for "…": refilled and trimmed as UILabel does, or kept as broken and cut
    /// spaces included as Blink's line truncator does (``TruncationRule``).
    public var truncation: TruncationRule = .textKit

    /// Creates a model from its rules; start from ``uikit`` or ``css`` and change what differs.
    public init(name: String, verticalMetrics: VerticalMetricsChoice, lineStacking: LineStacking,
                snapsToBaselineGrid: Bool, lineBreaking: LineBreaking, tabStops: TabStops,
                ligaturesSurviveLetterSpacing: Bool, trimsAdjacentFullwidthPunctuation: Bool,
                textStyleSuppliesLineHeight: Bool, fallbackFaces: FallbackFaces, frameGrid: FrameGrid,
                labelFitting: LabelFitting, stackSlack: StackSlack, refusedSettings: [RefusedSetting],
                percentLineHeight: PercentLineHeight = .exact) {
        self.name = name; self.verticalMetrics = verticalMetrics; self.lineStacking = lineStacking
        self.snapsToBaselineGrid = snapsToBaselineGrid; self.lineBreaking = lineBreaking; self.tabStops = tabStops
        self.ligaturesSurviveLetterSpacing = ligaturesSurviveLetterSpacing
        self.trimsAdjacentFullwidthPunctuation = trimsAdjacentFullwidthPunctuation
        self.textStyleSuppliesLineHeight = textStyleSuppliesLineHeight; self.fallbackFaces = fallbackFaces
        self.frameGrid = frameGrid; self.labelFitting = labelFitting; self.stackSlack = stackSlack
        self.refusedSettings = refusedSettings; self.percentLineHeight = percentLineHeight
    }

    /// The table `font`'s vertical metrics are read from in this model.
    public func verticalMetrics(for font: Font) -> VerticalMetricsSource {
        switch verticalMetrics {
        case .hhea: return .hhea
        case .typoWhenFontAsks: return font.tables.useTypoMetrics ? .typo : .hhea
        }
    }

    /// `font`'s metrics at `pointSize`, from the table this model reads.
    public func metrics(_ font: Font, pointSize: Double) -> FontMetrics {
        font.metrics(pointSize: pointSize, source: verticalMetrics(for: font))
    }

    /// Why the model refuses the paragraph setting `key` (as ``ParagraphStyle`` and scene styles spell it), or
    /// nil when it uses it.
    public func refusal(of key: String) -> RefusedSetting? {
        refusedSettings.first { $0.key == key }
    }
}

/// Two models are equal when every rule and the name are: a uikit copy with css metrics is not ``LayoutModel/uikit``.
extension LayoutModel: Hashable {
    private var rules: Rules {
        Rules(name: name, verticalMetrics: verticalMetrics, lineStacking: lineStacking,
              snapsToBaselineGrid: snapsToBaselineGrid, lineBreaking: lineBreaking, tabStops: tabStops,
              ligaturesSurviveLetterSpacing: ligaturesSurviveLetterSpacing,
              trimsAdjacentFullwidthPunctuation: trimsAdjacentFullwidthPunctuation,
              textStyleSuppliesLineHeight: textStyleSuppliesLineHeight, fallbackFaces: fallbackFaces,
              frameGrid: frameGrid, labelFitting: labelFitting, stackSlack: stackSlack, refusedSettings: refusedSettings,
              percentLineHeight: percentLineHeight, firstLineIndent: firstLineIndent, autoshrink: autoshrink,
              fontTracking: fontTracking, chromiumFonts: chromiumFonts, stackShrink: stackShrink,
              labelTextPlacement: labelTextPlacement, bitmapAdvances: bitmapAdvances,
              decorationPlacement: decorationPlacement, truncation: truncation)
    }

    /// The stored properties as one synthesized Hashable value. (RawRepresentable's own `==` and `hash(into:)`
    /// would compare names only.)
    private struct Rules: Hashable {
        var name: String, verticalMetrics: VerticalMetricsChoice, lineStacking: LineStacking
        var snapsToBaselineGrid: Bool, lineBreaking: LineBreaking, tabStops: TabStops
        var ligaturesSurviveLetterSpacing: Bool, trimsAdjacentFullwidthPunctuation: Bool
        var textStyleSuppliesLineHeight: Bool, fallbackFaces: FallbackFaces, frameGrid: FrameGrid,
        labelFitting: LabelFitting, stackSlack: StackSlack, refusedSettings: [RefusedSetting]
        var percentLineHeight: PercentLineHeight
        var firstLineIndent: FirstLineIndent
        var autoshrink: AutoshrinkRule
        var fontTracking: FontTracking
        var chromiumFonts: ChromiumFonts
        var stackShrink: StackShrink
        var labelTextPlacement: LabelTextPlacement
        var bitmapAdvances: BitmapAdvances
        var decorationPlacement: DecorationPlacement
        var truncation: TruncationRule
    }

    public static func == (lhs: LayoutModel, rhs: LayoutModel) -> Bool { lhs.rules == rhs.rules }
    public func hash(into hasher: inout Hasher) { hasher.combine(rules) }
}

/// The models a scene, `--model` and a suite manifest can name, looked up by ``LayoutModel/name``; encoded and
/// decoded as that name.
extension LayoutModel: RawRepresentable, CaseIterable, Codable {
    /// Every named model, in the order `--help` and error messages list them.
    public static let allCases: [LayoutModel] = [.uikit, .css]

    /// The listed model called `rawValue`; nil for any other name.
    public init?(rawValue: String) {
        guard let model = Self.allCases.first(where: { $0.name == rawValue }) else { return nil }
        self = model
    }

    /// The model's ``name``.
    public var rawValue: String { name }
}

/// Which lines a first-line head indent applies to (``LayoutModel/firstLineIndent``).
public enum FirstLineIndent: String, Hashable, Sendable {
    /// The first line after every newline (NSParagraphStyle: each paragraph has its own first line).
    case eachParagraph
    /// Only the text's first line (CSS `text-indent`).
    case textStart
}

/// A paragraph setting a model has no use for, and what to tell whoever sets it.
public struct RefusedSetting: Hashable, Sendable {
    /// The setting as ``ParagraphStyle`` and a scene's style keys spell it (`whiteSpace`).
    public var key: String
    /// What is wrong, naming the setting and the model.
    public var problem: String
    /// What to do instead.
    public var fix: String

    /// Creates a refusal of `key`.
    public init(key: String, problem: String, fix: String) {
        self.key = key; self.problem = problem; self.fix = fix
    }
}
