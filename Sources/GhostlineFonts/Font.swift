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
    /// Tables as the file states them.
    public let fileTables: FontTables
    /// Tables as layout sees them: `fileTables` with `metricsOverride` applied.
    public let tables: FontTables
    public let metricsOverride: FontMetricsOverride?
    /// OpenType weight class (100…900) from OS/2, 400 when the table lacks it.
    public let weight: Int

    private let lock = NSLock()
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

    /// Opens face `faceIndex` of the font file at `path`, optionally replacing its vertical metrics.
    public init(path: String, faceIndex: Int = 0, metricsOverride: FontMetricsOverride? = nil) throws(FontError) {
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
        // deinit, so the one cleanup below is the only release on the failure path.
        let tables: FontTables, effective: FontTables, blob: OpaquePointer
        do throws(FontError) {
            tables = try Font.readTables(face: face, path: path)
            effective = try self.metricsOverride?.applied(to: tables) ?? tables
            guard let readBlob = hb_blob_create_from_file_or_fail(path) else {
                throw .unreadable(path: path, detail: "HarfBuzz could not read the file")
            }
            blob = readBlob
        } catch {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw error
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
            self.weight = os2.usWeightClass == 0 ? 400 : Int(os2.usWeightClass)
        } else {
            self.weight = 400
        }
        let hbFace = hb_face_create(blob, UInt32(faceIndex))
        let hbFont = hb_font_create(hbFace)
        hb_font_set_scale(hbFont, Int32(tables.unitsPerEm), Int32(tables.unitsPerEm))
        hb_font_make_immutable(hbFont)
        self.hbBlob = blob
        self.hbFace = hbFace
        self.harfBuzzFont = hbFont
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

    /// Runs `body` with exclusive access to the FreeType face (FreeType faces are not thread-safe).
    package func withFace<T>(_ body: (FT_Face) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(face!)
    }

    public var description: String {
        "\(familyName) \(styleName) (\(URL(fileURLWithPath: path).lastPathComponent)#\(faceIndex))"
    }

    // MARK: Reading the tables

    private static func readTables(face: FT_Face, path: String) throws(FontError) -> FontTables {
        let unitsPerEm = Int(face.pointee.units_per_EM)
        guard unitsPerEm >= 16 && unitsPerEm <= 16384 else { throw .missingTable(path: path, table: "head") }
        guard let hheaRaw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) else { throw .missingTable(path: path, table: "hhea") }
        let hhea = hheaRaw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        let hheaUnits = VerticalMetricsUnits(ascender: Int(hhea.Ascender), descender: Int(hhea.Descender),
                                             lineGap: Int(hhea.Line_Gap))
        var typoUnits = hheaUnits
        var useTypo = false
        var capHeight = 0
        var xHeight = 0
        var capSource = "glyph outlines"
        if let os2Raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = os2Raw.assumingMemoryBound(to: TT_OS2.self).pointee
            // FreeType marks a missing OS/2 table with version 0xFFFF.
            if os2.version != 0xFFFF {
                typoUnits = VerticalMetricsUnits(ascender: Int(os2.sTypoAscender), descender: Int(os2.sTypoDescender),
                                                 lineGap: Int(os2.sTypoLineGap))
                useTypo = os2.fsSelection & (1 << 7) != 0
                if os2.version >= 2 && os2.sCapHeight > 0 {
                    capHeight = Int(os2.sCapHeight)
                    xHeight = Int(os2.sxHeight)
                    capSource = "OS/2"
                }
            }
        }
        if capSource != "OS/2" {
            // Older OS/2 tables carry no cap or x height; measure the outlines of 'H' and 'x', as CoreText does.
            capHeight = glyphTop(face: face, scalar: "H") ?? Int((Double(hheaUnits.ascender) * 0.7).rounded())
            xHeight = glyphTop(face: face, scalar: "x") ?? Int((Double(capHeight) * 0.7).rounded())
        }
        return FontTables(unitsPerEm: unitsPerEm, hhea: hheaUnits, typo: typoUnits, useTypoMetrics: useTypo,
                          capHeight: capHeight, xHeight: xHeight, capHeightSource: capSource)
    }

    /// The top of a glyph's outline in font units (exact bounding box, not the control box).
    private static func glyphTop(face: FT_Face, scalar: Unicode.Scalar) -> Int? {
        let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard glyph != 0, FT_Load_Glyph(face, glyph, GL_FT_LOAD_NO_SCALE | GL_FT_LOAD_NO_BITMAP) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        var box = FT_BBox()
        guard FT_Outline_Get_BBox(&slot.pointee.outline, &box) == 0 else { return nil }
        return Int(box.yMax)
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
