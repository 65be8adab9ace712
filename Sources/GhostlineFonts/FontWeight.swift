/// Font weights by the names iOS engineers use (`UIFont.Weight`), mapped to OpenType weight classes.
///
/// UIKit orders `ultraLight` below `thin`; font files often call 100 "Thin" and 200 "ExtraLight". Ghostline
/// follows UIKit's names, accepts the common file-style names as aliases, and always accepts a number 1…1000.
public struct FontWeight: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// OpenType `usWeightClass`: 100 … 900 for the named weights.
    public let value: Int

    public init(_ value: Int) { self.value = value }

    public static let ultraLight = FontWeight(100)
    public static let thin = FontWeight(200)
    public static let light = FontWeight(300)
    public static let regular = FontWeight(400)
    public static let medium = FontWeight(500)
    public static let semibold = FontWeight(600)
    public static let bold = FontWeight(700)
    public static let heavy = FontWeight(800)
    public static let black = FontWeight(900)

    static let names: [(String, FontWeight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
        ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
        // Aliases as font files and CSS name them.
        ("extraLight", .thin), ("normal", .regular), ("semiBold", .semibold), ("demiBold", .semibold),
        ("extraBold", .heavy),
    ]

    /// Parses a UIKit weight name (case-insensitive), an alias, or a number.
    public init?(name: String) {
        if let number = Int(name), (1...1000).contains(number) { self.init(number); return }
        guard let match = Self.names.first(where: { $0.0.lowercased() == name.lowercased() }) else { return nil }
        self = match.1
    }

    /// The accepted names, for error messages.
    public static var acceptedNames: String { names.prefix(9).map(\.0).joined(separator: ", ") }

    public var description: String {
        Self.names.prefix(9).first(where: { $0.1 == self })?.0 ?? String(value)
    }

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.value < rhs.value }
}
