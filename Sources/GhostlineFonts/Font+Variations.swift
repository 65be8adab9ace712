import CHarfBuzz

/// Reading a variable font's `fvar` table through HarfBuzz (its `hb_ot_var` API reads the file on its own, so the
/// axes are known before FreeType is told the instance).
extension Font {
    /// The axes of `face`, in `fvar` order; empty for a static font.
    static func axes(of face: OpaquePointer?) -> [VariationAxis] {
        guard let face else { return [] }
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            VariationAxis(tag: tagString(info.tag), minimum: Double(info.min_value), defaultValue: Double(info.default_value),
                          maximum: Double(info.max_value))
        }
    }

    /// The named instances of `face`, each with its subfamily name (English when the font has it) and coordinates.
    static func namedInstances(of face: OpaquePointer?, axes: [VariationAxis]) -> [NamedInstance] {
        guard let face, !axes.isEmpty else { return [] }
        let count = hb_ot_var_get_named_instance_count(face)
        return (0..<count).map { index in
            var coordinateCount = UInt32(axes.count)
            var coordinates = [Float](repeating: 0, count: axes.count)
            _ = hb_ot_var_named_instance_get_design_coords(face, index, &coordinateCount, &coordinates)
            let nameID = hb_ot_var_named_instance_get_subfamily_name_id(face, index)
            let settings = zip(axes, coordinates).map { VariationSetting($0.tag, Double($1)) }
            return NamedInstance(name: name(of: face, id: nameID), coordinates: settings)
        }
    }

    /// A name table string as UTF-8 (HarfBuzz picks the default language when English is absent).
    static func name(of face: OpaquePointer, id: hb_ot_name_id_t) -> String {
        let english = hb_language_from_string("en", 2)
        var length: UInt32 = 0
        let size = hb_ot_name_get_utf8(face, id, english, &length, nil)
        guard size > 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        length = UInt32(buffer.count)
        _ = hb_ot_name_get_utf8(face, id, english, &length, &buffer)
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A HarfBuzz tag as its four characters.
    static func tagString(_ tag: hb_tag_t) -> String {
        String(decoding: [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)],
               as: UTF8.self)
    }

    /// The named instance called `name` (case- and space-insensitive: "SemiBold" finds "Semi Bold"), if any.
    public func namedInstance(called name: String) -> NamedInstance? {
        func key(_ text: String) -> String { text.lowercased().filter { !$0.isWhitespace && $0 != "-" } }
        return namedInstances.first { key($0.name) == key(name) }
    }
}

extension Font {
    /// `tables` at the instance `font` is set to: the `MVAR` deltas HarfBuzz computes for it, in font units (the
    /// font's scale is its unitsPerEm), added to the values they vary. The typo ascender, descender and line gap
    /// (`hasc`, `hdsc`, `hlgp`), cap and x height, underline and strikeout are the tables' fields the OpenType spec
    /// names for those tags. The hhea values have no tag of their own; FreeType (`tt_apply_mvar`) and HarfBuzz both
    /// move a face's ascender, descender and line gap by the `hasc`, `hdsc` and `hlgp` deltas whichever table they
    /// came from, and so does Ghostline, so an instance's line height is the same in either model's table.
    static func applyingMetricsVariations(_ tables: FontTables, font: OpaquePointer?) -> FontTables {
        guard let font else { return tables }
        func delta(_ tag: String) -> Int {
            let c = Array(tag.utf8).map { CChar(bitPattern: $0) }
            let metric = hb_ot_metrics_tag_t(rawValue: gl_hb_tag(c[0], c[1], c[2], c[3]))
            return Int(hb_ot_metrics_get_variation(font, metric).rounded())
        }
        var varied = tables
        let (ascender, descender, lineGap) = (delta("hasc"), delta("hdsc"), delta("hlgp"))
        varied.typo.ascender += ascender; varied.typo.descender += descender; varied.typo.lineGap += lineGap
        varied.hhea.ascender += ascender; varied.hhea.descender += descender; varied.hhea.lineGap += lineGap
        if tables.capHeightSource == "OS/2" {
            varied.capHeight += delta("cpht")
            varied.xHeight += delta("xhgt")
        }
        varied.decorations.underlinePosition += delta("undo")
        varied.decorations.underlineThickness += delta("unds")
        varied.decorations.strikeoutPosition += delta("stro")
        varied.decorations.strikeoutSize += delta("strs")
        return varied
    }
}
