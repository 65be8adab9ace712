import GhostlineFonts

/// The 12 content size categories a user can pick in iOS Settings, smallest first.
public enum ContentSizeCategory: String, Sendable, CaseIterable, Codable {
    case xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5

    /// iOS's default category.
    public static let `default` = ContentSizeCategory.Large

    /// Accepts the names case-insensitively (`large`, `ax3`) since people type them both ways.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = match
    }
}

/// The 11 Dynamic Type text styles.
public enum DynamicTextStyle: String, Sendable, CaseIterable, Codable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
}

/// One entry of Apple's Dynamic Type table.
public struct DynamicTypeSpec: Hashable, Sendable {
    public var pointSize: Double
    /// The designed line height in points.
    public var lineHeight: Double
    public var weight: FontWeight
}

public enum DynamicType {
    /// The size, line height and weight of `style` in `category`, from the HIG table.
    public static func spec(_ style: DynamicTextStyle, _ category: ContentSizeCategory) -> DynamicTypeSpec {
        let row = table[Key(style: style, category: category)]!
        return row
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
