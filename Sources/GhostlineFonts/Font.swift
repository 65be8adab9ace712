import CFreeType
import CHarfBuzz
import Foundation

/// One face of a font file, with the FreeType and HarfBuzz objects that read it.
///
/// `Font` is the single owner of its C handles: it creates them in `init` and releases them in `deinit`, and no
/// C pointer leaves this module's public API. FreeType faces are not thread-safe, so every FreeType call goes
/// through `lock`; HarfBuzz fonts are safe to share read-only once created, so shaping needs no lock. HarfBuzz
/// reads the file on its own (its `ot` font functions), independent of FreeType, so shaping never waits for a
/// glyph being rasterized on another thread.
public final class Font: @unchecked Sendable, CustomStringConvertible {
    /// The file the face was loaded from.
    public let path: String
    /// Which face of a collection (`.ttc`); 0 for single-face files.
    public let faceIndex: Int
    public let familyName: String
    public let styleName: String
    public let postScriptName: String
    /// Tables as the file states them (at this instance, for a variable font: with its `MVAR` deltas applied).
    public let fileTables: FontTables
    /// Tables as layout sees them: `fileTables` with `metricsOverride` applied.
    public let tables: FontTables
    public let metricsOverride: FontMetricsOverride?
    /// OpenType weight class (100…900) from OS/2, 400 when the table lacks it.
    public let weight: Int
    /// True for italic and oblique faces (FreeType's style flags, from OS/2 fsSelection or the head table).
    public let isItalic: Bool
    /// Pixel sizes (ppem) of the embedded colour bitmap strikes (CBDT/sbix), smallest first; empty for outline
    /// fonts. A bitmap-only font such as Noto Color Emoji draws its glyphs from the strike nearest the wanted
    /// size, scaled (see the rasterizer).
    public let colorStrikes: [Int]
    /// True when the font has no outlines at all, only bitmap strikes.
    public let isBitmapOnly: Bool
    /// The version string (name ID 5); empty when the font has none.
    public let versionString: String
    /// `head.fontRevision`, rounded to three decimals (0 without a head table).
    public let revision: Double
    /// The axes of a variable font's `fvar` table, in the table's order; empty for a static font.
    public let axes: [VariationAxis]
    /// The named instances of a variable font, in `fvar` order; empty for a static font.
    public let namedInstances: [NamedInstance]
    /// The instance this `Font` draws: one value per axis that is not at its default, in axis order; empty for a
    /// static font or the default instance. Everything is the instance's: advances and shaping (HarfBuzz reads
    /// `HVAR`), outlines (FreeType reads `gvar`) and, through ``fileTables``, the metrics `MVAR` varies.
    public let variations: [VariationSetting]
    /// The horizontal part of the font's AAT tracking table (`trak`), nil when it has none or it does not parse;
    /// see ``tableTracking(atPointSize:)``.
    public let trackingTable: TrackingTable?
    /// Whether the font has a `STAT` table. Core Text applies a `trak` table by default only to such "modern"
    /// fonts (WWDC20 "The details of UI typography"), so the uikit model asks.
    public let hasStyleAttributesTable: Bool

    private let lock = NSLock()
    /// Glyph advances at the largest colour strike, in ems, as they are asked for (under `lock`).
    var strikeAdvanceCache: [UInt32: Double] = [:]
    private var library: FT_Library?
    private var face: FT_Face?
    private var hbBlob: OpaquePointer?
    private var hbFace: OpaquePointer?
    /// The HarfBuzz font used for shaping, scaled to font units (`hb_font_set_scale(upem)`): positions come back
    /// as exact design units and are converted to points by the shaper.
    package private(set) var harfBuzzFont: OpaquePointer?
    /// The scale the HarfBuzz font was given: the *file's* unitsPerEm (an override changes vertical metrics only;
    /// advances stay the file's own).
    package var shapingUnitsPerEm: Int { fileTables.unitsPerEm }

