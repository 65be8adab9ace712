import GhostlineImage
import GhostlineSupport

/// The one way Ghostline reads an image file: a design export to compare against, or an image element of a scene.
///
/// ```swift
/// let read = try ImageReader.read(contentsOf: "design@3x.jpg")   // throws ImageError
/// for warning in read.warnings { print("warning: \(warning)") }   // one line each
/// compare(render, with: read.image)                                  // RGBA8, upright
/// ```
///
/// It reads PNG, JPEG and WebP, the pixel formats Sketch and Figma export, through one path with the same
/// guarantees for all three:
///
/// - **The file is checked before it is read.** Only a regular file is read (not `/dev/zero`, a FIFO or a
///   directory), only up to `maximumFileBytes`, and the header's pixel size is checked against
///   `maximumSidePixels` from the first bytes, before the rest of the file is read or any pixel memory exists.
/// - **All or nothing.** A damaged or cut-off file is an `ImageError`, never a partly gray image: the decoders'
///   habit of papering over lost data is turned into errors. The one exception is a file that lacks only its end
///   marker after complete image data, which browsers and Pillow read too: it is read, with an `ImageWarning`.
/// - **Upright.** The EXIF orientation (PNG eXIf, JPEG APP1, WebP EXIF) is applied, as browsers and design tools
///   show it.
/// - **sRGB.** A file that declares a colour space (an ICC profile in PNG iCCP, JPEG APP2 or WebP ICCP; PNG's sRGB,
///   gAMA and cHRM chunks) has its pixels converted to sRGB with Little CMS, and `DecodedImage.colorProfile` says
///   what it carried and whether anything changed (see `ColorConversion` and `DeclaredColorSpace` for the rules). A
///   file that declares nothing is taken as sRGB, byte for byte. A profile that cannot be used is an
///   `ImageError.colorProfile`, never a guess.
/// - **Deterministic.** The same file gives the same pixels: every decoder runs with fixed settings (libjpeg's
///   accurate integer IDCT and smooth chroma upsampling, libwebp's defaults), which are those of browsers and Pillow.
public enum ImageReader {
    /// The largest width or height read, in pixels (the PNG limit, for every format).
    public static let maximumSidePixels = PNGCodec.maximumSidePixels

    /// The largest file read, in bytes. A phone screen exported at @3x is a few megabytes and the largest image
    /// the pixel limit allows is 1 GiB decoded; a file past this is a mistake or hostile, and reading it first
    /// would cost its size in memory before any decoder could object.
    public static let maximumFileBytes = 256 << 20

    /// How much of a file is read before its header is checked: enough for any PNG or WebP header, and for a JPEG's
    /// frame header behind typical EXIF and ICC segments (a JPEG whose frame header comes later is read whole,
    /// within `maximumFileBytes`, and its decoder checks the size before allocating).
    static let headerProbeBytes = 64 << 10

    /// Reads the image file at `path`.
    ///
    /// - Throws: `ImageError`: `.unreadable`, `.notAFile` or `.fileTooLarge` before reading; then `.notAnImage`,
    ///   `.unsupported`, `.corrupt`, `.truncated`, `.tooLarge` or `.colorProfile`.
    public static func read(contentsOf path: String) throws(ImageError) -> DecodedImage {
        try decode(try bytes(ofFile: path, maximumSide: maximumSidePixels), source: path, maximumSide: maximumSidePixels)
    }

    /// Decodes an image file's bytes held in memory.
    ///
    /// - Parameter source: the file name or label to put in errors and warnings.
    public static func decode(_ data: [UInt8], source: String = PNGCodec.memoryLabel) throws(ImageError) -> DecodedImage {
        try decode(data, source: source, maximumSide: maximumSidePixels)
    }

