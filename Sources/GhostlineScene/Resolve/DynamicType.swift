import GhostlineFonts

/// The 12 content size categories a user can pick in iOS Settings, smallest first.
public enum ContentSizeCategory: String, Sendable, CaseIterable, Codable {
    /// The short names the scene format and the outputs use; ``uikitName`` gives UIKit's for each. AX1 to AX5 are the
    /// accessibility sizes, which iOS offers only with Larger Accessibility Sizes switched on.
    case xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5

    /// iOS's default category.
    public static let `default` = ContentSizeCategory.Large

    /// Accepts the names case-insensitively (`large`, `ax3`) since people type them both ways, and UIKit's
    /// `UIContentSizeCategory` names (`extraLarge`, `accessibilityMedium`, …) as aliases.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) {
            self = match
        } else if let match = Self.allCases.first(where: { $0.uikitName.lowercased() == lowered }) {
            self = match
        } else {
            return nil
        }
    }

    /// The category's name in UIKit (`UIContentSizeCategory.extraExtraLarge` for xxLarge).
    public var uikitName: String {
        switch self {
        case .xSmall: return "extraSmall"
        case .Small: return "small"
        case .Medium: return "medium"
        case .Large: return "large"
        case .xLarge: return "extraLarge"
        case .xxLarge: return "extraExtraLarge"
        case .xxxLarge: return "extraExtraExtraLarge"
        case .AX1: return "accessibilityMedium"
        case .AX2: return "accessibilityLarge"
        case .AX3: return "accessibilityExtraLarge"
        case .AX4: return "accessibilityExtraExtraLarge"
        case .AX5: return "accessibilityExtraExtraExtraLarge"
        }
    }
}

/// The 11 Dynamic Type text styles.
public enum DynamicTextStyle: String, Sendable, CaseIterable, Codable {
    /// UIFont.TextStyle's names (`caption1` is `.caption1`). All are regular weight except `headline`, which is
    /// semibold.
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
}

/// One entry of Apple's Dynamic Type table.
public struct DynamicTypeSpec: Hashable, Sendable {
    /// The font size in points.
    public var pointSize: Double
    /// The designed line height in points.
    public var lineHeight: Double
    /// The weight: regular, or semibold for `headline`.
    public var weight: FontWeight
}

/// Apple's Dynamic Type table (HIG → Typography → Specifications) and the scaling derived from it, for `textStyle`
/// and `scalesWith`.
public enum DynamicType {
    /// The size, line height and weight of `style` in `category`, from the HIG table.
    public static func spec(_ style: DynamicTextStyle, _ category: ContentSizeCategory) -> DynamicTypeSpec {
        let row = table[Key(style: style, category: category)]!
        return row
    }

    /// How much `style` grows from Large to `category`: its size there over its size at Large (body at AX5:
    /// 53 / 17). UIFontMetrics(forTextStyle:) scales a custom font by its text style's curve, which Apple does not
    /// publish; Ghostline takes it from the same HIG table the text styles use. (UIFontMetrics.scaledValue(for:),
    /// for lengths, has been measured off the table: 17 at Medium gives 16.333, not 16 — jaredsinclair.com,
    /// "Scaled Metric Surprises on iOS & iPadOS", 2024.)
    public static func scaleFactor(_ style: DynamicTextStyle, _ category: ContentSizeCategory) -> Double {
        spec(style, category).pointSize / spec(style, .Large).pointSize
    }

    /// `size` and `lineHeight` of a custom style scaled as `UIFontMetrics(forTextStyle: style).scaledFont(for:
    /// maximumPointSize:)` scales its font: size × the style's factor, capped at `maximumPointSize`. Apple's
    /// documentation promises no rounding (a UIFont's point size is a CGFloat), so none is applied: a 22 pt font
    /// scaling with body at xLarge is 22 × 19 / 17 = 24.588 pt, and the label rounds its frame by R2 and R3. The
    /// designed line height scales by the factor the size actually got (cap included), so the line keeps the
    /// design's proportion to its font.
    public static func scaled(size: Double, lineHeight: Double?, with style: DynamicTextStyle, at category: ContentSizeCategory,
                              maximumPointSize: Double?) -> (size: Double, lineHeight: Double?) {
        var scaled = size * scaleFactor(style, category)
        if let maximumPointSize { scaled = min(scaled, maximumPointSize) }
        let factor = scaled / size
        return (scaled, lineHeight.map { $0 * factor })
    }

    private struct Key: Hashable { let style: DynamicTextStyle; let category: ContentSizeCategory }

    private static let table: [Key: DynamicTypeSpec] = {
        var table: [Key: DynamicTypeSpec] = [:]
        for (category, style, weight, size, lineHeight) in DynamicTypeTable.rows {
            let key = Key(style: DynamicTextStyle(rawValue: style)!, category: ContentSizeCategory(rawValue: category)!)
            table[key] = DynamicTypeSpec(pointSize: size, lineHeight: lineHeight, weight: FontWeight(name: weight)!)
        }
        precondition(table.count == DynamicTextStyle.allCases.count * ContentSizeCategory.allCases.count,
                     "the Dynamic Type table must cover every style in every category")
        return table
    }()
}
