import GhostlineImage

/// Light or dark appearance (`UIUserInterfaceStyle`, CSS `prefers-color-scheme`): which value of a colour with
/// two is drawn.
public enum ColorScheme: String, Sendable, CaseIterable, Codable {
    case light, dark
}

/// A colour as a scene writes it: one value, a value per scheme, or a name — of the scene's `colors:` or of
/// iOS's system and semantic colours (`label`, `systemBlue`, `secondarySystemBackground`, …) — that the resolver
/// looks up for the scheme being drawn. Kept unresolved in the description so one scene renders in either scheme.
///
/// In the Swift builder a string literal is a colour: `"#0A84FF"`, `"#00000022"` or a name (`"accent"`,
/// `"systemBlue"`), so no force-unwrap is needed; a literal that is neither is an error when the scene resolves.
public enum SceneColor: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The same in both schemes.
    case fixed(Color)
    /// One value per scheme.
    case schemes(light: Color, dark: Color)
    /// A name of `colors:` or of iOS's named colours.
    case named(String)

    /// `"#RRGGBB"` or `"#RRGGBBAA"` as a fixed colour, anything else as a name.
    public init(stringLiteral value: String) {
        self = Color(hex: value).map(SceneColor.fixed) ?? .named(value)
    }

    /// A fixed colour.
    public init(_ color: Color) { self = .fixed(color) }

    /// The name, when the colour is one.
    public var name: String? { if case .named(let name) = self { return name }; return nil }
}

/// Named colours: iOS's (``AppleTables``) under the scene's own `colors:`, which may shadow them.
public struct ColorNames: Sendable {
    /// The scene's own names, in the order written (a name written twice: the later wins).
    public var scene: [(name: String, color: SceneColor)] { didSet { index = Self.index(scene) } }
    /// `scene` by name, so following a chain of names costs one look-up a step.
    private var index: [String: SceneColor]

    public init(scene: [(name: String, color: SceneColor)] = []) { self.scene = scene; index = Self.index(scene) }

    private static func index(_ scene: [(name: String, color: SceneColor)]) -> [String: SceneColor] {
        Dictionary(scene.map { ($0.name, $0.color) }, uniquingKeysWith: { _, later in later })
    }

    /// iOS's named colours, light and dark.
    public static let system: [String: (light: Color, dark: Color)] = {
        var table: [String: (light: Color, dark: Color)] = [:]
        for entry in AppleTables.colors {
            table[entry.name] = (Color(hex: entry.light)!, Color(hex: entry.dark)!)
        }
        return table
    }()

    /// Whether `name` is a colour here.
    public func contains(_ name: String) -> Bool {
        index[name] != nil || Self.system[name] != nil
    }

    /// Why a colour cannot be resolved.
    public enum Failure: Error, Equatable {
        case unknown(String)
        case cycle([String])
    }

    /// `color` in `scheme`, following names (a scene name may name another) until a value; a name met twice is a
    /// cycle.
    public func resolve(_ color: SceneColor, scheme: ColorScheme) -> Result<Color, Failure> {
        var seen: [String] = [], visited: Set<String> = []
        var current = color
        while true {
            switch current {
            case .fixed(let value):
                return .success(value)
            case .schemes(let light, let dark):
                return .success(scheme == .dark ? dark : light)
            case .named(let name):
                if visited.contains(name) { return .failure(.cycle(Array(seen.drop { $0 != name }) + [name])) }
                seen.append(name)
                visited.insert(name)
                if let own = index[name] {
                    current = own
                } else if let system = Self.system[name] {
                    return .success(scheme == .dark ? system.dark : system.light)
                } else {
                    return .failure(.unknown(name))
                }
            }
        }
    }
}
