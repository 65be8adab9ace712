/// Which font file drew something, named so that two machines can tell whether they used the same one: the file,
/// the face, its PostScript name, the version it states (name ID 5 and `head.fontRevision`) and the SHA-256 of the
/// file's bytes.
///
/// Why all of them: a path says nothing across machines (Inter 3.19 and Inter 4.0 both live at
/// /usr/share/fonts/opentype/inter/Inter-Regular.otf), and a version string is set by hand and sometimes not bumped.
/// The hash decides; the rest lets a person read what differs ("recorded with Inter 4.0, this machine has 3.19").
public struct FontIdentity: Hashable, Sendable, Codable {
    /// The file's path on the machine that drew.
    public var file: String
    /// The face inside a collection (0 for a single-face file).
    public var faceIndex: Int
    /// The face's PostScript name (`Inter-Regular`).
    public var postScriptName: String
    /// The version string (name ID 5, e.g. `Version 4.000;git-…`); empty when the font has none.
    public var version: String
    /// `head.fontRevision`, e.g. 4.0.
    public var revision: Double
    /// The SHA-256 of the whole file, 64 lower-case hex digits.
    public var sha256: String

    public init(file: String, faceIndex: Int, postScriptName: String, version: String, revision: Double, sha256: String) {
        self.file = file; self.faceIndex = faceIndex; self.postScriptName = postScriptName
        self.version = version; self.revision = revision; self.sha256 = sha256
    }

    /// A short human name: `Inter-Regular 4.0 (sha256 1a2b3c4d…)`.
    public var shortDescription: String {
        "\(postScriptName) \(revision) (sha256 \(sha256.prefix(8))…)"
    }
}
