import GhostlineFonts
import GhostlineImage
import GhostlinePNG
import GhostlineScene

extension SceneLoader {
    /// A loader over `fonts` that reads image elements with GhostlinePNG's reader (PNG, JPEG or WebP, upright by
    /// EXIF): how Ghostline loads every scene. The scene module itself is handed its image decoding (see
    /// `init(fonts:images:)`), since it comes before the image codecs in the pipeline.
    public init(fonts: FontContext) {
        self.init(fonts: fonts, images: .imageReader)
    }
}
