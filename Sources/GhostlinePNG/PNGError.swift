import GhostlineSupport

/// Why a PNG could not be read or written.
///
/// Every case names the file (or a label such as `"<memory>"` for bytes that never came from a file), because
/// the user runs Ghostline over folders of designs and has to know which one to fix. `description` is a single
/// line that says what is wrong and what to do about it, so the CLI can print it as is.
public enum PNGError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The bytes do not start with the PNG signature. `looksLike` names the format they do look like
    /// (e.g. "a JPEG image", "text"), when it is recognisable, because a JPEG renamed to `.png` is the usual cause.
    case notPNG(path: String, looksLike: String?)
    /// libpng rejected the file: a bad CRC, a broken zlib stream, an invalid header. `detail` is libpng's message.
    case corrupt(path: String, detail: String)
    /// The file ends before its PNG data does, typically a copy or download that was cut off.
    case truncated(path: String)
    /// The image is wider or taller than `limit` pixels. Refused after reading only its header, so an absurd
    /// size in a damaged or hostile file costs no memory.
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The file could not be opened or read; `reason` is the operating system's explanation.
    case unreadable(path: String, reason: String)
    /// The file could not be written; `reason` is the operating system's explanation. Nothing was left at the
    /// destination, and an existing file there was not touched.
    case unwritable(path: String, reason: String)
    /// The image cannot be stored as PNG (for example it is 0 pixels wide); `detail` says why.
    case cannotEncode(path: String, detail: String)

    /// The file or label the error is about.
    public var path: String {
        switch self {
        case .notPNG(let path, _), .corrupt(let path, _), .truncated(let path), .tooLarge(let path, _, _, _),
             .unreadable(let path, _), .unwritable(let path, _), .cannotEncode(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .notPNG(let path, let looksLike):
            let what = looksLike.map { " (it looks like \($0))" } ?? ""
            return "\(path) is not a PNG file\(what); re-export the design as PNG"
        case .corrupt(let path, let detail):
            return "\(path) is a damaged PNG (libpng: \(Self.oneLine(detail))); re-export the design as PNG"
        case .truncated(let path):
            return "\(path) ends before its PNG data does (the file was cut off); copy or re-export it again"
        case .tooLarge(let path, let width, let height, let limit):
            return "\(path) is \(width)×\(height) px, over Ghostline's limit of \(limit) px a side; "
                + "export a smaller frame or at a lower scale"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(Self.oneLine(reason)); check the path and its permissions"
        case .unwritable(let path, let reason):
            return "cannot write \(path): \(Self.oneLine(reason)); "
                + "check that the directory exists and is writable"
        case .cannotEncode(let path, let detail):
            return "cannot encode \(path) as PNG: \(Self.oneLine(detail))"
        }
    }

    /// Messages from libpng and the OS are embedded in a one-line description; keep them one line.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}

extension PNGError {
    /// A failure of `ImageReader`'s file checks, in the PNG codec's terms (`PNGCodec.read` shares those checks).
    init(_ error: ImageError) {
        switch error {
        case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
        case .notAFile(let path, let kind):
            self = .unreadable(path: path, reason: SafeFile.ReadFailure.notRegularFile(kind: kind).reason)
        case .fileTooLarge(let path, let bytes, let limit):
            self = .unreadable(path: path, reason: SafeFile.ReadFailure.tooLarge(bytes: bytes, limit: limit).reason)
        case .tooLarge(let path, let width, let height, let limit):
            self = .tooLarge(path: path, width: width, height: height, limit: limit)
        case .notAnImage(let path, let looksLike): self = .notPNG(path: path, looksLike: looksLike)
        case .truncated(let path, _): self = .truncated(path: path)
        case .unsupported(let path, _, let detail), .corrupt(let path, _, let detail):
            self = .corrupt(path: path, detail: detail)
        case .colorProfile(let path, _, let problem):
            self = .corrupt(path: path, detail: "colour profile: \(problem)")
        }
    }
}
