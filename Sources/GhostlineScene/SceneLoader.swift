import Foundation
import GhostlineFonts
import GhostlineImage
import GhostlineSupport

/// Reads a scene file in two steps: `SceneParser` (YAML → a plain `SceneDescription`, every key checked) and
/// `SceneResolver` (fonts, images, Dynamic Type → a `Scene`). The description can be resolved again with other
/// overrides (the Dynamic Type contact sheet resolves one description twelve times).
public struct SceneLoader {
    /// The font world names are found in and fonts are opened through (the caller's: there is no process-wide one).
    public var fonts: FontContext
    /// How image elements' files become pixels: GhostlinePNG's `ImageDecoding.imageReader` in Ghostline (whose
    /// `SceneLoader(fonts:)` passes it), handed in because the scene format comes before the image codecs.
    public var images: ImageDecoding

    /// Creates a loader that finds and opens fonts through `fonts` and reads image files with `images`.
    public init(fonts: FontContext, images: ImageDecoding) { self.fonts = fonts; self.images = images }

    /// The largest scene file read: far beyond any hand-written scene, and a guard against reading a device.
    public static let maximumFileBytes = 16 << 20

    /// The labels of a scene hold at most this much text in all (Unicode scalars, every YAML alias copy counted).
    /// Layout costs about 1.3 µs and 0.15 KB a character and `matrix` lays a scene out twelve times: one 16 MiB
    /// label took 42 s and 2.3 GB, and aliases could repeat a long text in up to 10,000 labels.
    public static let maximumTextCharacters = 200_000

    /// Reads, parses and resolves a scene file.
    ///
    /// - Parameters:
    ///   - path: The scene file (YAML or JSON); relative paths inside it are relative to its directory.
    ///   - overrides: Scale, model and content size to use instead of the scene's.
    /// - Returns: The resolved scene, ready for ``Scene/layout()``.
    /// - Throws: ``SceneError`` for a missing, unreadable, oversized or non-UTF-8 file, for anything the parser
    ///   refuses (an unknown key, a wrong type, a value out of range), and for what resolving finds (a font that is
    ///   not installed, an undefined style, an unreadable image, a canvas over the pixel limit).
    public func load(path: String, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
        try resolve(try describe(path: path), overrides: overrides)
    }

    /// Reads and parses a scene file without resolving it.
    public func describe(path: String) throws(SceneError) -> SceneDescription {
        // A device or a FIFO would be read forever (or block): only regular files, and not absurdly large ones.
        let text: String
        do throws(SafeFile.Failure) { text = try SafeFile.text(of: path, limit: Self.maximumFileBytes) } catch {
            let (problem, fix) = switch error {
            case .missing: ("no such scene file", "check the path")
            case .directory: ("this is a directory", "pass a scene file (.yaml or .json)")
            case .unreadable(.notRegularFile): ("not a regular file", "pass a scene file (.yaml or .json)")
            case .unreadable(.tooLarge): ("larger than \(Self.maximumFileBytes >> 20) MiB", "split the scene; no scene needs this much")
            case .unreadable(.unreadable): ("cannot read the scene file", "check the path and permissions")
            case .notUTF8: ("the file is not UTF-8 text", "save the scene as UTF-8 YAML or JSON")
            }
            throw SceneError(file: path, keyPath: "", problem: problem, fix: fix)
        }
        return try SceneParser.parse(text, path: path)
    }

    /// What a scene read from standard input is called in errors and reports.
    public static let standardInputName = "<stdin>"

    /// Reads a scene from standard input (up to ``maximumFileBytes``, as UTF-8 text) and parses it without resolving
    /// it; it is named ``standardInputName``, and its relative files are relative to the current directory.
    public func describeStandardInput() throws(SceneError) -> SceneDescription {
        let name = Self.standardInputName
        let text: String
        do throws(SafeFile.Failure) { text = try SafeFile.text(limit: Self.maximumFileBytes) } catch {
            let (problem, fix) = switch error {
            case .unreadable(.tooLarge): ("larger than \(Self.maximumFileBytes >> 20) MiB", "split the scene, no scene needs this much")
            case .unreadable(let failure): ("cannot read standard input (\(failure.reason))", "")
            case .missing, .directory, .notUTF8: ("the scene is not UTF-8 text", "send UTF-8 YAML or JSON")
            }
            throw SceneError(file: name, keyPath: "", problem: problem, fix: fix)
        }
        return try describe(text: text, path: name)
    }

    /// Parses scene text (from standard input, say) without resolving it; `path` places relative files (its
    /// directory) and names the scene in errors.
    public func describe(text: String, path: String) throws(SceneError) -> SceneDescription {
        try SceneParser.parse(text, path: path)
    }

    /// Parses and resolves scene text; `path` places relative files and names the scene in errors.
    public func parse(_ text: String, path: String, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
        try resolve(try SceneParser.parse(text, path: path), overrides: overrides)
    }

    /// Resolves a description: opens fonts and images, applies Dynamic Type and the overrides.
    ///
    /// - Throws: ``SceneError`` naming the place the description recorded, as ``SceneResolver/resolve(_:)`` does.
    public func resolve(_ description: SceneDescription, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
        try SceneResolver(fonts: fonts, images: images, overrides: overrides).resolve(description)
    }
}
