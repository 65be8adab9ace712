import GhostlineImage

/// The size of an image in whole pixels, kept apart from `GhostlineGeometry.Size` (which is in points) so an
/// error message can never mix the two units up.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public init(of image: RGBAImage) {
        self.init(width: image.width, height: image.height)
    }

    /// `1170×2532 px`, the way a designer reads an export's size.
    public var description: String { "\(width)×\(height) px" }
}

/// Why a comparison could not be made. These are input problems the CLI reports (exit 2), not bugs, so they are
/// thrown rather than trapped: a design export of the wrong size is the commonest mistake and the message has
/// to say both sizes so the user can tell which file is at the wrong scale.
public enum DiffError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The two images differ in size; the pixel-by-pixel comparison is undefined.
    case sizeMismatch(render: PixelSize, design: PixelSize)
    /// An option is outside its documented range (for example a threshold of 1.5).
    case invalidOption(name: String, reason: String)

    public var description: String {
        switch self {
        case let .sizeMismatch(render, design):
            return "size mismatch: the render is \(render) but the design is \(design)"
        case let .invalidOption(name, reason):
            return "invalid option \(name): \(reason)"
        }
    }
}
