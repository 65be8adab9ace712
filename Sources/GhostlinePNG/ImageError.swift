import GhostlineSupport

/// Why an image file could not be read by `ImageReader`.
///
/// Every case names the file (or a label such as `"<memory>"`), and `description` is one line that says what is
/// wrong and what to do, so the CLI prints it as is. The cases follow what the user has to do differently: point at
/// a real file, export in another format, re-export a damaged file, or export something smaller.
public enum ImageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file could not be opened or read; `reason` is the operating system's explanation.
    case unreadable(path: String, reason: String)
    /// The path is a directory, FIFO, device or socket (`kind`, e.g. "a FIFO (named pipe)"). Refused before reading,
    /// because `/dev/zero` never ends and a FIFO may never deliver.
    case notAFile(path: String, kind: String)
    /// The file is bigger than `limit` bytes; refused before reading any of it.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The bytes are not PNG, JPEG or WebP. `looksLike` names what they do look like (e.g. "a TIFF image",
    /// "an SVG image") when that is recognisable.
    case notAnImage(path: String, looksLike: String?)
    /// A kind of PNG, JPEG or WebP that Ghostline does not read (a CMYK JPEG, an animated WebP); `detail` says which.
    case unsupported(path: String, format: ImageFormat, detail: String)
    /// The decoder rejected the file; `detail` is its own message.
    case corrupt(path: String, format: ImageFormat, detail: String)
    /// The file ends inside its image data: a copy or download that was cut off.
    case truncated(path: String, format: ImageFormat)
    /// The image is wider or taller than `limit` pixels. Refused on its header, before pixel memory is allocated.
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The file embeds a colour profile (or PNG colour chunks) that cannot convert its pixels to sRGB; `problem` says
    /// why. Refused rather than read as sRGB, since its numbers would then be compared in the wrong colour space.
    case colorProfile(path: String, format: ImageFormat, problem: ColorProfileProblem)

    /// The file or label the error is about.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .notAFile(let path, _), .fileTooLarge(let path, _, _), .notAnImage(let path, _),
             .unsupported(let path, _, _), .corrupt(let path, _, _), .truncated(let path, _), .tooLarge(let path, _, _, _),
             .colorProfile(let path, _, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(Self.oneLine(reason)); check the path and its permissions"
        case .notAFile(let path, let kind):
            let what = kind == "a directory" ? "it is a directory" : "it is \(kind), not a regular file"
            return "cannot read \(path): \(what); pass the path of an image file"
        case .fileTooLarge(let path, let bytes, let limit):
            return "\(path) is \(SafeFile.describe(bytes: bytes)), over Ghostline's limit of \(SafeFile.describe(bytes: limit)) "
                + "for an image file; export a smaller frame or at a lower scale"
        case .notAnImage(let path, let looksLike):
            let what = looksLike.map { " (it looks like \($0))" } ?? ""
            return "\(path) is not a PNG, JPEG or WebP image\(what); export the design as PNG"
        case .unsupported(let path, let format, let detail):
            return "\(path) is a \(format) file Ghostline cannot read (\(Self.oneLine(detail))); export it as an sRGB PNG"
        case .corrupt(let path, let format, let detail):
            return "\(path) is a damaged \(format) (\(Self.library(format)): \(Self.oneLine(detail))); re-export it"
        case .truncated(let path, let format):
            return "\(path) ends before its \(format) data does (the file was cut off); copy or re-export it again"
        case .tooLarge(let path, let width, let height, let limit):
            return "\(path) is \(width)×\(height) px, over Ghostline's limit of \(limit) px a side; "
                + "export a smaller frame or at a lower scale"
        case .colorProfile(let path, let format, let problem):
            return "\(path): the \(format) file's colour profile cannot be used (\(problem)); "
                + "re-export it as sRGB, or with a Display P3 or Adobe RGB profile"
        }
    }

    private static func library(_ format: ImageFormat) -> String {
        switch format {
        case .png: return "libpng"
        case .jpeg: return "libjpeg"
        case .webp: return "libwebp"
        }
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}

extension ImageError {
    /// The same failure from the PNG codec, in the reader's terms.
    init(_ error: PNGError) {
        switch error {
        case .notPNG(let path, let looksLike): self = .notAnImage(path: path, looksLike: looksLike)
        case .corrupt(let path, let detail): self = .corrupt(path: path, format: .png, detail: detail)
        case .truncated(let path): self = .truncated(path: path, format: .png)
        case .tooLarge(let path, let width, let height, let limit):
            self = .tooLarge(path: path, width: width, height: height, limit: limit)
        case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
        // Writing errors cannot come out of a read; keep their words if one ever does.
        case .unwritable(let path, _), .cannotEncode(let path, _):
            self = .unreadable(path: path, reason: error.description)
        }
    }

    /// A file-level failure, in the reader's terms.
    init(_ failure: SafeFile.ReadFailure, path: String) {
        switch failure {
        case .unreadable(let reason): self = .unreadable(path: path, reason: reason)
        case .notRegularFile(let kind): self = .notAFile(path: path, kind: kind)
        case .tooLarge(let bytes, let limit): self = .fileTooLarge(path: path, bytes: bytes, limit: limit)
        }
    }
}
