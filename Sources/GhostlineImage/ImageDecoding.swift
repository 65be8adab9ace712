/// How an image file becomes pixels, handed to the scene format rather than imported by it: the scene resolver
/// comes before the image codecs in the pipeline. GhostlinePNG's reader is the one Ghostline uses
/// (`ImageDecoding.imageReader`: PNG, JPEG and WebP, checked before reading, upright by EXIF); a test can pass
/// pixels of its own.
///
/// ```swift
/// let loader = SceneLoader(fonts: FontContext(), images: .imageReader)
/// let flat = ImageDecoding { _ in .init(image: RGBAImage(width: 4, height: 4, fill: .black), warnings: []) }
/// ```
public struct ImageDecoding: Sendable {
    /// What reading one file gave.
    public struct Decoded: Sendable {
        /// The pixels, upright.
        public var image: RGBAImage
        /// What reading noticed but got past (a file without its end marker), one line each, for the user.
        public var warnings: [String]

        /// A decoded image with the warnings to pass on.
        public init(image: RGBAImage, warnings: [String]) {
            self.image = image; self.warnings = warnings
        }
    }

    /// Reads the image file at a path. A thrown error's description is the one line a scene error shows.
    public var read: @Sendable (_ path: String) throws -> Decoded

    /// A decoding that reads files with `read`.
    public init(read: @escaping @Sendable (_ path: String) throws -> Decoded) {
        self.read = read
    }
}
