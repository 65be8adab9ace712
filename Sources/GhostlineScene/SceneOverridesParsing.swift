import GhostlineGeometry
import GhostlineLayout

/// An override given as text (a command-line flag, a form field) that names no scale, model, content size or colour
/// scheme.
public struct SceneOverrideError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which override the text was for.
    public enum Field: String, Sendable { case scale, model, contentSize, colorScheme }

    /// Which override the text was for; a caller names it its own way (the CLI: `--content-size`).
    public var field: Field
    /// The value as it was given.
    public var value: String
    /// What is allowed, as the rest of the message: "use 1, 2 or 3".
    public var allowed: String

    /// Creates the error for `value` of `field`, saying what is `allowed`.
    public init(field: Field, value: String, allowed: String) { self.field = field; self.value = value; self.allowed = allowed }

    /// "scale 5: use 1, 2 or 3".
    public var description: String { "\(field.rawValue) \(value): \(allowed)" }
}

extension SceneOverrides {
    /// Overrides read from their names as a person types them: a scale factor of 1, 2 or 3, a model (`uikit` or
    /// `css`, any case) and a content size category (`xLarge`, `AX3`, or UIKit's `extraLarge`, any case). Nil keeps
    /// the scene's own value. The fields are checked in that order; the first refused one is thrown.
    public init(scaleFactor: Int?, modelName: String?, contentSizeName: String?,
                colorSchemeName: String? = nil) throws(SceneOverrideError) {
        self.init()
        scale = try scaleFactor.map { factor throws(SceneOverrideError) in try Self.scale(factor: factor) }
        if let modelName {
            guard let parsed = LayoutModel(rawValue: modelName.lowercased()) else {
                throw SceneOverrideError(field: .model, value: modelName,
                                         allowed: "use \(LayoutModel.allCases.map(\.rawValue).joined(separator: " or "))")
            }
            model = parsed
        }
        if let contentSizeName {
            guard let parsed = ContentSizeCategory(name: contentSizeName) else {
                throw SceneOverrideError(field: .contentSize, value: contentSizeName,
                                         allowed: "use one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: " ")), or UIKit's name (extraLarge, accessibilityMedium, …)")
            }
            contentSize = parsed
        }
        if let colorSchemeName {
            guard let parsed = ColorScheme(rawValue: colorSchemeName.lowercased()) else {
                throw SceneOverrideError(field: .colorScheme, value: colorSchemeName, allowed: "use light or dark")
            }
            colorScheme = parsed
        }
    }

    /// The scale of `factor` pixels per point, if it is one an iPhone has: 1, 2 or 3.
    public static func scale(factor: Int) throws(SceneOverrideError) -> Scale {
        guard (1...3).contains(factor) else { throw SceneOverrideError(field: .scale, value: "\(factor)", allowed: "use 1, 2 or 3") }
        return Scale(factor)
    }
}