    /// Opens face `faceIndex` of the font file at `path`, optionally replacing its vertical metrics, at the instance
    /// `variations` of a variable font (values clamped to the axes' ranges; tags the font lacks are ignored).
    /// ``FontLibrary/font(_:metricsOverride:variations:)`` keeps one `Font` per instance.
    public init(path: String, faceIndex: Int = 0, metricsOverride: FontMetricsOverride? = nil,
                variations: [VariationSetting] = []) throws(FontError) {
        self.path = path
        self.faceIndex = faceIndex
        self.metricsOverride = metricsOverride.flatMap { $0.isEmpty ? nil : $0 }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .missingFile(path: path) }
        try FontFileCheck.check(path)
        guard (0...0xFFFF).contains(faceIndex) else {
            throw .faceIndexOutOfRange(path: path, index: faceIndex, faceCount: Font.faceCount(path: path) ?? 0)
        }

        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .unreadable(path: path, detail: "FreeType failed to initialise")
        }
        var face: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            if faceIndex > 0, let count = Font.faceCount(path: path) {
                throw .faceIndexOutOfRange(path: path, index: faceIndex, faceCount: count)
            }
            throw .unreadable(path: path, detail: Font.describe(freeTypeError: error))
        }
        // Everything that can still fail happens before any property is set: a throwing initializer never reaches
        // deinit, so the one cleanup below is the only release on the failure path. HarfBuzz's face and font are
        // made here too: the instance's axes and its metrics variations (MVAR) decide the tables.
        let tables: FontTables, effective: FontTables, blob: OpaquePointer
        var madeBlob: OpaquePointer?, hbFace: OpaquePointer?, hbFont: OpaquePointer?
        var axes: [VariationAxis] = [], coordinates: [VariationSetting] = []
        do throws(FontError) {
            let defaultTables = try Font.readTables(face: face, path: path)
            guard let readBlob = hb_blob_create_from_file_or_fail(path) else {
                throw .unreadable(path: path, detail: "HarfBuzz could not read the file")
            }
            blob = readBlob
            madeBlob = readBlob
            hbFace = hb_face_create(blob, UInt32(faceIndex))
            axes = Font.axes(of: hbFace)
            coordinates = FontVariationRequest(settings: variations).coordinates(for: axes)
            hbFont = hb_font_create(hbFace)
            hb_font_set_scale(hbFont, Int32(defaultTables.unitsPerEm), Int32(defaultTables.unitsPerEm))
            if !coordinates.isEmpty {
                let settings = coordinates.map { setting -> hb_variation_t in
                    let c = Array(setting.tag.utf8).map { CChar(bitPattern: $0) }
                    return hb_variation_t(tag: gl_hb_tag(c[0], c[1], c[2], c[3]), value: Float(setting.value))
                }
                hb_font_set_variations(hbFont, settings, UInt32(settings.count))
            }
            hb_font_make_immutable(hbFont)
            tables = coordinates.isEmpty ? defaultTables : Font.applyingMetricsVariations(defaultTables, font: hbFont)
            effective = try self.metricsOverride?.applied(to: tables) ?? tables
        } catch {
            if let hbFont { hb_font_destroy(hbFont) }
            if let hbFace { hb_face_destroy(hbFace) }
            if let madeBlob { hb_blob_destroy(madeBlob) }
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw error
        }
        self.axes = axes
        self.namedInstances = Font.namedInstances(of: hbFace, axes: axes)
        self.variations = coordinates
        if !coordinates.isEmpty {
            // FreeType takes every axis, in fvar order, as 16.16 fixed point; axes not asked for keep their default.
            var fixed: [FT_Fixed] = axes.map { axis in
                FT_Fixed((coordinates.first { $0.tag == axis.tag }?.value ?? axis.defaultValue) * 65536)
            }
            _ = FT_Set_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed)
        }
        self.library = library
        self.face = face
        self.fileTables = tables
        self.tables = effective
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        self.styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        self.postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? ""
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            self.weight = coordinates.first { $0.tag == "wght" }.map { Int($0.value.rounded()) }
                ?? (os2.usWeightClass == 0 ? 400 : Int(os2.usWeightClass))
        } else {
            self.weight = coordinates.first { $0.tag == "wght" }.map { Int($0.value.rounded()) } ?? 400
        }
        self.trackingTable = Font.readTrackingTable(face: face)
        self.hasStyleAttributesTable = Font.hasTable(face: face, tag: "STAT")
        self.isItalic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        self.versionString = Font.nameString(face: face, id: 5) ?? ""
        self.revision = Font.revision(face: face) ?? 0
        let flags = face.pointee.face_flags
        self.isBitmapOnly = flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0
        if flags & FT_Long(FT_FACE_FLAG_COLOR) != 0, flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0,
           let sizes = face.pointee.available_sizes {
            self.colorStrikes = (0..<Int(face.pointee.num_fixed_sizes)).map { Int((sizes[$0].y_ppem + 32) >> 6) }.sorted()
        } else {
            self.colorStrikes = []
        }
        self.hbBlob = blob
        self.hbFace = hbFace
        self.harfBuzzFont = hbFont
    }

    private var digest: String?
    /// Set by the library that opened the font: where its SHA-256 is remembered between processes.
    var digests: FontDigestCache? {
        get { lock.lock(); defer { lock.unlock() }; return digestSource }
        set { lock.lock(); digestSource = newValue; lock.unlock() }
    }
    private var digestSource: FontDigestCache?

    /// The font's identity: file, face, PostScript name, version and the SHA-256 of the file. The hash is computed
    /// on first use and kept with the font, so a library that keeps its fonts pays for it once per file.
    public var identity: FontIdentity {
        lock.lock()
        let known = digest, source = digestSource
        lock.unlock()
        // Hashed outside the lock: FreeType calls on this font must not wait for a 20 MB file to be read.
        let sha256 = known ?? (source?.sha256(of: path) ?? SHA256.hexDigest(ofFile: path) ?? "")
        lock.lock()
        digest = sha256
        lock.unlock()
        return FontIdentity(file: path, faceIndex: faceIndex, postScriptName: postScriptName, version: versionString,
                            revision: revision, sha256: sha256)
    }

    deinit {
        if let harfBuzzFont { hb_font_destroy(harfBuzzFont) }
        if let hbFace { hb_face_destroy(hbFace) }
        if let hbBlob { hb_blob_destroy(hbBlob) }
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// UIFont-style metrics at `pointSize`. `source` picks hhea (Apple's default) or OS/2 typo values.
    public func metrics(pointSize: Double, source: VerticalMetricsSource = .hhea) -> FontMetrics {
        FontMetrics(pointSize: pointSize, tables: tables, source: source)
    }

    /// The glyph FreeType maps a Unicode scalar to (0 = .notdef).
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        withFace { face in UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value))) }
    }

    /// True when the font's cmap maps `scalar` to a glyph. Asked through HarfBuzz, which is safe to share
    /// between threads, so font fallback can ask it for every character without taking the FreeType lock.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        guard let harfBuzzFont else { return false }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(harfBuzzFont, scalar.value, &glyph) != 0 && glyph != 0
    }

    /// Runs `body` with exclusive access to the FreeType face (FreeType faces are not thread-safe).
    package func withFace<T>(_ body: (FT_Face) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(face!)
    }

    public var description: String {
        let instance = variations.isEmpty ? "" : " [" + variations.map(\.description).joined(separator: ",") + "]"
        return "\(familyName) \(styleName)\(instance) (\(URL(fileURLWithPath: path).lastPathComponent)#\(faceIndex))"
    }

    /// How many faces a file holds, or nil when FreeType cannot open it at all.
    public static func faceCount(path: String) -> Int? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, path, -1, &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        return Int(face.pointee.num_faces)
    }

    static func describe(freeTypeError code: FT_Error) -> String {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid argument"
        case 0x08: return "invalid glyph index"
        case 0x40: return "out of memory"
        case 0x51: return "table missing"
        case 0x55: return "stream read failed"
        case 0x56: return "truncated or broken file"
        default: return "FreeType error 0x\(String(code, radix: 16))"
        }
    }
}
