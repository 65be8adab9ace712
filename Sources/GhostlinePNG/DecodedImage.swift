import GhostlineImage

/// The image file formats `ImageReader` reads: those Sketch and Figma export that hold pixels.
///
/// Sketch also exports TIFF and Figma SVG and PDF; those are refused with a message that names them
/// (`ImageError.notAnImage`), because a vector or print format has no pixels to compare until someone rasterizes
/// it, and how it is rasterized is exactly what a design check must not guess.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case png
    case jpeg
    case webp

    /// The name users know the format by ("PNG", "JPEG", "WebP").
    public var description: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        }
    }
}

/// Something about a file that did not stop it from being read but that the user should hear about.
///
/// Returned as a value, never printed: a library that writes to stderr garbles the CLI's output and cannot be
/// silenced by its callers. The CLI prints each warning as one line.
public enum ImageWarning: Sendable, Hashable, CustomStringConvertible {
    /// The file ends after complete image data but without its end marker (PNG's IEND chunk, JPEG's EOI). Browsers,
    /// Pillow and odiff read such files, and so does Ghostline; a file cut off inside its image data is an error.
    case missingEnd(path: String, format: ImageFormat)

    public var path: String {
        switch self {
        case .missingEnd(let path, _): return path
        }
    }

    public var description: String {
        switch self {
        case .missingEnd(let path, let format):
            let marker = format == .png ? "IEND chunk" : "EOI marker"
            return "\(path): the \(format) file ends without its \(marker), but its image data is complete, so it was "
                + "read; re-export it to get a complete file"
        }
    }
}

/// What `ImageReader` read from a file: the pixels as they are meant to be seen, and how it got them.
public struct DecodedImage: Sendable, Equatable {
    /// 8-bit straight-alpha sRGB pixels, with the EXIF orientation already applied and, when the file declared
    /// another colour space, converted to sRGB (see `colorProfile`).
    public let image: RGBAImage
    public let format: ImageFormat
    /// The orientation the file's EXIF data asked for (`.up` when it has none); already applied to `image`.
    public let orientation: ExifOrientation
    /// Things to tell the user, one line each; empty for a sound file.
    public let warnings: [ImageWarning]
    /// The colour space the file declared (ICC profile or PNG colour chunks) and whether `image` was converted from
    /// it; nil when the file declares none and its bytes are taken as sRGB.
    public let colorProfile: ColorProfile?

    public init(image: RGBAImage, format: ImageFormat, orientation: ExifOrientation, warnings: [ImageWarning],
                colorProfile: ColorProfile? = nil) {
        self.image = image
        self.format = format
        self.orientation = orientation
        self.warnings = warnings
        self.colorProfile = colorProfile
    }
}