    /// `decode` with an adjustable limit, so tests can exercise the limit on tiny files.
    internal static func decode(_ data: [UInt8], source: String, maximumSide: Int) throws(ImageError) -> DecodedImage {
        guard let format = ImageContainer.format(of: data[...]) else {
            throw .notAnImage(path: source, looksLike: FormatSniffer.guess(data))
        }
        // The declared colour space is found (and a hostile profile refused) before any pixel memory is spent.
        let declared: DeclaredColorSpace?
        do throws(ColorProfileProblem) {
            declared = try DeclaredColorSpace.find(in: data, format: format)
        } catch {
            throw .colorProfile(path: source, format: format, problem: error)
        }
        // Decoded straight into `stored`, its one owner, so the colour conversion below changes the pixels in place
        // (a second reference would make it copy 11 MB for a phone screen).
        var stored: RGBAImage
        var missingEnd = false
        switch format {
        case .png:
            do {
                (stored, missingEnd) = try PNGCodec.decodeReportingMissingEnd(data, source: source, maximumSide: maximumSide)
            } catch {
                throw ImageError(error)
            }
        case .jpeg:
            (stored, missingEnd) = try JPEGDecoder.decode(data, source: source, maximumSide: maximumSide)
        case .webp:
            stored = try WebPDecoder.decode(data, source: source, maximumSide: maximumSide)
        }
        let warnings: [ImageWarning] = missingEnd ? [.missingEnd(path: source, format: format)] : []
        let orientation = ImageContainer.orientation(of: data, format: format)
        var colorProfile: ColorProfile?
        if let declared {
            do throws(ColorProfileProblem) {
                colorProfile = try ColorConversion.apply(declared, gray: DeclaredColorSpace.isGray(data, format: format),
                                                         to: &stored)
            } catch {
                throw .colorProfile(path: source, format: format, problem: error)
            }
        }
        return DecodedImage(image: orientation.applied(to: stored), format: format, orientation: orientation,
                            warnings: warnings, colorProfile: colorProfile)
    }

    /// The bytes of an image file, after every check that needs no decoder (see `bytes(ofFile:maximumSide:)`), for
    /// a reader of its own (the streaming diff) that must refuse what `read(contentsOf:)` refuses.
    public static func checkedBytes(contentsOf path: String) throws(ImageError) -> [UInt8] {
        try bytes(ofFile: path, maximumSide: maximumSidePixels)
    }

    /// The colour space a PNG streamed by `PNGRowStream` declares, for its report: the streamed files are those whose
    /// declaration needs no conversion, so this is the sRGB chunk or the gAMA that stands for sRGB (`converted` false),
    /// or nil when the file declares nothing. For any other file it is nil too: those are not streamed, and
    /// `read(contentsOf:)` gives their `DecodedImage.colorProfile`.
    public static func streamedColorProfile(of bytes: [UInt8]) -> ColorProfile? {
        guard ImageContainer.format(of: bytes[...]) == .png,
              case .srgb(let name, let source)?? = try? DeclaredColorSpace.find(in: bytes, format: .png) else { return nil }
        return ColorProfile(name: name, source: source, converted: false)
    }

    /// The format the bytes are in, from their signature; nil for anything else.
    public static func format(of bytes: [UInt8]) -> ImageFormat? {
        ImageContainer.format(of: bytes[...])
    }

    /// The bytes of the file at `path`, after the checks that need no decoder: a regular file, at most
    /// `maximumFileBytes`, and, when its first bytes hold the header, at most `maximumSide` pixels a side.
    static func bytes(ofFile path: String, maximumSide: Int) throws(ImageError) -> [UInt8] {
        let file: SafeFile.Readable
        do throws(SafeFile.ReadFailure) {
            file = try SafeFile.Readable(path: path, limit: maximumFileBytes)
        } catch {
            throw ImageError(error, path: path)
        }
        return try bytes(of: file, maximumSide: maximumSide)
    }

    /// The rest of `bytes(ofFile:)`, on a file already opened and checked (tests watch how much it reads).
    static func bytes(of file: SafeFile.Readable, maximumSide: Int) throws(ImageError) -> [UInt8] {
        var bytes: [UInt8]
        do throws(SafeFile.ReadFailure) {
            bytes = try file.read(upTo: headerProbeBytes)
        } catch {
            throw ImageError(error, path: file.path)
        }
        if let format = ImageContainer.format(of: bytes[...]),
           let size = ImageContainer.pixelSize(bytes[...], format: format),
           size.width > maximumSide || size.height > maximumSide {
            throw .tooLarge(path: file.path, width: size.width, height: size.height, limit: maximumSide)
        }
        do throws(SafeFile.ReadFailure) {
            if file.remaining > 0 { bytes += try file.read(upTo: file.remaining) }
        } catch {
            throw ImageError(error, path: file.path)
        }
        return bytes
    }
}

extension ImageDecoding {
    /// `ImageReader.read(contentsOf:)` as the scene format's image decoding: PNG, JPEG or WebP, upright by its EXIF
    /// orientation, checked before it is read; its warnings as one line each.
    public static let imageReader = ImageDecoding { path in
        let decoded = try ImageReader.read(contentsOf: path)
        return Decoded(image: decoded.image, warnings: decoded.warnings.map(\.description))
    }
}
